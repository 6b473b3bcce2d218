/** `apictl mcp list [--json] [--db PATH]` */
import { EXIT } from '../exit-codes.js';
import { createOutput } from '../output.js';
import { openCliRegistry } from '../registry.js';
import { table } from '../table.js';

/** Runs `mcp list`; returns the exit code. */
export async function run(flags: { db?: string; json?: boolean }): Promise<number> {
  const io = createOutput();
  const registry = await openCliRegistry(flags);
  try {
    const { listServers } = await import('../../mcp/store.js');
    const servers = listServers(registry);
    if (flags.json) {
      io.out(JSON.stringify(servers, null, 2));
      return EXIT.ok;
    }
    if (servers.length === 0) {
      io.err('no MCP servers generated yet (create one with: apictl mcp generate SPEC -o DIR)');
      return EXIT.ok;
    }
    io.out(
      table(
        ['NAME', 'VERSION', 'TOOLS', 'SPEC', 'FOLDER', 'GENERATED'],
        servers.map((s) => [s.serverName, s.serverVersion, String(s.toolCount), s.spec.slug ? `${s.spec.slug} v${s.spec.version}` : (s.spec.file ?? s.spec.title), s.outputDir, s.generatedAt]),
      ),
    );
    return EXIT.ok;
  } finally {
    registry.close();
  }
}
