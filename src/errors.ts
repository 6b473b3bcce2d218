/**
 * The three error families apictl knows. Core modules throw them; only src/cli maps them to
 * exit codes and one line on stderr.
 */
import { visibleControls } from './util/visible.js';

/** Where in a source file something is (1-based line and column). */
export interface SourcePosition {
  file: string;
  line: number;
  column: number;
}

/** A mistake in how the command was called (unknown flag, missing argument, conflicting options). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Bad input: a document that cannot be read, parsed, resolved or accepted. Always carries a position when one exists. */
export class InputError extends Error {
  override name = 'InputError';
  readonly position: SourcePosition | undefined;
  constructor(message: string, position?: SourcePosition) {
    super(message);
    this.position = position;
  }
  /** `file:line:col: message` (or `file: message` when only the file is known). */
  format(): string {
    const p = this.position;
    if (!p) return this.message;
    if (p.line > 0) return `${p.file}:${p.line}:${p.column}: ${this.message}`;
    return `${p.file}: ${this.message}`;
  }
}

/** Formats any error as the one line the CLI prints. Internal errors say they are bugs. */
export function formatErrorLine(err: unknown): string {
  if (err instanceof InputError) return visibleControls(err.format());
  if (err instanceof UsageError) return visibleControls(`usage: ${err.message}`);
  const msg = err instanceof Error ? err.message : String(err);
  return `internal error (this is a bug in apictl, please report it; rerun with --debug for the stack): ${msg}`;
}
