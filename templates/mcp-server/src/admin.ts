/**
 * The administration command line: issue, list, revoke and rotate server tokens, show their use
 * of the call quotas, and summarize the audit log. Exit codes: 0 done, 1 refused (unknown token,
 * taken name, unreadable log or counters), 2 usage error. Errors are one line on `err`; results
 * go to `out`.
 */
import { createReadStream, existsSync, mkdirSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { ServerData } from './model.js';
import { type Bucket, type CounterStore, type Limit, parseLimit, QuotaUnavailable, type Usage } from './quota.js';
import { parseDuration, tokenStatus, TokenStore, TOKEN_NAME, type TokenRecord } from './tokens.js';

export interface AdminContext {
  tokensFile: string;
  auditFile: string;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Who runs the command, recorded in the audit log (e.g. the operating-system user). */
  actor: string;
  /** The clock, for tests. */
  now?: () => number;
  /** Opens the counter store the server charges (Redis or the SQLite quota file); closed after each command. Without it, no usage is shown. */
  counters?: () => Promise<CounterStore>;
  /** server.json's default quotas: overall per caller (unless a token has its own), per tool, per toolset. */
  quotas?: ServerData['quotas'];
  /** The server-wide limit in calls per minute (MCP_RATE_LIMIT_PER_MINUTE). */
  perMinute?: number;
}

const USAGE: Record<string, string> = {
  'tokens create': 'tokens create --name NAME [--scopes a,b] [--toolsets x,y] [--classifications public,internal] [--quota 1000/day]... [--expires 30d]',
  'tokens list': 'tokens list [--json]',
  'tokens show': 'tokens show NAME [--json]',
  'tokens revoke': 'tokens revoke NAME',
  'tokens rotate': 'tokens rotate NAME [--grace 1h]',
  audit: 'audit [--since 1h] [--token NAME] [--json]',
  quota: 'quota [--token NAME] [--json]',
};

/** Validation only; the quota module parses these. */
const QUOTA = /^\d+\/(s|sec|second|min|minute|h|hour|day)$/;

/** Rotated audit files kept beside the current one (as audit.ts writes them). */
const ROTATED = 5;

class UsageError extends Error {}
/** A refusal: exit 1. */
class Refused extends Error {}

type FlagKind = 'value' | 'list' | 'repeat' | 'bool';

interface Parsed {
  positional: string[];
  flags: Map<string, string[]>;
}

/** `--flag value`, `--flag=value`; `list` flags split on commas, `repeat` flags may be given again. */
function parseFlags(command: string, argv: string[], spec: Record<string, FlagKind>): Parsed {
  const usage = `usage: ${USAGE[command]}`;
  const positional: string[] = [];
  const flags = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const flag = eq < 0 ? a.slice(2) : a.slice(2, eq);
    const kind = spec[flag];
    if (!kind) throw new UsageError(`${command}: unknown option '--${flag}' (${usage})`);
    let value: string | undefined;
    if (kind === 'bool') {
      if (eq >= 0) throw new UsageError(`${command}: --${flag} takes no value (${usage})`);
      value = '';
    } else {
      value = eq >= 0 ? a.slice(eq + 1) : argv[++i];
      if (value === undefined || (eq < 0 && value.startsWith('--'))) throw new UsageError(`${command}: --${flag} needs a value (${usage})`);
    }
    const seen = flags.get(flag);
    if (seen && kind !== 'repeat') throw new UsageError(`${command}: --${flag} is given twice (${usage})`);
    const values = kind === 'list' || kind === 'repeat' ? value.split(',').map((s) => s.trim()) : [value];
    if ((kind === 'list' || kind === 'repeat') && values.some((s) => s === '')) throw new UsageError(`${command}: --${flag} has an empty item in '${value}' (${usage})`);
    flags.set(flag, [...(seen ?? []), ...values]);
  }
  return { positional, flags };
}

function one(command: string, p: Parsed, what: string): string {
  if (p.positional.length !== 1)
    throw new UsageError(`${command}: expected one ${what}, got ${p.positional.length === 0 ? 'none' : p.positional.map((s) => `'${s}'`).join(' ')} (usage: ${USAGE[command]})`);
  return p.positional[0]!;
}

function none(command: string, p: Parsed): void {
  if (p.positional.length > 0) throw new UsageError(`${command}: unexpected argument '${p.positional[0]}' (usage: ${USAGE[command]})`);
}

