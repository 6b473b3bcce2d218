/**
 * Governance of a generated server, end to end: server tokens issued by its own command line
 * (`node dist/index.js tokens …`), used over HTTP (Authorization: Bearer) and stdio (MCP_TOKEN),
 * limited to their scopes and toolsets, refused once revoked, every use and administration step
 * in the audit log.
 */
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/corpus.js';
import { buildProject, fixtures, generate, linkNodeModules, removeDir, run, sendJson, startHttpServer, startServer, startUpstream, tempDir, textOf, type Upstream } from './helpers.js';
import { type RedisServer, startRedis } from './redis-server.js';

let work: string;
let upstream: Upstream;
let project: string;
let auditFile: string;

const env = (): Record<string, string> => ({
  API_BASE_URL: `${upstream.base}/v1`,
  API_KEY: 'gov-key-123456',
  BEARER_AUTH_TOKEN: 'gov-bearer',
  MCP_AUDIT_LOG: auditFile,
  MCP_TOKENS_DB: path.join(work, 'tokens.db'),
  MCP_TOOLSETS: 'all',
});

/** `node dist/index.js ARGS` in the project. */
function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return cliWith({}, ...args);
}

function cliWith(extra: Record<string, string>, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return run(process.execPath, [path.join(project, 'dist', 'index.js'), ...args], work, { PATH: process.env.PATH ?? '', ...env(), ...extra });
}

const audit = (): Array<Record<string, unknown>> =>
  readFileSync(auditFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  upstream = await startUpstream((s, res) =>
    sendJson(res, 200, s.path === '/v1/pets' ? { data: [], next: null } : s.path.startsWith('/v1/reports/') ? { rows: [], total: 0 } : s.path === '/books/books' ? [] : {}),
  );
  work = tempDir('apictl-governance-');
  project = path.join(work, 'shop');
  auditFile = path.join(work, 'audit.jsonl');
  const g = await generate([path.join(fixtures, 'shop-3.0.yaml'), '-o', project, '--allow-writes', '--db', path.join(work, 'apictl.db')]);
  expect(g.code, g.stderr).toBe(0);
  await buildProject(project);
}, 240_000);

afterAll(async () => {
  await upstream?.close();
  if (work) removeDir(work);
});

