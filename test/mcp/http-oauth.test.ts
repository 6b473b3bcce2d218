/**
 * The production profile of a generated server, end to end: HTTP mode as an OAuth 2.0 resource
 * server in front of a real authorization server (oidc-provider, test/mcp/oauth-provider.ts) that
 * mints real signed tokens and serves RFC 8693 token exchange. The upstream API checks the
 * exchanged token it receives against the same issuer's keys.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/corpus.js';
import {
  buildProject,
  fixtures,
  generate,
  linkNodeModules,
  removeDir,
  run,
  type RunningHttp,
  sendJson,
  startHttpServer,
  startServer,
  startUpstream,
  tempDir,
  textOf,
  type Upstream,
} from './helpers.js';
import { CLIENTS, RESOURCES, start, type TestIssuer } from './oauth-provider.js';

let work: string;
let issuer: TestIssuer;
let otherIssuer: TestIssuer;
let upstream: Upstream;
let server: RunningHttp;
let auditFile: string;
/** What the upstream found in the Authorization header of its last request. */
let lastUpstreamToken: { raw?: string; claims?: Record<string, unknown>; error?: string } = {};

const METADATA_URL = 'https://mcp.example.test/.well-known/oauth-protected-resource/mcp';

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'apictl-oauth-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

async function post(token: string | undefined, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
}

const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
const audit = (): Array<Record<string, unknown>> =>
  readFileSync(auditFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  [issuer, otherIssuer] = await Promise.all([start(), start()]);
  const jwks = createRemoteJWKSet(new URL(issuer.jwksUrl));
  upstream = await startUpstream(async (s, res) => {
    const raw = /^Bearer (.+)$/.exec(String(s.headers.authorization ?? ''))?.[1];
    lastUpstreamToken = { raw };
    if (raw) {
      try {
        lastUpstreamToken.claims = (await jwtVerify(raw, jwks, { issuer: issuer.issuer, audience: RESOURCES.api })).payload as Record<string, unknown>;
      } catch (err) {
        lastUpstreamToken.error = (err as Error).message;
      }
    }
    if (s.path === '/api/pets' && s.method === 'GET') return sendJson(res, 200, { pets: ['Tom'], seenBy: String(lastUpstreamToken.claims?.sub ?? 'nobody') });
    if (s.path === '/api/pets' && s.method === 'POST') return sendJson(res, 201, JSON.parse(s.body.toString()));
    if (s.path === '/books/books') return sendJson(res, 200, []);
    if (s.path === '/api/status') return sendJson(res, s.headers['x-status-key'] === 'status-key-123456' ? 200 : 401, { ok: true });
    sendJson(res, 404, { title: 'no route' });
  });
  work = tempDir('apictl-oauth-');
  const project = path.join(work, 'pets');
  // the description's token URL is the real identity provider's; here the test issuer plays it, so the exchange is chosen explicitly
  const config = path.join(work, 'pets-mcp.yaml');
  writeFileSync(config, 'upstreamCredentials:\n  petsAuth: token-exchange\n');
  const g = await generate([path.join(fixtures, 'pets-oauth-3.1.yaml'), '-o', project, '--allow-writes', '--config', config, '--db', path.join(work, 'apictl.db')]);
  expect(g.code, g.stderr).toBe(0);
  await buildProject(project);
  auditFile = path.join(work, 'audit.jsonl');
  server = await startHttpServer(project, {
    API_BASE_URL: `${upstream.base}/api`,
    STATUS_KEY: 'status-key-123456',
    MCP_AUDIT_LOG: auditFile,
    MCP_OAUTH_ISSUER: issuer.issuer,
    MCP_RESOURCE_URL: RESOURCES.mcp,
    MCP_OAUTH_CLIENT_ID: CLIENTS.mcp.clientId,
    MCP_OAUTH_CLIENT_SECRET: CLIENTS.mcp.clientSecret,
    MCP_UPSTREAM_RESOURCE: RESOURCES.api,
    MCP_OAUTH_JWKS_COOLDOWN_MS: '500',
  });
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await upstream?.close();
  await issuer?.close();
  await otherIssuer?.close();
  if (work) removeDir(work);
});

