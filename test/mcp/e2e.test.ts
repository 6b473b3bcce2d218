/**
 * Generated servers, end to end: generate projects from our fixtures (OpenAPI 3.0 with every
 * auth scheme, Swagger 2.0), build them with tsc, start them with node, and drive them with the
 * SDK's own client against a local upstream API that records what reaches it.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, fixtures, generate, linkNodeModules, removeDir, run, type Running, type Seen, sendJson, startServer, startUpstream, tempDir, textOf, type Upstream } from './helpers.js';
import { corpusDir, hasCorpus } from '../helpers/corpus.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

const SECRETS = {
  API_KEY: 'key-e2e-123456',
  BEARER_AUTH_TOKEN: 'bearer-e2e-abcdef',
  BASIC_AUTH_USERNAME: 'shopuser',
  BASIC_AUTH_PASSWORD: 'pw-e2e-secret',
  OAUTH_CLIENT_ID: 'client-e2e',
  OAUTH_CLIENT_SECRET: 'client-secret-e2e',
};
const ACCESS_TOKEN = 'access-token-from-oauth-e2e';

const pets = [
  { id: 'p1', name: 'Tom', tag: null, kind: 'cat' },
  { id: 'p2', name: 'Rex', tag: 'good', kind: 'dog' },
];

async function multipartFields(s: Seen): Promise<Record<string, unknown>> {
  const form = await new Request('http://x/', { method: 'POST', headers: { 'content-type': String(s.headers['content-type']) }, body: s.body }).formData();
  const out: Record<string, unknown> = {};
  for (const [k, v] of form.entries()) {
    out[k] = typeof v === 'string' ? v : { name: (v as File).name, type: (v as File).type, text: await (v as File).text() };
  }
  return out;
}

/** The upstream API behind both fixtures. */
async function handler(s: Seen, res: import('node:http').ServerResponse): Promise<void> {
  const p = s.path;
  if (p === '/oauth/token') return sendJson(res, 200, { access_token: ACCESS_TOKEN, token_type: 'Bearer', expires_in: 3600 });
  if (p === '/v1/pets' && s.method === 'GET') return sendJson(res, 200, { data: pets, next: null });
  if (p === '/v1/pets' && s.method === 'POST') return sendJson(res, 201, { id: 'p9', ...JSON.parse(s.body.toString()) });
  if (p === '/v1/pets/search') return sendJson(res, 200, pets);
  if (p === '/v1/pets/missing')
    return sendJson(res, 404, { type: 'https://shop.example/problems/not-found', title: 'Pet not found', status: 404, detail: 'No pet has the id missing' }, 'application/problem+json');
  if (/^\/v1\/pets\/[^/]+\/photo$/.test(p)) {
    const f = await multipartFields(s);
    const file = f.file as { name: string; text: string };
    return sendJson(res, 200, { size: file.text.length, caption: f.caption, filename: file.name });
  }
  if (/^\/v1\/pets\/[^/]+$/.test(p) && s.method === 'DELETE') {
    res.writeHead(204);
    return void res.end();
  }
  if (/^\/v1\/pets\/[^/]+$/.test(p)) return sendJson(res, 200, pets[0]);
  if (p === '/v1/nodes/1') return sendJson(res, 200, { id: 1, name: 'root', children: [{ id: 2, children: [{ id: 3, name: 'leaf', children: [] }] }] });
  if (p === '/v1/reports/big') return sendJson(res, 200, { rows: Array.from({ length: 500 }, (_, n) => ({ n, label: `row number ${n} of the big report` })), total: 500 });
  if (p === '/v1/reports/bad') return sendJson(res, 200, { rows: 'not a list' });
  if (p === '/v1/orders') return sendJson(res, 201, { ok: true });
  if (p === '/v1/deployments') {
    res.writeHead(202);
    return void res.end();
  }
  if (p === '/v1/slow') {
    await new Promise((r) => setTimeout(r, 4000));
    return sendJson(res, 200, {});
  }
  if (p === '/v1/strange') return sendJson(res, 200, { ok: true });
  if (p.startsWith('/corpus/')) return sendJson(res, 200, []);
  // Swagger 2.0 fixture (base path /api).
  if (p === '/api/items' && s.method === 'GET') return sendJson(res, 200, [{ id: 1, name: 'hammer' }]);
  if (p === '/api/items' && s.method === 'POST') return sendJson(res, 201, { id: 2, ...JSON.parse(s.body.toString()) });
  if (/^\/api\/items\/\d+\/files$/.test(p)) {
    const f = await multipartFields(s);
    return sendJson(res, 200, { size: (f.file as { text: string }).text.length, note: f.note });
  }
  sendJson(res, 404, { title: 'no route', detail: p }, 'application/problem+json');
}

