/** The CLI's only access to stdout and stderr, coloured as src/util/terminal.ts decides; and the files -o names. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';
import { colorLevel, createPaint, ERASE_LINE, type Paint } from '../util/terminal.js';

export { colorLevel };

export interface Output {
  out(text: string): void;
  err(text: string): void;
  /** A status line on stderr, rewritten in place (a terminal only); `''` clears it. */
  status(text: string): void;
  /** Colours for stderr messages. */
  c: Paint;
  /** Colours for stdout (human formats only). */
  cOut: Paint;
}

export function createOutput(): Output {
  return {
    out: (t) => void process.stdout.write(t.endsWith('\n') ? t : t + '\n'),
    err: (t) => void process.stderr.write(t.endsWith('\n') ? t : t + '\n'),
    status: (t) => void process.stderr.write(`\r${t}${ERASE_LINE}`),
    c: createPaint(colorLevel(process.stderr)),
    cOut: createPaint(colorLevel(process.stdout)),
  };
}

/** Writes an output file that -o names, creating its folder; a failure is one line naming the file. */
export function writeOutputFile(file: string, data: string | Uint8Array): void {
  try {
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    writeFileSync(file, data);
  } catch (err) {
    throw new InputError(`cannot write output (${(err as NodeJS.ErrnoException).code ?? 'error'})`, { file, line: 0, column: 0 });
  }
}
