/** Where the registry database lives. */
import fs from 'node:fs';
import path from 'node:path';

/** Environment variable that points every apictl command at one registry file. */
export const DB_ENV_VAR = 'APICTL_DB';

/** Folder, at the project root, that holds the registry (and marks the root by its presence). */
export const REGISTRY_DIR = '.apictl';

/** File name of the registry inside {@link REGISTRY_DIR}. */
export const REGISTRY_FILE = 'apictl.db';

/** Options for {@link resolveDbPath}. */
export interface ResolveDbPathOptions {
  /** Directory relative paths and root discovery start from. */
  cwd: string;
  /** A path given explicitly (e.g. `--db`); wins over everything. */
  explicit?: string;
  /** The environment to read {@link DB_ENV_VAR} from; passed in so the core never reads `process.env` itself. */
  env?: NodeJS.ProcessEnv;
}

/**
 * The absolute path of the registry database. Precedence: `explicit`, then `APICTL_DB` from `env`,
 * then `<root>/.apictl/apictl.db` with root from {@link findProjectRoot}. Relative paths are taken
 * relative to `cwd`; empty strings count as not given (so `APICTL_DB=` does not point at cwd).
 */
export function resolveDbPath(opts: ResolveDbPathOptions): string {
  const cwd = path.resolve(opts.cwd);
  const given = nonEmpty(opts.explicit) ?? nonEmpty(opts.env?.[DB_ENV_VAR]);
  if (given !== undefined) return path.resolve(cwd, given);
  return path.join(findProjectRoot(cwd), REGISTRY_DIR, REGISTRY_FILE);
}

/**
 * The nearest ancestor of `cwd` (itself included) that holds `.git` or `.apictl`, else `cwd`.
 * `.git` may be a file (worktrees and submodules), so any entry of that name counts.
 * The first marker found wins, so a nested repository with its own `.git` gets its own registry.
 */
export function findProjectRoot(cwd: string): string {
  const start = path.resolve(cwd);
  for (let dir = start; ; ) {
    if (exists(path.join(dir, '.git')) || exists(path.join(dir, REGISTRY_DIR))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return start;
    dir = parent;
  }
}

function exists(p: string): boolean {
  try {
    fs.statSync(p);
    return true;
  } catch {
    // Missing or unreadable: either way it does not mark a root we could use.
    return false;
  }
}

function nonEmpty(s: string | undefined): string | undefined {
  return s === undefined || s.trim() === '' ? undefined : s;
}
