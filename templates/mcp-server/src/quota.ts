/**
 * Call quotas and rate limits shared by every replica of this server: counters in Redis
 * (MCP_REDIS_URL) or in a local SQLite file (several processes on one machine).
 *
 * Windows are fixed and aligned to their length in UTC (minute windows start at :00, day windows
 * at midnight UTC): a limit of 60/min admits at most 60 calls between 12:00:00 and 12:00:59.999,
 * which is easy to explain and to check; a burst across a boundary may see up to twice the limit
 * within one window's length.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** A number of calls per window. */
export interface Limit {
  count: number;
  windowMs: number;
  /** Canonical text, e.g. "1000/day". */
  label: string;
}

const UNITS: Record<string, { ms: number; name: string }> = {
  s: { ms: 1_000, name: 'second' },
  sec: { ms: 1_000, name: 'second' },
  second: { ms: 1_000, name: 'second' },
  min: { ms: 60_000, name: 'min' },
  minute: { ms: 60_000, name: 'min' },
  h: { ms: 3_600_000, name: 'hour' },
  hour: { ms: 3_600_000, name: 'hour' },
  d: { ms: 86_400_000, name: 'day' },
  day: { ms: 86_400_000, name: 'day' },
};
const MAX_COUNT = 1_000_000_000;

/** "60/min", "60/minute", "500/hour", "1000/day", "10/s" (units: s|sec|second, min|minute, h|hour, d|day). */
export function parseLimit(text: string): Limit {
  const m = /^\s*(\d+)\s*\/\s*([a-z]+)\s*$/i.exec(text);
  if (!m) throw new Error(`invalid limit "${text}": expected <count>/<unit>, e.g. "60/min" or "1000/day"`);
  const count = Number(m[1]);
  const unit = UNITS[m[2]!.toLowerCase()];
  if (!unit) throw new Error(`invalid limit "${text}": unknown unit "${m[2]}" (use second, min, hour or day)`);
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_COUNT) {
    throw new Error(`invalid limit "${text}": the count must be a whole number from 1 to ${MAX_COUNT}`);
  }
  return { count, windowMs: unit.ms, label: `${count}/${unit.name}` };
}

/** One counter to charge: `key` names who and what (e.g. "token:ci-bot", "token:ci-bot|tool:listPets", "global"). */
export interface Bucket {
  key: string;
  limit: Limit;
}

export interface Usage {
  key: string;
  used: number;
  limit: string;
  /** End of the current window (ms since the epoch). */
  resetAt: number;
}

export type TakeResult = { ok: true; usage: Usage[] } | { ok: false; key: string; limit: string; used: number; resetAt: number; retryAfterMs: number };

/** All-or-nothing: either every bucket is charged one call, or none is (the first full one is reported). */
export interface CounterStore {
  take(buckets: Bucket[], now?: number): Promise<TakeResult>;
  /** Calls counted in the current windows, without charging. */
  usage(buckets: Bucket[], now?: number): Promise<Usage[]>;
  close(): Promise<void>;
}

/** The store cannot be reached or answered with an error: callers fail closed (or open, for read-only tools, if allowed). */
export class QuotaUnavailable extends Error {
  override name = 'QuotaUnavailable';
}

/** A bucket resolved to its current window. */
interface Window {
  key: string;
  limit: Limit;
  start: number;
  resetAt: number;
}

/**
 * The windows to charge. Buckets with the same key and window length share one counter (else a
 * call would be charged twice); the strictest count applies.
 */
function windows(buckets: Bucket[], now: number): Window[] {
  const byCounter = new Map<string, Window>();
  for (const { key, limit } of buckets) {
    const id = `${limit.windowMs}:${key}`;
    const seen = byCounter.get(id);
    if (seen && seen.limit.count <= limit.count) continue;
    const start = now - (now % limit.windowMs);
    byCounter.set(id, { key, limit, start, resetAt: start + limit.windowMs });
  }
  return [...byCounter.values()];
}

function refused(w: Window, used: number, now: number): TakeResult {
  return { ok: false, key: w.key, limit: w.limit.label, used, resetAt: w.resetAt, retryAfterMs: Math.max(0, w.resetAt - now) };
}

const usageOf = (w: Window, used: number): Usage => ({ key: w.key, used, limit: w.limit.label, resetAt: w.resetAt });

// better-sqlite3 through require and these few types: generated projects do not carry its
// type package, and servers without quotas never load the native module.
interface SqliteStatement {
  run(...params: unknown[]): unknown;
  get(...params: unknown[]): unknown;
}
interface SqliteDb {
  pragma(source: string): unknown;
  exec(source: string): unknown;
  prepare(source: string): SqliteStatement;
  transaction<A extends unknown[], R>(fn: (...args: A) => R): { immediate(...args: A): R };
  close(): unknown;
}
type SqliteOpen = new (file: string, options: { timeout: number }) => SqliteDb;