function duration(command: string, flag: string, text: string): number {
  try {
    return parseDuration(text);
  } catch (e) {
    throw new UsageError(`${command}: --${flag}: ${(e as Error).message}`);
  }
}

function iso(ms: number | undefined): string | undefined {
  return ms === undefined ? undefined : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The record for people and scripts: times as ISO strings, plus the status. */
function view(r: TokenRecord, now: number): Record<string, unknown> {
  return {
    name: r.name,
    status: tokenStatus(r, now),
    scopes: r.scopes,
    toolsets: r.toolsets,
    classifications: r.classifications,
    quota: r.quota,
    expiresAt: iso(r.expiresAt),
    createdAt: iso(r.createdAt),
    lastUsedAt: iso(r.lastUsedAt),
    revokedAt: iso(r.revokedAt),
    rotatedAt: iso(r.rotatedAt),
    previousValidUntil: iso(r.previousValidUntil),
    uses: r.uses,
  };
}

/** Undefined lists mean "not limited". */
const all = (v: string[] | undefined): string => (v === undefined ? '*' : v.length === 0 ? '(none)' : v.join(','));

/** Columns padded to their widest cell; the last one unpadded. */
function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join('  '));
}

/** One administration action, appended like audit.ts appends (the file is shared); never the token. */
function record(ctx: AdminContext, now: number, outcome: string, args: Record<string, unknown>): void {
  const line = { time: new Date(now).toISOString(), caller: ctx.actor, via: 'admin', tool: '', toolVersion: '', arguments: args, outcome, durationMs: 0, responseBytes: 0 };
  appendFileSync(ctx.auditFile, JSON.stringify(line) + '\n', { mode: 0o600 });
}

/** Fails before the action when the audit log cannot be written: nothing happens unrecorded. */
function auditWritable(ctx: AdminContext): void {
  try {
    mkdirSync(path.dirname(ctx.auditFile), { recursive: true });
    appendFileSync(ctx.auditFile, '', { mode: 0o600 });
  } catch (e) {
    throw new Refused(`cannot write the audit log ${ctx.auditFile}: ${(e as Error).message}`);
  }
}

function openStore(ctx: AdminContext): TokenStore {
  try {
    return new TokenStore(ctx.tokensFile);
  } catch (e) {
    throw new Refused(`cannot open the token store ${ctx.tokensFile}: ${(e as Error).message}`);
  }
}

/** Store errors (unknown name, taken name, revoked) are refusals. */
function storeCall<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw new Refused((e as Error).message);
  }
}

/** A counter's current use, for output; `default` marks an overall limit from server.json rather than the token's own. */
interface Counted {
  counter: string;
  key: string;
  used: number;
  limit: string;
  resetAt: number;
  default?: true;
}

const who = (r: TokenRecord): string => `token:${r.name}`;

function limits(texts: string[] | undefined, where: string): Limit[] {
  return (texts ?? []).map((t) => {
    try {
      return parseLimit(t);
    } catch (e) {
      throw new Error(`${where}: ${(e as Error).message}`);
    }
  });
}

/** A token's overall counters, keyed as Limits.buckets charges a server token: its own quota replaces perCaller. */
function overallBuckets(r: TokenRecord, quotas: ServerData['quotas']): Bucket[] {
  const own = r.quota !== undefined;
  return limits(own ? r.quota : quotas?.perCaller, own ? `token '${r.name}' quota` : 'server.json quotas.perCaller').map((limit) => ({ key: who(r), limit }));
}

/** Every counter a token's calls may be charged to (all tools and toolsets with limits, not knowing which it calls). */
function tokenBuckets(r: TokenRecord, quotas: ServerData['quotas']): Bucket[] {
  const per = (kind: 'tool' | 'toolset', map: Record<string, string[]> | undefined): Bucket[] =>
    Object.entries(map ?? {}).flatMap(([name, l]) => limits(l, `server.json quotas.${kind}s.${name}`).map((limit) => ({ key: `${who(r)}|${kind}:${name}`, limit })));
  return [...overallBuckets(r, quotas), ...per('tool', quotas?.tools), ...per('toolset', quotas?.toolsets)];
}

