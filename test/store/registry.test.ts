import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { openRegistry, type Registry } from '../../src/store/index.js';
import { makeTempDir, sampleInput } from './helpers.js';

let tmp: ReturnType<typeof makeTempDir>;
let dbPath: string;
let reg: Registry | undefined;

beforeEach(() => {
  tmp = makeTempDir();
  dbPath = path.join(tmp.dir, 'nested', '.apictl', 'apictl.db');
});
afterEach(() => {
  reg?.close();
  reg = undefined;
  tmp.cleanup();
});

function open(): Registry {
  reg = openRegistry(dbPath);
  return reg;
}

const sha256 = (s: string): string => crypto.createHash('sha256').update(s, 'utf8').digest('hex');

describe('openRegistry', () => {
  it('creates the folder and file and configures the connection', () => {
    const r = open();
    expect(fs.existsSync(dbPath)).toBe(true);
    expect(r.path).toBe(dbPath);
    expect(r.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(r.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(r.db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    expect(r.db.pragma('busy_timeout', { simple: true })).toBe(10_000);
    expect(r.listSpecs()).toEqual([]);
  });

  it('reopens an existing registry with its data', () => {
    open().importVersion(sampleInput());
    reg!.close();
    expect(open().listSpecs()).toHaveLength(1);
  });
});

describe('importVersion', () => {
  it('creates the spec and version 1 on first import', () => {
    const input = sampleInput({ importedAt: new Date('2024-05-01T10:00:00Z') });
    const out = open().importVersion(input);
    expect(out).toEqual({
      spec: { id: expect.any(Number), name: 'Pet Store', slug: 'pet-store', created: true },
      version: { number: 1, contentHash: sha256(input.originalText), created: true },
    });
  });

  it('adds no version for identical content and reports the existing one', () => {
    const r = open();
    r.importVersion(sampleInput());
    const again = r.importVersion(sampleInput({ sourcePath: 'elsewhere.yaml' }));
    expect(again.spec.created).toBe(false);
    expect(again.version).toMatchObject({ number: 1, created: false });
    expect(r.listVersions('pet-store')).toHaveLength(1);
  });

  it('adds version 2 for changed content', () => {
    const r = open();
    r.importVersion(sampleInput());
    const second = r.importVersion(sampleInput({ originalText: 'swagger: "2.0"\n# changed\n' }));
    expect(second.version).toMatchObject({ number: 2, created: true });
    // Going back to the first content is not a new version: it is already stored.
    expect(r.importVersion(sampleInput()).version).toMatchObject({ number: 1, created: false });
    const third = r.importVersion(sampleInput({ originalText: 'three' }));
    expect(third.version.number).toBe(3);
  });

  it('maps name variants to one spec and keeps the last display name', () => {
    const r = open();
    const a = r.importVersion(sampleInput({ name: 'Pet Store', originalText: 'a' }));
    const b = r.importVersion(sampleInput({ name: 'pet-store', originalText: 'b' }));
    const c = r.importVersion(sampleInput({ name: '  PET   store ', originalText: 'b' }));
    expect(new Set([a.spec.id, b.spec.id, c.spec.id]).size).toBe(1);
    expect(b.spec.created).toBe(false);
    expect(b.version.number).toBe(2);
    expect(c.version).toMatchObject({ number: 2, created: false });
    expect(c.spec.name).toBe('PET   store');
    expect(r.listSpecs()).toHaveLength(1);
    expect(r.getSpec('Pet Store')?.name).toBe('PET   store');
  });

  it('numbers versions per spec', () => {
    const r = open();
    r.importVersion(sampleInput({ name: 'A', originalText: '1' }));
    r.importVersion(sampleInput({ name: 'A', originalText: '2' }));
    expect(r.importVersion(sampleInput({ name: 'B', originalText: '1' })).version).toMatchObject({ number: 1, created: true });
  });

  it('rejects an empty name', () => {
    expect(() => open().importVersion(sampleInput({ name: '   ' }))).toThrow(/name/);
  });
});

describe('reading', () => {
  it('lists specs with their latest version and counts', () => {
    const r = open();
    r.importVersion(sampleInput({ name: 'Zoo', originalText: 'z', importedAt: new Date('2024-01-01T00:00:00Z') }));
    r.importVersion(sampleInput({ name: 'Pet Store', originalText: 'p1', importedAt: new Date('2024-02-01T00:00:00Z') }));
    r.importVersion(
      sampleInput({
        name: 'Pet Store',
        originalText: '{"openapi":"3.1.0"}',
        syntax: 'json',
        specKind: 'openapi-3.1',
        specVersion: '3.1.0',
        converted: false,
        importedAt: new Date('2024-03-01T00:00:00Z'),
      }),
    );
    expect(r.listSpecs()).toEqual([
      {
        id: expect.any(Number),
        name: 'Pet Store',
        slug: 'pet-store',
        latestVersion: 2,
        versionCount: 2,
        latestSpecKind: 'openapi-3.1',
        latestSpecVersion: '3.1.0',
        createdAt: '2024-02-01T00:00:00.000Z',
        updatedAt: '2024-03-01T00:00:00.000Z',
      },
      {
        id: expect.any(Number),
        name: 'Zoo',
        slug: 'zoo',
        latestVersion: 1,
        versionCount: 1,
        latestSpecKind: 'swagger-2.0',
        latestSpecVersion: '2.0',
        createdAt: '2024-01-01T00:00:00.000Z',
        updatedAt: '2024-01-01T00:00:00.000Z',
      },
    ]);
    expect(r.getSpec('ZOO')?.slug).toBe('zoo');
    expect(r.getSpec('nope')).toBeUndefined();
  });

  it('lists versions newest first with their metadata', () => {
    const r = open();
    r.importVersion(sampleInput({ originalText: 'v1', gitCommit: 'abc123', stats: { paths: 1, operations: 2, schemas: 3 } }));
    r.importVersion(sampleInput({ originalText: 'v2 é', importedAt: new Date('2030-01-01T00:00:00Z') }));
    const versions = r.listVersions('Pet Store');
    expect(versions.map((v) => v.number)).toEqual([2, 1]);
    expect(versions[0]).toEqual({
      number: 2,
      contentHash: sha256('v2 é'),
      syntax: 'yaml',
      specKind: 'swagger-2.0',
      specVersion: '2.0',
      sourcePath: 'specs/pets.yaml',
      gitCommit: null,
      stats: { paths: 0, operations: 0, schemas: 0 },
      converted: true,
      originalSize: Buffer.byteLength('v2 é'),
      importedAt: '2030-01-01T00:00:00.000Z',
    });
    expect(versions[1]).toMatchObject({ gitCommit: 'abc123', stats: { paths: 1, operations: 2, schemas: 3 } });
    expect(r.listVersions('unknown')).toEqual([]);
  });

  it('returns the texts of a version, the latest by default', () => {
    const r = open();
    const big = JSON.stringify({ openapi: '3.0.3', paths: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`/p${i}`, { get: {} }])) });
    r.importVersion(sampleInput({ originalText: 'first', convertedJson: '{"v":1}', notesJson: '[{"n":1}]' }));
    r.importVersion(sampleInput({ originalText: big, convertedJson: big, notesJson: '[]' }));

    const latest = r.getVersion('pet-store');
    expect(latest).toMatchObject({ number: 2, spec: { name: 'Pet Store', slug: 'pet-store' } });
    expect(latest?.originalText).toBe(big);
    expect(latest?.convertedJson).toBe(big);
    expect(latest?.notesJson).toBe('[]');

    const first = r.getVersion('Pet Store', 1);
    expect(first).toMatchObject({ number: 1, originalText: 'first', convertedJson: '{"v":1}', notesJson: '[{"n":1}]' });

    expect(r.getVersion('pet-store', 3)).toBeUndefined();
    expect(r.getVersion('pet-store', 0)).toBeUndefined();
    expect(r.getVersion('pet-store', 1.5)).toBeUndefined();
    expect(r.getVersion('unknown')).toBeUndefined();
  });

  it('compresses large texts in storage', () => {
    const r = open();
    const big = 'paths:\n' + Array.from({ length: 5000 }, (_, i) => `  /items/${i}: {}\n`).join('');
    r.importVersion(sampleInput({ originalText: big }));
    const row = r.db.prepare(`SELECT encoding, size, length(data) AS stored FROM version_texts WHERE role = 'original'`).get() as {
      encoding: string;
      size: number;
      stored: number;
    };
    expect(row.encoding).toBe('br');
    expect(row.size).toBe(Buffer.byteLength(big));
    expect(row.stored).toBeLessThan(row.size / 4);
  });
});

