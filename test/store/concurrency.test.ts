/**
 * Many processes importing into one brand-new database at the same moment: every write must land,
 * numbering must stay gap- and duplicate-free, and the concurrent first opens must migrate once.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openRegistry, schemaVersions, type ImportOutcome } from '../../src/store/index.js';
import { makeTempDir } from './helpers.js';

const WORKERS = 8;
const ROUNDS = 5;
const WORKER_SCRIPT = fileURLToPath(new URL('./fixtures/import-worker.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

let tmp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  tmp = makeTempDir('apictl-concurrency-');
});
afterEach(() => tmp.cleanup());

interface WorkerResult {
  code: number | null;
  stderr: string;
  outcomes: { kind: string; outcome: ImportOutcome }[];
}

interface Worker {
  /** Settles once the worker has loaded its modules (or died). */
  ready: Promise<void>;
  done: Promise<WorkerResult>;
  release(): void;
}

function startWorker(dbPath: string, index: number): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_SCRIPT, dbPath, String(index), String(ROUNDS)], {
    // The repository root, so `--import tsx` resolves from its node_modules.
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (stdout.startsWith('ready\n')) markReady();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<WorkerResult>((resolve) => {
    child.on('close', (code) => {
      markReady(); // a worker that died early must not hang the barrier
      const last = stdout.trim().split('\n').pop() ?? '';
      let outcomes: WorkerResult['outcomes'] = [];
      try {
        if (last.startsWith('[')) outcomes = JSON.parse(last) as WorkerResult['outcomes'];
      } catch {
        // Left empty; the assertions report the failure together with stderr.
      }
      resolve({ code, stderr, outcomes });
    });
  });
  return { ready, done, release: () => child.stdin.end('go\n') };
}

/** Starts all workers, waits until every one has loaded its modules, then releases them together. */
async function runWorkers(dbPath: string): Promise<WorkerResult[]> {
  const workers = Array.from({ length: WORKERS }, (_, i) => startWorker(dbPath, i));
  await Promise.all(workers.map((w) => w.ready));
  for (const w of workers) w.release();
  return Promise.all(workers.map((w) => w.done));
}

it(`${WORKERS} processes importing at once into a new database lose no write`, async () => {
  const dbPath = path.join(tmp.dir, 'fresh', '.apictl', 'apictl.db');
  const results = await runWorkers(dbPath);

  for (const r of results) {
    expect(r.stderr, 'worker stderr').toBe('');
    expect(r.code).toBe(0);
    expect(r.outcomes).toHaveLength(ROUNDS * 3);
  }
  const all = results.flatMap((r) => r.outcomes);
  const of = (kind: string): ImportOutcome[] => all.filter((o) => o.kind === kind).map((o) => o.outcome);

  // Distinct content into one shared spec: every import created a version, numbers are a permutation of 1..N.
  const distinct = of('distinct');
  expect(distinct.every((o) => o.version.created)).toBe(true);
  expect(distinct.map((o) => o.version.number).sort((a, b) => a - b)).toEqual(range(WORKERS * ROUNDS));

  // Same content from everybody: exactly one creation per round, everybody else saw it stored.
  const same = of('same');
  expect(same.filter((o) => o.version.created)).toHaveLength(ROUNDS);
  expect(new Set(same.map((o) => o.spec.id)).size).toBe(1);
  expect(same.filter((o) => o.spec.created)).toHaveLength(1);

  // Each worker's own spec: one spec (despite alternating spellings), one version per round.
  expect(of('own').filter((o) => o.spec.created)).toHaveLength(WORKERS);

  const reg = openRegistry(dbPath);
  try {
    expect(schemaVersions(reg.db).get('registry')).toBe(1);
    const migrationRows = reg.db.prepare('SELECT COUNT(*) FROM schema_migrations').pluck().get();
    expect(migrationRows).toBe(1);

    const specs = reg.listSpecs();
    expect(specs).toHaveLength(WORKERS + 2);
    const bySlug = new Map(specs.map((s) => [s.slug, s]));
    expect(bySlug.get('shared-distinct')).toMatchObject({ latestVersion: WORKERS * ROUNDS, versionCount: WORKERS * ROUNDS });
    expect(bySlug.get('shared-same')).toMatchObject({ latestVersion: ROUNDS, versionCount: ROUNDS });
    for (let w = 0; w < WORKERS; w++) {
      expect(bySlug.get(`worker-${w}`)).toMatchObject({ latestVersion: ROUNDS, versionCount: ROUNDS });
    }
    for (const spec of specs) {
      const numbers = reg.listVersions(spec.slug).map((v) => v.number);
      expect(numbers).toEqual(range(spec.versionCount).reverse());
    }
    const totalVersions = reg.db.prepare('SELECT COUNT(*) FROM versions').pluck().get();
    expect(totalVersions).toBe(WORKERS * ROUNDS * 2 + ROUNDS);
    const totalTexts = reg.db.prepare('SELECT COUNT(*) FROM version_texts').pluck().get();
    expect(totalTexts).toBe((WORKERS * ROUNDS * 2 + ROUNDS) * 3);
    // Every stored text decodes back to what was written.
    expect(reg.getVersion('shared-distinct', 7)?.originalText).toMatch(/^shared w\d r\d\nx{2000}$/);
  } finally {
    reg.close();
  }
}, 60_000);

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1);
}