/** The token's share of `usage`, labelled overall, tool:NAME or toolset:NAME. */
function countedFor(r: TokenRecord, usage: Usage[]): Counted[] {
  const key = who(r);
  return usage
    .filter((u) => u.key === key || u.key.startsWith(`${key}|`))
    .map((u) => ({
      counter: u.key === key ? 'overall' : u.key.slice(key.length + 1),
      key: u.key,
      used: u.used,
      limit: u.limit,
      resetAt: u.resetAt,
      ...(u.key === key && r.quota === undefined ? { default: true as const } : {}),
    }));
}

/** Read-only: nothing is charged. Closed at once: an open Redis client would keep the process alive. */
async function readCounters(open: () => Promise<CounterStore>, buckets: Bucket[], now: number): Promise<Usage[]> {
  if (buckets.length === 0) return [];
  const store = await open();
  try {
    return await store.usage(buckets, now);
  } finally {
    await store.close().catch(() => {});
  }
}

const unreadable = (e: unknown): string => (e instanceof QuotaUnavailable ? `the quota counters cannot be read (${e.message})` : e instanceof Error ? e.message : String(e));

const countedJson = (c: Counted): Record<string, unknown> => ({ counter: c.counter, key: c.key, used: c.used, limit: c.limit, resetAt: iso(c.resetAt), ...(c.default ? { default: true } : {}) });
const limitCell = (c: Counted): string => (c.default ? `${c.limit} (default)` : c.limit);