describe('bad database files', () => {
  function expectInputError(fn: () => unknown, pattern: RegExp): void {
    let caught: unknown;
    try {
      fn();
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(InputError);
    const err = caught as InputError;
    expect(err.position?.file).toBe(dbPath);
    expect(err.format()).toMatch(pattern);
    expect(err.format().startsWith(`${dbPath}: `)).toBe(true);
  }

  it('reports a non-SQLite file clearly', () => {
    fs.mkdirSync(path.dirname(dbPath), { recursive: true });
    fs.writeFileSync(dbPath, 'this is not a database, just some text that is long enough to look like a header\n'.repeat(50));
    const before = fs.readFileSync(dbPath);
    expectInputError(() => open(), /not an apictl registry: the file is not a SQLite database$/);
    expect(fs.readFileSync(dbPath).equals(before)).toBe(true);
    expect(fs.readdirSync(path.dirname(dbPath))).toEqual([path.basename(dbPath)]);
  });

  it('refuses a registry with damaged pages before writing anything into it', () => {
    const r = open();
    for (let i = 0; i < 40; i++) r.importVersion({ ...sampleInput(), name: `spec ${i}`, originalText: `openapi: 3.0.3 # ${crypto.randomBytes(3000).toString('hex')}\n` });
    r.db.pragma('wal_checkpoint(TRUNCATE)');
    r.close();
    reg = undefined;
    // a page in the middle (the schema on page 1 stays readable): the file still opens
    const bytes = fs.readFileSync(dbPath);
    const pageSize = bytes.readUInt16BE(16);
    const page = Math.floor(bytes.length / pageSize / 2);
    for (let i = page * pageSize; i < (page + 1) * pageSize; i++) bytes[i] = (i * 7919) & 0xff;
    fs.writeFileSync(dbPath, bytes);
    expectInputError(() => open(), /the registry is damaged \(SQLite quick_check: .+\); nothing was written to it/);
    expect(fs.readFileSync(dbPath).equals(bytes)).toBe(true);
  });

  it('reports a corrupt SQLite file clearly', () => {
    open().importVersion(sampleInput());
    reg!.close();
    reg = undefined;
    // Keep the SQLite header but overwrite the schema page: it now points at garbage.
    const bytes = fs.readFileSync(dbPath);
    for (let i = 100; i < bytes.length; i++) bytes[i] = (i * 7919) & 0xff;
    fs.writeFileSync(dbPath, bytes);
    for (const suffix of ['-wal', '-shm']) fs.rmSync(dbPath + suffix, { force: true });
    expectInputError(() => open(), /not an apictl registry: the file is not a SQLite database or is corrupt/);
  });

  it("refuses another program's SQLite database", () => {
    fs.mkdirSync(path.dirname(dbPath), { recursive: true });
    const other = new Database(dbPath);
    other.exec('CREATE TABLE customers (id INTEGER PRIMARY KEY)');
    other.close();
    const before = fs.readFileSync(dbPath);
    expectInputError(() => open(), /not an apictl registry: a SQLite database without a schema_migrations table/);
    // not even its journal mode changed
    expect(fs.readFileSync(dbPath).equals(before)).toBe(true);
    expect(fs.readdirSync(path.dirname(dbPath))).toEqual([path.basename(dbPath)]);
  });

  it('reports a folder at the database path', () => {
    fs.mkdirSync(dbPath, { recursive: true });
    expectInputError(() => open(), /cannot open the registry database/);
  });
});
