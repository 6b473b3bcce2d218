/** The CLI's only access to stdout and stderr, and its colour decision; and the files -o names. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Chalk, type ChalkInstance } from 'chalk';
import { InputError } from '../errors.js';

/** Colour level from NO_COLOR, FORCE_COLOR, TERM=dumb and whether the stream is a TTY. */
export function colorLevel(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): 0 | 1 | 2 | 3 {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0;
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === '0' || force === 'false') return 0;
    if (force === '2') return 2;
    if (force === '3') return 3;
    return 1;
  }
  if (!stream.isTTY || env.TERM === 'dumb') return 0;
  const depth = typeof stream.getColorDepth === 'function' ? stream.getColorDepth(env) : 1;
  return depth >= 24 ? 3 : depth >= 8 ? 2 : 1;
}

export interface Output {
  out(text: string): void;
  err(text: string): void;
  /** Colours for stderr messages. */
  c: ChalkInstance;
  /** Colours for stdout (human formats only). */
  cOut: ChalkInstance;
}

export function createOutput(): Output {
  return {
    out: (t) => void process.stdout.write(t.endsWith('\n') ? t : t + '\n'),
    err: (t) => void process.stderr.write(t.endsWith('\n') ? t : t + '\n'),
    c: new Chalk({ level: colorLevel(process.stderr) }),
    cOut: new Chalk({ level: colorLevel(process.stdout) }),
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
