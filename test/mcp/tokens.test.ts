/** Server-issued tokens (templates/mcp-server/src/tokens.ts) and the administration command line (admin.ts). */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AdminContext, runAdmin } from '../../templates/mcp-server/src/admin.js';
import { serverTokenCaller } from '../../templates/mcp-server/src/gate.js';
import { Limits } from '../../templates/mcp-server/src/limits.js';
import { type CounterStore, QuotaUnavailable, SqliteCounters } from '../../templates/mcp-server/src/quota.js';
import { looksLikeServerToken, parseDuration, type TokenRecord, TokenStore } from '../../templates/mcp-server/src/tokens.js';

const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

let dir: string;
let file: string;
const open: TokenStore[] = [];
const store = (f = file): TokenStore => {
  const s = new TokenStore(f);
  open.push(s);
  return s;
};

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'apictl-tokens-'));
  file = path.join(dir, 'data', 'tokens.db');
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
  rmSync(dir, { recursive: true, force: true });
});

const mode = (f: string): number => statSync(f).mode & 0o777;

describe('TokenStore', () => {
  it('issues high-entropy, prefixed, base64url tokens', () => {
    const s = store();
    const tokens = Array.from({ length: 20 }, (_, i) => s.create({ name: `t${i}` }, T0).token);
    expect(new Set(tokens).size).toBe(20);
    for (const t of tokens) {
      expect(t).toMatch(/^mcpt_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(t.slice(5), 'base64url')).toHaveLength(32);
      expect(looksLikeServerToken(t)).toBe(true);
    }
    // A JWT is not one of ours; a malformed mcpt_ token is (and verifies as unknown).
    expect(looksLikeServerToken('eyJhbGciOiJSUzI1NiJ9.e30.sig')).toBe(false);
    expect(looksLikeServerToken('mcpt_short')).toBe(true);
    expect(s.verify('mcpt_short', T0)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('keeps no token on disk, only hashes, in owner-only files', () => {
    const s = store();
    const issued = [s.create({ name: 'a', scopes: ['pets:read'] }, T0).token, s.create({ name: 'b' }, T0).token];
    issued.push(s.rotate('a', HOUR, T0).token);
    expect(s.verify(issued[2]!, T0).ok).toBe(true);
    expect(mode(file)).toBe(0o600);
    expect(mode(`${file}-wal`)).toBe(0o600);
    const bytes = (): Buffer => Buffer.concat([file, `${file}-wal`, `${file}-shm`].filter((f) => existsSync(f)).map((f) => readFileSync(f)));
    const check = (raw: Buffer): void => {
      expect(raw.includes('pets:read')).toBe(true); // the search itself works
      for (const t of issued) {
        expect(raw.includes(t)).toBe(false);
        expect(raw.includes(t.slice(5))).toBe(false);
        expect(raw.includes(Buffer.from(t.slice(5), 'base64url'))).toBe(false);
      }
    };
    check(bytes()); // with the write-ahead log
    s.close();
    open.length = 0;
    check(readFileSync(file)); // after the checkpoint
  });

  it('tightens an existing file to 0600 and creates the schema at user_version 1', () => {
    const f = path.join(dir, 'loose.db');
    writeFileSync(f, '');
    chmodSync(f, 0o644);
    store(f).close();
    open.length = 0;
    expect(mode(f)).toBe(0o600);
    const db = new Database(f);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const cols = (db.prepare('PRAGMA table_info(tokens)').all() as { name: string }[]).map((c) => c.name);
    expect(cols).toEqual([
      'name',
      'hash',
      'previous_hash',
      'previous_valid_until',
      'scopes',
      'toolsets',
      'classifications',
      'quota',
      'expires_at',
      'created_at',
      'last_used_at',
      'revoked_at',
      'rotated_at',
      'uses',
    ]);
    db.pragma('user_version = 99');
    db.close();
    expect(() => new TokenStore(f)).toThrow(/schema 99, newer than this server knows \(1\)/);
  });

  it('verifies: ok (counting uses), unknown, revoked, expired', () => {
    const s = store();
    const { token, record } = s.create({ name: 'ci-bot', scopes: ['a', 'b'], toolsets: ['pets'], classifications: ['public', 'internal'], quota: ['1000/day', '60/min'], expiresInMs: DAY }, T0);
    expect(record).toEqual({
      name: 'ci-bot',
      scopes: ['a', 'b'],
      toolsets: ['pets'],
      classifications: ['public', 'internal'],
      quota: ['1000/day', '60/min'],
      expiresAt: T0 + DAY,
      createdAt: T0,
      uses: 0,
    });
    const first = s.verify(token, T0 + 1000);
    expect(first).toEqual({ ok: true, record: { ...record, lastUsedAt: T0 + 1000, uses: 1 } });
    expect(s.verify(token, T0 + 2000)).toMatchObject({ ok: true, record: { lastUsedAt: T0 + 2000, uses: 2 } });
    expect(s.show('ci-bot')).toMatchObject({ lastUsedAt: T0 + 2000, uses: 2 });
    // Refusals are not counted as uses.
    expect(s.verify(token, T0 + DAY)).toEqual({ ok: false, reason: 'expired' });
    expect(s.verify(token, T0 + DAY - 1)).toMatchObject({ ok: true, record: { uses: 3 } });
    const other = 'mcpt_' + Buffer.alloc(32, 7).toString('base64url');
    expect(s.verify(other, T0)).toEqual({ ok: false, reason: 'unknown' });
    expect(s.verify('', T0)).toEqual({ ok: false, reason: 'unknown' });
    expect(s.verify(token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), T0)).toEqual({ ok: false, reason: 'unknown' });

    expect(s.revoke('ci-bot', T0 + 5000)).toMatchObject({ revokedAt: T0 + 5000, uses: 3 });
    expect(s.verify(token, T0 + 5001)).toEqual({ ok: false, reason: 'revoked' });
    expect(s.revoke('ci-bot', T0 + 9000).revokedAt).toBe(T0 + 5000); // revoking twice keeps the first time
    expect(() => s.revoke('nobody')).toThrow("no token named 'nobody'");
  });

  it('sees a revocation made through another connection (the admin command is another process)', () => {
    const server = store();
    const admin = store();
    const { token } = admin.create({ name: 'x' }, T0);
    expect(server.verify(token, T0).ok).toBe(true);
    admin.revoke('x', T0 + 1);
    expect(server.verify(token, T0 + 2)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('rotates: both secrets valid within the grace period, only the new one after', () => {
    const s = store();
    const { token: old } = s.create({ name: 'r', scopes: ['s'], expiresInMs: 30 * DAY }, T0);
    const { token: fresh, record } = s.rotate('r', HOUR, T0 + MIN);
    expect(fresh).not.toBe(old);
    expect(record).toEqual({ name: 'r', scopes: ['s'], expiresAt: T0 + 30 * DAY, createdAt: T0, rotatedAt: T0 + MIN, previousValidUntil: T0 + MIN + HOUR, uses: 0 });
    expect(s.verify(old, T0 + MIN + HOUR - 1)).toMatchObject({ ok: true, record: { name: 'r' } });
    expect(s.verify(fresh, T0 + MIN + HOUR - 1)).toMatchObject({ ok: true, record: { name: 'r' } });
    expect(s.verify(old, T0 + MIN + HOUR)).toEqual({ ok: false, reason: 'expired' });
    expect(s.verify(fresh, T0 + MIN + HOUR)).toMatchObject({ ok: true, record: { uses: 3 } });
    // A second rotation drops the first secret at once and keeps only the one it replaces.
    const { token: third } = s.rotate('r', HOUR, T0 + 2 * HOUR);
    expect(s.verify(old, T0 + 2 * HOUR)).toEqual({ ok: false, reason: 'unknown' });
    expect(s.verify(fresh, T0 + 2 * HOUR).ok).toBe(true);
    expect(s.verify(third, T0 + 2 * HOUR).ok).toBe(true);
    // Grace 0: the old secret stops now. Revocation ends both.
    const { token: fourth } = s.rotate('r', 0, T0 + 3 * HOUR);
    expect(s.verify(third, T0 + 3 * HOUR)).toEqual({ ok: false, reason: 'expired' });
    const { token: fifth } = s.rotate('r', HOUR, T0 + 3 * HOUR);
    s.revoke('r', T0 + 3 * HOUR + 1);
    expect(s.verify(fourth, T0 + 3 * HOUR + 2)).toEqual({ ok: false, reason: 'revoked' });
    expect(s.verify(fifth, T0 + 3 * HOUR + 2)).toEqual({ ok: false, reason: 'revoked' });
    expect(() => s.rotate('r', HOUR, T0 + 4 * HOUR)).toThrow("token 'r' is revoked");
    expect(() => s.rotate('nobody', HOUR)).toThrow("no token named 'nobody'");
    s.create({ name: 'short', expiresInMs: MIN }, T0);
    expect(() => s.rotate('short', HOUR, T0 + MIN)).toThrow("token 'short' has expired");
  });

  it('lists and shows records without secrets or hashes', () => {
    const s = store();
    const a = s.create({ name: 'a' }, T0 + 1);
    const b = s.create({ name: 'b', toolsets: [] }, T0);
    s.rotate('a', HOUR, T0 + 2);
    const list = s.list();
    expect(list.map((r) => r.name)).toEqual(['b', 'a']);
    const keys = (r: TokenRecord): string[] => Object.keys(r).sort();
    expect(keys(list[0]!)).toEqual(['createdAt', 'name', 'toolsets', 'uses']);
    expect(keys(list[1]!)).toEqual(['createdAt', 'name', 'previousValidUntil', 'rotatedAt', 'uses']);
    expect(list[0]!.toolsets).toEqual([]); // limited to no toolset, unlike undefined (all)
    const text = JSON.stringify([list, s.show('a'), s.show('b')]);
    for (const t of [a.token, b.token]) expect(text).not.toContain(t.slice(5));
    expect(text).not.toMatch(/hash|[0-9a-f]{64}/i);
    expect(s.show('nobody')).toBeUndefined();
  });

  it('refuses a duplicate or malformed name and bad options', () => {
    const s = store();
    s.create({ name: 'dup' }, T0);
    s.revoke('dup', T0);
    expect(() => s.create({ name: 'dup' }, T0)).toThrow("a token named 'dup' already exists");
    expect(s.list()).toHaveLength(1);
    for (const name of ['', 'a b', 'x'.repeat(65), 'ü', 'a/b']) expect(() => s.create({ name }, T0)).toThrow(/not a valid token name/);
    expect(s.create({ name: 'A.b_c-9' + 'x'.repeat(57) }, T0).record.name).toHaveLength(64);
    expect(() => s.create({ name: 'e', expiresInMs: 0 }, T0)).toThrow(/positive/);
    expect(() => s.create({ name: 'e', scopes: [''] }, T0)).toThrow(/scopes must be a list of non-empty strings/);
    expect(() => s.rotate('dup', -1)).toThrow(/grace period/);
  });
});

describe('parseDuration', () => {
  it.each([
    ['30d', 30 * DAY],
    ['12h', 12 * HOUR],
    ['15m', 15 * MIN],
    ['90s', 90_000],
    ['1h30m', 90 * MIN],
    ['0', 0],
    ['0s', 0],
  ])('%s', (text, ms) => expect(parseDuration(text)).toBe(ms));
  it.each(['', '30', '1w', '-1h', '1.5h', 'h', '1h 30m', '99999999999999999d'])('refuses %j', (text) => expect(() => parseDuration(text)).toThrow());
});

describe('runAdmin', () => {
  let auditFile: string;
  let now = T0;
  /** The quota fields of the context (none by default: the behaviour before they existed). */
  let extra: Partial<AdminContext> = {};
  beforeEach(() => {
    auditFile = path.join(dir, 'logs', 'audit.jsonl');
    now = T0;
    extra = {};
  });
  const run = async (...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(argv, { tokensFile: file, auditFile, out: (l) => out.push(l), err: (l) => err.push(l), actor: 'ops-alice', now: () => now, ...extra });
    return { code, out, err };
  };
  const auditLines = (): Record<string, unknown>[] =>
    readFileSync(auditFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  it('tokens create prints the token once on stdout and explains on stderr', async () => {
    const r = await run(
      'tokens',
      'create',
      '--name',
      'ci-bot',
      '--scopes',
      'a,b',
      '--toolsets=x,y',
      '--classifications',
      'public,internal',
      '--quota',
      '1000/day',
      '--quota',
      '60/min',
      '--expires',
      '30d',
    );
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(1);
    const token = r.out[0]!;
    expect(token).toMatch(/^mcpt_[A-Za-z0-9_-]{43}$/);
    expect(r.err).toEqual([
      "created token 'ci-bot' (scopes a,b; toolsets x,y; classifications public,internal; quota 1000/day,60/min; expires 2030-01-31T12:00:00Z)",
      'store it now: it cannot be shown again (only its hash is kept)',
    ]);
    expect(r.err.join('\n')).not.toContain(token.slice(5));
    const s = store();
    expect(s.verify(token, T0 + 1)).toMatchObject({
      ok: true,
      record: { name: 'ci-bot', scopes: ['a', 'b'], toolsets: ['x', 'y'], classifications: ['public', 'internal'], quota: ['1000/day', '60/min'], expiresAt: T0 + 30 * DAY },
    });
    expect(auditLines()).toEqual([
      {
        time: '2030-01-01T12:00:00.000Z',
        caller: 'ops-alice',
        via: 'admin',
        tool: '',
        toolVersion: '',
        arguments: { name: 'ci-bot', scopes: ['a', 'b'], toolsets: ['x', 'y'], classifications: ['public', 'internal'], quota: ['1000/day', '60/min'], expiresAt: '2030-01-31T12:00:00Z' },
        outcome: 'token_created',
        durationMs: 0,
        responseBytes: 0,
      },
    ]);
    expect(mode(auditFile)).toBe(0o600);

    const minimal = await run('tokens', 'create', '--name', 'plain');
    expect(minimal.code).toBe(0);
    expect(minimal.err[0]).toBe("created token 'plain' (scopes *; toolsets *; classifications *; quota none; expires never)");
    expect(auditLines()[1]).toMatchObject({ outcome: 'token_created', arguments: { name: 'plain' } });
    expect(Object.keys(auditLines()[1]!.arguments as object)).toEqual(['name']);

    const dup = await run('tokens', 'create', '--name', 'ci-bot');
    expect(dup).toEqual({ code: 1, out: [], err: ["a token named 'ci-bot' already exists (names are not reused, even after revocation)"] });
    expect(auditLines()).toHaveLength(2);
  });

  it('tokens list and show, as text and JSON, never with a secret', async () => {
    const created = (await run('tokens', 'create', '--name', 'ci-bot', '--scopes', 'a,b', '--quota', '60/min', '--expires', '1d')).out[0]!;
    now = T0 + MIN;
    const other = (await run('tokens', 'create', '--name', 'old')).out[0]!;
    store().verify(created, T0 + 2 * MIN);
    now = T0 + 3 * MIN;
    await run('tokens', 'revoke', 'old');
    now = T0 + 4 * MIN;

    const list = await run('tokens', 'list');
    expect(list.code).toBe(0);
    expect(list.err).toEqual([]);
    expect(list.out).toEqual([
      'NAME    STATUS   SCOPES  TOOLSETS  CLASSIFICATIONS  QUOTA   EXPIRES               CREATED               LAST USED             USES',
      'ci-bot  active   a,b     *         *                60/min  2030-01-02T12:00:00Z  2030-01-01T12:00:00Z  2030-01-01T12:02:00Z  1',
      'old     revoked  *       *         *                -       never                 2030-01-01T12:01:00Z  never                 0',
    ]);
    const json = await run('tokens', 'list', '--json');
    expect(json.code).toBe(0);
    expect(json.out).toHaveLength(1);
    expect(JSON.parse(json.out[0]!)).toEqual([
      { name: 'ci-bot', status: 'active', scopes: ['a', 'b'], quota: ['60/min'], expiresAt: '2030-01-02T12:00:00Z', createdAt: '2030-01-01T12:00:00Z', lastUsedAt: '2030-01-01T12:02:00Z', uses: 1 },
      { name: 'old', status: 'revoked', createdAt: '2030-01-01T12:01:00Z', revokedAt: '2030-01-01T12:03:00Z', uses: 0 },
    ]);

    const show = await run('tokens', 'show', 'ci-bot');
    expect(show).toEqual({
      code: 0,
      err: [],
      out: [
        'name:            ci-bot',
        'status:          active',
        'scopes:          a,b',
        'toolsets:        *',
        'classifications: *',
        'quota:           60/min',
        'expires:         2030-01-02T12:00:00Z',
        'created:         2030-01-01T12:00:00Z',
        'last used:       2030-01-01T12:02:00Z',
        'uses:            1',
      ],
    });
    const showJson = await run('tokens', 'show', 'old', '--json');
    expect(JSON.parse(showJson.out.join('\n'))).toEqual({ name: 'old', status: 'revoked', createdAt: '2030-01-01T12:01:00Z', revokedAt: '2030-01-01T12:03:00Z', uses: 0 });
    now = T0 + 2 * DAY;
    expect((await run('tokens', 'show', 'ci-bot')).out[1]).toBe('status:          expired');

    const everything = [list, json, show, showJson].flatMap((r) => [...r.out, ...r.err]).join('\n') + readFileSync(auditFile, 'utf8');
    for (const t of [created, other]) expect(everything).not.toContain(t.slice(5));

    expect(await run('tokens', 'show', 'nobody')).toEqual({ code: 1, out: [], err: ["no token named 'nobody'"] });
    const empty = path.join(dir, 'empty.db');
    expect(await runAdmin(['tokens', 'list'], { tokensFile: empty, auditFile, out: (l) => expect(l).toBe('no tokens'), err: () => {}, actor: 'x' })).toBe(0);
  });

  it('tokens revoke and rotate: audited, and the rotated token usable', async () => {
    const first = (await run('tokens', 'create', '--name', 'svc')).out[0]!;
    now = T0 + MIN;
    const rot = await run('tokens', 'rotate', 'svc', '--grace', '2h');
    expect(rot.code).toBe(0);
    expect(rot.out).toHaveLength(1);
    const second = rot.out[0]!;
    expect(second).toMatch(/^mcpt_/);
    expect(second).not.toBe(first);
    expect(rot.err).toEqual(["rotated token 'svc': the previous secret stays valid until 2030-01-01T14:01:00Z", 'store it now: it cannot be shown again (only its hash is kept)']);
    const s = store();
    expect(s.verify(first, T0 + MIN + 2 * HOUR - 1).ok).toBe(true);
    expect(s.verify(second, T0 + MIN + 2 * HOUR).ok).toBe(true);
    expect(s.verify(first, T0 + MIN + 2 * HOUR)).toEqual({ ok: false, reason: 'expired' });
    expect((await run('tokens', 'show', 'svc')).out).toContain('rotated:         2030-01-01T12:01:00Z (previous secret valid until 2030-01-01T14:01:00Z)');
    expect((await run('tokens', 'list')).out[1]).toMatch(/^svc +rotating /);

    now = T0 + 2 * MIN;
    const third = await run('tokens', 'rotate', 'svc');
    expect(third.err[0]).toBe("rotated token 'svc': the previous secret stays valid until 2030-01-01T13:02:00Z"); // default grace: 1h
    now = T0 + 3 * MIN;
    const immediate = await run('tokens', 'rotate', 'svc', '--grace', '0');
    expect(immediate.err[0]).toBe("rotated token 'svc': the previous secret no longer works");
    expect(s.verify(third.out[0]!, now)).toEqual({ ok: false, reason: 'expired' });

    now = T0 + 4 * MIN;
    expect(await run('tokens', 'revoke', 'svc')).toEqual({ code: 0, out: ["revoked token 'svc' at 2030-01-01T12:04:00Z"], err: [] });
    expect(s.verify(immediate.out[0]!, now)).toEqual({ ok: false, reason: 'revoked' });
    expect(await run('tokens', 'revoke', 'svc')).toEqual({ code: 0, out: ["token 'svc' was already revoked at 2030-01-01T12:04:00Z"], err: [] });
    expect(await run('tokens', 'rotate', 'svc')).toEqual({ code: 1, out: [], err: ["token 'svc' is revoked: create a new one"] });
    expect(await run('tokens', 'revoke', 'nobody')).toEqual({ code: 1, out: [], err: ["no token named 'nobody'"] });
    expect(await run('tokens', 'rotate', 'nobody')).toEqual({ code: 1, out: [], err: ["no token named 'nobody'"] });

    const lines = auditLines();
    expect(lines.map((l) => [l.outcome, l.caller, l.via, l.time, l.arguments])).toEqual([
      ['token_created', 'ops-alice', 'admin', '2030-01-01T12:00:00.000Z', { name: 'svc' }],
      ['token_rotated', 'ops-alice', 'admin', '2030-01-01T12:01:00.000Z', { name: 'svc', graceMs: 2 * HOUR, previousValidUntil: '2030-01-01T14:01:00Z' }],
      ['token_rotated', 'ops-alice', 'admin', '2030-01-01T12:02:00.000Z', { name: 'svc', graceMs: HOUR, previousValidUntil: '2030-01-01T13:02:00Z' }],
      ['token_rotated', 'ops-alice', 'admin', '2030-01-01T12:03:00.000Z', { name: 'svc', graceMs: 0, previousValidUntil: '2030-01-01T12:03:00Z' }],
      ['token_revoked', 'ops-alice', 'admin', '2030-01-01T12:04:00.000Z', { name: 'svc' }],
    ]);
    const raw = readFileSync(auditFile, 'utf8');
    for (const t of [first, second, third.out[0]!, immediate.out[0]!]) expect(raw).not.toContain(t.slice(5));
  });

  it.each<[string[], string]>([
    [[], 'no command given (commands: tokens, audit, quota; help lists them all)'],
    [['frobnicate'], "unknown command 'frobnicate' (commands: tokens, audit, quota; help lists them all)"],
    [['tokens'], "unknown command 'tokens' (commands: tokens create, tokens list, tokens show, tokens revoke, tokens rotate)"],
    [['tokens', 'delete', 'x'], "unknown command 'tokens delete' (commands: tokens create, tokens list, tokens show, tokens revoke, tokens rotate)"],
    [
      ['tokens', 'create'],
      'tokens create: --name is required (usage: tokens create --name NAME [--scopes a,b] [--toolsets x,y] [--classifications public,internal] [--quota 1000/day]... [--expires 30d])',
    ],
    [
      ['tokens', 'create', '--name'],
      'tokens create: --name needs a value (usage: tokens create --name NAME [--scopes a,b] [--toolsets x,y] [--classifications public,internal] [--quota 1000/day]... [--expires 30d])',
    ],
    [
      ['tokens', 'create', '--name', '--scopes', 'a'],
      'tokens create: --name needs a value (usage: tokens create --name NAME [--scopes a,b] [--toolsets x,y] [--classifications public,internal] [--quota 1000/day]... [--expires 30d])',
    ],
    [['tokens', 'create', '--name', 'a b'], "tokens create: 'a b' is not a valid token name (1 to 64 of A-Z a-z 0-9 . _ -)"],
    [['tokens', 'create', '--name', 'x', '--quota', '10/week'], "tokens create: --quota '10/week' is not a limit like 1000/day or 60/min (units: s, sec, second, min, minute, h, hour, day)"],
    [['tokens', 'create', '--name', 'x', '--quota', '1.5/min'], "tokens create: --quota '1.5/min' is not a limit like 1000/day or 60/min (units: s, sec, second, min, minute, h, hour, day)"],
    [['tokens', 'create', '--name', 'x', '--quota', '0/min'], 'tokens create: --quota: invalid limit "0/min": the count must be a whole number from 1 to 1000000000'],
    [['tokens', 'create', '--name', 'x', '--expires', 'soon'], "tokens create: --expires: 'soon' is not a duration (like 30d, 12h, 15m, 90s or 1h30m)"],
    [['tokens', 'create', '--name', 'x', '--expires', '0'], 'tokens create: --expires must be longer than 0'],
    [
      ['tokens', 'create', '--name', 'x', '--scopes', 'a,,b'],
      "tokens create: --scopes has an empty item in 'a,,b' (usage: tokens create --name NAME [--scopes a,b] [--toolsets x,y] [--classifications public,internal] [--quota 1000/day]... [--expires 30d])",
    ],
    [
      ['tokens', 'create', '--name', 'x', '--name', 'y'],
      'tokens create: --name is given twice (usage: tokens create --name NAME [--scopes a,b] [--toolsets x,y] [--classifications public,internal] [--quota 1000/day]... [--expires 30d])',
    ],
    [
      ['tokens', 'create', '--name', 'x', '--admin'],
      "tokens create: unknown option '--admin' (usage: tokens create --name NAME [--scopes a,b] [--toolsets x,y] [--classifications public,internal] [--quota 1000/day]... [--expires 30d])",
    ],
    [
      ['tokens', 'create', '--name', 'x', 'extra'],
      "tokens create: unexpected argument 'extra' (usage: tokens create --name NAME [--scopes a,b] [--toolsets x,y] [--classifications public,internal] [--quota 1000/day]... [--expires 30d])",
    ],
    [['tokens', 'list', '--json=yes'], 'tokens list: --json takes no value (usage: tokens list [--json])'],
    [['tokens', 'show'], 'tokens show: expected one token name, got none (usage: tokens show NAME [--json])'],
    [['tokens', 'revoke', 'a', 'b'], "tokens revoke: expected one token name, got 'a' 'b' (usage: tokens revoke NAME)"],
    [['tokens', 'rotate', 'a', '--grace', '1 hour'], "tokens rotate: --grace: '1 hour' is not a duration (like 30d, 12h, 15m, 90s or 1h30m)"],
    [['audit', '--since', 'yesterday'], "audit: --since: 'yesterday' is not a duration (like 30d, 12h, 15m, 90s or 1h30m)"],
    [['audit', '--token'], 'audit: --token needs a value (usage: audit [--since 1h] [--token NAME] [--json])'],
    [['audit', '--verbose'], "audit: unknown option '--verbose' (usage: audit [--since 1h] [--token NAME] [--json])"],
    [['quota', 'ci-bot'], "quota: unexpected argument 'ci-bot' (usage: quota [--token NAME] [--json])"],
    [['quota', '--token'], 'quota: --token needs a value (usage: quota [--token NAME] [--json])'],
    [['quota', '--token', 'a', '--token', 'b'], 'quota: --token is given twice (usage: quota [--token NAME] [--json])'],
    [['quota', '--json=yes'], 'quota: --json takes no value (usage: quota [--token NAME] [--json])'],
    [['quota', '--all'], "quota: unknown option '--all' (usage: quota [--token NAME] [--json])"],
  ])('usage error %j: exit 2, one line', async (argv, line) => {
    expect(await run(...argv)).toEqual({ code: 2, out: [], err: [line] });
    expect(existsSync(auditFile)).toBe(false); // nothing was done, nothing recorded
  });

  it('help lists every command on stdout', async () => {
    const r = await run('help');
    expect(r.code).toBe(0);
    expect(r.out.map((l) => l.split(' ').slice(1, 3).join(' '))).toEqual(['tokens create', 'tokens list', 'tokens show', 'tokens revoke', 'tokens rotate', 'audit [--since', 'quota [--token']);
  });

  describe('usage against quotas', () => {
    const quotas = { perCaller: ['100/hour'], tools: { listPets: ['10/min'] }, toolsets: { pets: ['50/day'] } };
    const tool = (name: string, toolset: string) =>
      ({
        definition: { name, description: '', inputSchema: {}, annotations: { readOnlyHint: true }, _meta: {} },
        request: { method: 'GET', path: '/x', params: [] },
        output: { structured: false, wrap: false },
        toolset,
      }) as never;
    let counterFile: string;
    let charged: SqliteCounters;
    let opened: number;
    let closed: number;
    /** The server's store, counting opens and closes (each command must close what it opens). */
    const counters = async (): Promise<CounterStore> => {
      opened++;
      const s = new SqliteCounters(counterFile);
      return { take: (b, t) => s.take(b, t), usage: (b, t) => s.usage(b, t), close: async () => void (closed++, await s.close()) };
    };

    beforeEach(async () => {
      counterFile = path.join(dir, 'quota', 'quota.db');
      charged = new SqliteCounters(counterFile);
      opened = 0;
      closed = 0;
      await run('tokens', 'create', '--name', 'ci-bot', '--quota', '1000/day', '--quota', '60/min');
      now = T0 + 1000;
      await run('tokens', 'create', '--name', 'plain');
      now = T0 + 2000;
      await run('tokens', 'create', '--name', 'old');
      await run('tokens', 'revoke', 'old');
      // Charged as the server charges: Limits' own keys, for the caller a verified token stands for.
      const limits = new Limits(charged, quotas, { perMinute: 300, failOpenReads: false });
      const call = async (caller: Parameters<Limits['buckets']>[1], name: string, toolset: string, at: number): Promise<void> => {
        expect((await charged.take(limits.buckets(tool(name, toolset), caller), at)).ok).toBe(true);
      };
      const ciBot = serverTokenCaller(store().show('ci-bot')!);
      const plain = serverTokenCaller(store().show('plain')!);
      await call(ciBot, 'getPet', 'pets', T0 + 10_000); // the minute before: counted by the day, not the minute
      for (const s of [70, 71, 72]) await call(ciBot, 'listPets', 'pets', T0 + s * 1000);
      await call(ciBot, 'getPet', 'pets', T0 + 75_000);
      for (const s of [80, 81]) await call(plain, 'purge', 'admin', T0 + s * 1000);
      await call({ id: 'alice', via: 'oauth' }, 'listPets', 'pets', T0 + 85_000); // only the global limit concerns the tokens
      now = T0 + 90_000;
      extra = { counters, quotas, perMinute: 300 };
    });
    afterEach(async () => {
      await charged.close();
      expect(closed).toBe(opened);
    });

    const record = (name: string, quota: string, created: string, status = 'active'): string[] => [
      `name:            ${name}`,
      `status:          ${status}`,
      'scopes:          *',
      'toolsets:        *',
      'classifications: *',
      `quota:           ${quota}`,
      'expires:         never',
      `created:         ${created}`,
      'last used:       never',
      'uses:            0',
    ];

    it('tokens show: the token’s own overall limits, then the per-tool and per-toolset ones of server.json', async () => {
      expect(await run('tokens', 'show', 'ci-bot')).toEqual({
        code: 0,
        err: [],
        out: [
          ...record('ci-bot', '1000/day,60/min', '2030-01-01T12:00:00Z'),
          'usage:',
          '  COUNTER        USED  LIMIT     RESETS AT',
          '  overall        5     1000/day  2030-01-02T00:00:00Z',
          '  overall        4     60/min    2030-01-01T12:02:00Z',
          '  tool:listPets  3     10/min    2030-01-01T12:02:00Z',
          '  toolset:pets   5     50/day    2030-01-02T00:00:00Z',
        ],
      });
      // No quota of its own: server.json's perCaller, marked as the default.
      expect((await run('tokens', 'show', 'plain')).out.slice(10)).toEqual([
        'usage:',
        '  COUNTER        USED  LIMIT               RESETS AT',
        '  overall        2     100/hour (default)  2030-01-01T13:00:00Z',
        '  tool:listPets  0     10/min              2030-01-01T12:02:00Z',
        '  toolset:pets   0     50/day              2030-01-02T00:00:00Z',
      ]);
      const json = await run('tokens', 'show', 'plain', '--json');
      expect(json.code).toBe(0);
      expect(JSON.parse(json.out.join('\n'))).toEqual({
        name: 'plain',
        status: 'active',
        createdAt: '2030-01-01T12:00:01Z',
        uses: 0,
        usage: [
          { counter: 'overall', key: 'token:plain', used: 2, limit: '100/hour', resetAt: '2030-01-01T13:00:00Z', default: true },
          { counter: 'tool:listPets', key: 'token:plain|tool:listPets', used: 0, limit: '10/min', resetAt: '2030-01-01T12:02:00Z' },
          { counter: 'toolset:pets', key: 'token:plain|toolset:pets', used: 0, limit: '50/day', resetAt: '2030-01-02T00:00:00Z' },
        ],
      });
      expect(JSON.parse((await run('tokens', 'show', 'ci-bot', '--json')).out.join('\n')).usage).toEqual([
        { counter: 'overall', key: 'token:ci-bot', used: 5, limit: '1000/day', resetAt: '2030-01-02T00:00:00Z' },
        { counter: 'overall', key: 'token:ci-bot', used: 4, limit: '60/min', resetAt: '2030-01-01T12:02:00Z' },
        { counter: 'tool:listPets', key: 'token:ci-bot|tool:listPets', used: 3, limit: '10/min', resetAt: '2030-01-01T12:02:00Z' },
        { counter: 'toolset:pets', key: 'token:ci-bot|toolset:pets', used: 5, limit: '50/day', resetAt: '2030-01-02T00:00:00Z' },
      ]);
      // Reading charges nothing; a new minute starts from zero.
      now = T0 + 120_000;
      expect((await run('tokens', 'show', 'ci-bot')).out.slice(11)).toEqual([
        '  COUNTER        USED  LIMIT     RESETS AT',
        '  overall        5     1000/day  2030-01-02T00:00:00Z',
        '  overall        0     60/min    2030-01-01T12:03:00Z',
        '  tool:listPets  0     10/min    2030-01-01T12:03:00Z',
        '  toolset:pets   5     50/day    2030-01-02T00:00:00Z',
      ]);
      expect(opened).toBe(5);
    });

    it('tokens show without any quota that applies: said, and the store left alone', async () => {
      extra = { counters, perMinute: 300 };
      const r = await run('tokens', 'show', 'plain');
      expect(r).toEqual({ code: 0, err: [], out: [...record('plain', '-', '2030-01-01T12:00:01Z'), 'usage:           no quotas apply'] });
      expect(JSON.parse((await run('tokens', 'show', 'plain', '--json')).out.join('\n')).usage).toEqual([]);
      expect(opened).toBe(0);
    });

    it('tokens show when the counters cannot be read: the token, without usage, and why on stderr (exit 0)', async () => {
      let downClosed = 0;
      const down: CounterStore = {
        take: () => Promise.reject(new QuotaUnavailable('Redis: connection refused')),
        usage: () => Promise.reject(new QuotaUnavailable('Redis: connection refused')),
        close: async () => void downClosed++,
      };
      extra = { counters: async () => down, quotas, perMinute: 300 };
      expect(await run('tokens', 'show', 'ci-bot')).toEqual({
        code: 0,
        out: record('ci-bot', '1000/day,60/min', '2030-01-01T12:00:00Z'),
        err: ['usage not shown: the quota counters cannot be read (Redis: connection refused)'],
      });
      expect(downClosed).toBe(1);
      const json = await run('tokens', 'show', 'ci-bot', '--json');
      expect(json.code).toBe(0);
      expect(JSON.parse(json.out.join('\n'))).toEqual({ name: 'ci-bot', status: 'active', quota: ['1000/day', '60/min'], createdAt: '2030-01-01T12:00:00Z', uses: 0, usage: null });
      expect(json.err).toEqual(['usage not shown: the quota counters cannot be read (Redis: connection refused)']);
      // Connecting fails (Redis), or the SQLite file cannot be opened: the same.
      extra = { counters: () => Promise.reject(new QuotaUnavailable('cannot connect to Redis: no answer within 2000 ms')), quotas };
      expect((await run('tokens', 'show', 'plain')).err).toEqual(['usage not shown: the quota counters cannot be read (cannot connect to Redis: no answer within 2000 ms)']);
      writeFileSync(path.join(dir, 'file'), '');
      const unopenable = path.join(dir, 'file', 'quota.db');
      extra = { counters: async () => new SqliteCounters(unopenable), quotas };
      const r = await run('tokens', 'show', 'plain');
      expect(r.code).toBe(0);
      expect(r.out).toEqual(record('plain', '-', '2030-01-01T12:00:01Z'));
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(/^usage not shown: the quota counters cannot be read \(cannot open the quota database .*\/file\/quota\.db: E[A-Z]+: /);
    });

    it('quota: the global limit, then every token’s overall use', async () => {
      const audited = readFileSync(auditFile, 'utf8');
      expect(await run('quota')).toEqual({
        code: 0,
        err: [],
        out: [
          'global (all callers): 7 used of 300/min, resets at 2030-01-01T12:02:00Z',
          'TOKEN   STATUS   USED  LIMIT               RESETS AT',
          'ci-bot  active   5     1000/day            2030-01-02T00:00:00Z',
          'ci-bot  active   4     60/min              2030-01-01T12:02:00Z',
          'plain   active   2     100/hour (default)  2030-01-01T13:00:00Z',
          'old     revoked  0     100/hour (default)  2030-01-01T13:00:00Z',
        ],
      });
      const json = await run('quota', '--json');
      expect(json.code).toBe(0);
      expect(JSON.parse(json.out.join('\n'))).toEqual({
        global: { key: 'global', used: 7, limit: '300/min', resetAt: '2030-01-01T12:02:00Z' },
        tokens: [
          {
            name: 'ci-bot',
            status: 'active',
            usage: [
              { counter: 'overall', key: 'token:ci-bot', used: 5, limit: '1000/day', resetAt: '2030-01-02T00:00:00Z' },
              { counter: 'overall', key: 'token:ci-bot', used: 4, limit: '60/min', resetAt: '2030-01-01T12:02:00Z' },
            ],
          },
          { name: 'plain', status: 'active', usage: [{ counter: 'overall', key: 'token:plain', used: 2, limit: '100/hour', resetAt: '2030-01-01T13:00:00Z', default: true }] },
          { name: 'old', status: 'revoked', usage: [{ counter: 'overall', key: 'token:old', used: 0, limit: '100/hour', resetAt: '2030-01-01T13:00:00Z', default: true }] },
        ],
      });
      expect(await run('quota', '--token', 'plain')).toEqual({
        code: 0,
        err: [],
        out: [
          'global (all callers): 7 used of 300/min, resets at 2030-01-01T12:02:00Z',
          'TOKEN  STATUS  USED  LIMIT               RESETS AT',
          'plain  active  2     100/hour (default)  2030-01-01T13:00:00Z',
        ],
      });
      expect(JSON.parse((await run('quota', '--token=ci-bot', '--json')).out.join('\n')).tokens.map((t: { name: string }) => t.name)).toEqual(['ci-bot']);
      // Without server.json defaults nor a known global limit: what is known, and nothing else.
      extra = { counters };
      expect((await run('quota')).out).toEqual([
        'TOKEN   STATUS   USED  LIMIT     RESETS AT',
        'ci-bot  active   5     1000/day  2030-01-02T00:00:00Z',
        'ci-bot  active   4     60/min    2030-01-01T12:02:00Z',
        'plain   active   -     none      -',
        'old     revoked  -     none      -',
      ]);
      expect(JSON.parse((await run('quota', '--token', 'plain', '--json')).out.join('\n'))).toEqual({ tokens: [{ name: 'plain', status: 'active', usage: [] }] });
      expect(opened).toBe(5);
      expect(readFileSync(auditFile, 'utf8')).toBe(audited); // reading is not administration
    });

    it('quota with no tokens yet', async () => {
      file = path.join(dir, 'fresh.db');
      expect(await run('quota')).toEqual({ code: 0, err: [], out: ['global (all callers): 7 used of 300/min, resets at 2030-01-01T12:02:00Z', 'no tokens'] });
      expect(JSON.parse((await run('quota', '--json')).out.join('\n'))).toEqual({ global: { key: 'global', used: 7, limit: '300/min', resetAt: '2030-01-01T12:02:00Z' }, tokens: [] });
    });

    it('quota refuses an unknown token, missing or unreadable counters (exit 1); usage errors touch nothing (exit 2)', async () => {
      expect(await run('quota', '--token', 'nobody')).toEqual({ code: 1, out: [], err: ["no token named 'nobody'"] });
      expect(await run('quota', '--verbose')).toEqual({ code: 2, out: [], err: ["quota: unknown option '--verbose' (usage: quota [--token NAME] [--json])"] });
      expect(opened).toBe(0);
      extra = {
        counters: async () => ({ take: () => Promise.reject(new Error('unused')), usage: () => Promise.reject(new QuotaUnavailable('Redis: connection refused')), close: async () => {} }),
        quotas,
        perMinute: 300,
      };
      expect(await run('quota')).toEqual({ code: 1, out: [], err: ['the quota counters cannot be read (Redis: connection refused)'] });
      expect(await run('quota', '--json')).toEqual({ code: 1, out: [], err: ['the quota counters cannot be read (Redis: connection refused)'] });
      extra = {};
      expect(await run('quota')).toEqual({ code: 1, out: [], err: ['no quota counter store is configured'] });
    });
  });

  describe('audit', () => {
    const at = (minutesBefore: number): string => new Date(T0 - minutesBefore * MIN).toISOString();
    const call = (minutesBefore: number, caller: string, tool: string, outcome: string, durationMs: number, status?: number): string =>
      JSON.stringify({ time: at(minutesBefore), caller, via: 'environment', tool, toolVersion: '1', arguments: {}, outcome, ...(status ? { status } : {}), durationMs, responseBytes: 10 });
    const adminLine = (minutesBefore: number, outcome: string, name: string): string =>
      JSON.stringify({ time: at(minutesBefore), caller: 'ops-alice', via: 'admin', tool: '', toolVersion: '', arguments: { name }, outcome, durationMs: 0, responseBytes: 0 });

    beforeEach(async () => {
      const { mkdirSync } = await import('node:fs');
      mkdirSync(path.dirname(auditFile), { recursive: true });
      writeFileSync(`${auditFile}.2`, call(180, 'other', 'listPets', 'ok', 5) + '\n');
      writeFileSync(
        `${auditFile}.1`,
        [call(120, 'ci-bot', 'listPets', 'ok', 100), call(50, 'ci-bot', 'listPets', 'ok', 10), call(40, 'other', 'getPet', 'upstream_error', 500, 500), '{"time":"2030-01-01T11:30'].join('\n') + '\n',
      );
      writeFileSync(
        auditFile,
        [
          call(30, 'ci-bot', 'getPet', 'ok', 20),
          '',
          call(20, 'ci-bot', 'getPet', 'upstream_error', 30, 502),
          'not json',
          call(10, 'ci-bot', 'listPets', 'ok', 40),
          adminLine(5, 'token_created', 'ci-bot'),
          adminLine(4, 'token_revoked', 'other'),
          '[1,2]',
          JSON.stringify({ time: 'yesterday', caller: 'x' }),
        ].join('\n') + '\n',
      );
    });

    it('summarizes every file, oldest first, counting malformed lines', async () => {
      const r = await run('audit');
      expect(r.code).toBe(0);
      expect(r.err).toEqual([]);
      expect(r.out).toEqual([
        '7 calls from 2030-01-01T09:00:00Z to 2030-01-01T11:50:00Z',
        'duration: median 30 ms, p95 500 ms',
        'by outcome:',
        '  ok              5',
        '  upstream_error  2',
        'by tool:',
        '  listPets  4',
        '  getPet    3',
        'by caller:',
        '  ci-bot  5',
        '  other   2',
        'administration:',
        '  token_created  1',
        '  token_revoked  1',
        'read audit.jsonl.2, audit.jsonl.1, audit.jsonl; skipped 4 malformed lines',
      ]);
    });

    it('--since and --token narrow it; --json parses', async () => {
      const r = await run('audit', '--since', '1h', '--token', 'ci-bot');
      expect(r.code).toBe(0);
      expect(r.out).toEqual([
        "4 calls (since 2030-01-01T11:00:00Z, token 'ci-bot') from 2030-01-01T11:10:00Z to 2030-01-01T11:50:00Z",
        'duration: median 25 ms, p95 40 ms',
        'by outcome:',
        '  ok              3',
        '  upstream_error  1',
        'by tool:',
        '  getPet    2',
        '  listPets  2',
        'by caller:',
        '  ci-bot  4',
        'administration:',
        '  token_created  1',
        'read audit.jsonl.2, audit.jsonl.1, audit.jsonl; skipped 4 malformed lines',
      ]);
      const j = await run('audit', '--since', '1h', '--token', 'ci-bot', '--json');
      expect(j.code).toBe(0);
      expect(JSON.parse(j.out.join('\n'))).toEqual({
        files: ['audit.jsonl.2', 'audit.jsonl.1', 'audit.jsonl'],
        since: '2030-01-01T11:00:00Z',
        token: 'ci-bot',
        calls: 4,
        from: '2030-01-01T11:10:00Z',
        to: '2030-01-01T11:50:00Z',
        durationMs: { median: 25, p95: 40 },
        outcomes: { ok: 3, upstream_error: 1 },
        tools: { getPet: 2, listPets: 2 },
        callers: { 'ci-bot': 4 },
        admin: { token_created: 1 },
        malformed: 4,
      });
      const none = await run('audit', '--token', 'nobody', '--json');
      expect(JSON.parse(none.out.join('\n'))).toMatchObject({ calls: 0, from: null, to: null, durationMs: null, outcomes: {} });
      expect((await run('audit', '--token', 'nobody')).out).toEqual(["0 calls (token 'nobody')", 'read audit.jsonl.2, audit.jsonl.1, audit.jsonl; skipped 4 malformed lines']);
    });

    it('a missing log is a refusal, not a crash', async () => {
      auditFile = path.join(dir, 'nowhere', 'audit.jsonl');
      expect(await run('audit')).toEqual({ code: 1, out: [], err: [`no audit log at ${auditFile}`] });
    });
  });
});