describe('server tokens', () => {
  let token = '';

  it('are issued once by the command line, listed without secrets, and the issue is audited', async () => {
    const created = await cli('tokens', 'create', '--name', 'ci-bot', '--toolsets', 'pets', '--quota', '1000/day');
    expect(created.code, created.stderr).toBe(0);
    token = created.stdout.trim();
    expect(token).toMatch(/^mcpt_[A-Za-z0-9_-]{43}$/);
    const listed = await cli('tokens', 'list', '--json');
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(token);
    expect((JSON.parse(listed.stdout) as Array<{ name: string; toolsets: string[] }>).map((t) => [t.name, t.toolsets])).toEqual([['ci-bot', ['pets']]]);
    expect(audit().at(-1)).toMatchObject({ via: 'admin', outcome: 'token_created', arguments: { name: 'ci-bot' } });
    expect(readFileSync(auditFile, 'utf8')).not.toContain(token);
  });

  it('open the HTTP mode without an identity provider; the caller is the token, limited to its toolsets; other bearer tokens get 401', async () => {
    const server = await startHttpServer(project, env());
    try {
      const client = new Client({ name: 'gov', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
      const listed = (await client.listTools()).tools.map((t) => t.name);
      expect(listed).toEqual(['createPet', 'deletePet', 'getPet', 'listPetTags', 'listPets', 'searchPets', 'uploadPhoto']);
      const res = await client.callTool({ name: 'listPets', arguments: {} });
      expect(res.isError, textOf(res)).toBeFalsy();
      await expect(client.callTool({ name: 'getReport', arguments: { id: 'x' } })).rejects.toThrow(/Unknown tool: getReport/);
      await client.close();
      expect(audit().at(-1)).toMatchObject({ caller: 'ci-bot', via: 'token', tool: 'listPets', outcome: 'ok' });
      const other = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer some.jwt.token' },
        body: '{}',
      });
      expect(other.status).toBe(401);
      expect(other.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="This server accepts its own server tokens only (they start with mcpt_)"');
    } finally {
      await server.stop();
    }
  });

  it('limited to data classifications never see a tool of another (reads are internal, writes confidential by default)', async () => {
    const created = await cli('tokens', 'create', '--name', 'reader', '--classifications', 'internal');
    expect(created.code, created.stderr).toBe(0);
    const s = await startServer(project, { ...env(), MCP_TOKEN: created.stdout.trim() });
    try {
      const listed = (await s.client.listTools()).tools;
      expect(listed.map((t) => t.name)).toEqual(['getNode', 'getPet', 'getReport', 'listPetTags', 'listPets', 'searchPets', 'slowThing', 'weird_name_with_process_exit_1_script']);
      expect(listed.every((t) => (t._meta?.['apictl/tool'] as { classification?: { sensitivity?: string } } | undefined)?.classification?.sensitivity === 'internal')).toBe(true);
      await expect(s.client.callTool({ name: 'deletePet', arguments: { id: 'p1' } })).rejects.toThrow(/Unknown tool: deletePet/);
    } finally {
      await s.close();
    }
  });

  it('work over stdio through MCP_TOKEN, and a revoked token fails on its next call and stops the next start', async () => {
    const s = await startServer(project, { ...env(), MCP_TOKEN: token });
    try {
      expect((await s.client.callTool({ name: 'listPets', arguments: {} })).isError).toBeFalsy();
      expect(audit().at(-1)).toMatchObject({ caller: 'ci-bot', via: 'token', outcome: 'ok' });
      const revoked = await cli('tokens', 'revoke', 'ci-bot');
      expect(revoked.code, revoked.stderr).toBe(0);
      const res = await s.client.callTool({ name: 'listPets', arguments: {} });
      expect(res.isError).toBe(true);
      expect(textOf(res)).toBe('Not authorized: The server token is revoked. Ask the operator for a valid token (MCP_TOKEN).');
      expect(audit().at(-1)).toMatchObject({ caller: '(unauthenticated)', outcome: 'invalid_token', tool: 'listPets', error: 'The server token is revoked' });
    } finally {
      await s.close();
    }
    const start = await run(process.execPath, [path.join(project, 'dist', 'index.js')], work, { PATH: process.env.PATH ?? '', ...env(), MCP_TOKEN: token });
    expect(start.code).toBe(1);
    expect(start.stderr).toContain('cannot start: The server token is revoked');
  });
});

describe('quotas shared by replicas through a real Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  }, 30_000);
  afterAll(async () => {
    await redis?.close();
  });

  const mint = async (name: string, quota: string): Promise<string> => {
    const r = await cli('tokens', 'create', '--name', name, '--quota', quota);
    expect(r.code, r.stderr).toBe(0);
    return r.stdout.trim();
  };
  const connect = async (url: string, token: string): Promise<Client> => {
    const c = new Client({ name: 'replica-test', version: '1' });
    await c.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    return c;
  };

  it('two server processes with one token and a quota of 100 let exactly 100 of 300 concurrent calls through', async () => {
    const token = await mint('replicated', '100/day');
    const shared = { ...env(), MCP_REDIS_URL: redis.url, MCP_RATE_LIMIT_PER_MINUTE: '100000', MCP_MAX_CONCURRENT: '1000' };
    const [a, b] = await Promise.all([startHttpServer(project, shared), startHttpServer(project, shared)]);
    const clients: Client[] = [];
    try {
      for (let i = 0; i < 10; i++) clients.push(await connect((i % 2 === 0 ? a : b).url, token));
      const before = upstream.to('/v1/pets').length;
      const results = await Promise.all(Array.from({ length: 300 }, (_, i) => clients[i % 10]!.callTool({ name: 'listPets', arguments: {} })));
      const ok = results.filter((r) => !r.isError);
      const refused = results.filter((r) => r.isError);
      expect(ok).toHaveLength(100);
      expect(upstream.to('/v1/pets').length - before).toBe(100);
      expect(new Set(refused.map((r) => textOf(r).replace(/It resets at .*$/, '')))).toEqual(new Set(['Quota reached (100/day for this caller). ']));
      expect(audit().filter((e) => e.caller === 'replicated' && e.outcome === 'rate_limited')).toHaveLength(200);
      // the operator sees the same count the replicas charged
      const q = await cliWith({ MCP_REDIS_URL: redis.url }, 'quota', '--token', 'replicated', '--json');
      expect(q.code, q.stderr).toBe(0);
      expect((JSON.parse(q.stdout) as { tokens: Array<{ name: string; usage: Array<{ used: number; limit: string }> }> }).tokens[0]).toMatchObject({
        name: 'replicated',
        usage: [{ used: 100, limit: '100/day' }],
      });
      // over HTTP the refusal also carries the limit in headers
      const init = await fetch(a.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
      });
      await init.text();
      const res = await fetch(a.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${token}`,
          'mcp-session-id': init.headers.get('mcp-session-id')!,
          'mcp-protocol-version': '2025-11-25',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'listPets', arguments: {} } }),
      });
      expect(res.headers.get('ratelimit-policy')).toBe('"quota";q=100;w=86400');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res.json()) as { result: { isError: boolean } }).result.isError).toBe(true);
    } finally {
      await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 120_000);

  it('fails closed while Redis is down, with a clear error, and counts nothing twice after it recovers', async () => {
    const token = await mint('outage', '3/day');
    const server = await startHttpServer(project, { ...env(), MCP_REDIS_URL: redis.url, MCP_RATE_LIMIT_PER_MINUTE: '100000' });
    const client = await connect(server.url, token);
    try {
      const first = await client.callTool({ name: 'listPets', arguments: {} });
      expect(first.isError, textOf(first)).toBeFalsy();
      await redis.stop();
      const before = upstream.seen.length;
      for (let i = 0; i < 2; i++) {
        const down = await client.callTool({ name: 'listPets', arguments: {} });
        expect(down.isError).toBe(true);
        expect(textOf(down)).toMatch(/^The call limits cannot be checked right now \(.+\), so listPets was not called\. Retry shortly\.$/);
      }
      expect(upstream.seen.length).toBe(before);
      expect(audit().at(-1)).toMatchObject({ caller: 'outage', outcome: 'quota_unavailable' });
      await redis.restart();
      let back = await client.callTool({ name: 'listPets', arguments: {} });
      for (let i = 0; i < 50 && back.isError && /cannot be checked/.test(textOf(back)); i++) {
        await new Promise((r) => setTimeout(r, 100));
        back = await client.callTool({ name: 'listPets', arguments: {} });
      }
      expect(back.isError, textOf(back)).toBeFalsy();
      // 1 before, 0 during, 1 after: the third of 3 still passes, the fourth does not
      const third = await client.callTool({ name: 'listPets', arguments: {} });
      expect(third.isError, textOf(third)).toBeFalsy();
      const over = await client.callTool({ name: 'listPets', arguments: {} });
      expect(textOf(over)).toMatch(/^Quota reached \(3\/day for this caller\)/);
    } finally {
      await client.close().catch(() => undefined);
      await server.stop();
    }
  }, 60_000);
});

describe('governance in a project generated from examples/, over both transports', () => {
  it('a server token with a quota works over stdio and HTTP, the two processes share its count, and the spec is a resource', async () => {
    const dir = path.join(work, 'bookshop');
    const g = await generate([path.join(repoRoot, 'examples', 'bookshop-openapi31.yaml'), '-o', dir, '--db', path.join(work, 'apictl.db')]);
    expect(g.code, g.stderr).toBe(0);
    cpSync(path.join(project, 'dist'), path.join(dir, 'dist'), { recursive: true });
    linkNodeModules(dir);
    const bookEnv = { API_BASE_URL: `${upstream.base}/books`, BEARER_TOKEN: 'book-service', MCP_AUDIT_LOG: path.join(work, 'book-audit.jsonl') };
    const made = await run(process.execPath, [path.join(dir, 'dist', 'index.js'), 'tokens', 'create', '--name', 'reader', '--quota', '3/day'], work, { PATH: process.env.PATH ?? '', ...bookEnv });
    expect(made.code, made.stderr).toBe(0);
    const token = made.stdout.trim();
    const stdio = await startServer(dir, { ...bookEnv, MCP_TOKEN: token });
    const http = await startHttpServer(dir, bookEnv);
    const client = new Client({ name: 'bookshop', version: '1' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
      expect((await stdio.client.listResources()).resources.map((r) => r.uri)).toContain('apictl://spec/openapi.json');
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['getBook', 'listBooks']);
      const results = [
        await stdio.client.callTool({ name: 'listBooks', arguments: {} }),
        await client.callTool({ name: 'listBooks', arguments: {} }),
        await stdio.client.callTool({ name: 'listBooks', arguments: {} }),
        await client.callTool({ name: 'listBooks', arguments: {} }),
      ];
      expect(results.map((r) => r.isError === true)).toEqual([false, false, false, true]);
      expect(textOf(results[3])).toMatch(/^Quota reached \(3\/day for this caller\)/);
      const entries = readFileSync(path.join(work, 'book-audit.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(entries.filter((e) => e.tool === 'listBooks').map((e) => [e.caller, e.via, e.outcome])).toEqual([
        ['reader', 'token', 'ok'],
        ['reader', 'token', 'ok'],
        ['reader', 'token', 'ok'],
        ['reader', 'token', 'rate_limited'],
      ]);
      expect(entries.find((e) => e.outcome === 'ok')).toMatchObject({
        quota: expect.arrayContaining([{ key: 'token:reader', limit: '3/day', used: 1 }]),
        resultSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
    } finally {
      await client.close().catch(() => undefined);
      await stdio.close();
      await http.stop();
    }
  }, 60_000);
});
