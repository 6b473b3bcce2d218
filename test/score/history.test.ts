/** Recording runs, reading history, baselines; and 16 processes recording at once. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { computeScore, FORMULA_VERSION } from '../../src/score/formula.js';
import { baseline, history, latestPerSpec, recordLintRun, runCount, SCORE_MIGRATIONS, setBaseline } from '../../src/score/history.js';
import { buildLintRunRecord } from '../../src/score/record.js';
import { openRegistry, schemaVersions, type Registry } from '../../src/store/index.js';
import { makeTempDir } from '../store/helpers.js';
import { findings, input, sampleRecord } from './helpers.js';

let tmp: ReturnType<typeof makeTempDir>;
let reg: Registry;
beforeEach(() => {
  tmp = makeTempDir('apictl-score-');
  reg = openRegistry(path.join(tmp.dir, 'apictl.db'));
});
afterEach(() => {
  reg.close();
  tmp.cleanup();
});

const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 12, minute));

describe('recordLintRun', () => {
  it('creates the score schema on first use, once', () => {
    expect(schemaVersions(reg.db).get('score')).toBeUndefined();
    recordLintRun(reg, sampleRecord('file:a.yaml'));
    expect(schemaVersions(reg.db).get('score')).toBe(SCORE_MIGRATIONS.migrations.length);
  });

  it('makes the first run of a spec its baseline, and only the first', () => {
    expect(recordLintRun(reg, sampleRecord('file:a.yaml', { time: at(0) }))).toEqual({ runId: 1, baselineCreated: true });
    expect(recordLintRun(reg, sampleRecord('file:a.yaml', { time: at(1) }))).toEqual({ runId: 2, baselineCreated: false });
    expect(recordLintRun(reg, sampleRecord('file:b.yaml', { time: at(2) }))).toEqual({ runId: 3, baselineCreated: true });
    expect(baseline(reg, 'file:a.yaml')).toMatchObject({ id: 1, baselineReason: 'first-lint', baselineSetAt: at(0).toISOString(), baselineFlag: true });
    expect(history(reg, 'file:a.yaml').map((r) => [r.id, r.baselineFlag])).toEqual([
      [2, false],
      [1, true],
    ]);
  });

  it('stores everything needed to show, explain and pool the run without re-linting', () => {
    const rec = { ...sampleRecord('spec:pets', { warnings: 7, errors: 2, operations: 30, commit: 'abc123', time: at(5), packs: ['psd2'] }), specSlug: 'pets' };
    recordLintRun(reg, rec);
    const [row] = history(reg, 'spec:pets');
    expect(row).toMatchObject({
      specIdentity: 'spec:pets',
      specSlug: 'pets',
      time: at(5).toISOString(),
      contentHash: rec.contentHash,
      gitCommit: 'abc123',
      apictlVersion: '0.1.0',
      rulesetVersion: '1.0.0',
      rulesetFingerprint: 'fp00000000000001',
      formulaVersion: FORMULA_VERSION,
      operations: 30,
      countsByRule: { 'operation-description': 7, 'security-defined': 2, 'psd2-consent-header': 3 },
      countsBySeverity: { error: 2, warn: 10, info: 0, hint: 0 },
      countsByCategory: { style: 7, security: 2, compliance: 3 },
      suppressed: 0,
      valid: true,
    });
    expect(row!.score).toEqual(rec.score);
    expect(row!.tally).toEqual(rec.tally);
    expect(row!.score.packs).toHaveProperty('psd2');
    const cols = reg.db.prepare('SELECT style, security, performance, compliance, total, grade FROM lint_runs').get();
    expect(cols).toEqual({
      style: rec.score.categories.style.score,
      security: rec.score.categories.security.score,
      performance: 100,
      compliance: rec.score.categories.compliance.score,
      total: rec.score.total,
      grade: rec.score.grade,
    });
  });

  it('counts suppressed findings and does not score them', () => {
    const inp = input({ operations: 4, findings: [...findings('style-rule', 'warn', 'style', 2), { ...findings('style-rule', 'warn', 'style', 1, 'x')[0]!, suppressed: true }] });
    const rec = buildLintRunRecord(inp, { specIdentity: 'file:s.yaml', contentHash: 'h', apictlVersion: '0', rulesetVersion: '0', rulesetFingerprint: 'f' });
    expect(rec).toMatchObject({ suppressed: 1, countsByRule: { 'style-rule': 2 } });
    expect(rec.score).toEqual(computeScore({ ...inp, findings: inp.findings.filter((f) => !f.suppressed) }));
  });

  it('refuses a record whose score does not match its tally (a bug in the caller)', () => {
    const rec = sampleRecord('file:a.yaml', { warnings: 10 });
    expect(() => recordLintRun(reg, { ...rec, score: { ...rec.score, total: 100 } })).toThrow(/does not match its tally/);
    expect(runCount(reg, 'file:a.yaml')).toBe(0);
  });
});

describe('history and baselines', () => {
  beforeEach(() => {
    // Recorded out of time order on purpose: history follows time, then id.
    for (const [spec, minute, warnings] of [
      ['file:a.yaml', 0, 1],
      ['file:a.yaml', 2, 3],
      ['file:a.yaml', 1, 2],
      ['file:b.yaml', 0, 0],
      ['spec:c', 9, 5],
    ] as const) {
      recordLintRun(reg, sampleRecord(spec, { time: at(minute), warnings }));
    }
  });

  it('lists a spec’s runs newest first, limited', () => {
    expect(history(reg, 'file:a.yaml').map((r) => r.time)).toEqual([at(2), at(1), at(0)].map((d) => d.toISOString()));
    expect(history(reg, 'file:a.yaml', 2).map((r) => r.id)).toEqual([2, 3]);
    expect(history(reg, 'file:none.yaml')).toEqual([]);
    expect(runCount(reg, 'file:a.yaml')).toBe(3);
  });

  it('reads through the (spec, time) index', () => {
    const plan = reg.db.prepare(`EXPLAIN QUERY PLAN SELECT id FROM lint_runs WHERE spec = ? ORDER BY run_at DESC, id DESC LIMIT 50`).all('file:a.yaml') as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING (COVERING )?INDEX lint_runs_by_spec_time/);
    expect(plan.map((p) => p.detail).join('\n')).not.toMatch(/TEMP B-TREE/);
  });

  it('gives the latest run of every spec', () => {
    expect(latestPerSpec(reg).map((r) => [r.specIdentity, r.id])).toEqual([
      ['file:a.yaml', 2],
      ['file:b.yaml', 4],
      ['spec:c', 5],
    ]);
  });

  it('moves the baseline on request: to the latest run, or to a given run of the spec', () => {
    expect(baseline(reg, 'file:a.yaml')?.id).toBe(1);
    const moved = setBaseline(reg, 'file:a.yaml');
    expect(moved).toMatchObject({ id: 2, baselineReason: 'set', baselineFlag: true });
    expect(baseline(reg, 'file:a.yaml')).toMatchObject({ id: 2, baselineReason: 'set' });
    expect(setBaseline(reg, 'file:a.yaml', 3).id).toBe(3);
    // Former baselines keep their flag.
    expect(
      history(reg, 'file:a.yaml')
        .filter((r) => r.baselineFlag)
        .map((r) => r.id)
        .sort(),
    ).toEqual([1, 2, 3]);
    // New runs never move it.
    recordLintRun(reg, sampleRecord('file:a.yaml', { time: at(30) }));
    expect(baseline(reg, 'file:a.yaml')?.id).toBe(3);
  });

  it('refuses to set a baseline to a run of another spec, or for a spec without runs', () => {
    expect(() => setBaseline(reg, 'file:a.yaml', 4)).toThrow(InputError);
    expect(() => setBaseline(reg, 'file:a.yaml', 999)).toThrow(/run 999 is not a recorded run of file:a.yaml/);
    expect(() => setBaseline(reg, 'file:none.yaml')).toThrow(/no lint runs recorded for file:none.yaml/);
    expect(baseline(reg, 'file:a.yaml')?.id).toBe(1);
  });
});

describe('concurrency', () => {
  const WORKERS = 16;
  const ROUNDS = 5;
  const WORKER_SCRIPT = fileURLToPath(new URL('./fixtures/record-worker.ts', import.meta.url));
  const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

  interface Outcome {
    kind: string;
    round: number;
    runId: number;
    baselineCreated: boolean;
  }

  function start(dbPath: string, index: number) {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER_SCRIPT, dbPath, String(index), String(ROUNDS)], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let markReady!: () => void;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      stdout += c;
      if (stdout.startsWith('ready\n')) markReady();
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const done = new Promise<{ code: number | null; stderr: string; outcomes: Outcome[] }>((resolve) =>
      child.on('close', (code) => {
        markReady();
        const last = stdout.trim().split('\n').pop() ?? '';
        resolve({ code, stderr, outcomes: last.startsWith('[') ? (JSON.parse(last) as Outcome[]) : [] });
      }),
    );
    return { ready, done, release: () => child.stdin.end('go\n') };
  }

  it(`${WORKERS} processes recording at once into a new database lose no run`, async () => {
    const dbPath = path.join(tmp.dir, 'fresh', '.apictl', 'apictl.db');
    const workers = Array.from({ length: WORKERS }, (_, i) => start(dbPath, i));
    await Promise.all(workers.map((w) => w.ready));
    for (const w of workers) w.release();
    const results = await Promise.all(workers.map((w) => w.done));
    for (const r of results) {
      expect(r.stderr, 'worker stderr').toBe('');
      expect(r.code).toBe(0);
      expect(r.outcomes).toHaveLength(ROUNDS * 2);
    }
    const all = results.flatMap((r) => r.outcomes);
    expect(new Set(all.map((o) => o.runId)).size).toBe(WORKERS * ROUNDS * 2);
    // Exactly one process created the shared spec's baseline; each worker created its own spec's on its first round.
    expect(all.filter((o) => o.kind === 'shared' && o.baselineCreated)).toHaveLength(1);
    expect(all.filter((o) => o.kind === 'own' && o.baselineCreated).map((o) => o.round)).toEqual(Array(WORKERS).fill(0));

    const r2 = openRegistry(dbPath);
    try {
      expect(r2.db.prepare('SELECT COUNT(*) FROM lint_runs').pluck().get()).toBe(WORKERS * ROUNDS * 2);
      expect(runCount(r2, 'file:shared.yaml')).toBe(WORKERS * ROUNDS);
      expect(r2.db.prepare(`SELECT COUNT(*) FROM schema_migrations WHERE namespace = 'score'`).pluck().get()).toBe(SCORE_MIGRATIONS.migrations.length);
      expect(r2.db.prepare('SELECT COUNT(*) FROM score_baselines').pluck().get()).toBe(WORKERS + 1);
      const shared = baseline(r2, 'file:shared.yaml')!;
      expect(all.find((o) => o.kind === 'shared' && o.baselineCreated)!.runId).toBe(shared.id);
      // Every worker's commits are all there.
      const commits = new Set(history(r2, 'file:shared.yaml').map((r) => r.gitCommit));
      for (let w = 0; w < WORKERS; w++) for (let round = 0; round < ROUNDS; round++) expect(commits.has(`w${w}r${round}`)).toBe(true);
    } finally {
      r2.close();
    }
  }, 60_000);
});

describe('incomplete runs', () => {
  it('are recorded as such, read back as such, and never made the first-lint baseline', () => {
    const first = sampleRecord('file:a.yaml', { incomplete: true });
    expect(first.complete).toBe(false);
    expect(recordLintRun(reg, first)).toEqual({ runId: 1, baselineCreated: false });
    expect(recordLintRun(reg, sampleRecord('file:a.yaml'))).toEqual({ runId: 2, baselineCreated: true });
    expect(history(reg, 'file:a.yaml').map((r) => [r.id, r.complete])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(baseline(reg, 'file:a.yaml')!.id).toBe(2);
  });
});
