/** Helpers for the MCP end-to-end tests: generate, build, start, and a recording upstream API. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { apictlAsync, type CliResult } from '../helpers/cli.js';
import { repoRoot } from '../helpers/corpus.js';

export const fixtures = path.join(repoRoot, 'test', 'mcp', 'fixtures');

/** A temp folder kept for the whole file (removed by the caller). */
export function tempDir(prefix = 'apictl-mcp-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Runs `apictl mcp generate …` (the built CLI). */
export function generate(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  return apictlAsync(['mcp', 'generate', ...args], { timeoutMs: 120_000, ...opts });
}

/** Links the repository's node_modules into a generated project (instead of `npm install`). */
export function linkNodeModules(projectDir: string): void {
  const link = path.join(projectDir, 'node_modules');
  if (!existsSync(link)) symlinkSync(path.join(repoRoot, 'node_modules'), link, 'dir');
}

/** Runs a command, resolving with its exit code and output. */
export function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Compiles a generated project with the repository's TypeScript. */
export async function buildProject(projectDir: string): Promise<void> {
  linkNodeModules(projectDir);
  const r = await run(process.execPath, [path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], projectDir);
  if (r.code !== 0) throw new Error(`tsc failed in ${projectDir}:\n${r.stdout}\n${r.stderr}`);
}

/** A connected SDK client talking to `node dist/index.js` of a project. */
export interface Running {
  /** The server process. */
  pid?: number;
  client: Client;
  stderr: () => string;
  close(): Promise<void>;
}

export async function startServer(projectDir: string, env: Record<string, string>): Promise<Running> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(projectDir, 'dist', 'index.js')],
    env: { PATH: process.env.PATH ?? '', ...env },
    cwd: os.tmpdir(),
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const client = new Client({ name: 'apictl-e2e', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => err, close: () => client.close(), pid: transport.pid ?? undefined };
}

/** One request as the upstream saw it. */
export interface Seen {
  method: string;
  url: string;
  path: string;
  query: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type Handler = (req: Seen, res: http.ServerResponse) => void | Promise<void>;

/** A local upstream API on 127.0.0.1 (random port) that records every request. */
export interface Upstream {
  port: number;
  base: string;
  seen: Seen[];
  /** Requests whose path starts with `prefix`. */
  to(prefix: string): Seen[];
  last(): Seen;
  close(): Promise<void>;
}

export async function startUpstream(handler: Handler): Promise<Upstream> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const s: Seen = { method: req.method ?? '', url, path: q === -1 ? url : url.slice(0, q), query: q === -1 ? '' : url.slice(q + 1), headers: req.headers, body: Buffer.concat(chunks) };
      seen.push(s);
      Promise.resolve(handler(s, res)).catch((e: unknown) => {
        res.statusCode = 500;
        res.end(String(e));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    seen,
    to: (prefix) => seen.filter((s) => s.path.startsWith(prefix)),
    last: () => seen[seen.length - 1]!,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends JSON. */
export function sendJson(res: http.ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type });
  res.end(JSON.stringify(body));
}

/** Text of the first content block of a tool result. */
export function textOf(result: unknown): string {
  const c = (result as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return c.map((x) => x.text ?? '').join('\n');
}

export type { CliResult };

/** A generated project serving Streamable HTTP (`node dist/index.js --http --port 0`). */
export interface RunningHttp {
  url: string;
  port: number;
  child: import('node:child_process').ChildProcess;
  stderr: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the HTTP mode and waits for its "serving … at URL" line; rejects with stderr when it exits first. */
export function startHttpServer(projectDir: string, env: Record<string, string>, args: string[] = []): Promise<RunningHttp> {
  const child = spawn(process.execPath, [path.join(projectDir, 'dist', 'index.js'), '--http', '--port', '0', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    cwd: os.tmpdir(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /over HTTP at (http:\/\/\S+:(\d+)\/mcp)/.exec(err);
      if (m) {
        child.stderr.removeAllListeners('data');
        child.stderr.on('data', (more: Buffer) => (err += more.toString()));
        resolve({
          url: m[1]!,
          port: Number(m[2]),
          child,
          stderr: () => err,
          exited,
          stop: (signal = 'SIGTERM') => {
            if (child.exitCode === null) child.kill(signal);
            return exited;
          },
        });
      }
    });
    void exited.then((code) => reject(new Error(`the server exited with ${code}:\n${err}`)));
  });
}
