/**
 * Generated servers in the registry (migration namespace `mcp`): one row per output folder,
 * updated on every generation, so `apictl mcp list` shows what exists and from which spec.
 */
import { defineMigrations } from '../store/migrations.js';
import type { Registry } from '../store/types.js';

/** The `mcp` namespace's schema. Append only. */
export const MCP_MIGRATIONS = defineMigrations('mcp', [
  {
    version: 1,
    name: 'generated MCP servers',
    up: `
      CREATE TABLE mcp_servers (
        id             INTEGER PRIMARY KEY,
        output_dir     TEXT    NOT NULL UNIQUE,
        server_name    TEXT    NOT NULL,
        server_version TEXT    NOT NULL,
        spec_slug      TEXT,
        spec_version   INTEGER,
        spec_file      TEXT,
        spec_title     TEXT    NOT NULL,
        spec_hash      TEXT    NOT NULL,
        tool_count     INTEGER NOT NULL,
        tools_hash     TEXT    NOT NULL,
        created_at     TEXT    NOT NULL,
        generated_at   TEXT    NOT NULL
      );
    `,
  },
]);

/** One generated server as recorded. */
export interface GeneratedServerRecord {
  outputDir: string;
  serverName: string;
  serverVersion: string;
  spec: { slug: string | null; version: number | null; file: string | null; title: string; hash: string };
  toolCount: number;
  toolsHash: string;
  createdAt: string;
  generatedAt: string;
}

interface Row {
  output_dir: string;
  server_name: string;
  server_version: string;
  spec_slug: string | null;
  spec_version: number | null;
  spec_file: string | null;
  spec_title: string;
  spec_hash: string;
  tool_count: number;
  tools_hash: string;
  created_at: string;
  generated_at: string;
}

/** Records (or updates) the server generated into `outputDir`. */
export function recordServer(registry: Registry, r: Omit<GeneratedServerRecord, 'createdAt' | 'generatedAt'>, now = new Date()): void {
  registry.migrate(MCP_MIGRATIONS);
  const at = now.toISOString();
  registry.db
    .prepare(
      `INSERT INTO mcp_servers (output_dir, server_name, server_version, spec_slug, spec_version, spec_file, spec_title, spec_hash, tool_count, tools_hash, created_at, generated_at)
       VALUES (@output_dir, @server_name, @server_version, @spec_slug, @spec_version, @spec_file, @spec_title, @spec_hash, @tool_count, @tools_hash, @at, @at)
       ON CONFLICT (output_dir) DO UPDATE SET server_name = excluded.server_name, server_version = excluded.server_version,
         spec_slug = excluded.spec_slug, spec_version = excluded.spec_version, spec_file = excluded.spec_file, spec_title = excluded.spec_title,
         spec_hash = excluded.spec_hash, tool_count = excluded.tool_count, tools_hash = excluded.tools_hash, generated_at = excluded.generated_at`,
    )
    .run({
      output_dir: r.outputDir,
      server_name: r.serverName,
      server_version: r.serverVersion,
      spec_slug: r.spec.slug,
      spec_version: r.spec.version,
      spec_file: r.spec.file,
      spec_title: r.spec.title,
      spec_hash: r.spec.hash,
      tool_count: r.toolCount,
      tools_hash: r.toolsHash,
      at,
    });
}

/** Every recorded server, by output folder. */
export function listServers(registry: Registry): GeneratedServerRecord[] {
  registry.migrate(MCP_MIGRATIONS);
  const rows = registry.db.prepare(`SELECT * FROM mcp_servers ORDER BY output_dir`).all() as Row[];
  return rows.map((r) => ({
    outputDir: r.output_dir,
    serverName: r.server_name,
    serverVersion: r.server_version,
    spec: { slug: r.spec_slug, version: r.spec_version, file: r.spec_file, title: r.spec_title, hash: r.spec_hash },
    toolCount: r.tool_count,
    toolsHash: r.tools_hash,
    createdAt: r.created_at,
    generatedAt: r.generated_at,
  }));
}
