/**
 * The audit log: one JSON line per tool call — successful, failed, or refused by validation or
 * the rate limit — written before the result is returned. Append-only, one write per entry
 * (`appendFileSync` hands each line to the operating system before the call completes). If the
 * entry cannot be written the call fails: nothing happens unrecorded.
 *
 * Bounded: an argument value longer than MAX_VALUE_CHARS is recorded by its start, size and
 * SHA-256 (a 4 MiB upload is not a 4 MiB line), and a file that reaches its size limit is
 * rotated (`audit.jsonl.1` … `.5`, the oldest dropped).
 */
import { createHash } from 'node:crypto';
import { accessSync, appendFileSync, constants, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** The longest string kept whole in an entry's arguments. */
export const MAX_VALUE_CHARS = 1024;
/** Rotated files kept beside the current one. */
const KEEP = 5;

/** One line of the audit log. */
export interface AuditEntry {
  time: string;
  /** Who called: the token's subject over HTTP with OAuth, else the configured name (MCP_CALLER_ID); never a secret. */
  caller: string;
  /** The OAuth client the token was issued to (`client_id` or `azp`). */
  client?: string;
  /** How the caller was established: an OAuth token, a server token, anonymous HTTP, the environment (stdio), or the admin command line. */
  via: 'oauth' | 'token' | 'anonymous' | 'environment' | 'admin';
  /** The tool called ('' when a refused request named none). */
  tool: string;
  toolVersion: string;
  /** For a request refused before any tool ran: what it asked (its JSON-RPC method). */
  request?: string;
  method?: string;
  path?: string;
  /** Arguments with credential-like fields redacted and known secrets scrubbed. */
  arguments: unknown;
  outcome: string;
  /** Upstream HTTP status, when the API answered. */
  status?: number;
  durationMs: number;
  responseBytes: number;
  /** Short reason for failures (never contains secrets). */
  error?: string;
  /** The counters the call was charged to, after it (limit and use). */
  quota?: Array<{ key: string; limit: string; used: number }>;
  /** SHA-256 of the result text the agent received (successful calls). */
  resultSha256?: string;
}

/** A copy of `value` in which every string longer than MAX_VALUE_CHARS is replaced by its start, size and SHA-256. */
export function capValues(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    if (value.length <= MAX_VALUE_CHARS) return value;
    const bytes = Buffer.byteLength(value);
    return { truncated: true, bytes, sha256: createHash('sha256').update(value).digest('hex'), start: value.slice(0, 256) };
  }
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => capValues(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) Object.defineProperty(out, k, { value: capValues(v, depth + 1), enumerable: true });
  return out;
}

/** The append-only JSONL audit log. */
export class AuditLog {
  private size: number;

  /** `maxBytes`: the size at which the file is rotated. */
  constructor(
    readonly file: string,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {
    mkdirSync(path.dirname(file), { recursive: true });
    // Create it now (owner-only: entries hold call arguments) so a bad path fails at start, not at the first call.
    appendFileSync(file, '', { mode: 0o600 });
    this.size = statSync(file).size;
  }

  /** Throws when the log cannot be written, so the upstream call is not made unrecorded. */
  ensureWritable(): void {
    accessSync(this.file, constants.W_OK);
  }

  write(entry: AuditEntry): void {
    const line = JSON.stringify({ ...entry, arguments: capValues(entry.arguments) }) + '\n';
    const bytes = Buffer.byteLength(line);
    if (this.size > 0 && this.size + bytes > this.maxBytes) this.rotate();
    appendFileSync(this.file, line, { mode: 0o600 });
    this.size += bytes;
  }

  /** audit.jsonl → audit.jsonl.1 → … → .5 (dropped). */
  private rotate(): void {
    rmSync(`${this.file}.${KEEP}`, { force: true });
    for (let i = KEEP - 1; i >= 1; i--) if (existsSync(`${this.file}.${i}`)) renameSync(`${this.file}.${i}`, `${this.file}.${i + 1}`);
    renameSync(this.file, `${this.file}.1`);
    appendFileSync(this.file, '', { mode: 0o600 });
    this.size = 0;
  }
}
