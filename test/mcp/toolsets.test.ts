/**
 * Toolsets in a generated server: what is listed by default, MCP_TOOLSETS, and dynamic toolsets
 * (meta-tools that enable a toolset for the session and send notifications/tools/list_changed),
 * over stdio and per session over HTTP.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, fixtures, generate, removeDir, run, type Running, sendJson, startHttpServer, startServer, startUpstream, tempDir, textOf, type Upstream } from './helpers.js';

let work: string;
let upstream: Upstream;
let project: string;
const running: Running[] = [];

const env = (): Record<string, string> => ({
  API_BASE_URL: `${upstream.base}/v1`,
  API_KEY: 'toolsets-key-123456',
  BEARER_AUTH_TOKEN: 'toolsets-bearer',
  MCP_AUDIT_LOG: path.join(work, 'audit.jsonl'),
});

async function names(client: Client): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    out.push(...page.tools.map((t) => t.name));
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

async function stdio(extra: Record<string, string> = {}): Promise<Running> {
  const r = await startServer(project, { ...env(), ...extra });
  running.push(r);
  return r;
}

beforeAll(async () => {
  upstream = await startUpstream((s, res) => sendJson(res, 200, s.path === '/v1/pets' ? { data: [], next: null } : s.path.startsWith('/v1/reports/') ? { rows: [], total: 0 } : {}));
  work = tempDir('apictl-toolsets-');
  project = path.join(work, 'shop');
  const config = path.join(work, 'mcp.yaml');
  writeFileSync(
    config,
    'defaultToolsets: [pets]\nprompts:\n  find-pets:\n    description: Find pets by tag\n    arguments: [{name: tag, required: true}, {name: limit}]\n    template: "Use listPets to find the {{tag}} pets, at most {{limit}}."\n',
  );
  const g = await generate([path.join(fixtures, 'shop-3.0.yaml'), '-o', project, '--allow-writes', '--config', config, '--db', path.join(work, 'apictl.db')]);
  expect(g.code, g.stderr).toBe(0);
  await buildProject(project);
}, 240_000);

afterAll(async () => {
  for (const r of running) await r.close().catch(() => undefined);
  await upstream?.close();
  if (work) removeDir(work);
});

describe('toolsets of a generated server', () => {
  it('lists the default toolsets only; a tool of another toolset is unknown, with the way to enable it', async () => {
    const r = await stdio();
    const listed = await names(r.client);
    expect(listed).toEqual(['createPet', 'deletePet', 'getPet', 'listPetTags', 'listPets', 'searchPets', 'uploadPhoto']);
    await expect(r.client.callTool({ name: 'getReport', arguments: { id: 'x' } })).rejects.toThrow(
      "Unknown tool: getReport (its toolset 'ops' is not enabled; the operator enables toolsets with MCP_TOOLSETS)",
    );
  });

  it('lists what MCP_TOOLSETS names (or all), and refuses to start on an unknown toolset', async () => {
    const ops = await stdio({ MCP_TOOLSETS: 'ops' });
    expect(await names(ops.client)).toEqual(['getReport', 'slowThing', 'weird_name_with_process_exit_1_script']);
    const all = await stdio({ MCP_TOOLSETS: 'all' });
    expect(await names(all.client)).toHaveLength(12);
    const bad = await run(process.execPath, [path.join(project, 'dist', 'index.js')], work, { PATH: process.env.PATH ?? '', ...env(), MCP_TOOLSETS: 'pets,nope' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('cannot start: MCP_TOOLSETS names unknown toolsets: nope (known: default, ops, pets)');
  });

  it('with MCP_DYNAMIC_TOOLSETS=1, lets the client list and enable toolsets, and tells it the list changed', async () => {
    const r = await stdio({ MCP_DYNAMIC_TOOLSETS: '1' });
    let changed = 0;
    r.client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    const before = await names(r.client);
    expect(before.slice(0, 2)).toEqual(['list_toolsets', 'enable_toolset']);
    const sets = await r.client.callTool({ name: 'list_toolsets', arguments: {} });
    const list = (sets.structuredContent as { toolsets: Array<{ name: string; tools: number; enabled: boolean; allowed: boolean; tokens: number }> }).toolsets;
    expect(list.map((t) => [t.name, t.tools, t.enabled, t.allowed])).toEqual([
      ['default', 2, false, true],
      ['ops', 3, false, true],
      ['pets', 7, true, true],
    ]);
    const unknown = await r.client.callTool({ name: 'enable_toolset', arguments: { name: 'nope' } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toBe("There is no toolset 'nope'. Call list_toolsets for the names.");
    const enabled = await r.client.callTool({ name: 'enable_toolset', arguments: { name: 'ops' } });
    expect(textOf(enabled)).toBe("Toolset 'ops' is enabled: 3 tools. The tool list has changed; list the tools again.");
    for (let i = 0; i < 50 && changed === 0; i++) await new Promise((res) => setTimeout(res, 20));
    expect(changed).toBe(1);
    const after = await names(r.client);
    expect(after.filter((n) => !before.includes(n))).toEqual(['getReport', 'slowThing', 'weird_name_with_process_exit_1_script']);
    const res = await r.client.callTool({ name: 'getReport', arguments: { id: 'x' } });
    expect(res.isError, textOf(res)).toBeFalsy();
  });

  it('keeps enabled toolsets per HTTP session', async () => {
    const server = await startHttpServer(project, { ...env(), MCP_ALLOW_ANONYMOUS: '1', MCP_DYNAMIC_TOOLSETS: '1' });
    try {
      const connect = async (): Promise<Client> => {
        const c = new Client({ name: 'toolsets', version: '1' });
        await c.connect(new StreamableHTTPClientTransport(new URL(server.url)));
        return c;
      };
      const [a, b] = await Promise.all([connect(), connect()]);
      await a.callTool({ name: 'enable_toolset', arguments: { name: 'ops' } });
      expect(await names(a)).toContain('getReport');
      expect(await names(b)).not.toContain('getReport');
      await Promise.all([a.close(), b.close()]);
    } finally {
      await server.stop();
    }
  });
});

describe('mcp.yaml in the project, reloaded without a restart', () => {
  it('applies descriptions and switched-off tools on change and on SIGHUP, tells clients the list changed, and refuses a broken file', async () => {
    const config = path.join(project, 'mcp.yaml');
    const r = await stdio({ MCP_TOOLSETS: 'pets' });
    let changed = 0;
    r.client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    const waitFor = async (n: number): Promise<void> => {
      for (let i = 0; i < 100 && changed < n; i++) await new Promise((res) => setTimeout(res, 20));
    };
    try {
      expect(await names(r.client)).toContain('deletePet');
      writeFileSync(config, 'tools:\n  deletePet:\n    enabled: false\n  listPets:\n    description: Lists the pets of the shop, newest first.\n');
      await waitFor(1);
      expect(changed).toBe(1);
      const listed = (await r.client.listTools()).tools;
      expect(listed.map((t) => t.name)).not.toContain('deletePet');
      expect(listed.find((t) => t.name === 'listPets')?.description).toBe('Lists the pets of the shop, newest first.');
      await expect(r.client.callTool({ name: 'deletePet', arguments: { id: 'p1' } })).rejects.toThrow(/Unknown tool: deletePet/);
      // a broken file changes nothing, and says why
      writeFileSync(config, 'tools: [not, a, mapping\n');
      for (let i = 0; i < 100 && !/mcp\.yaml refused/.test(r.stderr()); i++) await new Promise((res) => setTimeout(res, 20));
      expect(r.stderr()).toMatch(/mcp\.yaml changed: mcp\.yaml refused, the settings in force stay: mcp\.yaml does not parse/);
      expect((await r.client.listTools()).tools.map((t) => t.name)).not.toContain('deletePet');
      expect(changed).toBe(1);
      // SIGHUP reloads too (the watcher may miss a file written by some tools)
      rmSync(config);
      await waitFor(2);
      expect(changed).toBe(2);
      process.kill(r.pid!, 'SIGHUP');
      for (let i = 0; i < 100 && !/SIGHUP: mcp\.yaml reloaded/.test(r.stderr()); i++) await new Promise((res) => setTimeout(res, 20));
      expect(r.stderr()).toMatch(/SIGHUP: mcp\.yaml reloaded\n/);
      expect(await names(r.client)).toContain('deletePet');
    } finally {
      rmSync(config, { force: true });
      await r.close();
    }
  });
});

describe('resources and prompts', () => {
  it('serve the API description and one guide per toolset, and the prompts of mcp.yaml', async () => {
    const r = await stdio();
    const resources = (await r.client.listResources()).resources;
    expect(resources.map((x) => [x.uri, x.mimeType])).toEqual([
      ['apictl://spec/openapi.json', 'application/json'],
      ['apictl://toolsets/default', 'text/markdown'],
      ['apictl://toolsets/ops', 'text/markdown'],
      ['apictl://toolsets/pets', 'text/markdown'],
    ]);
    const spec = await r.client.readResource({ uri: 'apictl://spec/openapi.json' });
    const doc = JSON.parse((spec.contents[0] as { text: string }).text) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/pets/{id}');
    const guide = (await r.client.readResource({ uri: 'apictl://toolsets/ops' })).contents[0] as { text: string };
    expect(guide.text).toMatch(/^# Toolset ops\n\n3 tools \(not enabled in this session\)\.\n/);
    expect(guide.text).toContain('## getReport');
    await expect(r.client.readResource({ uri: 'apictl://toolsets/nope' })).rejects.toThrow(/Resource not found: apictl:\/\/toolsets\/nope/);
    const prompts = (await r.client.listPrompts()).prompts;
    expect(prompts.map((p) => [p.name, p.arguments])).toEqual([
      [
        'find-pets',
        [
          { name: 'tag', required: true },
          { name: 'limit', required: false },
        ],
      ],
    ]);
    const got = await r.client.getPrompt({ name: 'find-pets', arguments: { tag: '{{limit}}', limit: '5' } });
    // an argument's value is never read as a placeholder
    expect(got.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Use listPets to find the {{limit}} pets, at most 5.' } }]);
    await expect(r.client.getPrompt({ name: 'find-pets', arguments: {} })).rejects.toThrow(/Prompt find-pets needs the argument\(s\) tag/);
  });
});
