/**
 * The audit log: one JSON line per tool call — successful, failed, or refused by validation or
 * the rate limit — written before the result is returned. Append-only, one write per entry
 * (`appendFileSync` hands each line to the operating system before the call completes). If the
 * entry cannot be written the call fails: nothing happens unrecorded.
 */
import { accessSync, appendFileSync, constants, mkdirSync } from 'node:fs';
import path from 'node:path';

/** One line of the audit log. */
export interface AuditEntry {
  time: string;
  /** Configured identity of the caller (MCP_CALLER_ID); never a secret. */
  caller: string;
  tool: string;
  toolVersion: string;
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
}

/** The append-only JSONL audit log. */
export class AuditLog {
  constructor(readonly file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    // Create it now (owner-only: entries hold call arguments) so a bad path fails at start, not at the first call.
    appendFileSync(file, '', { mode: 0o600 });
  }

  /** Throws when the log cannot be written, so the upstream call is not made unrecorded. */
  ensureWritable(): void {
    accessSync(this.file, constants.W_OK);
  }

  write(entry: AuditEntry): void {
    appendFileSync(this.file, JSON.stringify(entry) + '\n', { mode: 0o600 });
  }
}