const BUSY_TIMEOUT_MS = 5_000;
const PRUNE_EVERY_MS = 60_000;

/** Counters in a SQLite file: one row per (key, window length, window start). */
export class SqliteCounters implements CounterStore {
  private readonly db: SqliteDb;
  private readonly select: SqliteStatement;
  private readonly increment: SqliteStatement;
  private readonly prune: SqliteStatement;
  private readonly takeTx: (ws: Window[], now: number) => TakeResult;
  private prunedAt = 0;

  constructor(private readonly file: string) {
    this.db = retryBusy(() => {
      const Database = createRequire(import.meta.url)('better-sqlite3') as SqliteOpen;
      if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      const db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
      try {
        // WAL: readers never wait for the writer; NORMAL: no fsync per call (a power cut may lose the last counts).
        db.pragma('journal_mode = WAL');
        db.pragma('synchronous = NORMAL');
        db.exec(`CREATE TABLE IF NOT EXISTS quota_counters (
          key TEXT NOT NULL, window_ms INTEGER NOT NULL, window_start INTEGER NOT NULL,
          count INTEGER NOT NULL, expires_at INTEGER NOT NULL,
          PRIMARY KEY (key, window_ms, window_start)) WITHOUT ROWID;
          CREATE INDEX IF NOT EXISTS quota_counters_expiry ON quota_counters (expires_at);`);
        return db;
      } catch (err) {
        db.close();
        throw err;
      }
    }, `cannot open the quota database ${file}`);
    this.select = this.db.prepare('SELECT count FROM quota_counters WHERE key = ? AND window_ms = ? AND window_start = ?');
    this.increment = this.db.prepare(
      `INSERT INTO quota_counters (key, window_ms, window_start, count, expires_at) VALUES (?, ?, ?, 1, ?)
       ON CONFLICT DO UPDATE SET count = count + 1 RETURNING count`,
    );
    this.prune = this.db.prepare('DELETE FROM quota_counters WHERE expires_at <= ?');
    // IMMEDIATE takes the write lock before reading, so two processes cannot both see room for the last call.
    const tx = this.db.transaction((ws: Window[], now: number): TakeResult => {
      for (const w of ws) {
        const used = this.count(w);
        if (used >= w.limit.count) return refused(w, used, now);
      }
      const usage = ws.map((w) => usageOf(w, (this.increment.get(w.key, w.limit.windowMs, w.start, w.resetAt) as { count: number }).count));
      if (now - this.prunedAt >= PRUNE_EVERY_MS) {
        this.prune.run(now);
        this.prunedAt = now;
      }
      return { ok: true, usage };
    });
    this.takeTx = (ws, now) => tx.immediate(ws, now);
  }

  private count(w: Window): number {
    const row = this.select.get(w.key, w.limit.windowMs, w.start) as { count: number } | undefined;
    return row?.count ?? 0;
  }

  async take(buckets: Bucket[], now = Date.now()): Promise<TakeResult> {
    const ws = windows(buckets, now);
    if (ws.length === 0) return { ok: true, usage: [] };
    return retryBusy(() => this.takeTx(ws, now), `quota database ${this.file}`);
  }

