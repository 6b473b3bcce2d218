/** Quotas and rate limits shared across replicas (templates/mcp-server/src/quota.ts), on SQLite and on a real Redis. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bucket, type CounterStore, parseLimit, QuotaUnavailable, RedisCounters, SqliteCounters } from '../../templates/mcp-server/src/quota.js';
import { type RedisServer, startRedis } from './redis-server.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const QUOTA_MODULE = path.join(repoRoot, 'templates', 'mcp-server', 'src', 'quota.ts');
const MIN = 60_000;
/** One second into the current minute window, so that tests do not straddle a boundary. */
const minuteStart = (): number => Math.floor(Date.now() / MIN) * MIN;
const bucket = (key: string, limit: string): Bucket => ({ key, limit: parseLimit(limit) });

let dir: string;
let redis: RedisServer;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'apictl-quota-'));
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('parseLimit', () => {
  it.each([
    ['60/min', 60, MIN, '60/min'],
    ['60/minute', 60, MIN, '60/min'],
    [' 500 / hour ', 500, 3_600_000, '500/hour'],
    ['500/h', 500, 3_600_000, '500/hour'],
    ['1000/day', 1000, 86_400_000, '1000/day'],
    ['1000/d', 1000, 86_400_000, '1000/day'],
    ['10/s', 10, 1_000, '10/second'],
    ['10/sec', 10, 1_000, '10/second'],
    ['10/Second', 10, 1_000, '10/second'],
    ['1000000000/day', 1_000_000_000, 86_400_000, '1000000000/day'],
  ])('%s', (text, count, windowMs, label) => {
    expect(parseLimit(text)).toEqual({ count, windowMs, label });
  });

  it.each([
    ['', 'invalid limit "": expected <count>/<unit>, e.g. "60/min" or "1000/day"'],
    ['60', 'invalid limit "60": expected <count>/<unit>, e.g. "60/min" or "1000/day"'],
    ['-1/min', 'invalid limit "-1/min": expected <count>/<unit>, e.g. "60/min" or "1000/day"'],
    ['1.5/min', 'invalid limit "1.5/min": expected <count>/<unit>, e.g. "60/min" or "1000/day"'],
    ['60/5min', 'invalid limit "60/5min": expected <count>/<unit>, e.g. "60/min" or "1000/day"'],
    ['5/week', 'invalid limit "5/week": unknown unit "week" (use second, min, hour or day)'],
    ['5/m', 'invalid limit "5/m": unknown unit "m" (use second, min, hour or day)'],
    ['0/min', 'invalid limit "0/min": the count must be a whole number from 1 to 1000000000'],
    ['1000000001/day', 'invalid limit "1000000001/day": the count must be a whole number from 1 to 1000000000'],
  ])('refuses %j', (text, message) => {
    expect(() => parseLimit(text)).toThrow(new Error(message));
  });
});

