/**
 * The stdio transport: newline-delimited JSON-RPC on stdin/stdout, as the MCP specification
 * defines it, implementing the SDK's Transport interface. Ours rather than the SDK's because of
 * what happens at the limits: a message over the size limit (or one that is not JSON-RPC) gets a
 * JSON-RPC error and the server keeps serving — the SDK's transport closes itself and the process
 * then answers nothing again — and the end of stdin ends the process.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

/** Largest message accepted (MCP_MAX_MESSAGE_BYTES), by default the SDK's own limit. */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private size = 0;
  /** Bytes of the current line dropped because it is over the limit (its start kept to find its id). */
  private dropping: { head: string; bytes: number } | undefined;
  private closed = false;

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
    private readonly maxBytes = DEFAULT_MAX_MESSAGE_BYTES,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('error', this.onInputError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    const line = JSON.stringify(message) + '\n';
    await new Promise<void>((resolve) => {
      if (this.output.write(line)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('error', this.onInputError);
    this.onclose?.();
  }

  private readonly onData = (chunk: Buffer | string): void => {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let nl = buf.indexOf(10); ; nl = buf.indexOf(10)) {
      const part = nl === -1 ? buf : buf.subarray(0, nl);
      this.take(part);
      if (nl === -1) return;
      this.endLine();
      buf = buf.subarray(nl + 1);
    }
  };

  /** Adds bytes to the current line, or drops them once the line is over the limit. */
  private take(part: Buffer): void {
    if (this.dropping) {
      this.dropping.bytes += part.length;
      return;
    }
    if (this.size + part.length > this.maxBytes) {
      const head = Buffer.concat([...this.chunks, part])
        .subarray(0, 4096)
        .toString('utf8');
      this.dropping = { head, bytes: this.size + part.length };
      this.chunks = [];
      this.size = 0;
      return;
    }
    if (part.length > 0) {
      this.chunks.push(part);
      this.size += part.length;
    }
  }

  private endLine(): void {
    if (this.dropping) {
      const { head, bytes } = this.dropping;
      this.dropping = undefined;
      this.reject(idIn(head), -32600, `Message too large: ${bytes} bytes, more than the ${this.maxBytes} this server accepts (MCP_MAX_MESSAGE_BYTES)`);
      return;
    }
    const line = Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      this.reject(null, -32700, 'Parse error: the message is not JSON');
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(parsed);
    if (!message.success) {
      const id = (parsed as { id?: unknown } | null)?.id;
      this.reject(typeof id === 'string' || typeof id === 'number' ? id : null, -32600, 'Invalid Request: not a JSON-RPC 2.0 message');
      return;
    }
    this.onmessage?.(message.data);
  }

  /** A JSON-RPC error for a message that could not be read (id null when it cannot be known). */
  private reject(id: string | number | null, code: number, message: string): void {
    this.onerror?.(new Error(message));
    void this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }

  private readonly onEnd = (): void => {
    void this.close();
  };

  private readonly onInputError = (error: Error): void => {
    this.onerror?.(error);
    void this.close();
  };
}

/** The request id at the start of a message, when it can be read there. */
function idIn(text: string): string | number | null {
  const m = /"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,16})/.exec(text);
  if (!m) return null;
  try {
    const v = JSON.parse(m[1]!) as unknown;
    return typeof v === 'string' || typeof v === 'number' ? v : null;
  } catch {
    return null;
  }
}
