/**
 * Remote MCP over Streamable HTTP (`node dist/index.js --http`): the endpoint `/mcp`, health
 * probes for orchestrators and, with OAuth, the protected resource metadata (RFC 9728). A request
 * to /mcp passes the gates in this order, each answering with its own status: Host and Origin
 * allow-lists (DNS rebinding, 403) · draining (503) · bearer token (401) · concurrency (429) ·
 * body size (413) · scopes of a tools/call (403 insufficient_scope) — then the SDK's transport,
 * and the same tool pipeline as stdio.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mayCall, scopesToAsk } from './access.js';
import type { Logger } from './log.js';
import { authInfoFor, type HttpSessions, jsonRpcError } from './mcp.js';
import { type Charge, rateLimitHeaders } from './limits.js';
import type { Caller, Exchange, Tool } from './model.js';
import type { Usage } from './quota.js';

/** Who may use the endpoint: OAuth 2.0 bearer tokens, or anonymous (test and demo only). */
export interface Gate {
  /** The caller behind the Authorization header; throws a {@link GateRefusal} (401) or, when the authorization server cannot be reached, another Error (503). */
  authenticate(authorization: string | undefined): Promise<{ caller: Caller; token: string; expiresAt?: number; exchange?: Exchange }>;
  /** The WWW-Authenticate value for a refusal (undefined when anonymous). */
  challenge(refusal?: GateRefusal): string | undefined;
  /** RFC 9728 protected resource metadata (undefined when anonymous). */
  metadata?: Record<string, unknown>;
}

/** An authentication or authorization refusal, with what the client needs to recover. */
export class GateRefusal extends Error {
  constructor(
    readonly status: 401 | 403,
    readonly code: 'invalid_token' | 'insufficient_scope' | 'invalid_request' | undefined,
    message: string,
    readonly scope?: string,
  ) {
    super(message);
  }
}

export interface HttpOptions {
  host: string;
  port: number;
  /** Host header values accepted (host:port) besides the loopback names of the bound port. */
  allowedHosts: string[];
  /** Origin header values accepted besides the loopback origins of the bound port; requests without Origin (not from a browser) pass. */
  allowedOrigins: string[];
  maxBodyBytes: number;
  /** Tool-call requests served at once; more get 429. */
  maxConcurrent: number;
  /** How long a shutdown waits for calls in flight. */
  graceMs: number;
}

export interface HttpDeps {
  sessions: HttpSessions;
  gate: Gate;
  tools: { get(name: string): Tool | undefined };
  /** Records a request refused for its token (the audit entry): no identity is known, only what was tried. */
  rejected(what: { outcome: string; reason: string; tools: string[]; request: string }): void;
  /** Records a call refused before it ran (the audit entry). */
  refused(tool: Tool, caller: Caller, args: unknown, outcome: string, error: string): void;
  /** Charges a call to the limits (global, the caller's quotas), so a refusal can carry RateLimit headers. */
  charge(tool: Tool, caller: Caller): Promise<Charge>;
  /** Tool calls in flight (shutdown waits for them). */
  inflight(): number;
  log: Logger;
}

export interface RunningHttp {
  port: number;
  /** Graceful: refuses new requests, lets calls in flight finish (up to the grace period), closes sessions. */
  close(): Promise<void>;
}