/** What both stores must do alike; `fresh()` gives a key prefix no other test uses. */
function semantics(open: () => Promise<CounterStore>): void {
  let store: CounterStore;
  let n = 0;
  const fresh = (): string => `t${++n}-${Math.random().toString(36).slice(2, 8)}`;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(() => store?.close());

  it('admits up to the limit, then refuses with the bucket, its window end and the wait', async () => {
    const t = minuteStart() + 1_000;
    const b = [bucket(`${fresh()}:token:ci-bot`, '3/min')];
    for (let i = 1; i <= 3; i++) {
      expect(await store.take(b, t + i)).toEqual({ ok: true, usage: [{ key: b[0]!.key, used: i, limit: '3/min', resetAt: t - 1_000 + MIN }] });
    }
    expect(await store.take(b, t + 500)).toEqual({ ok: false, key: b[0]!.key, limit: '3/min', used: 3, resetAt: t - 1_000 + MIN, retryAfterMs: MIN - 1_500 });
    // refused calls are not counted
    expect(await store.usage(b, t + 600)).toEqual([{ key: b[0]!.key, used: 3, limit: '3/min', resetAt: t - 1_000 + MIN }]);
  });

  it('is all-or-nothing across buckets, and reports the first full one', async () => {
    const t = minuteStart() + 1_000;
    const tool = bucket(`${fresh()}:token:a|tool:listPets`, '2/min');
    const token = bucket(`${fresh()}:token:a`, '5/min');
    const global = bucket(`${fresh()}:global`, '4/min');
    expect((await store.take([token, tool, global], t)).ok).toBe(true);
    expect((await store.take([token, tool, global], t)).ok).toBe(true);
    const r = await store.take([token, tool, global], t);
    expect(r).toMatchObject({ ok: false, key: tool.key, limit: '2/min', used: 2 });
    // a refused take charged none of them
    expect((await store.usage([token, tool, global], t)).map((u) => u.used)).toEqual([2, 2, 2]);
    expect((await store.take([token, global], t)).ok).toBe(true);
    expect((await store.take([token, global], t)).ok).toBe(true);
    // both full: the first listed is reported
    expect(await store.take([global, tool], t)).toMatchObject({ ok: false, key: global.key, limit: '4/min', used: 4 });
    expect(await store.take([tool, global], t)).toMatchObject({ ok: false, key: tool.key });
    expect((await store.usage([token, tool, global], t)).map((u) => u.used)).toEqual([4, 2, 4]);
  });

  it('starts counting again in the next window, aligned to the window length', async () => {
    const t = minuteStart();
    const b = [bucket(`${fresh()}:token:x`, '2/min')];
    await store.take(b, t + 59_998);
    await store.take(b, t + 59_999);
    expect(await store.take(b, t + 59_999)).toMatchObject({ ok: false, retryAfterMs: 1 });
    expect(await store.take(b, t + MIN)).toEqual({ ok: true, usage: [{ key: b[0]!.key, used: 1, limit: '2/min', resetAt: t + 2 * MIN }] });
    expect((await store.usage(b, t + MIN + 1))[0]!.used).toBe(1);
  });

  it('keeps per-minute and per-day counters of one key apart, and charges a repeated counter once (strictest limit)', async () => {
    const day = 86_400_000;
    const t = Math.floor(Date.now() / day) * day + 10; // a minute window and a day window starting together
    const key = `${fresh()}:token:k`;
    const r = await store.take([bucket(key, '5/min'), bucket(key, '1000/day')], t);
    expect(r).toMatchObject({
      ok: true,
      usage: [
        { used: 1, limit: '5/min' },
        { used: 1, limit: '1000/day' },
      ],
    });
    const twice = [bucket(key, '9/min'), bucket(key, '2/min')];
    expect(await store.take(twice, t)).toMatchObject({ ok: true, usage: [{ used: 2, limit: '2/min' }] });
    expect(await store.take(twice, t)).toMatchObject({ ok: false, limit: '2/min', used: 2 });
    expect(await store.usage([bucket(key, '1000/day')], t)).toMatchObject([{ used: 1 }]); // the minute-only takes left the day alone
  });

  it('reports zero for counters never charged, and takes nothing for no buckets', async () => {
    const t = minuteStart();
    expect(await store.usage([bucket(`${fresh()}:none`, '1/hour')], t)).toEqual([
      { key: expect.stringContaining(':none'), used: 0, limit: '1/hour', resetAt: Math.floor(t / 3_600_000) * 3_600_000 + 3_600_000 },
    ]);
    expect(await store.take([], t)).toEqual({ ok: true, usage: [] });
  });
}

