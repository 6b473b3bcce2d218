import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './corpus.js';

export const bin = path.join(repoRoot, 'bin', 'apictl.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** True when the process had to be killed at the timeout. */
  killed: boolean;
  ms: number;
}

/** Runs the built binary (npm test builds it first) with no colour unless asked. */
export function apictl(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string | Buffer; timeoutMs?: number } = {}): CliResult {
  const started = Date.now();
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: opts.cwd ?? repoRoot,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, APICTL_DB: undefined, ...opts.env },
    input: opts.input ?? '',
    timeout: opts.timeoutMs ?? 60_000,
    maxBuffer: 256 * 1024 * 1024,
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, killed: r.signal !== null, ms: Date.now() - started };
}

/** The same, asynchronously, for running several at once. */
export function apictlAsync(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<CliResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: opts.cwd ?? repoRoot,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, APICTL_DB: undefined, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: opts.timeoutMs ?? 60_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code, signal) => resolve({ code, stdout, stderr, killed: signal !== null, ms: Date.now() - started }));
  });
}
