/** The registry: specs and their versions in one SQLite file, safe for parallel writers. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Database as Db, Statement } from 'better-sqlite3';
import { InputError, UsageError } from '../errors.js';
import type { Syntax } from '../document/model.js';
import { decodeText, encodeText, type EncodedText } from './codec.js';
import { applyMigrations, MIGRATIONS_TABLE, type MigrationSet } from './migrations.js';
import { REGISTRY_MIGRATIONS } from './schema.js';
import { slugify } from './slug.js';
import { BUSY_TIMEOUT_MS, toStoreError } from './sqlite-errors.js';
import type { ImportInput, ImportOutcome, OpenRegistryOptions, Registry, SpecSummary, StoredVersion, VersionSummary } from './types.js';

/**
 * Opens (creating folder and file when missing) the registry at `dbPath` and brings its schema
 * up to date: the core schema, then each of `options.migrations`.
 *
 * @throws InputError naming the path when the file is not a SQLite database, is corrupt, is another
 *   program's database, cannot be opened or written, or was written by a newer apictl.
 */
export function openRegistry(dbPath: string, options: OpenRegistryOptions = {}): Registry {
  // SQLite answers some lock conflicts at once instead of through the busy timeout: switching a
  // new file to WAL while other processes open it, or recovering the WAL index another opener is
  // rebuilding. Opening is retried (after a short, growing, jittered pause) within the same
  // overall budget as a lock wait, so processes starting together on one new registry all get in.
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (let attempt = 0; ; attempt++) {
    let db: Db | undefined;
    try {
      if (dbPath !== ':memory:') fs.mkdirSync(path.dirname(dbPath), { recursive: true });
      refuseNonDatabase(dbPath);
      db = new Database(dbPath, { timeout: BUSY_TIMEOUT_MS });
      // before anything that writes (journal mode, migrations): a file that is not ours stays as it was
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      refuseForeignDatabase(db, dbPath);
      refuseDamaged(db, dbPath);
      configure(db);
      applyMigrations(db, REGISTRY_MIGRATIONS, dbPath);
      for (const set of options.migrations ?? []) applyMigrations(db, set, dbPath);
      return new SqliteRegistry(db, dbPath);
    } catch (err) {
      db?.close();
      const left = deadline - Date.now();
      if (isBusy(err) && left > 0) {
        sleepSync(Math.min(left, 10 * 2 ** Math.min(attempt, 5) * (0.5 + Math.random())));
        continue;
      }
      throw toStoreError(err, dbPath);
    }
  }
}

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/** Blocks this thread for `ms` (opening is synchronous, like the rest of the store). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Per-connection settings; the first statement that touches the file, so it also detects non-databases. */
function configure(db: Db): void {
  // Wait for other writers instead of failing at once (also set through the constructor's
  // `timeout`; repeated here so the value is explicit and independent of driver defaults).
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // WAL: readers never block the writer and vice versa; persistent, so only the first opener switches.
  db.pragma('journal_mode = WAL');
  // NORMAL is durable against application crashes in WAL mode; only an OS crash may lose the last commits.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
}