/** Runs `count` concurrent takes in each of `processes` node processes at once; returns how many each admitted. */
async function takeFromProcesses(processes: number, count: number, env: Record<string, string>, now: number): Promise<number[]> {
  const script = `
    const { RedisCounters, SqliteCounters, parseLimit } = await import(${JSON.stringify(QUOTA_MODULE)});
    const e = process.env;
    const store = e.Q_REDIS ? await RedisCounters.connect(e.Q_REDIS, { prefix: e.Q_PREFIX }) : new SqliteCounters(e.Q_FILE);
    const b = [{ key: 'shared', limit: parseLimit('100/min') }];
    process.stdout.write('ready\\n');
    await new Promise((r) => process.stdin.once('data', r));
    const rs = await Promise.all(Array.from({ length: Number(e.Q_COUNT) }, () => store.take(b, Number(e.Q_NOW))));
    process.stdout.write(rs.filter((r) => r.ok).length + '\\n');
    await store.close();
    process.exit(0);`;
  const children = Array.from({ length: processes }, () =>
    spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repoRoot,
      env: { ...process.env, ...env, Q_COUNT: String(count), Q_NOW: String(now) },
      stdio: ['pipe', 'pipe', 'pipe'],
    }),
  );
  const lines = children.map((c) => {
    let out = '';
    let err = '';
    c.stderr.on('data', (d) => (err += d));
    const ready = new Promise<void>((resolve, reject) => {
      c.stdout.on('data', (d) => {
        out += d;
        if (out.startsWith('ready\n')) resolve();
      });
      c.on('exit', (code) => reject(new Error(`worker exited (${code}) before ready: ${err}`)));
    });
    const done = new Promise<number>((resolve, reject) => c.on('exit', (code) => (code === 0 ? resolve(Number(out.split('\n')[1])) : reject(new Error(`worker exited ${code}: ${err}`)))));
    return { ready, done };
  });
  await Promise.all(lines.map((l) => l.ready));
  for (const c of children) c.stdin.end('go\n'); // released together
  return Promise.all(lines.map((l) => l.done));
}

/** Median milliseconds per take over 1,000 sequential takes. */
async function medianTakeMs(store: CounterStore): Promise<number> {
  const b = [bucket('bench', '1000000/min')];
  const times: number[] = [];
  for (let i = 0; i < 1_000; i++) {
    const t0 = performance.now();
    const r = await store.take(b);
    times.push(performance.now() - t0);
    expect(r.ok).toBe(true);
  }
  times.sort((a, b) => a - b);
  return times[500]!;
}

describe('SqliteCounters', () => {
  describe('semantics', () => semantics(async () => new SqliteCounters(path.join(dir, 'semantics.db'))));

  it('two processes sharing the file, 300 concurrent takes against 100: exactly 100 admitted', async () => {
    const file = path.join(dir, 'shared.db');
    const now = minuteStart() + 1_000;
    const admitted = await takeFromProcesses(2, 150, { Q_FILE: file }, now);
    expect(admitted.reduce((a, b) => a + b)).toBe(100);
    const store = new SqliteCounters(file);
    expect(await store.usage([bucket('shared', '100/min')], now)).toMatchObject([{ used: 100 }]);
    await store.close();
  });

  it('prunes counters of windows that have ended', async () => {
    const file = path.join(dir, 'prune.db');
    const store = new SqliteCounters(file);
    const t = minuteStart();
    await store.take([bucket('a', '5/min'), bucket('a', '5/day')], t);
    await store.take([bucket('b', '5/min')], t + 2 * MIN);
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT key, window_ms FROM quota_counters ORDER BY key, window_ms').all()).toEqual([
      { key: 'a', window_ms: 86_400_000 },
      { key: 'b', window_ms: MIN },
    ]);
    db.close();
    await store.close();
  });

  it('a file it cannot open is QuotaUnavailable', () => {
    expect(() => new SqliteCounters(dir)).toThrow(QuotaUnavailable);
  });

  it('measures the cost of a take', async () => {
    const store = new SqliteCounters(path.join(dir, 'bench.db'));
    const ms = await medianTakeMs(store);
    console.log(`SQLite: median ${(ms * 1000).toFixed(0)} µs per take over 1,000 sequential takes`);
    await store.close();
  });
});

