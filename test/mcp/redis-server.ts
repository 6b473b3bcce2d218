/** A real redis-server for tests, on a free loopback port, in a temporary folder. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface RedisServer {
  url: string;
  port: number;
  /** Snapshots the data, then kills the server (SIGKILL): an outage after which restart() brings the same counters back. */
  stop(): Promise<void>;
  /** Starts it again on the same port and waits until it answers PING. */
  restart(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open and nothing answers. */
  pause(): void;
  resume(): void;
  /** Stops for good and removes its folder. */
  close(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  if (spawnSync('redis-server', ['--version']).error) {
    throw new Error('redis-server is not installed: run `apt-get install -y redis-server` (CI installs it in .ci/run)');
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'apictl-redis-'));
  const port = await freePort();
  let proc: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    // --save '': no snapshots on their own; stop() asks for one so that restart() finds the data.
    proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while ((await command(port, 'PING').catch(() => '')) !== '+PONG') {
      if (proc.exitCode !== null) throw new Error(`redis-server exited with code ${proc.exitCode}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer PING on port ${port} within 10 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const kill = async (): Promise<void> => {
    const p = proc;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: async () => {
      await command(port, 'SAVE');
      await kill();
    },
    restart: start,
    pause: () => void proc?.kill('SIGSTOP'),
    resume: () => void proc?.kill('SIGCONT'),
    close: async () => {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

/** Sends one inline command and returns the first reply line (no client library needed). */
function command(port: number, cmd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1');
    let buf = '';
    sock.setTimeout(2_000, () => sock.destroy(new Error(`${cmd}: no answer`)));
    sock.on('connect', () => sock.write(`${cmd}\r\n`));
    sock.on('data', (d) => {
      buf += d.toString();
      const end = buf.indexOf('\r\n');
      if (end >= 0) {
        sock.end();
        resolve(buf.slice(0, end));
      }
    });
    sock.on('error', reject);
    sock.on('close', () => reject(new Error(`${cmd}: connection closed`)));
  });
}
