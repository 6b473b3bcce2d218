/**
 * The protocol side, and with stdio.ts (the transport) the only module that imports the MCP SDK
 * (so moving to another SDK version is a change here alone). Uses the SDK's low-level `Server` to keep control of
 * `tools/list` pagination and of the two error channels: unknown tools and bad cursors are
 * JSON-RPC errors (-32602); everything that goes wrong in a call is a result with `isError`.
 * Over HTTP, one `Server` per session, all sharing the same tool host (and so the same pipeline).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { type EventStore, StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  isInitializeRequest,
  type JSONRPCMessage,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { mayCall, mayUseToolset, toolsetOf } from './access.js';
import type { Catalog } from './catalog.js';
import type { Caller, Exchange, Prompt, Tool, ToolsetInfo } from './model.js';
import type { CallContext } from './pipeline.js';
import type { Usage } from './quota.js';
import type { ToolResult } from './response.js';
import { LineTransport } from './stdio.js';

/** What the protocol layer needs from the rest of the server. */
export interface ToolHost {
  info: { name: string; version: string; title: string };
  instructions: string;
  /** The tools as served now (tools.json with mcp.yaml's run-time settings), in listing order. */
  catalog: Catalog;
  pageSize: number;
  call(tool: Tool, args: Record<string, unknown> | undefined, signal: AbortSignal, ctx: CallContext): Promise<ToolResult>;
  /**
   * The caller when the transport carries none (stdio): a server token from MCP_TOKEN, checked on
   * every request (throws when it is no longer valid), or the environment's caller.
   */
  localCaller?: () => Caller;
  /** Records a request refused because the local token is no longer valid. */
  rejected?: (what: { outcome: string; reason: string; tools: string[]; request: string }) => void;
  /** Prompts of mcp.yaml. */
  prompts: Prompt[];
  /** The API description the tools came from, as JSON text (undefined when the project has none). */
  specText: () => string | undefined;
  /** The toolsets, those enabled at the start of each session, and whether clients may enable more. */
  toolsets: { all: ToolsetInfo[]; enabled: string[]; dynamic: boolean };
  /** Connects the server's log to the client's (MCP logging: the client sets the level with logging/setLevel). */
  log?: { forward(sink: (level: 'error' | 'info' | 'debug', message: string) => void): void };
}

/** Opaque, stable cursors: the offset plus a fingerprint of the tool set, so a stale cursor is refused rather than misread. */
class Cursors {
  private readonly fingerprint: string;
  constructor(names: string[]) {
    this.fingerprint = createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 12);
  }
  encode(offset: number): string {
    return Buffer.from(JSON.stringify({ o: offset, f: this.fingerprint })).toString('base64url');
  }
  decode(cursor: string, total: number): number {
    try {
      const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown; f?: unknown };
      if (v.f === this.fingerprint && Number.isSafeInteger(v.o) && (v.o as number) > 0 && (v.o as number) < total) return v.o as number;
    } catch {
      /* fall through */
    }
    throw new McpError(ErrorCode.InvalidParams, 'Invalid cursor: use a nextCursor returned by tools/list');
  }
}

/** The tool as clients see it (the request plan stays on the server). */
function listed(t: Tool): Record<string, unknown> {
  const d = t.definition;
  return {
    name: d.name,
    ...(d.title !== undefined ? { title: d.title } : {}),
    description: d.description,
    inputSchema: d.inputSchema,
    ...(d.outputSchema ? { outputSchema: d.outputSchema } : {}),
    annotations: d.annotations,
    _meta: d._meta,
  };
}

