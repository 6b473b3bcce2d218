/** The CLI's only access to stdout and stderr, and its colour decision. */
import { Chalk, type ChalkInstance } from 'chalk';

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
