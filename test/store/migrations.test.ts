import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { applyMigrations, defineMigrations, openRegistry, REGISTRY_MIGRATIONS, schemaVersions, type Migration } from '../../src/store/index.js';
import { makeTempDir, sampleInput } from './helpers.js';

let tmp: ReturnType<typeof makeTempDir>;
let dbPath: string;
beforeEach(() => {
  tmp = makeTempDir();
  dbPath = path.join(tmp.dir, 'reg.db');
});
afterEach(() => tmp.cleanup());

const notesV1: Migration = { version: 1, name: 'notes table', up: 'CREATE TABLE feature_notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)' };
const notesV2: Migration = {
  version: 2,
  name: 'notes get a rank',
  up: (db) => {
    db.exec('ALTER TABLE feature_notes ADD COLUMN rank INTEGER NOT NULL DEFAULT 0');
    db.prepare('UPDATE feature_notes SET rank = id * 10').run();
  },
};

describe('migrations', () => {
  it('migrates a zero-byte file', () => {
    fs.writeFileSync(dbPath, '');
    const reg = openRegistry(dbPath);
    expect(schemaVersions(reg.db)).toEqual(new Map([['registry', REGISTRY_MIGRATIONS.migrations.length]]));
    expect(reg.importVersion(sampleInput()).version.number).toBe(1);
    reg.close();
  });

  it('migrates an empty SQLite database and records each step', () => {
    new Database(dbPath).close();
    const reg = openRegistry(dbPath);
    const rows = reg.db.prepare('SELECT namespace, version, name, applied_at FROM schema_migrations').all();
    expect(rows).toEqual([{ namespace: 'registry', version: 1, name: 'specs, versions and version texts', applied_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    reg.close();
  });

  it('migrates an older feature schema forward, keeping its data', () => {
    const v1 = defineMigrations('feature', [notesV1]);
    let reg = openRegistry(dbPath, { migrations: [v1] });
    reg.db.prepare('INSERT INTO feature_notes (text) VALUES (?), (?)').run('a', 'b');
    reg.close();

    reg = openRegistry(dbPath, { migrations: [defineMigrations('feature', [notesV1, notesV2])] });
    expect(schemaVersions(reg.db).get('feature')).toBe(2);
    expect(reg.db.prepare('SELECT text, rank FROM feature_notes ORDER BY id').all()).toEqual([
      { text: 'a', rank: 10 },
      { text: 'b', rank: 20 },
    ]);
    reg.close();
  });

  it('lets an open registry add a feature schema later, once', () => {
    const reg = openRegistry(dbPath);
    const set = defineMigrations('feature', [notesV1]);
    reg.migrate(set);
    reg.migrate(set); // already current: no-op, no "table exists" error
    expect(schemaVersions(reg.db).get('feature')).toBe(1);
    reg.close();
  });

  it('rolls back a failing step and keeps the earlier ones', () => {
    const broken: Migration = { version: 2, name: 'broken', up: 'CREATE TABLE half_done (x); SELECT * FROM no_such_table;' };
    const reg = openRegistry(dbPath);
    expect(() => reg.migrate(defineMigrations('feature', [notesV1, broken]))).toThrow(/no_such_table/);
    expect(schemaVersions(reg.db).get('feature')).toBe(1);
    expect(reg.db.prepare(`SELECT name FROM sqlite_master WHERE name = 'half_done'`).get()).toBeUndefined();
    reg.close();
  });

  it('refuses a database from a newer apictl', () => {
    openRegistry(dbPath).close();
    const raw = new Database(dbPath);
    raw.prepare(`INSERT INTO schema_migrations VALUES ('registry', 2, 'from the future', '2099-01-01T00:00:00Z')`).run();
    raw.close();

    let caught: unknown;
    try {
      openRegistry(dbPath);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(InputError);
    expect((caught as InputError).format()).toBe(`${dbPath}: database was written by a newer apictl (schema registry 2 > 1); upgrade apictl or use another database`);
  });

  it('refuses a newer feature schema but ignores namespaces it does not know', () => {
    const reg = openRegistry(dbPath, { migrations: [defineMigrations('feature', [notesV1, notesV2])] });
    reg.close();
    // A command that never loads the feature opens the same file fine.
    openRegistry(dbPath).close();
    // An older build of the feature refuses it.
    expect(() => openRegistry(dbPath, { migrations: [defineMigrations('feature', [notesV1])] })).toThrow(/newer apictl \(schema feature 2 > 1\)/);
  });

  it('applyMigrations works on a bare connection', () => {
    const db = new Database(dbPath);
    applyMigrations(db, defineMigrations('feature', [notesV1]), dbPath);
    expect(schemaVersions(db)).toEqual(new Map([['feature', 1]]));
    db.close();
  });

  it('validates migration lists', () => {
    expect(() => defineMigrations('Bad Name', [])).toThrow(/namespace/);
    expect(() => defineMigrations('ok', [notesV2])).toThrow(/1\.\.N/);
    expect(() => defineMigrations('ok', [notesV1, notesV1])).toThrow(/1\.\.N/);
    expect(() => defineMigrations('ok', [{ ...notesV1, name: ' ' }])).toThrow(/no name/);
  });

  it('opens and reads without waiting while another connection holds the write lock', () => {
    const first = openRegistry(dbPath);
    first.importVersion(sampleInput());
    first.close();
    const writer = new Database(dbPath);
    writer.exec('BEGIN IMMEDIATE');
    try {
      const started = Date.now();
      const reg = openRegistry(dbPath);
      expect(reg.listSpecs()).toHaveLength(1);
      expect(reg.getVersion('pet-store')?.number).toBe(1);
      reg.close();
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
  });
});