/** Refuses an existing file that is not a SQLite database, by its header, without opening it as one. */
function refuseNonDatabase(dbPath: string): void {
  if (dbPath === ':memory:') return;
  let fd: number;
  try {
    fd = fs.openSync(dbPath, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch {
    return; // a new registry (or one SQLite will say it cannot open)
  }
  try {
    const st = fs.fstatSync(fd);
    if (st.isDirectory()) return; // SQLite's own error says it cannot open it
    if (!st.isFile()) throw new InputError('not an apictl registry: not a regular file', { file: dbPath, line: 0, column: 0 });
    if (st.size === 0) return;
    const head = Buffer.alloc(16);
    fs.readSync(fd, head, 0, 16, 0);
    if (head.toString('latin1') !== 'SQLite format 3\u0000') {
      throw new InputError('not an apictl registry: the file is not a SQLite database', { file: dbPath, line: 0, column: 0 });
    }
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Refuses a SQLite database that holds tables but was never an apictl registry, so pointing
 * `--db` at some application's database does not quietly add our tables to it.
 */
function refuseForeignDatabase(db: Db, dbPath: string): void {
  const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).pluck().all() as string[];
  if (tables.length > 0 && !tables.includes(MIGRATIONS_TABLE)) {
    throw new InputError(`not an apictl registry: a SQLite database without a ${MIGRATIONS_TABLE} table`, {
      file: dbPath,
      line: 0,
      column: 0,
    });
  }
}

/**
 * Refuses a registry with damaged pages before anything writes to it: a write into a damaged
 * file can spread the damage to what is still intact. quick_check reads every page once
 * (cheap even for a registry holding the largest specs).
 */
function refuseDamaged(db: Db, dbPath: string): void {
  if (dbPath === ':memory:') return;
  const result = String(db.pragma('quick_check(1)', { simple: true }));
  if (result !== 'ok') {
    const what = result
      .replace(/\*\*\* in database \w+ \*\*\*/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    throw new InputError(`the registry is damaged (SQLite quick_check: ${what}); nothing was written to it: restore it from a backup, or move it away to start a new one`, {
      file: dbPath,
      line: 0,
      column: 0,
    });
  }
}

/** Row shapes as SQLite returns them. */
interface SpecRow {
  id: number;
  name: string;
  slug: string;
}
interface SpecSummaryRow extends SpecRow {
  created_at: string;
  updated_at: string;
  latest_version: number;
  version_count: number;
  latest_spec_kind: string;
  latest_spec_version: string;
}
interface VersionRow {
  id: number;
  number: number;
  content_hash: string;
  syntax: Syntax;
  spec_kind: string;
  spec_version: string;
  source_path: string;
  git_commit: string | null;
  paths_count: number;
  operations_count: number;
  schemas_count: number;
  converted: number;
  original_size: number;
  imported_at: string;
}
interface TextRow {
  role: 'original' | 'converted' | 'notes';
  encoding: string;
  data: Buffer;
}

const SPEC_SUMMARY_SQL = `
  SELECT s.id, s.name, s.slug, s.created_at, s.updated_at,
         v.number AS latest_version, v.spec_kind AS latest_spec_kind, v.spec_version AS latest_spec_version,
         (SELECT COUNT(*) FROM versions c WHERE c.spec_id = s.id) AS version_count
  FROM specs s
  JOIN versions v ON v.spec_id = s.id
   AND v.number = (SELECT MAX(m.number) FROM versions m WHERE m.spec_id = s.id)`;

const VERSION_COLUMNS = `id, number, content_hash, syntax, spec_kind, spec_version, source_path, git_commit,
  paths_count, operations_count, schemas_count, converted, original_size, imported_at`;

class SqliteRegistry implements Registry {
  private readonly stmt: ReturnType<typeof prepareStatements>;

  constructor(
    readonly db: Db,
    readonly path: string,
  ) {
    this.stmt = prepareStatements(db);
  }

  close(): void {
    this.db.close();
  }

  migrate(set: MigrationSet): void {
    this.guard(() => applyMigrations(this.db, set, this.path));
  }

  importVersion(input: ImportInput): ImportOutcome {
    const name = input.name.trim();
    if (name === '') throw new UsageError('a spec name must not be empty');
    const slug = slugify(name);
    const contentHash = crypto.createHash('sha256').update(input.originalText, 'utf8').digest('hex');
    const importedAt = (input.importedAt ?? new Date()).toISOString();

    // Compressing a large spec takes a noticeable time; do it before taking the
    // write lock so parallel importers wait only for the inserts. Skipped when this exact content
    // is already stored (the common re-import in CI); versions are never deleted, so that answer
    // cannot change before the transaction (and the transaction encodes on its own if it must).
    let texts: EncodedText[] | undefined;
    const encode = (): EncodedText[] => (texts ??= [encodeText(input.originalText), encodeText(input.convertedJson), encodeText(input.notesJson)]);

    return this.guard(() => {
      if (this.stmt.versionBySlugAndHash.get(slug, contentHash) === undefined) encode();
      const write = this.db.transaction((): ImportOutcome => {
        let spec = this.stmt.specBySlug.get(slug) as SpecRow | undefined;
        const specCreated = spec === undefined;
        if (spec === undefined) {
          spec = this.stmt.insertSpec.get(slug, name, importedAt, importedAt) as SpecRow;
        } else if (spec.name !== name) {
          this.stmt.renameSpec.run(name, importedAt, spec.id);
          spec = { ...spec, name };
        }
        const specOut = { id: spec.id, name: spec.name, slug: spec.slug, created: specCreated };

        const existing = this.stmt.versionNumberByHash.get(spec.id, contentHash) as number | undefined;
        if (existing !== undefined) {
          return { spec: specOut, version: { number: existing, contentHash, created: false } };
        }
        // Safe only because the transaction is IMMEDIATE: no other writer can take the same number
        // between this read and the insert (and UNIQUE (spec_id, number) backs that up).
        const number = ((this.stmt.maxVersionNumber.get(spec.id) as number | null) ?? 0) + 1;
        const [original, converted, notes] = encode() as [EncodedText, EncodedText, EncodedText];
        const versionId = this.stmt.insertVersion.get({
          spec_id: spec.id,
          number,
          content_hash: contentHash,
          syntax: input.syntax,
          spec_kind: input.specKind,
          spec_version: input.specVersion,
          source_path: input.sourcePath,
          git_commit: input.gitCommit === undefined || input.gitCommit === '' ? null : input.gitCommit,
          paths_count: input.stats.paths,
          operations_count: input.stats.operations,
          schemas_count: input.stats.schemas,
          converted: input.converted ? 1 : 0,
          original_size: original.size,
          imported_at: importedAt,
        }) as number;
        this.stmt.insertText.run(versionId, 'original', original.encoding, original.size, original.data);
        this.stmt.insertText.run(versionId, 'converted', converted.encoding, converted.size, converted.data);
        this.stmt.insertText.run(versionId, 'notes', notes.encoding, notes.size, notes.data);
        this.stmt.touchSpec.run(importedAt, spec.id);
        return { spec: specOut, version: { number, contentHash, created: true } };
      });
      return write.immediate();
    });
  }

  listSpecs(): SpecSummary[] {
    return this.guard(() => (this.stmt.listSpecs.all() as SpecSummaryRow[]).map(toSpecSummary));
  }

  getSpec(nameOrSlug: string): SpecSummary | undefined {
    return this.guard(() => {
      const row = this.stmt.specSummaryBySlug.get(slugify(nameOrSlug)) as SpecSummaryRow | undefined;
      return row && toSpecSummary(row);
    });
  }

  listVersions(nameOrSlug: string): VersionSummary[] {
    return this.guard(() => (this.stmt.listVersions.all(slugify(nameOrSlug)) as VersionRow[]).map(toVersionSummary));
  }

  getVersion(nameOrSlug: string, version?: number): StoredVersion | undefined {
    if (version !== undefined && !(Number.isSafeInteger(version) && version >= 1)) return undefined;
    return this.guard(() => {
      // Both reads in one transaction so they see one snapshot (cheap: a deferred read transaction).
      const read = this.db.transaction((): StoredVersion | undefined => {
        const spec = this.stmt.specBySlug.get(slugify(nameOrSlug)) as SpecRow | undefined;
        if (spec === undefined) return undefined;
        const row = (version === undefined ? this.stmt.latestVersion.get(spec.id) : this.stmt.versionByNumber.get(spec.id, version)) as VersionRow | undefined;
        if (row === undefined) return undefined;
        const texts = new Map<string, string>();
        for (const t of this.stmt.textsOfVersion.all(row.id) as TextRow[]) texts.set(t.role, decodeText(t.encoding, t.data));
        return {
          ...toVersionSummary(row),
          spec: { id: spec.id, name: spec.name, slug: spec.slug },
          originalText: texts.get('original') ?? '',
          convertedJson: texts.get('converted') ?? '',
          notesJson: texts.get('notes') ?? '',
        };
      });
      return read.deferred();
    });
  }

  /** Runs `fn`, turning file-level SQLite failures into InputError naming the database. */
  private guard<T>(fn: () => T): T {
    try {
      return fn();
    } catch (err) {
      throw toStoreError(err, this.path);
    }
  }
}

function prepareStatements(db: Db) {
  const p = (sql: string): Statement => db.prepare(sql);
  return {
    specBySlug: p(`SELECT id, name, slug FROM specs WHERE slug = ?`),
    insertSpec: p(`INSERT INTO specs (slug, name, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id, name, slug`),
    renameSpec: p(`UPDATE specs SET name = ?, updated_at = ? WHERE id = ?`),
    touchSpec: p(`UPDATE specs SET updated_at = ? WHERE id = ?`),
    versionBySlugAndHash: p(`SELECT 1 FROM versions v JOIN specs s ON s.id = v.spec_id WHERE s.slug = ? AND v.content_hash = ?`),
    versionNumberByHash: p(`SELECT number FROM versions WHERE spec_id = ? AND content_hash = ?`).pluck(),
    maxVersionNumber: p(`SELECT MAX(number) FROM versions WHERE spec_id = ?`).pluck(),
    insertVersion: p(
      `INSERT INTO versions (spec_id, number, content_hash, syntax, spec_kind, spec_version, source_path, git_commit,
         paths_count, operations_count, schemas_count, converted, original_size, imported_at)
       VALUES (@spec_id, @number, @content_hash, @syntax, @spec_kind, @spec_version, @source_path, @git_commit,
         @paths_count, @operations_count, @schemas_count, @converted, @original_size, @imported_at)
       RETURNING id`,
    ).pluck(),
    insertText: p(`INSERT INTO version_texts (version_id, role, encoding, size, data) VALUES (?, ?, ?, ?, ?)`),
    listSpecs: p(`${SPEC_SUMMARY_SQL} ORDER BY s.slug`),
    specSummaryBySlug: p(`${SPEC_SUMMARY_SQL} WHERE s.slug = ?`),
    listVersions: p(`SELECT ${VERSION_COLUMNS} FROM versions WHERE spec_id = (SELECT id FROM specs WHERE slug = ?) ORDER BY number DESC`),
    latestVersion: p(`SELECT ${VERSION_COLUMNS} FROM versions WHERE spec_id = ? ORDER BY number DESC LIMIT 1`),
    versionByNumber: p(`SELECT ${VERSION_COLUMNS} FROM versions WHERE spec_id = ? AND number = ?`),
    textsOfVersion: p(`SELECT role, encoding, data FROM version_texts WHERE version_id = ?`),
  };
}

function toSpecSummary(r: SpecSummaryRow): SpecSummary {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    latestVersion: r.latest_version,
    versionCount: r.version_count,
    latestSpecKind: r.latest_spec_kind,
    latestSpecVersion: r.latest_spec_version,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function toVersionSummary(r: VersionRow): VersionSummary {
  return {
    number: r.number,
    contentHash: r.content_hash,
    syntax: r.syntax,
    specKind: r.spec_kind,
    specVersion: r.spec_version,
    sourcePath: r.source_path,
    gitCommit: r.git_commit,
    stats: { paths: r.paths_count, operations: r.operations_count, schemas: r.schemas_count },
    converted: r.converted === 1,
    originalSize: r.original_size,
    importedAt: r.imported_at,
  };
}