async function tokens(sub: string | undefined, rest: string[], ctx: AdminContext, now: number): Promise<number> {
  const command = `tokens ${sub ?? ''}`.trim();
  if (sub === undefined || !USAGE[command])
    throw new UsageError(
      `unknown command '${command}' (commands: ${Object.keys(USAGE)
        .filter((k) => k.startsWith('tokens '))
        .join(', ')})`,
    );
  switch (sub) {
    case 'create': {
      const p = parseFlags(command, rest, { name: 'value', scopes: 'list', toolsets: 'list', classifications: 'list', quota: 'repeat', expires: 'value' });
      none(command, p);
      const name = p.flags.get('name')?.[0];
      if (name === undefined) throw new UsageError(`${command}: --name is required (usage: ${USAGE[command]})`);
      if (!TOKEN_NAME.test(name)) throw new UsageError(`${command}: '${name}' is not a valid token name (1 to 64 of A-Z a-z 0-9 . _ -)`);
      const quota = p.flags.get('quota');
      const bad = quota?.find((q) => !QUOTA.test(q));
      if (bad !== undefined) throw new UsageError(`${command}: --quota '${bad}' is not a limit like 1000/day or 60/min (units: s, sec, second, min, minute, h, hour, day)`);
      // e.g. 0/min: the server could not parse it, and every call of the token would fail.
      for (const q of quota ?? []) {
        try {
          parseLimit(q);
        } catch (e) {
          throw new UsageError(`${command}: --quota: ${(e as Error).message}`);
        }
      }
      const expires = p.flags.get('expires')?.[0];
      const expiresInMs = expires === undefined ? undefined : duration(command, 'expires', expires);
      if (expiresInMs === 0) throw new UsageError(`${command}: --expires must be longer than 0`);
      const opts = {
        name,
        scopes: p.flags.get('scopes'),
        toolsets: p.flags.get('toolsets'),
        classifications: p.flags.get('classifications'),
        quota,
        expiresInMs,
      };
      auditWritable(ctx);
      const store = openStore(ctx);
      try {
        const { token, record: r } = storeCall(() => store.create(opts, now));
        record(ctx, now, 'token_created', { name, scopes: r.scopes, toolsets: r.toolsets, classifications: r.classifications, quota: r.quota, expiresAt: iso(r.expiresAt) });
        // stdout carries the token alone, so `TOKEN=$(… tokens create …)` captures exactly it.
        ctx.out(token);
        ctx.err(
          `created token '${name}' (scopes ${all(r.scopes)}; toolsets ${all(r.toolsets)}; classifications ${all(r.classifications)}; quota ${r.quota?.join(',') ?? 'none'}; expires ${iso(r.expiresAt) ?? 'never'})`,
        );
        ctx.err('store it now: it cannot be shown again (only its hash is kept)');
        return 0;
      } finally {
        store.close();
      }
    }
    case 'list': {
      const p = parseFlags(command, rest, { json: 'bool' });
      none(command, p);
      const store = openStore(ctx);
      try {
        const list = store.list();
        if (p.flags.has('json'))
          ctx.out(
            JSON.stringify(
              list.map((r) => view(r, now)),
              null,
              2,
            ),
          );
        else if (list.length === 0) ctx.out('no tokens');
        else {
          const rows = [['NAME', 'STATUS', 'SCOPES', 'TOOLSETS', 'CLASSIFICATIONS', 'QUOTA', 'EXPIRES', 'CREATED', 'LAST USED', 'USES']];
          for (const r of list)
            rows.push([
              r.name,
              tokenStatus(r, now),
              all(r.scopes),
              all(r.toolsets),
              all(r.classifications),
              r.quota?.join(',') ?? '-',
              iso(r.expiresAt) ?? 'never',
              iso(r.createdAt)!,
              iso(r.lastUsedAt) ?? 'never',
              String(r.uses),
            ]);
          for (const line of table(rows)) ctx.out(line);
        }
        return 0;
      } finally {
        store.close();
      }
    }
    case 'show': {
      const p = parseFlags(command, rest, { json: 'bool' });
      const name = one(command, p, 'token name');
      const store = openStore(ctx);
      try {
        const r = store.show(name);
        if (!r) throw new Refused(`no token named '${name}'`);
        // undefined: no counter store in this context; null: it could not be read (the record still shows).
        let usage: Counted[] | null | undefined;
        if (ctx.counters) {
          try {
            usage = countedFor(r, await readCounters(ctx.counters, tokenBuckets(r, ctx.quotas), now));
          } catch (e) {
            usage = null;
            ctx.err(`usage not shown: ${unreadable(e)}`);
          }
        }
        if (p.flags.has('json')) {
          ctx.out(JSON.stringify({ ...view(r, now), ...(usage !== undefined ? { usage: usage?.map(countedJson) ?? null } : {}) }, null, 2));
          return 0;
        }
        const lines: [string, string][] = [
          ['name', r.name],
          ['status', tokenStatus(r, now)],
          ['scopes', all(r.scopes)],
          ['toolsets', all(r.toolsets)],
          ['classifications', all(r.classifications)],
          ['quota', r.quota?.join(',') ?? '-'],
          ['expires', iso(r.expiresAt) ?? 'never'],
          ['created', iso(r.createdAt)!],
          ['last used', iso(r.lastUsedAt) ?? 'never'],
          ['uses', String(r.uses)],
        ];
        if (r.rotatedAt !== undefined) lines.push(['rotated', `${iso(r.rotatedAt)} (previous secret valid until ${iso(r.previousValidUntil)})`]);
        if (r.revokedAt !== undefined) lines.push(['revoked', iso(r.revokedAt)!]);
        if (usage?.length === 0) lines.push(['usage', 'no quotas apply']);
        for (const [k, v] of lines) ctx.out(`${`${k}:`.padEnd(17)}${v}`);
        if (usage && usage.length > 0) {
          ctx.out('usage:');
          for (const line of table([['  COUNTER', 'USED', 'LIMIT', 'RESETS AT'], ...usage.map((c) => [`  ${c.counter}`, String(c.used), limitCell(c), iso(c.resetAt)!])])) ctx.out(line);
        }
        return 0;
      } finally {
        store.close();
      }
    }
    case 'revoke': {
      const p = parseFlags(command, rest, {});
      const name = one(command, p, 'token name');
      auditWritable(ctx);
      const store = openStore(ctx);
      try {
        const before = store.show(name);
        if (!before) throw new Refused(`no token named '${name}'`);
        if (before.revokedAt !== undefined) {
          ctx.out(`token '${name}' was already revoked at ${iso(before.revokedAt)}`);
          return 0;
        }
        const r = storeCall(() => store.revoke(name, now));
        record(ctx, now, 'token_revoked', { name });
        ctx.out(`revoked token '${name}' at ${iso(r.revokedAt)}`);
        return 0;
      } finally {
        store.close();
      }
    }
    case 'rotate': {
      const p = parseFlags(command, rest, { grace: 'value' });
      const name = one(command, p, 'token name');
      const grace = p.flags.get('grace')?.[0];
      // An hour lets clients switch over; after a leak, rotate with --grace 0.
      const graceMs = grace === undefined ? 3_600_000 : duration(command, 'grace', grace);
      auditWritable(ctx);
      const store = openStore(ctx);
      try {
        const { token, record: r } = storeCall(() => store.rotate(name, graceMs, now));
        record(ctx, now, 'token_rotated', { name, graceMs, previousValidUntil: iso(r.previousValidUntil) });
        ctx.out(token);
        ctx.err(`rotated token '${name}': the previous secret ${graceMs === 0 ? 'no longer works' : `stays valid until ${iso(r.previousValidUntil)}`}`);
        ctx.err('store it now: it cannot be shown again (only its hash is kept)');
        return 0;
      } finally {
        store.close();
      }
    }
    default:
      throw new UsageError(`unknown command '${command}'`);
  }
}