/** The meta-tools of dynamic toolsets (our own words; never text from the API description). */
const LIST_TOOLSETS = 'list_toolsets';
const ENABLE_TOOLSET = 'enable_toolset';
const META_TOOLS = [
  {
    name: LIST_TOOLSETS,
    title: 'List toolsets',
    description: 'Lists the groups of tools this server offers, whether each is enabled, and how many tools and tokens it adds. Enable one with enable_toolset when the tools you need are not listed.',
    inputSchema: { type: 'object', additionalProperties: false },
    annotations: { title: 'List toolsets', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  {
    name: ENABLE_TOOLSET,
    title: 'Enable a toolset',
    description: 'Adds the tools of one toolset (a name from list_toolsets) to this session; the tool list then changes.',
    inputSchema: { type: 'object', properties: { name: { type: 'string', description: 'Toolset name, as list_toolsets gives it.' } }, required: ['name'], additionalProperties: false },
    annotations: { title: 'Enable a toolset', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
];

function textResult(text: string, structured?: Record<string, unknown>, isError = false): Record<string, unknown> {
  return { content: [{ type: 'text', text }], ...(structured ? { structuredContent: structured } : {}), ...(isError ? { isError: true } : {}) };
}

/** Builds the MCP server for a tool host (one per session over HTTP: enabled toolsets are per session). */
export function createMcpServer(host: ToolHost): Server {
  const dynamic = host.toolsets.dynamic && !host.catalog.get(LIST_TOOLSETS) && !host.catalog.get(ENABLE_TOOLSET);
  const server = new Server(
    { name: host.info.name, version: host.info.version, title: host.info.title },
    // list_changed is sent when mcp.yaml is reloaded with changes and when a client enables a toolset.
    // logging: the SDK answers logging/setLevel and drops messages below the level the client set.
    {
      capabilities: { tools: { listChanged: true }, resources: { listChanged: true }, ...(host.prompts.length > 0 ? { prompts: { listChanged: false } } : {}), logging: {} },
      instructions: host.instructions,
    },
  );
  // notifications once the client has finished initializing (it may then set a level)
  let ready = false;
  server.oninitialized = () => {
    ready = true;
  };
  const stopListening = host.catalog.onChange(() => {
    if (!ready) return;
    void server.sendToolListChanged().catch(() => undefined);
    // the toolset guides describe the tools
    void server.sendResourceListChanged().catch(() => undefined);
  });
  const closed = server.onclose;
  server.onclose = () => {
    stopListening();
    closed?.();
  };
  host.log?.forward((level, message) => {
    if (ready) void server.sendLoggingMessage({ level, logger: host.info.name, data: message }).catch(() => undefined);
  });
  const page = Math.max(1, host.pageSize);
  const enabled = new Set(host.toolsets.enabled);
  // A caller sees the tools of the enabled toolsets that its token allows (scopes, toolsets).
  const visible = (t: Tool, caller: Caller | undefined): boolean => enabled.has(toolsetOf(t)) && mayCall(t, caller);

  const who = (auth: AuthInfo | undefined): Caller | undefined => callerOf(auth) ?? host.localCaller?.();

  server.setRequestHandler(ListToolsRequestSchema, async (request, extra) => {
    let caller: Caller | undefined;
    try {
      caller = who(extra.authInfo);
    } catch (err) {
      host.rejected?.({ outcome: 'invalid_token', reason: (err as Error).message, tools: [], request: 'tools/list' });
      throw new McpError(ErrorCode.InvalidRequest, `Not authorized: ${(err as Error).message}`);
    }
    const tools = host.catalog.tools.filter((t) => visible(t, caller));
    const entries = [...(dynamic ? META_TOOLS : []), ...tools.map(listed)];
    const cursors = new Cursors(entries.map((e) => e.name as string));
    const cursor = request.params?.cursor;
    const start = cursor === undefined ? 0 : cursors.decode(cursor, entries.length);
    const end = Math.min(entries.length, start + page);
    return {
      tools: entries.slice(start, end),
      ...(end < entries.length ? { nextCursor: cursors.encode(end) } : {}),
    } as never;
  });

  const toolsets = (caller: Caller | undefined): Array<Record<string, unknown>> => host.toolsets.all.map((t) => ({ ...t, enabled: enabled.has(t.name), allowed: mayUseToolset(t.name, caller) }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    let caller: Caller | undefined;
    try {
      caller = who(extra.authInfo);
    } catch (err) {
      host.rejected?.({ outcome: 'invalid_token', reason: (err as Error).message, tools: [name], request: 'tools/call' });
      return textResult(`Not authorized: ${(err as Error).message}. Ask the operator for a valid token (MCP_TOKEN).`, undefined, true) as never;
    }
    if (dynamic && name === LIST_TOOLSETS) {
      const list = toolsets(caller);
      return textResult(list.map((t) => `${t.name}: ${t.tools} tools, ≈${t.tokens} tokens, ${t.enabled ? 'enabled' : t.allowed ? 'not enabled' : 'not allowed for your token'}`).join('\n'), {
        toolsets: list,
      }) as never;
    }
    if (dynamic && name === ENABLE_TOOLSET) {
      const wanted = String((request.params.arguments as { name?: unknown } | undefined)?.name ?? '');
      const set = host.toolsets.all.find((t) => t.name === wanted);
      if (!set) return textResult(`There is no toolset '${wanted}'. Call list_toolsets for the names.`, undefined, true) as never;
      if (!mayUseToolset(wanted, caller)) return textResult(`Your token does not include toolset '${wanted}'.`, undefined, true) as never;
      if (!enabled.has(wanted)) {
        enabled.add(wanted);
        await server.sendToolListChanged().catch(() => undefined);
      }
      return textResult(`Toolset '${wanted}' is enabled: ${set.tools} tools. The tool list has changed; list the tools again.`) as never;
    }
    const tool = host.catalog.get(name);
    // a tool outside the caller's scopes or toolsets does not exist for it (the HTTP layer answers such calls with a 403 first)
    if (!tool || !mayCall(tool, caller)) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    if (!enabled.has(toolsetOf(tool))) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool: ${name} (its toolset '${toolsetOf(tool)}' is not enabled${dynamic ? '; enable it with enable_toolset' : '; the operator enables toolsets with MCP_TOOLSETS'})`,
      );
    }
    // Progress, when the client asks for it: one step when the call starts, one when it is done.
    const token = request.params._meta?.progressToken;
    const progress = async (value: number, message: string): Promise<void> => {
      if (token === undefined || extra.signal.aborted) return;
      await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: value, total: 1, message } }).catch(() => undefined);
    };
    await progress(0, `calling ${tool.request.method} ${tool.request.path}`);
    const charged = (extra.authInfo?.extra?.charged as Map<unknown, Usage[]> | undefined)?.get(extra.requestId);
    const result = await host.call(tool, request.params.arguments as Record<string, unknown> | undefined, extra.signal, {
      ...(caller ? { caller } : {}),
      ...(extra.authInfo?.extra?.exchange ? { exchange: extra.authInfo.extra.exchange as Exchange } : {}),
      ...(charged ? { charged } : {}),
    });
    await progress(1, 'done');
    return result as never;
  });
  registerResourcesAndPrompts(server, host, (auth) => who(auth), enabled);
  return server;
}

const SPEC_URI = 'apictl://spec/openapi.json';
const GUIDE_PREFIX = 'apictl://toolsets/';

/** A toolset's guide: its tools, what each does and whether it changes data (from the served definitions). */
function toolsetGuide(name: string, info: ToolsetInfo | undefined, tools: Tool[], enabled: boolean): string {
  const lines = [`# Toolset ${name}`, '', `${info?.description ? `${info.description}\n\n` : ''}${tools.length} tools${enabled ? '' : ' (not enabled in this session)'}.`, ''];
  for (const t of tools) {
    const ann = t.definition.annotations as { readOnlyHint?: boolean; destructiveHint?: boolean };
    const effect = ann.readOnlyHint ? 'read-only' : ann.destructiveHint ? 'changes data (destructive)' : 'changes data';
    lines.push(`## ${t.definition.name}`, '', `${t.definition.title ?? ''}${t.definition.title ? ' — ' : ''}${effect}. ${t.request.method} ${t.request.path}`, '', t.definition.description, '');
  }
  return lines.join('\n');
}

/** resources/* (the API description, one guide per toolset) and prompts/* (mcp.yaml's). */
function registerResourcesAndPrompts(server: Server, host: ToolHost, who: (auth: AuthInfo | undefined) => Caller | undefined, enabled: Set<string>): void {
  server.setRequestHandler(ListResourcesRequestSchema, async (_request, extra) => {
    const caller = who(extra.authInfo);
    const sets = host.toolsets.all.filter((t) => mayUseToolset(t.name, caller));
    return {
      resources: [
        ...(host.specText() !== undefined ? [{ uri: SPEC_URI, name: 'openapi.json', title: 'The API description these tools call', mimeType: 'application/json' }] : []),
        ...sets.map((t) => ({ uri: `${GUIDE_PREFIX}${t.name}`, name: `toolset-${t.name}`, title: `Guide to the ${t.name} tools`, mimeType: 'text/markdown' })),
      ],
    } as never;
  });
  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    const uri = request.params.uri;
    if (uri === SPEC_URI) {
      const text = host.specText();
      if (text !== undefined) return { contents: [{ uri, mimeType: 'application/json', text }] } as never;
    }
    if (uri.startsWith(GUIDE_PREFIX)) {
      const name = uri.slice(GUIDE_PREFIX.length);
      const caller = who(extra.authInfo);
      const info = host.toolsets.all.find((t) => t.name === name);
      if (info && mayUseToolset(name, caller)) {
        const tools = host.catalog.tools.filter((t) => toolsetOf(t) === name && mayCall(t, caller));
        return { contents: [{ uri, mimeType: 'text/markdown', text: toolsetGuide(name, info, tools, enabled.has(name)) }] } as never;
      }
    }
    throw new McpError(-32002, `Resource not found: ${uri}`);
  });
  if (host.prompts.length === 0) return;
  const prompts = new Map(host.prompts.map((p) => [p.name, p]));
  server.setRequestHandler(
    ListPromptsRequestSchema,
    async () =>
      ({
        prompts: host.prompts.map((p) => ({ name: p.name, ...(p.description ? { description: p.description } : {}), arguments: p.arguments, _meta: { 'apictl/prompt': { version: p.version } } })),
      }) as never,
  );
  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    const p = prompts.get(request.params.name);
    if (!p) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}`);
    const args = request.params.arguments ?? {};
    const missing = p.arguments.filter((a) => a.required && (args[a.name] === undefined || args[a.name] === '')).map((a) => a.name);
    if (missing.length > 0) throw new McpError(ErrorCode.InvalidParams, `Prompt ${p.name} needs the argument(s) ${missing.join(', ')}`);
    // placeholders are replaced in one pass, so an argument's value is never read as a placeholder
    const text = p.template.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (_m, name: string) => String(args[name] ?? ''));
    return { ...(p.description ? { description: p.description } : {}), messages: [{ role: 'user', content: { type: 'text', text } }] } as never;
  });
}

/** Serves on stdin/stdout until the client goes away (the end of stdin ends the process). */
export async function serveStdio(host: ToolHost, maxMessageBytes?: number): Promise<void> {
  const server = createMcpServer(host);
  const transport = new LineTransport(process.stdin, process.stdout, maxMessageBytes);
  const note = (message: string): void => void process.stderr.write(`${new Date().toISOString()} ${host.info.name} info: ${message}\n`);
  transport.onclose = () => {
    note('the client closed the connection (stdin ended); stopping');
    process.exit(0);
  };
  await server.connect(transport);
  const stop = (): void => {
    void server.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** The caller the HTTP layer attached to the request (see {@link authInfoFor}); undefined on stdio. */
function callerOf(auth: AuthInfo | undefined): Caller | undefined {
  return auth?.extra?.caller as Caller | undefined;
}

/** What the SDK carries from the HTTP request to the handlers: our caller, its token exchange, and the limits charged per JSON-RPC id. */
export function authInfoFor(caller: Caller, token: string, expiresAt?: number, exchange?: Exchange, charged?: Map<unknown, Usage[]>): AuthInfo {
  return {
    token,
    clientId: caller.clientId ?? caller.id,
    scopes: caller.scopes ?? [],
    ...(expiresAt !== undefined ? { expiresAt: Math.floor(expiresAt / 1000) } : {}),
    extra: { caller, ...(exchange ? { exchange } : {}), ...(charged ? { charged } : {}) },
  };
}

/**
 * Events kept for resumable streams (a client that lost its SSE stream reconnects with
 * Last-Event-ID and gets what it missed). Bounded: the newest `perStream` events of each stream
 * and `streams` streams; older ones are gone, and the client then sees a fresh stream.
 */
class BoundedEventStore implements EventStore {
  private readonly streams = new Map<string, Array<{ id: string; message: JSONRPCMessage }>>();
  private seq = 0;
  constructor(
    private readonly perStream = 100,
    private readonly maxStreams = 1000,
  ) {}

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const id = `${streamId}_${++this.seq}`;
    let list = this.streams.get(streamId);
    if (!list) {
      if (this.streams.size >= this.maxStreams) this.streams.delete(this.streams.keys().next().value as string);
      list = [];
      this.streams.set(streamId, list);
    }
    list.push({ id, message });
    if (list.length > this.perStream) list.shift();
    return id;
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    const streamId = eventId.slice(0, eventId.lastIndexOf('_'));
    return this.streams.get(streamId)?.some((e) => e.id === eventId) ? streamId : undefined;
  }

  async replayEventsAfter(lastEventId: string, { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> }): Promise<string> {
    const streamId = (await this.getStreamIdForEventId(lastEventId)) ?? '';
    const list = this.streams.get(streamId) ?? [];
    const at = list.findIndex((e) => e.id === lastEventId);
    for (const e of list.slice(at + 1)) await send(e.id, e.message);
    return streamId;
  }
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  /** The identity that opened the session: a session id is useless with another one's token. */
  owner: string;
  lastSeen: number;
}

/**
 * MCP sessions over Streamable HTTP, one SDK transport and `Server` each. Sessions are bound to
 * the identity that opened them, capped in number and closed after `idleMs` without requests.
 */
export class HttpSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly events = new BoundedEventStore();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly host: ToolHost,
    private readonly limits: { maxSessions: number; idleMs: number },
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(60_000, limits.idleMs)).unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Serves one request to the MCP endpoint; `body` is the parsed JSON of a POST. */
  async handle(req: IncomingMessage, res: ServerResponse, body: unknown, caller: Caller, auth: AuthInfo): Promise<void> {
    const id = req.headers['mcp-session-id'];
    (req as IncomingMessage & { auth?: AuthInfo }).auth = auth;
    if (typeof id === 'string') {
      const session = this.sessions.get(id);
      // another identity's session is answered like an unknown one: nothing to learn from it
      if (!session || session.owner !== caller.id) return jsonRpcError(res, 404, -32001, 'Session not found: initialize a new session');
      session.lastSeen = Date.now();
      return session.transport.handleRequest(req, res, body);
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) return jsonRpcError(res, 400, -32000, 'Bad Request: no Mcp-Session-Id header; start with an initialize request');
    if (this.sessions.size >= this.limits.maxSessions) this.sweep();
    // full of live sessions: refuse the new one rather than end someone else's
    if (this.sessions.size >= this.limits.maxSessions) return jsonRpcError(res, 503, -32000, 'Too many open sessions; retry later');
    const server = createMcpServer(this.host);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      eventStore: this.events,
      onsessioninitialized: (sid) => void this.sessions.set(sid, { transport, server, owner: caller.id, lastSeen: Date.now() }),
      onsessionclosed: (sid) => void this.sessions.delete(sid),
    });
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  /** Closes sessions idle longer than the limit. */
  private sweep(): void {
    const now = Date.now();
    for (const [id, s] of this.sessions) if (now - s.lastSeen > this.limits.idleMs) void this.close(id);
  }

  private async close(id: string): Promise<void> {
    const s = this.sessions.get(id);
    this.sessions.delete(id);
    await s?.server.close().catch(() => undefined);
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.keys()].map((id) => this.close(id)));
  }
}

/** A JSON-RPC error as a plain HTTP answer (before any session exists to send it). */
export function jsonRpcError(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