describe('RedisCounters (real redis-server)', () => {
  describe('semantics', () => semantics(() => RedisCounters.connect(redis.url, { prefix: 'semantics' })));

  it('two processes, 150 concurrent takes each against 100: exactly 100 admitted', async () => {
    // one instant for the takes and the read: a minute may turn between them
    const now = minuteStart() + 1_000;
    const admitted = await takeFromProcesses(2, 150, { Q_REDIS: redis.url, Q_PREFIX: 'procs' }, now);
    expect(admitted.reduce((a, b) => a + b)).toBe(100);
    const store = await RedisCounters.connect(redis.url, { prefix: 'procs' });
    expect(await store.usage([bucket('shared', '100/min')], now)).toMatchObject([{ used: 100 }]);
    await store.close();
  });

  it('outage: fails fast with QuotaUnavailable, recovers on its own, and counts only the takes that succeeded', async () => {
    const store = await RedisCounters.connect(redis.url, { prefix: 'outage' });
    const b = [bucket('token:ci', '1000/hour')];
    for (let i = 0; i < 10; i++) expect((await store.take(b)).ok).toBe(true);
    await redis.stop();
    for (let i = 0; i < 5; i++) {
      const t0 = Date.now();
      await expect(store.take(b)).rejects.toBeInstanceOf(QuotaUnavailable);
      expect(Date.now() - t0).toBeLessThan(500); // at once: not queued until the 1 s command timeout
    }
    await expect(store.usage(b)).rejects.toBeInstanceOf(QuotaUnavailable);
    await redis.restart();
    const deadline = Date.now() + 5_000;
    let used: number | undefined;
    while (used === undefined && Date.now() < deadline) {
      used = await store.usage(b).then(
        (u) => u[0]!.used,
        () => new Promise<undefined>((r) => setTimeout(() => r(undefined), 50)),
      );
    }
    expect(used).toBe(10); // the 5 refused during the outage were not replayed
    // the restarted server has no cached script: EVALSHA falls back to EVAL
    expect(await store.take(b)).toMatchObject({ ok: true, usage: [{ used: 11 }] });
    await store.close();
  });

  it('a server that stops answering: QuotaUnavailable after the command timeout, then works again', async () => {
    const store = await RedisCounters.connect(redis.url, { prefix: 'hung', commandTimeoutMs: 500 });
    const b = [bucket('token:ci', '1000/hour')];
    expect((await store.take(b)).ok).toBe(true);
    redis.pause();
    try {
      const t0 = Date.now();
      await expect(store.take(b)).rejects.toThrow(new QuotaUnavailable('Redis: no answer within 500 ms'));
      expect(Date.now() - t0).toBeLessThan(1_500);
      await expect(store.take(b)).rejects.toBeInstanceOf(QuotaUnavailable);
    } finally {
      redis.resume();
    }
    const deadline = Date.now() + 5_000;
    let r = await store.take(b).catch(() => undefined);
    while (!r && Date.now() < deadline) {
      await new Promise((res) => setTimeout(res, 50));
      r = await store.take(b).catch(() => undefined);
    }
    // The unanswered take had reached Redis and may run once it resumes: counted once at most, never replayed.
    expect(r?.ok && r.usage[0]!.used).toBeGreaterThanOrEqual(2);
    expect(r?.ok && r.usage[0]!.used).toBeLessThanOrEqual(3);
    await store.close();
  });

  it('connect() gives up with QuotaUnavailable when nothing answers', async () => {
    const t0 = Date.now();
    await expect(RedisCounters.connect('redis://127.0.0.1:1', { connectTimeoutMs: 300 })).rejects.toThrow(new QuotaUnavailable('cannot connect to Redis: no answer within 300 ms'));
    expect(Date.now() - t0).toBeLessThan(1_500);
  });

  it('measures the cost of a take', async () => {
    const store = await RedisCounters.connect(redis.url, { prefix: 'bench' });
    const ms = await medianTakeMs(store);
    console.log(`Redis: median ${(ms * 1000).toFixed(0)} µs per take over 1,000 sequential takes (loopback)`);
    await store.close();
  });
});
