/** The git commit a file belongs to, and whether it has uncommitted changes (never fails, never prompts). */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The folder holding `.git` above a file, when there is one (so git is only spawned when it can answer). */
function repositoryOf(file: string): string | undefined {
  let dir = path.dirname(path.resolve(file));
  for (;;) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

function git(args: string[], cwd: string): string | undefined {
  try {
    return execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } }).toString();
  } catch {
    return undefined;
  }
}

function headOf(dir: string): string | undefined {
  const sha = git(['rev-parse', 'HEAD'], dir)?.trim();
  return sha !== undefined && /^[0-9a-f]{40,64}$/.test(sha) ? sha : undefined;
}

export function gitCommitFor(file: string): string | undefined {
  const dir = repositoryOf(file);
  return dir === undefined ? undefined : headOf(dir);
}

/** Most files named to `git status` one by one; a document of more files is judged by its folder. */
const MAX_PATHSPECS = 200;

/**
 * The commit of the repository holding `files[0]` (the entry file; the others are the files its
 * refs read) and whether any of them differs from it: modified, staged or untracked. Both
 * undefined outside a repository or when git cannot answer.
 */
export function gitStateFor(files: readonly string[]): { commit?: string; dirty?: boolean } {
  const entry = files[0];
  const dir = entry === undefined ? undefined : repositoryOf(entry);
  if (dir === undefined) return {};
  const commit = headOf(dir);
  const specs = files.length <= MAX_PATHSPECS ? files.map((f) => path.resolve(f)) : [path.dirname(path.resolve(entry!))];
  const status = git(['status', '--porcelain', '--untracked-files=all', '--', ...specs], dir);
  return { ...(commit !== undefined ? { commit } : {}), ...(status !== undefined ? { dirty: status.trim() !== '' } : {}) };
}