async function listAll(r: Running): Promise<Array<{ name: string; description?: string }>> {
  const out: Array<{ name: string; description?: string }> = [];
  let cursor: string | undefined;
  do {
    const page = await r.client.listTools(cursor ? { cursor } : {});
    out.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

let work: string;
let upstream: Upstream;
let shopDir: string;
let legacyDir: string;
let shop: Running;
let legacy: Running;
let auditFile: string;
let projectTests: { code: number | null; stdout: string; stderr: string };

describe('generated MCP servers, end to end', () => {
  beforeAll(async () => {
    upstream = await startUpstream(handler);
    work = tempDir();
    shopDir = path.join(work, 'shop');
    legacyDir = path.join(work, 'legacy');
    const db = path.join(work, 'apictl.db');
    const [a, b] = await Promise.all([
      generate([
        path.join(fixtures, 'shop-3.0.yaml'),
        '-o',
        shopDir,
        '--allow-writes',
        '--config',
        path.join(fixtures, 'shop-mcp.yaml'),
        '--overlay',
        path.join(fixtures, 'shop-overlay.yaml'),
        '--db',
        db,
      ]),
      generate([path.join(fixtures, 'legacy-2.0.yaml'), '-o', legacyDir, '--allow-writes', '--db', db]),
    ]);
    expect(a.stderr).not.toMatch(/internal error/);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    // The legacy project is built by its own `npm test` (tsc + node:test), which runs its tests once.
    linkNodeModules(legacyDir);
    const [, tests] = await Promise.all([buildProject(shopDir), run('npm', ['test', '--silent'], legacyDir)]);
    projectTests = tests;
    auditFile = path.join(work, 'audit', 'shop.jsonl');
    shop = await startServer(shopDir, {
      ...SECRETS,
      API_BASE_URL: `${upstream.base}/v1`,
      MCP_AUDIT_LOG: auditFile,
      MCP_CALLER_ID: 'e2e-agent',
      MCP_TIMEOUT_MS: '1500',
      MCP_MAX_RESPONSE_BYTES: '4096',
      MCP_TOOLS_PAGE_SIZE: '5',
      MCP_LOG_LEVEL: 'debug',
    });
    legacy = await startServer(legacyDir, {
      KEY: 'legacy-key-987654',
      BASIC_USERNAME: 'old',
      BASIC_PASSWORD: 'legacy-pw-555',
      API_BASE_URL: `${upstream.base}/api`,
      MCP_AUDIT_LOG: path.join(work, 'audit', 'legacy.jsonl'),
    });
  }, 240_000);

  afterAll(async () => {
    await shop?.close();
    await legacy?.close();
    await upstream?.close();
    if (work) removeDir(work);
  });

  it("runs the generated project's own tests (npm test: tsc + node:test)", () => {
    expect(projectTests.code, projectTests.stdout + projectTests.stderr).toBe(0);
    expect(projectTests.stdout).toMatch(/# pass \d+/);
    expect(projectTests.stdout).toMatch(/# fail 0/);
  });

  it('lists tools in pages, in a deterministic order, with annotations, _meta and overlay/config changes applied', async () => {
    const names: string[] = [];
    const tools: Array<Record<string, any>> = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await shop.client.listTools(cursor ? { cursor } : {});
      pages++;
      tools.push(...page.tools);
      names.push(...page.tools.map((t) => t.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toBe(3);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['listPets', 'getPet', 'createPet', 'deletePet', 'uploadPhoto', 'searchPets', 'getNode', 'startDeployment', 'createOrder']));
    expect(names).not.toContain('listPetTags'); // removed by the overlay
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const t of tools) {
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']) expect(typeof t.annotations[hint], `${t.name}.${hint}`).toBe('boolean');
      expect(t.inputSchema.type).toBe('object');
      expect(t._meta['apictl/tool'].version).toMatch(/^[0-9a-f]{12}$/);
    }
    expect(byName.get('getNode')!.title).toBe('Get a category node with its subtree'); // overlay
    expect(byName.get('listPets')!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true });
    expect(byName.get('deletePet')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(byName.get('startDeployment')!.annotations.destructiveHint).toBe(true); // config override
    expect(byName.get('listPets')!._meta).toMatchObject({
      team: 'pets',
      'apictl/tool': { method: 'GET', path: '/pets', category: 'read', spec: { title: 'Shop API', version: '2.4.0' }, classification: { sensitivity: 'internal', process: 'retail' } },
    });
    // Pinned and dropped parameters are no inputs.
    expect(Object.keys(byName.get('listPets')!.inputSchema.properties)).not.toContain('limit');
    expect(Object.keys(byName.get('listPets')!.inputSchema.properties)).not.toContain('session_hint');
    // Recursive schema stays recursive; a non-object response is wrapped.
    expect(byName.get('getNode')!.outputSchema.$defs.Node.properties.children.items.$ref).toBe('#/$defs/Node');
    expect(byName.get('searchPets')!.outputSchema.required).toEqual(['result']);
    expect(byName.get('listPets')!.description).toMatch(/use `getPet` instead/);
  });

  it("offers MCP logging: the client sets the level, and gets the server's log lines at or above it", async () => {
    expect(shop.client.getServerCapabilities()?.logging).toEqual({});
    const seen: Array<{ level: string; data: unknown }> = [];
    shop.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      seen.push({ level: n.params.level, data: n.params.data });
    });
    await shop.client.setLoggingLevel('debug');
    await shop.client.callTool({ name: 'getPet', arguments: { petId: 1 } });
    await new Promise((r) => setTimeout(r, 100));
    expect(seen.some((m) => m.level === 'debug' && /^getPet /.test(String(m.data)))).toBe(true);
    seen.length = 0;
    await shop.client.setLoggingLevel('error');
    await shop.client.callTool({ name: 'getPet', arguments: { petId: 1 } });
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual([]);
  });

  it('answers an oversized or malformed message with a JSON-RPC error and keeps serving; the end of stdin ends the process', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [path.join(shopDir, 'dist', 'index.js')], {
      env: { PATH: process.env.PATH ?? '', ...SECRETS, API_BASE_URL: `${upstream.base}/v1`, MCP_AUDIT_LOG: path.join(work, 'audit', 'oversize.jsonl'), MCP_MAX_MESSAGE_BYTES: '65536' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const replies = async (n: number): Promise<Array<Record<string, any>>> => {
      for (let i = 0; i < 100 && out.split('\n').filter((l) => l.includes('"id"')).length < n; i++) await new Promise((r) => setTimeout(r, 50));
      // answers only (log notifications may come between)
      return out
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, any>)
        .filter((m) => 'id' in m);
    };
    const send = (m: unknown): boolean => child.stdin.write(JSON.stringify(m) + '\n');
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'getPet', arguments: { petId: 1, pad: 'x'.repeat(200_000) } } });
    child.stdin.write('this is not json\n');
    // JSON but not JSON-RPC 2.0: the answer carries the message's own id, not one nested in params
    send({ jsonrpc: '1.0', method: 'ping', params: { id: 'inner' }, id: 9 });
    send({ jsonrpc: '2.0', id: 3, method: 'ping' });
    const r = await replies(5);
    expect(r[0]).toMatchObject({ id: 1, result: { serverInfo: { name: 'shop-e2e' } } });
    expect(r[1]).toMatchObject({ id: 2, error: { code: -32600, message: expect.stringMatching(/^Message too large: \d+ bytes, more than the 65536/) } });
    expect(r[2]).toMatchObject({ id: null, error: { code: -32700 } });
    expect(r[3]).toEqual({ jsonrpc: '2.0', id: 9, error: { code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message' } });
    expect(r[4]).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.stdin.end();
    expect(await exited).toBe(0);
  });

  it('answers unknown tools and bad cursors with JSON-RPC -32602', async () => {
    await expect(shop.client.callTool({ name: 'noSuchTool', arguments: {} })).rejects.toMatchObject({ code: -32602 });
    await expect(shop.client.listTools({ cursor: 'not-a-cursor' })).rejects.toMatchObject({ code: -32602 });
  });

  it('sends query styles, headers, pinned values and the api key exactly as described', async () => {
    const before = upstream.seen.length;
    const res = await shop.client.callTool({
      name: 'listPets',
      arguments: { status: 'available', tags: ['a', 'b c'], ids: [1, 2], filter: { color: 'red' }, 'X-Trace-Id': 't-1' },
    });
    expect(res.isError).toBeFalsy();
    expect(res.structuredContent).toEqual({ data: pets, next: null });
    expect(JSON.parse(textOf(res))).toEqual({ data: pets, next: null });
    const req = upstream.seen[before]!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/v1/pets');
    expect(req.query).toBe('limit=5&status=available&tags=a&tags=b%20c&ids=1,2&filter%5Bcolor%5D=red');
    expect(req.headers['x-api-key']).toBe(SECRETS.API_KEY);
    expect(req.headers['x-trace-id']).toBe('t-1');
    expect(req.headers.accept).toBe('application/json');
  });

  it('keeps a path id and a query id apart, and uses the first satisfiable security alternative (bearer)', async () => {
    const res = await shop.client.callTool({ name: 'getPet', arguments: { id: 'p1', query_id: 'q9' } });
    expect(res.isError).toBeFalsy();
    const req = upstream.last();
    expect(req.path).toBe('/v1/pets/p1');
    expect(req.query).toBe('id=q9');
    expect(req.headers.authorization).toBe(`Bearer ${SECRETS.BEARER_AUTH_TOKEN}`);
  });

  it('percent-encodes path values so they cannot climb the path, and refuses dot segments and header line breaks', async () => {
    await shop.client.callTool({ name: 'getPet', arguments: { id: '../admin?x=1' } });
    expect(upstream.last().url).toBe('/v1/pets/..%2Fadmin%3Fx%3D1');
    const count = upstream.seen.length;
    const dots = await shop.client.callTool({ name: 'getPet', arguments: { id: '..' } });
    expect(dots.isError).toBe(true);
    const crlf = await shop.client.callTool({ name: 'listPets', arguments: { 'X-Trace-Id': 'a\r\nX-Evil: 1' } });
    expect(crlf.isError).toBe(true);
    expect(textOf(crlf)).toMatch(/X-Trace-Id.*line breaks/);
    expect(upstream.seen.length).toBe(count);
  });

  it('reports API errors as isError with the status and RFC 9457 problem fields', async () => {
    const res = await shop.client.callTool({ name: 'getPet', arguments: { id: 'missing' } });
    expect(res.isError).toBe(true);
    const t = textOf(res);
    expect(t).toMatch(/HTTP 404/);
    expect(t).toMatch(/title: Pet not found/);
    expect(t).toMatch(/detail: No pet has the id missing/);
    expect(res.structuredContent).toBeUndefined();
  });

  it('sends a oneOf JSON body with basic auth, and rejects a body matching no branch before calling', async () => {
    const ok = await shop.client.callTool({ name: 'createPet', arguments: { body: { kind: 'cat', name: 'Tom', indoor: true } } });
    expect(ok.isError).toBeFalsy();
    const req = upstream.last();
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body.toString())).toEqual({ kind: 'cat', name: 'Tom', indoor: true });
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`${SECRETS.BASIC_AUTH_USERNAME}:${SECRETS.BASIC_AUTH_PASSWORD}`).toString('base64')}`);
    const count = upstream.seen.length;
    const bad = await shop.client.callTool({ name: 'createPet', arguments: { body: { kind: 'cow', name: 'Daisy' } } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/`body`/);
    expect(upstream.seen.length).toBe(count);
    const wrongType = await shop.client.callTool({ name: 'searchPets', arguments: { query: 'x', max: 'ten' } });
    expect(wrongType.isError).toBe(true);
    expect(textOf(wrongType)).toMatch(/`max` must be integer/);
  });

  it('fetches an OAuth 2.0 client-credentials token once, caches it, and sends it', async () => {
    const tokenCallsBefore = upstream.to('/oauth/token').length;
    const first = await shop.client.callTool({ name: 'deletePet', arguments: { id: 'p2' } });
    const second = await shop.client.callTool({ name: 'deletePet', arguments: { id: 'p3' } });
    expect(first.isError).toBeFalsy();
    expect(second.isError).toBeFalsy();
    expect(textOf(first)).toMatch(/HTTP 204/);
    const tokenCalls = upstream.to('/oauth/token').slice(tokenCallsBefore);
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]!.method).toBe('POST');
    expect(tokenCalls[0]!.body.toString()).toBe('grant_type=client_credentials&scope=pets%3Awrite');
    expect(tokenCalls[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${SECRETS.OAUTH_CLIENT_ID}:${SECRETS.OAUTH_CLIENT_SECRET}`).toString('base64')}`);
    const deletes = upstream.seen.filter((s) => s.method === 'DELETE');
    expect(deletes.slice(-2).map((d) => d.headers.authorization)).toEqual([`Bearer ${ACCESS_TOKEN}`, `Bearer ${ACCESS_TOKEN}`]);
  });

  it('uploads a file as multipart/form-data', async () => {
    const res = await shop.client.callTool({
      name: 'uploadPhoto',
      arguments: { id: 'p1', file: { content: Buffer.from('hello photo').toString('base64'), filename: 'tom.jpg', contentType: 'image/jpeg' }, caption: 'Tom', meta: { width: 3 } },
    });
    expect(res.isError, textOf(res)).toBeFalsy();
    expect(res.structuredContent).toEqual({ size: 11, caption: 'Tom', filename: 'tom.jpg' });
    const req = upstream.last();
    expect(String(req.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    const fields = await multipartFields(req);
    expect(fields.file).toEqual({ name: 'tom.jpg', type: 'image/jpeg', text: 'hello photo' });
    expect(fields.meta).toMatchObject({ type: 'application/json', text: '{"width":3}' });
  });

  it('sends form-urlencoded arrays in the bracket convention when the description gives no encoding', async () => {
    const res = await shop.client.callTool({ name: 'createOrder', arguments: { item: 'food', qty: 2, notes: ['a', 'b'] } });
    expect(res.structuredContent).toEqual({ ok: true });
    const req = upstream.last();
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.body.toString()).toBe('item=food&qty=2&notes%5B%5D=a&notes%5B%5D=b');
  });

  it('wraps non-object results, keeps recursive data, and redacts secret-named arguments in the audit', async () => {
    const search = await shop.client.callTool({ name: 'searchPets', arguments: { query: 'tom', 'X-Session-Token': 'session-e2e-777' } });
    expect(search.structuredContent).toEqual({ result: pets });
    expect(upstream.last().headers['x-session-token']).toBe('session-e2e-777');
    const node = await shop.client.callTool({ name: 'getNode', arguments: { id: 1 } });
    expect((node.structuredContent as any).children[0].children[0].name).toBe('leaf');
  });

  it('cuts a response over the size budget with a notice, keeping the structure valid', async () => {
    const res = await shop.client.callTool({ name: 'getReport', arguments: { id: 'big' } });
    expect(res.isError).toBeFalsy();
    const data = res.structuredContent as { rows: unknown[]; total: number };
    expect(data.total).toBe(500);
    expect(data.rows.length).toBeGreaterThan(0);
    expect(data.rows.length).toBeLessThan(500);
    expect(Buffer.byteLength(JSON.stringify(data))).toBeLessThanOrEqual(4096);
    expect(textOf(res)).toMatch(/`rows` had 500 items; the first \d+ are shown/);
  });

  it('delivers a response that breaks its declared schema as flagged text, not a crash', async () => {
    const res = await shop.client.callTool({ name: 'getReport', arguments: { id: 'bad' } });
    expect(res.isError).toBe(true);
    expect(res.structuredContent).toBeUndefined();
    // the problems are named as fields of the answer, not as arguments the agent could fix
    expect(textOf(res)).toContain("but the response does not match the tool's output schema (missing required field `total`; `rows` must be array)");
    expect(textOf(res)).toMatch(/not a list/);
  });

  it('times out a slow upstream call', async () => {
    const started = Date.now();
    const res = await shop.client.callTool({ name: 'slowThing', arguments: {} });
    expect(res.isError).toBe(true);
    expect(textOf(res)).toMatch(/did not answer within 1500 ms/);
    expect(Date.now() - started).toBeLessThan(3500);
  });

  it('aborts the upstream call when the client cancels, and records the cancellation', async () => {
    const controller = new AbortController();
    const call = shop.client.callTool({ name: 'slowThing', arguments: {} }, undefined, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 300));
    controller.abort('changed my mind');
    await expect(call).rejects.toThrow();
    let outcomes: string[] = [];
    for (let i = 0; i < 40 && !outcomes.includes('cancelled'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      outcomes = readFileSync(auditFile, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).outcome as string);
    }
    expect(outcomes).toContain('cancelled');
  });

  it('reports progress when the client asks for it', async () => {
    const seen: number[] = [];
    const res = await shop.client.callTool({ name: 'getNode', arguments: { id: 1 } }, undefined, { onprogress: (p) => void seen.push(p.progress) });
    expect(res.isError).toBeFalsy();
    expect(seen[0]).toBe(0);
  });

  it('treats hostile names and descriptions as data: the tool works like any other', async () => {
    const all = await listAll(shop);
    const strange = all.find((t) => t.name.startsWith('weird'));
    expect(strange, 'hostile tool listed').toBeDefined();
    expect(strange!.description).toContain('${process.exit(1)}');
    const res = await shop.client.callTool({ name: strange!.name, arguments: { q_x_: 'v' } });
    expect(res.structuredContent).toEqual({ ok: true });
    expect(upstream.last().query).toBe('q%22%60%24%7Bx%7D=v');
  });

  it('starts a workflow trigger only because the config named it, and reports an empty answer', async () => {
    const res = await shop.client.callTool({ name: 'startDeployment', arguments: {} });
    expect(res.isError).toBeFalsy();
    expect(textOf(res)).toMatch(/HTTP 202/);
    expect(upstream.last().path).toBe('/v1/deployments');
  });

  it('records every call in the audit log, with redacted arguments and never a secret', () => {
    const lines = readFileSync(auditFile, 'utf8').trim().split('\n');
    const entries = lines.map((l) => JSON.parse(l) as Record<string, any>);
    expect(entries.length).toBeGreaterThanOrEqual(15);
    for (const e of entries) {
      expect(e).toMatchObject({ caller: 'e2e-agent' });
      expect(typeof e.time).toBe('string');
      expect(e.toolVersion).toMatch(/^[0-9a-f]{12}$/);
      expect(typeof e.durationMs).toBe('number');
      expect(typeof e.responseBytes).toBe('number');
    }
    const outcomes = new Set(entries.map((e) => e.outcome));
    for (const o of ['ok', 'api_error', 'invalid_arguments', 'schema_mismatch', 'timeout']) expect(outcomes, o).toContain(o);
    const search = entries.find((e) => e.tool === 'searchPets' && e.outcome === 'ok')!;
    expect(search.arguments['X-Session-Token']).toBe('[REDACTED]');
    expect(search.status).toBe(200);
    const text = lines.join('\n') + shop.stderr();
    for (const secret of [...Object.values(SECRETS).filter((s) => s !== SECRETS.BASIC_AUTH_USERNAME && s !== SECRETS.OAUTH_CLIENT_ID), ACCESS_TOKEN, 'session-e2e-777']) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('prints nothing but protocol on stdout (the SDK client would have failed on anything else) and logs to stderr', () => {
    expect(shop.stderr()).toMatch(/serving 12 tools/);
  });

  describe('a Swagger 2.0 description', () => {
    it('keeps its base path, collection formats and query api key', async () => {
      const res = await legacy.client.callTool({ name: 'listItems', arguments: { tags: ['a', 'b'], fields: ['x', 'y'], pipes: ['p', 'q'], limit: 10 } });
      expect(res.structuredContent).toEqual({ result: [{ id: 1, name: 'hammer' }] });
      const req = upstream.last();
      expect(req.path).toBe('/api/items');
      expect(req.query).toBe('tags=a&tags=b&fields=x,y&pipes=p|q&limit=10&api_key=legacy-key-987654');
    });

    it('flattens a body parameter into arguments and converts exclusiveMinimum', async () => {
      const ok = await legacy.client.callTool({ name: 'addItem', arguments: { name: 'saw', price: 9.5 } });
      expect(ok.isError).toBeFalsy();
      expect(JSON.parse(upstream.last().body.toString())).toEqual({ name: 'saw', price: 9.5 });
      expect(upstream.last().headers.authorization).toBe(`Basic ${Buffer.from('old:legacy-pw-555').toString('base64')}`);
      const bad = await legacy.client.callTool({ name: 'addItem', arguments: { name: 'free', price: 0 } });
      expect(bad.isError).toBe(true);
      expect(textOf(bad)).toMatch(/`price`/);
    });

    it('uploads formData files as multipart', async () => {
      const res = await legacy.client.callTool({ name: 'uploadItemFile', arguments: { itemId: 7, file: { content: Buffer.from('abc').toString('base64') }, note: 'n' } });
      expect(res.structuredContent).toEqual({ size: 3, note: 'n' });
      expect(upstream.last().path).toBe('/api/items/7/files');
    });
  });

  describe('limits and failures', () => {
    let limited: Running;
    let limitedAudit: string;
    beforeAll(async () => {
      limitedAudit = path.join(work, 'audit', 'limited.jsonl');
      limited = await startServer(shopDir, { API_BASE_URL: `${upstream.base}/v1`, MCP_AUDIT_LOG: limitedAudit, MCP_RATE_LIMIT_PER_MINUTE: '3', MCP_QUOTA_DB: path.join(work, 'limited-quota.db') });
    }, 60_000);
    afterAll(async () => {
      await limited?.close();
    });

    it('names the missing credential variable, then enforces the rate limit before the upstream', async () => {
      const before = upstream.seen.length;
      const a = await limited.client.callTool({ name: 'getNode', arguments: { id: 1 } });
      expect(a.isError).toBe(true);
      expect(textOf(a)).toMatch(/missing credentials: set API_KEY/);
      await limited.client.callTool({ name: 'getNode', arguments: { id: 1 } });
      const third = await limited.client.callTool({ name: 'startDeployment', arguments: {} });
      expect(textOf(third)).toMatch(/API_KEY/);
      const refused = await limited.client.callTool({ name: 'getNode', arguments: { id: 1 } });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/Rate limit reached \(3 calls per minute/);
      expect(upstream.seen.length).toBe(before);
      const outcomes = readFileSync(limitedAudit, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).outcome);
      expect(outcomes).toEqual(['missing_credentials', 'missing_credentials', 'missing_credentials', 'rate_limited']);
    });

    it('fails the call rather than leaving it unrecorded when the audit log cannot be written', async () => {
      // Replace the log by a folder: every append now fails (even for root, unlike permissions).
      const auditPath = path.join(work, 'audit', 'broken.jsonl');
      const broken = await startServer(shopDir, { ...SECRETS, API_BASE_URL: `${upstream.base}/v1`, MCP_AUDIT_LOG: auditPath });
      try {
        rmSync(auditPath);
        mkdirSync(auditPath);
        const res = await broken.client.callTool({ name: 'getNode', arguments: { id: 1 } });
        expect(res.isError).toBe(true);
        expect(textOf(res)).toMatch(/could not be recorded in the audit log/);
        expect(res.structuredContent).toBeUndefined();
      } finally {
        await broken.close();
      }
      expect(existsSync(auditPath)).toBe(true);
    });
  });

  describe.skipIf(!hasCorpus)('projects generated from the corpus (../shared/corpus), served with the same code', () => {
    const cases = [
      {
        file: 'small/oai-petstore-expanded-3.0.yaml',
        env: {},
        tool: 'findPets',
        args: { tags: ['a', 'b'], limit: 2 },
        url: '/corpus/petstore/pets?tags=a&tags=b&limit=2',
        header: undefined as [string, string] | undefined,
      },
      {
        file: 'small/oai-uber-2.0.yaml',
        env: { APIKEY: 'uber-key-123456' },
        tool: 'get_products',
        args: { latitude: 1.5, longitude: 2.5 },
        url: '/corpus/uber/products?latitude=1.5&longitude=2.5&server_token=uber-key-123456',
        header: undefined,
      },
      {
        file: 'small/redocly-museum-3.1.yaml',
        env: { MUSEUM_PLACEHOLDER_AUTH_USERNAME: 'u', MUSEUM_PLACEHOLDER_AUTH_PASSWORD: 'museum-pw-1' },
        tool: 'getMuseumHours',
        args: { startDate: '2023-02-23', page: 2 },
        url: '/corpus/museum/museum-hours?startDate=2023-02-23&page=2',
        header: ['authorization', `Basic ${Buffer.from('u:museum-pw-1').toString('base64')}`] as [string, string],
      },
    ];

    it.each(cases)('$file: lists every tool and calls $tool', async ({ file, env, tool, args, url, header }) => {
      const name = url.split('/')[2]!;
      const dir = path.join(work, `corpus-${name}`);
      const g = await generate([path.join(corpusDir, file), '-o', dir, '--db', path.join(work, 'apictl.db')]);
      expect(g.code, g.stderr).toBe(0);
      // The code is the same template for every project, so the shop build serves this data as well.
      cpSync(path.join(shopDir, 'dist'), path.join(dir, 'dist'), { recursive: true });
      linkNodeModules(dir);
      const server = await startServer(dir, { ...env, API_BASE_URL: `${upstream.base}/corpus/${name}`, MCP_AUDIT_LOG: path.join(work, 'audit', `${name}.jsonl`) });
      try {
        const listed = await listAll(server);
        const data = JSON.parse(readFileSync(path.join(dir, 'tools.json'), 'utf8')) as { tools: Array<{ definition: { name: string } }> };
        expect(listed.map((t) => t.name)).toEqual(data.tools.map((t) => t.definition.name).sort());
        const before = upstream.seen.length;
        const res = await server.client.callTool({ name: tool, arguments: args });
        expect(upstream.seen.length, textOf(res)).toBe(before + 1);
        expect(upstream.last().method).toBe('GET');
        expect(upstream.last().url).toBe(url);
        if (header) expect(upstream.last().headers[header[0]]).toBe(header[1]);
      } finally {
        await server.close();
      }
    });
  });
});
