/**
 * Tokens this server issues itself, for deployments without an identity provider (stdio,
 * internal HTTP). A token is `mcpt_` + 32 random bytes in base64url; the recognizable prefix
 * lets secret scanners find leaked ones and lets the HTTP layer tell them from OAuth JWTs.
 *
 * Only the SHA-256 of a token is stored. 256 random bits cannot be guessed, so a slow password
 * hash (bcrypt, scrypt) would add nothing but latency to every request: a stolen database gives
 * no token back. Lookup is by hash, so a timing difference in the index search reveals nothing
 * about a token an attacker does not already hold.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';

/** What every server token starts with. */
export const TOKEN_PREFIX = 'mcpt_';
/** Allowed token names. */
export const TOKEN_NAME = /^[A-Za-z0-9._-]{1,64}$/;
/** 32 bytes in base64url, unpadded. */
const TOKEN_FORMAT = /^mcpt_[A-Za-z0-9_-]{43}$/;

/** One token as stored, without its secret. */
export interface TokenRecord {
  name: string;
  /** Undefined: not limited by scopes. */
  scopes?: string[];
  /** Undefined: all toolsets. */
  toolsets?: string[];
  /** Undefined: all data classifications. */
  classifications?: string[];
  /** Limits such as "1000/day", "60/min" (parsed by the quota module). */
  quota?: string[];
  /** ms since the epoch, as are all times here. */
  expiresAt?: number;
  createdAt: number;
  lastUsedAt?: number;
  revokedAt?: number;
  rotatedAt?: number;
  /** After a rotation, the previous secret keeps working until then. */
  previousValidUntil?: number;
  uses: number;
}

export type TokenStatus = 'active' | 'revoked' | 'expired' | 'rotating';

export type VerifyResult = { ok: true; record: TokenRecord } | { ok: false; reason: 'unknown' | 'revoked' | 'expired' };

/** A token's state at `now`; 'rotating' while the previous secret is still accepted. */
export function tokenStatus(record: TokenRecord, now = Date.now()): TokenStatus {
  if (record.revokedAt !== undefined) return 'revoked';
  if (record.expiresAt !== undefined && now >= record.expiresAt) return 'expired';
  if (record.previousValidUntil !== undefined && now < record.previousValidUntil) return 'rotating';
  return 'active';
}

/** True for anything carrying the server-token prefix (even malformed: those belong here, not to OAuth). */
export function looksLikeServerToken(token: string): boolean {
  return token.startsWith(TOKEN_PREFIX);
}

const UNITS: Record<string, number> = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 };

/** '30d', '12h', '15m', '90s', '1h30m' or '0' as milliseconds; throws on anything else. */
export function parseDuration(text: string): number {
  const t = text.trim();
  if (t === '0') return 0;
  if (!/^(\d+[dhms])+$/.test(t)) throw new Error(`'${text}' is not a duration (like 30d, 12h, 15m, 90s or 1h30m)`);
  let ms = 0;
  for (const [, n, unit] of t.matchAll(/(\d+)([dhms])/g)) ms += Number(n) * UNITS[unit!]!;
  if (!Number.isSafeInteger(ms)) throw new Error(`'${text}' is too long a duration`);
  return ms;
}

function newToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

