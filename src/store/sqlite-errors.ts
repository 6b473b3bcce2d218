/** Maps failures of the database file itself to InputError, so the CLI prints one line, not a stack. */
import { InputError } from '../errors.js';

/** Milliseconds other processes may hold the write lock before we give up; also used for `busy_timeout`. */
export const BUSY_TIMEOUT_MS = 10_000;

/**
 * `err` as an InputError naming `dbPath` when it is about the file (not a database, corrupt,
 * unopenable, read-only, locked too long, disk full); otherwise `err` unchanged, since anything
 * else (constraint violations, SQL mistakes) is a bug in apictl and should keep its stack.
 */
export function toStoreError(err: unknown, dbPath: string): unknown {
  if (err instanceof InputError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return err;
  const message = describe(code);
  if (message === undefined) return err;
  const detail = err instanceof Error ? ` (${err.message})` : '';
  return new InputError(`${message}${detail}`, { file: dbPath, line: 0, column: 0 });
}

function describe(code: string): string | undefined {
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) {
    return 'not an apictl registry: the file is not a SQLite database or is corrupt';
  }
  if (code.startsWith('SQLITE_CANTOPEN')) return 'cannot open the registry database';
  if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_PERM' || code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return 'the registry database is not writable';
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return `the registry database is locked by another process (waited up to ${BUSY_TIMEOUT_MS / 1000} s)`;
  }
  if (code.startsWith('SQLITE_IOERR')) return 'input/output error on the registry database';
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return 'no space left for the registry database';
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'cannot create the folder for the registry database';
  return undefined;
}