describe('a generated server as an OAuth 2.0 resource server', () => {
  it('publishes its protected resource metadata (RFC 9728) at both well-known paths', async () => {
    for (const p of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const res = await fetch(new URL(p, server.url));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        resource: RESOURCES.mcp,
        authorization_servers: [issuer.issuer],
        scopes_supported: ['pets:read', 'pets:write'],
        bearer_methods_supported: ['header'],
        resource_name: 'Pets (OAuth)',
      });
    }
  });

  it('answers a request without a token with 401 pointing to the metadata, and audits it', async () => {
    const res = await post(undefined, initialize);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${METADATA_URL}"`);
    expect(audit().at(-1)).toMatchObject({ caller: '(unauthenticated)', via: 'oauth', request: 'initialize', outcome: 'unauthenticated' });
  });

  it('refuses tokens it must not trust with 401 invalid_token, audits each, and never calls the API', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: 'agent', client_id: 'agent', scope: 'pets:read', aud: RESOURCES.mcp, iat: now, exp: now + 300 };
    const [good, forOther, foreign] = await Promise.all([
      issuer.sign(claims),
      // a real token, signed and valid — for another service of the same issuer
      issuer.token({ ...CLIENTS.agent, resource: RESOURCES.other, scope: 'pets:read' }),
      otherIssuer.token({ ...CLIENTS.agent, resource: RESOURCES.mcp, scope: 'pets:read' }),
    ]);
    const [header, payload] = good.split('.');
    const cases: Array<[string, string, RegExp]> = [
      ['another audience', forOther, /audience/],
      ['expired', await issuer.sign({ ...claims, iat: now - 600, exp: now - 300 }), /expired/],
      ['not yet valid', await issuer.sign({ ...claims, nbf: now + 600 }), /not (yet )?valid|nbf/],
      ['another issuer', foreign, /issuer|signature|key/],
      ['bad signature', `${header}.${payload}.${'A'.repeat(342)}`, /signature/],
      ['alg none', `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`, /algorithm|alg/],
      ['no audience', await issuer.sign({ ...claims, aud: undefined }), /audience/],
    ];
    const before = upstream.seen.length;
    for (const [what, token, reason] of cases) {
      const res = await post(token, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'listPets', arguments: {} } });
      expect(res.status, what).toBe(401);
      const challenge = res.headers.get('www-authenticate') ?? '';
      expect(challenge, what).toMatch(new RegExp(`^Bearer resource_metadata="${METADATA_URL}", error="invalid_token", error_description="[^"]+"$`));
      expect(challenge, what).toMatch(reason);
      expect(audit().at(-1), what).toMatchObject({ caller: '(unauthenticated)', outcome: 'invalid_token', tool: 'listPets', request: 'tools/call' });
      expect(JSON.stringify(audit().at(-1))).not.toContain(token.slice(-20));
    }
    expect(upstream.seen.length).toBe(before);
    // the well-formed one is accepted
    expect((await post(good, initialize)).status).toBe(200);
  });

  it('calls the API with a token exchanged for the caller (never its own), cached for the next call', async () => {
    const token = await issuer.token({ ...CLIENTS.agent, resource: RESOURCES.mcp, scope: 'pets:read pets:write' });
    const client = await connect(token);
    try {
      const before = issuer.exchanges;
      const res = await client.callTool({ name: 'listPets', arguments: {} });
      expect(res.isError, textOf(res)).toBeFalsy();
      expect(lastUpstreamToken.error).toBeUndefined();
      expect(lastUpstreamToken.raw).not.toBe(token);
      // for the API, as the same subject, with the operation's scope, on behalf of the MCP server
      expect(lastUpstreamToken.claims).toMatchObject({ aud: RESOURCES.api, sub: 'agent', scope: 'pets:read', act: { sub: CLIENTS.mcp.clientId } });
      expect(res.structuredContent).toEqual({ pets: ['Tom'], seenBy: 'agent' });
      expect(issuer.exchanges).toBe(before + 1);
      await client.callTool({ name: 'listPets', arguments: {} });
      expect(issuer.exchanges).toBe(before + 1);
      const created = await client.callTool({ name: 'createPet', arguments: { name: 'Rex' } });
      expect(created.isError, textOf(created)).toBeFalsy();
      expect(lastUpstreamToken.claims).toMatchObject({ scope: 'pets:write', sub: 'agent' });
      // a scheme that is not OAuth uses the server's own credential
      const status = await client.callTool({ name: 'getStatus', arguments: {} });
      expect(status.isError, textOf(status)).toBeFalsy();
      expect(upstream.last().headers.authorization).toBeUndefined();
    } finally {
      await client.close();
    }
    const entries = audit().filter((e) => e.outcome === 'ok');
    expect(entries.slice(-4).map((e) => [e.tool, e.caller, e.client, e.via])).toEqual([
      ['listPets', 'agent', 'agent', 'oauth'],
      ['listPets', 'agent', 'agent', 'oauth'],
      ['createPet', 'agent', 'agent', 'oauth'],
      ['getStatus', 'agent', 'agent', 'oauth'],
    ]);
    expect(readFileSync(auditFile, 'utf8')).not.toContain(token);
  });

  it('shows each caller only the tools its scopes allow, and refuses the others with 403 insufficient_scope (audited, API not called)', async () => {
    const [full, readOnly] = await Promise.all([
      issuer.token({ ...CLIENTS.agent, resource: RESOURCES.mcp, scope: 'pets:read pets:write' }),
      issuer.token({ ...CLIENTS.agent2, resource: RESOURCES.mcp, scope: 'pets:read' }),
    ]);
    const [a, b] = await Promise.all([connect(full), connect(readOnly)]);
    try {
      const [la, lb] = await Promise.all([a.listTools(), b.listTools()]);
      expect(la.tools.map((t) => t.name)).toEqual(['createPet', 'getStatus', 'listPets']);
      expect(lb.tools.map((t) => t.name)).toEqual(['getStatus', 'listPets']);
      const [ra, rb] = await Promise.all([a.callTool({ name: 'listPets', arguments: {} }), b.callTool({ name: 'listPets', arguments: {} })]);
      expect([ra.isError, rb.isError]).toEqual([undefined, undefined]);
      const seen = audit()
        .slice(-2)
        .map((e) => e.caller)
        .sort();
      expect(seen).toEqual(['agent', 'agent-2']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    // step-up: the 403 names the scopes to ask for (what the token has, plus what the tool needs)
    const before = upstream.seen.length;
    const init = await post(readOnly, initialize);
    const session = init.headers.get('mcp-session-id')!;
    await init.text();
    const res = await post(
      readOnly,
      { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'createPet', arguments: { name: 'Sneaky' } } },
      { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' },
    );
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${METADATA_URL}", error="insufficient_scope", error_description="The token lacks the scopes createPet needs", scope="pets:read pets:write"`,
    );
    expect(upstream.seen.length).toBe(before);
    expect(audit().at(-1)).toMatchObject({
      caller: 'agent-2',
      client: 'agent-2',
      tool: 'createPet',
      outcome: 'insufficient_scope',
      error: 'needs scope pets:read pets:write',
      arguments: { name: 'Sneaky' },
    });
  });

  it('binds a session to the identity that opened it', async () => {
    const [mine, theirs] = await Promise.all([
      issuer.token({ ...CLIENTS.agent, resource: RESOURCES.mcp, scope: 'pets:read' }),
      issuer.token({ ...CLIENTS.agent2, resource: RESOURCES.mcp, scope: 'pets:read' }),
    ]);
    const init = await post(mine, initialize);
    const session = init.headers.get('mcp-session-id')!;
    await init.text();
    const res = await post(theirs, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' });
    expect(res.status).toBe(404);
  });

  it('accepts the server’s own tokens beside the issuer’s, each its own identity, including one issued while it runs', async () => {
    const made = await run(process.execPath, [path.join(work, 'pets', 'dist', 'index.js'), 'tokens', 'create', '--name', 'batch-job', '--scopes', 'pets:read'], work, {
      PATH: process.env.PATH ?? '',
      MCP_AUDIT_LOG: auditFile,
    });
    expect(made.code, made.stderr).toBe(0);
    const client = await connect(made.stdout.trim());
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['getStatus', 'listPets']);
      const res = await client.callTool({ name: 'getStatus', arguments: {} });
      expect(res.isError, textOf(res)).toBeFalsy();
    } finally {
      await client.close();
    }
    expect(audit().at(-1)).toMatchObject({ caller: 'batch-job', via: 'token', tool: 'getStatus', outcome: 'ok' });
  });

  it('keeps accepting tokens after the issuer rotates its signing key, without a restart', async () => {
    const old = await issuer.token({ ...CLIENTS.agent, resource: RESOURCES.mcp, scope: 'pets:read' });
    await issuer.rotateKeys();
    await new Promise((r) => setTimeout(r, 600)); // MCP_OAUTH_JWKS_COOLDOWN_MS
    const token = await issuer.token({ ...CLIENTS.agent, resource: RESOURCES.mcp, scope: 'pets:read' });
    expect((await post(token, initialize)).status).toBe(200);
    // the retired key's tokens are no longer accepted
    expect((await post(old, initialize)).status).toBe(401);
  });
});