function hashOf(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * Schema steps, oldest first; `user_version` records how many ran. Only ever append.
 * Lists are JSON arrays; NULL means "not limited". Hashes are raw 32-byte SHA-256 digests.
 */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE tokens (
     name                 TEXT    PRIMARY KEY,
     hash                 BLOB    NOT NULL UNIQUE,
     previous_hash        BLOB    UNIQUE,
     previous_valid_until INTEGER,
     scopes               TEXT,
     toolsets             TEXT,
     classifications      TEXT,
     quota                TEXT,
     expires_at           INTEGER,
     created_at           INTEGER NOT NULL,
     last_used_at         INTEGER,
     revoked_at           INTEGER,
     rotated_at           INTEGER,
     uses                 INTEGER NOT NULL DEFAULT 0
   ) STRICT`,
];

interface Row {
  name: string;
  hash: Buffer;
  previous_hash: Buffer | null;
  previous_valid_until: number | null;
  scopes: string | null;
  toolsets: string | null;
  classifications: string | null;
  quota: string | null;
  expires_at: number | null;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  rotated_at: number | null;
  uses: number;
}

function toRecord(r: Row): TokenRecord {
  const list = (v: string | null): string[] | undefined => (v === null ? undefined : (JSON.parse(v) as string[]));
  const scopes = list(r.scopes);
  const toolsets = list(r.toolsets);
  const classifications = list(r.classifications);
  const quota = list(r.quota);
  // Built field by field: neither hash may leave this module.
  return {
    name: r.name,
    ...(scopes ? { scopes } : {}),
    ...(toolsets ? { toolsets } : {}),
    ...(classifications ? { classifications } : {}),
    ...(quota ? { quota } : {}),
    ...(r.expires_at !== null ? { expiresAt: r.expires_at } : {}),
    createdAt: r.created_at,
    ...(r.last_used_at !== null ? { lastUsedAt: r.last_used_at } : {}),
    ...(r.revoked_at !== null ? { revokedAt: r.revoked_at } : {}),
    ...(r.rotated_at !== null ? { rotatedAt: r.rotated_at } : {}),
    ...(r.previous_valid_until !== null ? { previousValidUntil: r.previous_valid_until } : {}),
    uses: r.uses,
  };
}

function listColumn(what: string, v: string[] | undefined): string | null {
  if (v === undefined) return null;
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || s === '')) throw new Error(`${what} must be a list of non-empty strings`);
  return JSON.stringify(v);
}

export interface CreateOptions {
  name: string;
  scopes?: string[];
  toolsets?: string[];
  classifications?: string[];
  quota?: string[];
  expiresInMs?: number;
}

/** The token database (SQLite). Several processes may share it: the server verifies, the admin command writes. */
export class TokenStore {
  private readonly db: Db;

  constructor(readonly file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    // Owner-only before SQLite opens it; SQLite gives the -wal and -shm files the same mode.
    closeSync(openSync(file, 'a', 0o600));
    chmodSync(file, 0o600);
    this.db = new Database(file, { timeout: 5000 });
    try {
      this.db.pragma('journal_mode = WAL');
      // Usage bookkeeping need not survive a power cut; administrative changes run durably (see `durably`).
      this.db.pragma('synchronous = NORMAL');
      this.migrate();
    } catch (err) {
      this.db.close();
      throw err;
    }
  }

  private migrate(): void {
    const version = (): number => this.db.pragma('user_version', { simple: true }) as number;
    if (version() > MIGRATIONS.length) throw new Error(`${this.file} has token schema ${version()}, newer than this server knows (${MIGRATIONS.length}): upgrade the server`);
    if (version() === MIGRATIONS.length) return;
    // IMMEDIATE and re-read under the lock: another process may have migrated meanwhile.
    this.db
      .transaction(() => {
        for (let v = version(); v < MIGRATIONS.length; v++) {
          this.db.exec(MIGRATIONS[v]!);
          this.db.pragma(`user_version = ${v + 1}`);
        }
      })
      .immediate();
  }

  /** A revocation that a power cut could undo would be no revocation. */
  private durably<T>(fn: () => T): T {
    this.db.pragma('synchronous = FULL');
    try {
      return this.db.transaction(fn).immediate();
    } finally {
      this.db.pragma('synchronous = NORMAL');
    }
  }

  private row(name: string): Row | undefined {
    return this.db.prepare('SELECT * FROM tokens WHERE name = ?').get(name) as Row | undefined;
  }

  private mustRow(name: string): Row {
    const r = this.row(name);
    if (!r) throw new Error(`no token named '${name}'`);
    return r;
  }

  /** Issues a token; the secret is returned here and never again. Throws on a bad or taken name. */
  create(opts: CreateOptions, now = Date.now()): { token: string; record: TokenRecord } {
    if (typeof opts.name !== 'string' || !TOKEN_NAME.test(opts.name)) throw new Error(`'${opts.name}' is not a valid token name (1 to 64 of A-Z a-z 0-9 . _ -)`);
    if (opts.expiresInMs !== undefined && !(Number.isSafeInteger(opts.expiresInMs) && opts.expiresInMs > 0)) throw new Error('the expiry must be a positive number of milliseconds');
    const cols = {
      scopes: listColumn('scopes', opts.scopes),
      toolsets: listColumn('toolsets', opts.toolsets),
      classifications: listColumn('classifications', opts.classifications),
      quota: listColumn('quota', opts.quota),
    };
    const token = newToken();
    return this.durably(() => {
      // Names are never reused, even after revocation, so the audit log stays unambiguous.
      if (this.row(opts.name)) throw new Error(`a token named '${opts.name}' already exists (names are not reused, even after revocation)`);
      this.db
        .prepare('INSERT INTO tokens (name, hash, scopes, toolsets, classifications, quota, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(opts.name, hashOf(token), cols.scopes, cols.toolsets, cols.classifications, cols.quota, opts.expiresInMs === undefined ? null : now + opts.expiresInMs, now);
      return { token, record: toRecord(this.row(opts.name)!) };
    });
  }

  /** All tokens, oldest first; never a secret or a hash. */
  list(): TokenRecord[] {
    return (this.db.prepare('SELECT * FROM tokens ORDER BY created_at, name').all() as Row[]).map(toRecord);
  }

  show(name: string): TokenRecord | undefined {
    const r = this.row(name);
    return r ? toRecord(r) : undefined;
  }

  /** Refuses the token (and a previous secret in its grace period) from now on. Revoking twice keeps the first time. */
  revoke(name: string, now = Date.now()): TokenRecord {
    return this.durably(() => {
      const r = this.mustRow(name);
      if (r.revoked_at === null) this.db.prepare('UPDATE tokens SET revoked_at = ? WHERE name = ?').run(now, name);
      return toRecord(this.row(name)!);
    });
  }

  /**
   * A new secret for the same grant (scopes, expiry, quota unchanged). The old secret stays valid
   * for `graceMs` so clients can be switched over; a secret from an earlier rotation still in its
   * grace period stops working at once (only one previous secret is kept).
   */
  rotate(name: string, graceMs: number, now = Date.now()): { token: string; record: TokenRecord } {
    if (!(Number.isSafeInteger(graceMs) && graceMs >= 0)) throw new Error('the grace period must be zero or a positive number of milliseconds');
    const token = newToken();
    return this.durably(() => {
      const r = this.mustRow(name);
      if (r.revoked_at !== null) throw new Error(`token '${name}' is revoked: create a new one`);
      if (r.expires_at !== null && now >= r.expires_at) throw new Error(`token '${name}' has expired: create a new one`);
      this.db.prepare('UPDATE tokens SET hash = ?, previous_hash = ?, previous_valid_until = ?, rotated_at = ? WHERE name = ?').run(hashOf(token), r.hash, now + graceMs, now, name);
      return { token, record: toRecord(this.row(name)!) };
    });
  }

  /** Checks a presented token; on success counts the use. */
  verify(token: string, now = Date.now()): VerifyResult {
    if (typeof token !== 'string' || !TOKEN_FORMAT.test(token)) return { ok: false, reason: 'unknown' };
    const hash = hashOf(token);
    // IMMEDIATE: a revocation committed by another process cannot slip between the check and the count.
    return this.db
      .transaction((): VerifyResult => {
        const r = this.db.prepare('SELECT * FROM tokens WHERE hash = ? OR previous_hash = ?').get(hash, hash) as Row | undefined;
        if (!r) return { ok: false, reason: 'unknown' };
        if (r.revoked_at !== null) return { ok: false, reason: 'revoked' };
        if (r.expires_at !== null && now >= r.expires_at) return { ok: false, reason: 'expired' };
        // The previous secret after its grace period: expired by the rotation.
        if (!r.hash.equals(hash) && !(r.previous_valid_until !== null && now < r.previous_valid_until)) return { ok: false, reason: 'expired' };
        const updated = this.db.prepare('UPDATE tokens SET last_used_at = ?, uses = uses + 1 WHERE name = ? RETURNING *').get(now, r.name) as Row;
        return { ok: true, record: toRecord(updated) };
      })
      .immediate();
  }

  close(): void {
    this.db.close();
  }
}