const MCP_PATH = '/mcp';
const METADATA_PATHS = new Set(['/.well-known/oauth-protected-resource', `/.well-known/oauth-protected-resource${MCP_PATH}`]);

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/** The request body, up to `max` bytes; undefined (after answering 413) when it is larger. */
function readBody(req: http.IncomingMessage, res: http.ServerResponse, max: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > max) {
    jsonRpcError(res, 413, -32600, `Request too large: at most ${max} bytes`, { connection: 'close' });
    req.resume();
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        jsonRpcError(res, 413, -32600, `Request too large: at most ${max} bytes`, { connection: 'close' });
        req.destroy();
        resolve(undefined);
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** What a request asked for, for the audit: its JSON-RPC method(s), or the HTTP method of a GET/DELETE. */
function requestName(body: unknown, method: string | undefined): string {
  const messages = Array.isArray(body) ? body : body === undefined ? [] : [body];
  const names = messages.map((m) => (m as { method?: unknown } | null)?.method).filter((m): m is string => typeof m === 'string');
  return names.length > 0 ? names.join(',').slice(0, 200) : (method ?? '');
}

/** The tools/call requests in a POST body (one message or a batch). */
function toolCalls(body: unknown): Array<{ id: unknown; name: string; args: unknown }> {
  const messages = Array.isArray(body) ? body : [body];
  const calls: Array<{ id: unknown; name: string; args: unknown }> = [];
  for (const m of messages) {
    const msg = m as { id?: unknown; method?: unknown; params?: { name?: unknown; arguments?: unknown } } | null;
    if (msg && msg.method === 'tools/call' && typeof msg.params?.name === 'string') calls.push({ id: msg.id, name: msg.params.name, args: msg.params.arguments ?? {} });
  }
  return calls;
}

export async function serveHttp(opts: HttpOptions, deps: HttpDeps): Promise<RunningHttp> {
  const allowedHosts = new Set(opts.allowedHosts.map((h) => h.toLowerCase()));
  const allowedOrigins = new Set(opts.allowedOrigins.map((o) => o.toLowerCase()));
  let draining = false;
  let active = 0;

  const refuse = (res: http.ServerResponse, r: GateRefusal): void => {
    const challenge = deps.gate.challenge(r);
    jsonRpcError(res, r.status, -32001, r.message, challenge ? { 'www-authenticate': challenge } : {});
  };

  const handleMcp = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    if (draining) return jsonRpcError(res, 503, -32000, 'The server is shutting down; retry on another instance', { 'retry-after': '5' });
    if (!['POST', 'GET', 'DELETE'].includes(req.method ?? '')) return jsonRpcError(res, 405, -32000, 'Method not allowed', { allow: 'POST, GET, DELETE' });
    const post = req.method === 'POST';
    if (post && active >= opts.maxConcurrent) return jsonRpcError(res, 429, -32000, `Too many requests in progress (at most ${opts.maxConcurrent}); retry shortly`, { 'retry-after': '1' });
    if (post) active++;
    try {
      // the body first (bounded), so a refused token is audited with what it tried to call
      let body: unknown;
      if (post) {
        const raw = await readBody(req, res, opts.maxBodyBytes);
        if (raw === undefined) return;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          return jsonRpcError(res, 400, -32700, 'Parse error: the body is not JSON');
        }
      }
      const calls = toolCalls(body);
      let who: Awaited<ReturnType<Gate['authenticate']>>;
      try {
        who = await deps.gate.authenticate(req.headers.authorization);
      } catch (err) {
        if (!(err instanceof GateRefusal)) {
          deps.log.error(`cannot check the access token: ${(err as Error).message}`);
          return jsonRpcError(res, 503, -32000, 'The authorization server cannot be reached; retry later', { 'retry-after': '5' });
        }
        deps.rejected({ outcome: err.code ?? 'unauthenticated', reason: err.message, tools: calls.map((c) => c.name), request: requestName(body, req.method) });
        return refuse(res, err);
      }
      // A call the token's scopes do not allow is refused here, with the scopes to ask for (step-up).
      for (const { name, args } of calls) {
        const tool = deps.tools.get(name);
        const ask = tool ? scopesToAsk(tool, who.caller) : undefined;
        if (tool && ask) {
          deps.refused(tool, who.caller, args, 'insufficient_scope', `needs scope ${ask.join(' ')}`);
          return refuse(res, new GateRefusal(403, 'insufficient_scope', `The token lacks the scopes ${name} needs`, ask.join(' ')));
        }
      }
      // Limits are charged here for a single call, so that a refusal carries RateLimit and
      // Retry-After headers (the SDK has sent its own headers by the time a handler runs).
      const charged = new Map<unknown, Usage[]>();
      const single = calls.length === 1 && !Array.isArray(body) ? calls[0]! : undefined;
      const tool = single ? deps.tools.get(single.name) : undefined;
      if (single && tool && mayCall(tool, who.caller) && typeof req.headers['mcp-session-id'] === 'string') {
        const charge = await deps.charge(tool, who.caller);
        if (!charge.ok) {
          deps.refused(tool, who.caller, single.args, charge.outcome, charge.message);
          res.writeHead(200, { 'content-type': 'application/json', ...rateLimitHeaders(charge) });
          res.end(JSON.stringify({ jsonrpc: '2.0', id: single.id, result: { isError: true, content: [{ type: 'text', text: charge.message }] } }));
          return;
        }
        charged.set(single.id, charge.usage);
      }
      await deps.sessions.handle(req, res, body, who.caller, authInfoFor(who.caller, who.token, who.expiresAt, who.exchange, charged));
    } finally {
      if (post) active--;
    }
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = url.pathname.replace(/\/+$/, '') || '/';
    if (req.method === 'GET' && route === '/healthz') return sendJson(res, 200, { status: 'ok' });
    if (req.method === 'GET' && route === '/readyz') return sendJson(res, draining ? 503 : 200, { status: draining ? 'draining' : 'ready', sessions: deps.sessions.size });
    if (req.method === 'GET' && METADATA_PATHS.has(route)) {
      if (!deps.gate.metadata) return sendJson(res, 404, { error: 'this server does not use OAuth' });
      return sendJson(res, 200, deps.gate.metadata, { 'access-control-allow-origin': '*' });
    }
    // DNS rebinding: a page on another site must not reach a server bound to this machine.
    const host = (req.headers.host ?? '').toLowerCase();
    if (!allowedHosts.has(host)) return jsonRpcError(res, 403, -32000, `Forbidden: Host '${host.slice(0, 100)}' is not allowed (MCP_ALLOWED_HOSTS)`);
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin.toLowerCase())) return jsonRpcError(res, 403, -32000, `Forbidden: Origin '${origin.slice(0, 100)}' is not allowed (MCP_ALLOWED_ORIGINS)`);
    if (route !== MCP_PATH) return sendJson(res, 404, { error: `not found; the MCP endpoint is ${MCP_PATH}` });
    handleMcp(req, res).catch((err: unknown) => {
      deps.log.error(`HTTP request failed: ${(err as Error).stack ?? String(err)}`);
      if (!res.headersSent) jsonRpcError(res, 500, -32603, 'Internal error in the MCP server (see its log)');
      else res.end();
    });
  });
  server.requestTimeout = 0; // SSE streams stay open; idle sessions are closed by HttpSessions
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  for (const name of ['127.0.0.1', 'localhost', '[::1]']) {
    allowedHosts.add(`${name}:${port}`);
    allowedOrigins.add(`http://${name}:${port}`);
  }

  return {
    port,
    async close() {
      draining = true;
      server.close();
      const until = Date.now() + opts.graceMs;
      while (deps.inflight() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      await deps.sessions.closeAll();
      server.closeAllConnections();
    },
  };
}