  async usage(buckets: Bucket[], now = Date.now()): Promise<Usage[]> {
    const ws = windows(buckets, now);
    return retryBusy(() => ws.map((w) => usageOf(w, this.count(w))), `quota database ${this.file}`);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/**
 * Runs `fn`, again after short pauses while SQLite reports a lock conflict it did not wait for
 * (switching a new file to WAL, WAL recovery); any failure becomes QuotaUnavailable.
 */
function retryBusy<T>(fn: () => T, what: string): T {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return fn();
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      const busy = typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
      const left = deadline - Date.now();
      if (busy && left > 0) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.min(left, 5 * 2 ** Math.min(attempt, 5) * (0.5 + Math.random())));
        continue;
      }
      throw new QuotaUnavailable(`${what}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }
}

/**
 * KEYS: one counter per window; ARGV: its limit and time to live, in pairs. Returns {0, used...}
 * when every counter was charged, or {i, used} for the first full one (nothing charged).
 */
const TAKE_SCRIPT = `
for i = 1, #KEYS do
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  if used >= tonumber(ARGV[2 * i - 1]) then return {i, used} end
end
local out = {0}
for i = 1, #KEYS do
  local used = redis.call('INCR', KEYS[i])
  if used == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[2 * i]) end
  out[i + 1] = used
end
return out`;
const TAKE_SHA = createHash('sha1').update(TAKE_SCRIPT).digest('hex');
// Counters outlive their window a little, for replicas whose clocks lag.
const EXPIRY_SLACK_MS = 5_000;

/** What this store uses of a node-redis client. */
interface RedisClient {
  readonly isOpen: boolean;
  readonly isReady: boolean;
  sendCommand(args: string[]): Promise<unknown>;
  close(): Promise<void>;
  destroy(): void;
}

export interface RedisOptions {
  /** connect() gives up after this long (default 2000 ms). */
  connectTimeoutMs?: number;
  /** A take or usage without an answer after this long fails (default 1000 ms). */
  commandTimeoutMs?: number;
  /** Prefix of every Redis key (default "mcp:quota"). */
  prefix?: string;
}

/** Counters in Redis, shared by every replica: `<prefix>:<key>:<window ms>:<window start>`. */
export class RedisCounters implements CounterStore {
  private client: RedisClient;

  private constructor(
    private readonly open: () => RedisClient,
    private readonly prefix: string,
    private readonly timeoutMs: number,
  ) {
    this.client = open();
  }

  /**
   * Connects, rejecting with QuotaUnavailable if Redis does not answer in time. Commands are
   * never queued while disconnected: they fail at once, so nothing is replayed after a
   * reconnection, which happens in the background.
   */
  static async connect(url: string, opts: RedisOptions = {}): Promise<RedisCounters> {
    const { createClient } = await import('@redis/client');
    const connectTimeoutMs = opts.connectTimeoutMs ?? 2_000;
    const open = (): RedisClient => {
      const client = createClient({
        url,
        disableOfflineQueue: true,
        socket: { connectTimeout: connectTimeoutMs, reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 1_000) },
      });
      // Errors reach callers through their commands; without a listener the client would throw.
      client.on('error', () => {});
      client.connect().catch(() => {}); // retries on its own until closed
      return client;
    };
    const store = new RedisCounters(open, opts.prefix ?? 'mcp:quota', opts.commandTimeoutMs ?? 1_000);
    const deadline = Date.now() + connectTimeoutMs;
    while (!store.client.isReady) {
      if (Date.now() > deadline) {
        await store.close();
        // The URL may hold a password: not in the message.
        throw new QuotaUnavailable(`cannot connect to Redis: no answer within ${connectTimeoutMs} ms`);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    return store;
  }

  private redisKey(w: Window): string {
    return `${this.prefix}:${w.key}:${w.limit.windowMs}:${w.start}`;
  }

  /**
   * One command, failing after `timeoutMs` even once written (node-redis's own timeout stops at
   * the write). A timeout drops the connection for a new one, since later commands would only
   * queue behind the unanswered one; a call that timed out may still be counted once if Redis
   * was merely slow, never twice.
   */
  private async send(args: string[]): Promise<unknown> {
    const client = this.client;
    const reply = client.sendCommand(args);
    reply.catch(() => {}); // may settle after the timeout
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`no answer within ${this.timeoutMs} ms`));
        if (this.client === client) {
          this.client = this.open();
          client.destroy();
        }
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([reply, timeout]);
    } catch (err) {
      throw new QuotaUnavailable(`Redis: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }

  async take(buckets: Bucket[], now = Date.now()): Promise<TakeResult> {
    const ws = windows(buckets, now);
    if (ws.length === 0) return { ok: true, usage: [] };
    const args = [String(ws.length), ...ws.map((w) => this.redisKey(w))];
    for (const w of ws) args.push(String(w.limit.count), String(w.resetAt - now + EXPIRY_SLACK_MS));
    let reply: unknown;
    try {
      reply = await this.send(['EVALSHA', TAKE_SHA, ...args]);
    } catch (err) {
      // Scripts are cached per server: send it again after a restart or SCRIPT FLUSH.
      if (!(err instanceof QuotaUnavailable && err.message.includes('NOSCRIPT'))) throw err;
      reply = await this.send(['EVAL', TAKE_SCRIPT, ...args]);
    }
    const r = reply as number[];
    if (r[0] !== 0) return refused(ws[r[0]! - 1]!, r[1]!, now);
    return { ok: true, usage: ws.map((w, i) => usageOf(w, r[i + 1]!)) };
  }

  async usage(buckets: Bucket[], now = Date.now()): Promise<Usage[]> {
    const ws = windows(buckets, now);
    if (ws.length === 0) return [];
    const counts = (await this.send(['MGET', ...ws.map((w) => this.redisKey(w))])) as Array<string | null>;
    return ws.map((w, i) => usageOf(w, Number(counts[i] ?? 0)));
  }

  async close(): Promise<void> {
    const client = this.client;
    if (client.isReady) await client.close().catch(() => client.destroy());
    else if (client.isOpen) client.destroy();
  }
}
