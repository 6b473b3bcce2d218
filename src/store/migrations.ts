/**
 * Versioned schema migrations, grouped by namespace.
 *
 * Design: every feature that keeps data in the registry owns one namespace (`registry` for specs
 * and versions; later e.g. `scores`, `mcp`) with an ordered list of migrations numbered 1..N.
 * `schema_migrations` records which (namespace, version) pairs were applied. Namespaces keep
 * features independent: the score-history module can add its third migration without knowing
 * how many the MCP module has, and a command that never loads a feature never touches (or
 * refuses) that feature's tables. No global mutable list: a feature passes its set to
 * `openRegistry(path, { migrations: [set] })` or calls `registry.migrate(set)` /
 * {@link applyMigrations} on an open registry before first use.
 *
 * Rules for authors: never edit or reorder a shipped migration, only append; a migration runs
 * inside a transaction, so it must not change `journal_mode` or other pragmas that cannot run there.
 */
import type { Database } from 'better-sqlite3';
import { InputError } from '../errors.js';

/** One step of a namespace's schema. */
export interface Migration {
  /** 1-based and contiguous within its namespace; the list's order is the order they run in. */
  version: number;
  /** Short description, recorded in `schema_migrations` for humans reading the database. */
  name: string;
  /** SQL (may hold several statements) or a function; runs inside the migration's IMMEDIATE transaction. */
  up: string | ((db: Database) => void);
}

/** All migrations of one namespace, oldest first. Build with {@link defineMigrations}. */
export interface MigrationSet {
  namespace: string;
  migrations: readonly Migration[];
}

/** Name of the bookkeeping table. */
export const MIGRATIONS_TABLE = 'schema_migrations';

const BOOTSTRAP_SQL = `
  CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
    namespace  TEXT    NOT NULL,
    version    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    applied_at TEXT    NOT NULL,
    PRIMARY KEY (namespace, version)
  ) WITHOUT ROWID;
`;

/**
 * Checks and freezes a namespace's migration list. Throws a plain Error (a programming mistake,
 * not bad input) when the namespace is malformed or versions are not exactly 1..N in order.
 */
export function defineMigrations(namespace: string, migrations: readonly Migration[]): MigrationSet {
  validate(namespace, migrations);
  return Object.freeze({ namespace, migrations: Object.freeze([...migrations]) });
}

/**
 * Brings `namespace` in `db` up to the last migration of `set`.
 *
 * Safe under concurrency (several processes opening a brand-new database at once): each migration
 * runs in its own `BEGIN IMMEDIATE` transaction that re-reads the applied version after taking the
 * write lock, so a migration another process applied meanwhile is skipped rather than run twice.
 * The common case (already up to date) takes no write lock at all.
 *
 * @param dbPath used only in error messages.
 * @throws InputError when the database holds a newer schema for this namespace than `set` knows.
 */
export function applyMigrations(db: Database, set: MigrationSet, dbPath: string): void {
  validate(set.namespace, set.migrations);
  const target = set.migrations.length;
  const known = tableExists(db) ? currentVersion(db, set.namespace) : 0;
  if (known > target) throw newerSchema(set.namespace, known, target, dbPath);
  if (known === target) return;

  const record = (m: Migration): void => {
    db.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (namespace, version, name, applied_at) VALUES (?, ?, ?, ?)`).run(set.namespace, m.version, m.name, new Date().toISOString());
  };
  // One transaction per step, as asked of versioned migrations: a failing step leaves the
  // database at the previous version instead of half-way through it.
  const step = db.transaction((): boolean => {
    db.exec(BOOTSTRAP_SQL);
    const applied = currentVersion(db, set.namespace);
    if (applied > target) throw newerSchema(set.namespace, applied, target, dbPath);
    const next = set.migrations[applied];
    if (next === undefined) return true;
    if (typeof next.up === 'string') db.exec(next.up);
    else next.up(db);
    record(next);
    return false;
  });
  while (!step.immediate()) {
    // Loop until the namespace is current.
  }
}

/** The applied version of every namespace in `db` (empty for a database never migrated). */
export function schemaVersions(db: Database): Map<string, number> {
  const out = new Map<string, number>();
  if (!tableExists(db)) return out;
  const rows = db.prepare(`SELECT namespace, MAX(version) AS version FROM ${MIGRATIONS_TABLE} GROUP BY namespace`).all() as { namespace: string; version: number }[];
  for (const r of rows) out.set(r.namespace, r.version);
  return out;
}

function tableExists(db: Database): boolean {
  return db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(MIGRATIONS_TABLE) !== undefined;
}

function currentVersion(db: Database, namespace: string): number {
  const row = db.prepare(`SELECT MAX(version) AS v FROM ${MIGRATIONS_TABLE} WHERE namespace = ?`).get(namespace) as { v: number | null } | undefined;
  return row?.v ?? 0;
}

function newerSchema(namespace: string, found: number, known: number, dbPath: string): InputError {
  return new InputError(`database was written by a newer apictl (schema ${namespace} ${found} > ${known}); upgrade apictl or use another database`, { file: dbPath, line: 0, column: 0 });
}

function validate(namespace: string, migrations: readonly Migration[]): void {
  if (!/^[a-z][a-z0-9_.-]*$/.test(namespace)) {
    throw new Error(`invalid migration namespace ${JSON.stringify(namespace)} (want [a-z][a-z0-9_.-]*)`);
  }
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) {
      throw new Error(`migrations of ${namespace} must be numbered 1..N in order; position ${i + 1} has version ${m.version}`);
    }
    if (m.name.trim() === '') throw new Error(`migration ${namespace} ${m.version} has no name`);
  });
}
