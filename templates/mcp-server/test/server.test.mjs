// The built server over stdio, driven by the SDK's own client.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const project = fileURLToPath(new URL('..', import.meta.url));
const { tools } = JSON.parse(readFileSync(path.join(project, 'tools.json'), 'utf8'));

test('lists every tool, refuses unknown tools and invalid arguments, audits each call', async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'mcp-server-test-'));
  const audit = path.join(tmp, 'audit.jsonl');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(project, 'dist', 'index.js')],
    env: { PATH: process.env.PATH ?? '', API_BASE_URL: 'http://127.0.0.1:9', MCP_AUDIT_LOG: audit, MCP_TOOLS_PAGE_SIZE: '2', MCP_LOG_LEVEL: 'error' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'project-test', version: '1.0.0' });
  try {
    await client.connect(transport);
    const names = [];
    let cursor;
    do {
      const page = await client.listTools(cursor ? { cursor } : {});
      names.push(...page.tools.map((t) => t.name));
      cursor = page.nextCursor;
    } while (cursor);
    assert.deepEqual(
      names,
      tools.map((t) => t.definition.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );

    await assert.rejects(client.callTool({ name: '__no_such_tool__', arguments: {} }), (e) => e.code === -32602);
    if (tools.length > 0) {
      const res = await client.callTool({ name: names[0], arguments: { __not_an_argument__: 1 } });
      assert.equal(res.isError, true);
      assert.match(res.content[0].text, /__not_an_argument__/);
      const entries = readFileSync(audit, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      assert.equal(entries.at(-1).outcome, 'invalid_arguments');
      assert.equal(entries.at(-1).tool, names[0]);
    }
  } finally {
    await client.close();
    rmSync(tmp, { recursive: true, force: true });
  }
});
