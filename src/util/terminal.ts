/**
 * Terminal colour, the one place for it: the colour decision (NO_COLOR, FORCE_COLOR, TERM=dumb,
 * a TTY) and the styles (chalk, at that level), which the CLI's messages, the `stylish` format and
 * `score` all use.
 */
import { Chalk, type ChalkInstance } from 'chalk';

export type ColorLevel = 0 | 1 | 2 | 3;

/** Colour level from NO_COLOR, FORCE_COLOR, TERM=dumb and whether the stream is a TTY. */
export function colorLevel(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): ColorLevel {
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

/** Clears from the cursor to the end of the line (a status line rewritten in place). */
export const ERASE_LINE = '\x1b[K';

/** The styles for one stream: `c.red.bold(text)`; plain text at level 0. */
export type Paint = ChalkInstance;

export function createPaint(level: ColorLevel): Paint {
  return new Chalk({ level });
}
