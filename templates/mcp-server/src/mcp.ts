/**
 * The protocol side, and with stdio.ts (the transport) the only module that imports the MCP SDK
 * (so moving to another SDK version is a change here alone). Uses the SDK's low-level `Server` to keep control of
 * `tools/list` pagination and of the two error channels: unknown tools and bad cursors are
 * JSON-RPC errors (-32602); everything that goes wrong in a call is a result with `isError`.
 */
import { createHash } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Tool } from './model.js';
import type { ToolResult } from './response.js';
import { LineTransport } from './stdio.js';

/** What the protocol layer needs from the rest of the server. */
export interface ToolHost {
  info: { name: string; version: string; title: string };
  instructions: string;
  /** Tools in listing order. */
  tools: Tool[];
  pageSize: number;
  call(tool: Tool, args: Record<string, unknown> | undefined, signal: AbortSignal): Promise<ToolResult>;
  /** Connects the server's log to the client's (MCP logging: the client sets the level with logging/setLevel). */
  log?: { forward(sink: (level: 'error' | 'info' | 'debug', message: string) => void): void };
}

/** Opaque, stable cursors: the offset plus a fingerprint of the tool set, so a stale cursor is refused rather than misread. */
class Cursors {
  private readonly fingerprint: string;
  constructor(tools: Tool[]) {
    this.fingerprint = createHash('sha256')
      .update(tools.map((t) => t.definition.name).join('\n'))
      .digest('hex')
      .slice(0, 12);
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

/** Builds the MCP server for a tool host. */
export function createMcpServer(host: ToolHost): Server {
  const server = new Server(
    { name: host.info.name, version: host.info.version, title: host.info.title },
    // The tool set is fixed for the life of the process, so no list_changed notifications are promised.
    // logging: the SDK answers logging/setLevel and drops messages below the level the client set.
    { capabilities: { tools: { listChanged: false }, logging: {} }, instructions: host.instructions },
  );
  // log notifications once the client has finished initializing (it may then set a level)
  let ready = false;
  server.oninitialized = () => {
    ready = true;
  };
  host.log?.forward((level, message) => {
    if (ready) void server.sendLoggingMessage({ level, logger: host.info.name, data: message }).catch(() => undefined);
  });
  const byName = new Map(host.tools.map((t) => [t.definition.name, t]));
  const cursors = new Cursors(host.tools);
  const page = Math.max(1, host.pageSize);

  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const cursor = request.params?.cursor;
    const start = cursor === undefined ? 0 : cursors.decode(cursor, host.tools.length);
    const end = Math.min(host.tools.length, start + page);
    return {
      tools: host.tools.slice(start, end).map(listed),
      ...(end < host.tools.length ? { nextCursor: cursors.encode(end) } : {}),
    } as never;
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    // Progress, when the client asks for it: one step when the call starts, one when it is done.
    const token = request.params._meta?.progressToken;
    const progress = async (value: number, message: string): Promise<void> => {
      if (token === undefined || extra.signal.aborted) return;
      await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: value, total: 1, message } }).catch(() => undefined);
    };
    await progress(0, `calling ${tool.request.method} ${tool.request.path}`);
    const result = await host.call(tool, request.params.arguments as Record<string, unknown> | undefined, extra.signal);
    await progress(1, 'done');
    return result as never;
  });
  return server;
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
