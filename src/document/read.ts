/** Reading bytes safely: size caps before reading, strict UTF-8, BOM stripped. */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { InputError } from '../errors.js';

/** Decodes bytes as strict UTF-8 (a BOM is dropped). Invalid bytes are an error at their line and column. */
export function decodeUtf8(bytes: Uint8Array, displayPath: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    const before = new TextDecoder('utf-8').decode(bytes.subarray(0, at));
    const lines = before.split('\n');
    throw new InputError(`invalid UTF-8 byte 0x${(bytes[at] ?? 0).toString(16).padStart(2, '0')} (the file must be UTF-8)`, {
      file: displayPath,
      line: lines.length,
      column: lines[lines.length - 1]!.length + 1,
    });
  }
  return text;
}

/** Offset of the first byte that is not part of a valid UTF-8 sequence. */
export function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    let n = 0;
    let min = 0;
    if (c < 0x80) {
      i++;
      continue;
    } else if (c >= 0xc2 && c <= 0xdf) {
      n = 1;
      min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
      n = 2;
      min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
      n = 3;
      min = 0x10000;
    } else return i;
    if (i + n >= b.length) return i;
    let cp = c & (0x3f >> n);
    for (let k = 1; k <= n; k++) {
      const d = b[i + k];
      if (d === undefined || (d & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (d & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += n + 1;
  }
  return b.length;
}

/** Reads a whole file, refusing it before reading when it is larger than maxBytes. */
export function readFileCapped(absPath: string, displayPath: string, maxBytes: number): Uint8Array {
  let fd: number;
  try {
    // Non-blocking, so that opening a FIFO or a device returns at once and fstat can refuse it.
    fd = openSync(absPath, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (err) {
    throw new InputError(describeFsError(err), { file: displayPath, line: 0, column: 0 });
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new InputError('is a folder, not a file', { file: displayPath, line: 0, column: 0 });
    if (!st.isFile()) throw new InputError('is not a regular file (a pipe, socket or device is never read)', { file: displayPath, line: 0, column: 0 });
    if (st.size > maxBytes) {
      throw new InputError(`file is ${formatBytes(st.size)}, larger than the ${formatBytes(maxBytes)} limit (raise it with --max-size)`, {
        file: displayPath,
        line: 0,
        column: 0,
      });
    }
    const buf = Buffer.allocUnsafe(st.size);
    let off = 0;
    while (off < st.size) {
      const n = readSync(fd, buf, off, st.size - off, off);
      if (n === 0) break;
      off += n;
    }
    return buf.subarray(0, off);
  } finally {
    closeSync(fd);
  }
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${n} B`;
}

function describeFsError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a folder, not a file';
  return `cannot read (${code ?? 'unknown error'})`;
}