/** Median (mean of the middle two) and 95th percentile (nearest rank) of sorted numbers. */
function percentiles(sorted: number[]): { median: number; p95: number } | undefined {
  const n = sorted.length;
  if (n === 0) return undefined;
  const median = n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  return { median, p95: sorted[Math.ceil(0.95 * n) - 1]! };
}

function countBy(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** Most frequent first, then by name. */
function ranked(map: Map<string, number>): [string, number][] {
  return [...map].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

async function audit(rest: string[], ctx: AdminContext, now: number): Promise<number> {
  const command = 'audit';
  const p = parseFlags(command, rest, { since: 'value', token: 'value', json: 'bool' });
  none(command, p);
  const since = p.flags.get('since')?.[0];
  const from = since === undefined ? undefined : now - duration(command, 'since', since);
  const token = p.flags.get('token')?.[0];
  // Oldest first: .5 … .1, then the current file.
  const files = [...Array.from({ length: ROTATED }, (_, i) => `${ctx.auditFile}.${ROTATED - i}`), ctx.auditFile].filter((f) => existsSync(f));
  if (files.length === 0) throw new Refused(`no audit log at ${ctx.auditFile}`);

  let malformed = 0;
  let calls = 0;
  let first: number | undefined;
  let last: number | undefined;
  const outcomes = new Map<string, number>();
  const tools = new Map<string, number>();
  const callers = new Map<string, number>();
  const admin = new Map<string, number>();
  const durations: number[] = [];
  for (const file of files) {
    // Streamed: rotated logs may be tens of megabytes each.
    const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
    for await (const line of lines) {
      if (line.trim() === '') continue;
      let e: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(line);
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        e = parsed as Record<string, unknown>;
      } catch {
        malformed++;
        continue;
      }
      const time = typeof e.time === 'string' ? Date.parse(e.time) : NaN;
      if (Number.isNaN(time)) {
        malformed++;
        continue;
      }
      if (from !== undefined && time < from) continue;
      if (e.via === 'admin') {
        // Administration of a token is part of its history.
        const args = e.arguments as Record<string, unknown> | null | undefined;
        if (token !== undefined && args?.name !== token) continue;
        countBy(admin, String(e.outcome));
        continue;
      }
      if (token !== undefined && e.caller !== token) continue;
      calls++;
      first = first === undefined ? time : Math.min(first, time);
      last = last === undefined ? time : Math.max(last, time);
      countBy(outcomes, String(e.outcome ?? '(none)'));
      countBy(tools, typeof e.tool === 'string' && e.tool !== '' ? e.tool : '(none)');
      countBy(callers, String(e.caller ?? '(none)'));
      if (typeof e.durationMs === 'number' && Number.isFinite(e.durationMs)) durations.push(e.durationMs);
    }
  }
  const stats = percentiles(durations.sort((a, b) => a - b));

  if (p.flags.has('json')) {
    ctx.out(
      JSON.stringify(
        {
          files: files.map((f) => path.basename(f)),
          ...(since !== undefined ? { since: iso(from) } : {}),
          ...(token !== undefined ? { token } : {}),
          calls,
          from: iso(first) ?? null,
          to: iso(last) ?? null,
          durationMs: stats ?? null,
          outcomes: Object.fromEntries(ranked(outcomes)),
          tools: Object.fromEntries(ranked(tools)),
          callers: Object.fromEntries(ranked(callers)),
          admin: Object.fromEntries(ranked(admin)),
          malformed,
        },
        null,
        2,
      ),
    );
    return 0;
  }
  const scope = [since !== undefined ? `since ${iso(from)}` : '', token !== undefined ? `token '${token}'` : ''].filter(Boolean).join(', ');
  ctx.out(`${calls} call${calls === 1 ? '' : 's'}${scope ? ` (${scope})` : ''}${first !== undefined ? ` from ${iso(first)} to ${iso(last)}` : ''}`);
  if (stats) ctx.out(`duration: median ${stats.median} ms, p95 ${stats.p95} ms`);
  const section = (title: string, map: Map<string, number>): void => {
    if (map.size === 0) return;
    ctx.out(`${title}:`);
    for (const line of table(ranked(map).map(([k, n]) => [`  ${k}`, String(n)]))) ctx.out(line);
  };
  section('by outcome', outcomes);
  section('by tool', tools);
  section('by caller', callers);
  section('administration', admin);
  ctx.out(`read ${files.map((f) => path.basename(f)).join(', ')}${malformed > 0 ? `; skipped ${malformed} malformed line${malformed === 1 ? '' : 's'}` : ''}`);
  return 0;
}

/** The server-wide limit's use and each token's overall use; unlike `tokens show`, an unreadable store is a refusal. */
async function quota(rest: string[], ctx: AdminContext, now: number): Promise<number> {
  const command = 'quota';
  const p = parseFlags(command, rest, { token: 'value', json: 'bool' });
  none(command, p);
  const name = p.flags.get('token')?.[0];
  const store = openStore(ctx);
  let list: TokenRecord[];
  try {
    if (name === undefined) list = store.list();
    else {
      const r = store.show(name);
      if (!r) throw new Refused(`no token named '${name}'`);
      list = [r];
    }
  } finally {
    store.close();
  }
  if (!ctx.counters) throw new Refused('no quota counter store is configured');
  const global: Bucket[] = ctx.perMinute === undefined ? [] : [{ key: 'global', limit: parseLimit(`${ctx.perMinute}/min`) }];
  let usage: Usage[];
  try {
    // One read for everything: a single MGET on Redis.
    usage = await readCounters(ctx.counters, [...global, ...list.flatMap((r) => overallBuckets(r, ctx.quotas))], now);
  } catch (e) {
    throw new Refused(unreadable(e));
  }
  const g = usage.find((u) => u.key === 'global');
  const rows = list.map((r) => ({ r, counted: countedFor(r, usage) }));

  if (p.flags.has('json')) {
    ctx.out(
      JSON.stringify(
        {
          ...(g ? { global: { key: g.key, used: g.used, limit: g.limit, resetAt: iso(g.resetAt) } } : {}),
          tokens: rows.map(({ r, counted }) => ({ name: r.name, status: tokenStatus(r, now), usage: counted.map(countedJson) })),
        },
        null,
        2,
      ),
    );
    return 0;
  }
  if (g) ctx.out(`global (all callers): ${g.used} used of ${g.limit}, resets at ${iso(g.resetAt)}`);
  if (rows.length === 0) {
    ctx.out('no tokens');
    return 0;
  }
  const cells = [['TOKEN', 'STATUS', 'USED', 'LIMIT', 'RESETS AT']];
  for (const { r, counted } of rows) {
    const status = tokenStatus(r, now);
    if (counted.length === 0) cells.push([r.name, status, '-', 'none', '-']);
    for (const c of counted) cells.push([r.name, status, String(c.used), limitCell(c), iso(c.resetAt)!]);
  }
  for (const line of table(cells)) ctx.out(line);
  return 0;
}

/** Runs one administration command; resolves to the exit code. */
export async function runAdmin(argv: string[], ctx: AdminContext): Promise<number> {
  const now = ctx.now?.() ?? Date.now();
  try {
    const [command, sub, ...rest] = argv;
    if (command === 'help' || command === '--help' || command === '-h') {
      for (const u of Object.values(USAGE)) ctx.out(`usage: ${u}`);
      return 0;
    }
    if (command === 'tokens') return await tokens(sub, rest, ctx, now);
    if (command === 'audit') return await audit(argv.slice(1), ctx, now);
    if (command === 'quota') return await quota(argv.slice(1), ctx, now);
    throw new UsageError(
      command === undefined ? 'no command given (commands: tokens, audit, quota; help lists them all)' : `unknown command '${command}' (commands: tokens, audit, quota; help lists them all)`,
    );
  } catch (e) {
    if (e instanceof UsageError) {
      ctx.err(e.message);
      return 2;
    }
    ctx.err(e instanceof Error ? e.message : String(e));
    return 1;
  }
}