describe('a project generated from examples/, in both transports, as its README says', () => {
  it('lists and calls its tools over stdio and over HTTP with OAuth, the API getting the server’s own bearer credential', async () => {
    const dir = path.join(work, 'bookshop');
    const g = await generate([path.join(repoRoot, 'examples', 'bookshop-openapi31.yaml'), '-o', dir, '--db', path.join(work, 'apictl.db')]);
    expect(g.code, g.stderr).toBe(0);
    const readme = readFileSync(path.join(dir, 'README.md'), 'utf8');
    expect(readme).toContain('`node dist/index.js --http [--port 3000] [--host 127.0.0.1]` serves Streamable HTTP at `/mcp`');
    expect(readme).toContain('Set `MCP_OAUTH_ISSUER` to your identity provider');
    // the template code is the same for every project: the pets build serves this data as well
    cpSync(path.join(work, 'pets', 'dist'), path.join(dir, 'dist'), { recursive: true });
    linkNodeModules(dir);
    const env = { API_BASE_URL: `${upstream.base}/books`, BEARER_TOKEN: 'bookshop-service-token', MCP_AUDIT_LOG: path.join(work, 'bookshop.jsonl') };
    const stdio = await startServer(dir, env);
    try {
      expect((await stdio.client.listTools()).tools.map((t) => t.name)).toEqual(['getBook', 'listBooks']);
      const res = await stdio.client.callTool({ name: 'listBooks', arguments: {} });
      expect(res.isError, textOf(res)).toBeFalsy();
      expect(upstream.last().headers.authorization).toBe('Bearer bookshop-service-token');
    } finally {
      await stdio.close();
    }
    const remote = await startHttpServer(dir, { ...env, MCP_OAUTH_ISSUER: issuer.issuer, MCP_RESOURCE_URL: RESOURCES.mcp });
    try {
      const token = await issuer.token({ ...CLIENTS.agent2, resource: RESOURCES.mcp, scope: 'pets:read' });
      const client = new Client({ name: 'bookshop-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(remote.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['getBook', 'listBooks']);
      const res = await client.callTool({ name: 'listBooks', arguments: {} });
      expect(res.isError, textOf(res)).toBeFalsy();
      // a bearer scheme is not OAuth: the server's own credential, never the caller's token
      expect(upstream.last().headers.authorization).toBe('Bearer bookshop-service-token');
      await client.close();
    } finally {
      await remote.stop();
    }
    const entries = readFileSync(path.join(work, 'bookshop.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.map((e) => [e.tool, e.caller, e.via, e.outcome])).toEqual([
      ['listBooks', 'local', 'environment', 'ok'],
      ['listBooks', 'agent-2', 'oauth', 'ok'],
    ]);
  });
});
