/** The git commit a file belongs to, when it is in a repository (never fails, never prompts). */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export function gitCommitFor(file: string): string | undefined {
  let dir = path.dirname(path.resolve(file));
  // Only spawn git when there is a repository to ask.
  for (;;) {
    if (existsSync(path.join(dir, '.git'))) break;
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  try {
    const out = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
    const sha = out.toString().trim();
    return /^[0-9a-f]{40,64}$/.test(sha) ? sha : undefined;
  } catch {
    return undefined;
  }
}
