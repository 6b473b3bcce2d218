/** Turns a command's input argument and load flags into a loaded document. */
import { InputError, UsageError } from '../errors.js';
import type { LoadOptions, LoadResult, Source } from '../document/load.js';
import { DEFAULT_LIMITS, DEPTH_CEILING } from '../document/limits.js';

export interface LoadFlags {
  refRoot?: string;
  allowRemote?: string;
  allowAbsoluteRefs?: boolean;
  maxSize?: string;
  maxDepth?: string;
  stdinFilepath?: string;
}

function positiveNumber(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${flag} takes a positive number, not '${value}'`);
  return n;
}

function depthLimit(value: string | undefined): number {
  const n = Math.round(positiveNumber(value, '--max-depth', DEFAULT_LIMITS.maxDepth));
  if (n > DEPTH_CEILING) throw new UsageError(`--max-depth goes up to ${DEPTH_CEILING}, not '${value}'`);
  return n;
}

/** LoadOptions from the shared flags. */
export function loadOptionsFrom(flags: LoadFlags, cwd = process.cwd()): LoadOptions {
  const hosts = (flags.allowRemote ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  return {
    cwd,
    refRoot: flags.refRoot,
    allowAbsoluteRefs: flags.allowAbsoluteRefs === true,
    limits: {
      maxBytes: Math.round(positiveNumber(flags.maxSize, '--max-size', 50) * 1024 * 1024),
      maxDepth: depthLimit(flags.maxDepth),
    },
    remote: hosts.length > 0 ? { allowHosts: hosts } : undefined,
  };
}

async function readStdin(maxBytes: number, shown: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of process.stdin) {
    const b = chunk as Buffer;
    total += b.length;
    if (total > maxBytes) throw new InputError(`input is larger than the ${Math.round(maxBytes / 1048576)} MiB limit (raise it with --max-size)`, { file: shown, line: 0, column: 0 });
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

/** The Source for an input argument: `-` is stdin, an http(s) URL is remote, anything else a path. */
export async function sourceFor(input: string, flags: LoadFlags, options: LoadOptions): Promise<Source> {
  if (input === '-') {
    const shown = flags.stdinFilepath ?? '<stdin>';
    return { bytes: await readStdin(options.limits?.maxBytes ?? 50 * 1024 * 1024, shown), displayPath: shown };
  }
  if (/^https?:\/\//i.test(input)) return { url: input };
  return { path: input };
}

/** Loads one input with the command's flags. */
export async function loadInput(input: string, flags: LoadFlags): Promise<LoadResult> {
  const { loadDocument } = await import('../document/load.js');
  const options = loadOptionsFrom(flags);
  return loadDocument(await sourceFor(input, flags, options), options);
}
