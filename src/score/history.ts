/**
 * Score history and baselines in the registry database (migration namespace `score`).
 *
 * - `lint_runs`: one row per recorded lint run: identity, content hash, commit, versions, ruleset
 *   fingerprint, the score (total, grade, per-category columns and JSON), the tally it was computed
 *   from (per rule count/severity/category/pack, raw operations), counts per rule, severity and
 *   category, suppressed count, validity, and whether the run was ever made a baseline.
 *   Indexed by (spec, run_at, id): every read is an index range scan with a LIMIT.
 * - `score_baselines`: the current baseline run of each spec, when and why it was set.
 *
 * Every write is one IMMEDIATE transaction, so parallel `apictl lint` processes lose nothing and
 * exactly one of them creates a spec's first-lint baseline.
 */
import type { Database, Statement } from 'better-sqlite3';
import { InputError } from '../errors.js';
import type { Severity } from '../findings/finding.js';
import { defineMigrations } from '../store/migrations.js';
import { toStoreError } from '../store/sqlite-errors.js';
import type { Registry } from '../store/types.js';
import { FORMULA_VERSION, scoreTally, type CategoryScore, type Score, type ScoreCategory, type ScoreTally } from './formula.js';
import type { LintRunRecord } from './record.js';

export type { LintRunRecord } from './record.js';

export const SCORE_NAMESPACE = 'score';

/** The score schema. Append only (see store/migrations.ts). */
export const SCORE_MIGRATIONS = defineMigrations(SCORE_NAMESPACE, [
  {
    version: 1,
    name: 'lint runs and score baselines',
    up: `
      CREATE TABLE lint_runs (
        id                  INTEGER PRIMARY KEY,
        spec                TEXT    NOT NULL,
        spec_slug           TEXT,
        run_at              TEXT    NOT NULL,
        content_hash        TEXT    NOT NULL,
        git_commit          TEXT,
        apictl_version      TEXT    NOT NULL,
        ruleset_version     TEXT    NOT NULL,
        ruleset_fingerprint TEXT    NOT NULL,
        formula_version     INTEGER NOT NULL,
        operations          INTEGER NOT NULL CHECK (operations >= 0),
        units               INTEGER NOT NULL CHECK (units >= 1),
        total               INTEGER NOT NULL CHECK (total BETWEEN 0 AND 100),
        grade               TEXT    NOT NULL,
        style               INTEGER,
        security            INTEGER,
        performance         INTEGER,
        compliance          INTEGER,
        categories          TEXT    NOT NULL,
        packs               TEXT    NOT NULL,
        tally               TEXT    NOT NULL,
        counts_by_rule      TEXT    NOT NULL,
        counts_by_category  TEXT    NOT NULL,
        errors              INTEGER NOT NULL,
        warnings            INTEGER NOT NULL,
        infos               INTEGER NOT NULL,
        hints               INTEGER NOT NULL,
        suppressed          INTEGER NOT NULL,
        valid               INTEGER NOT NULL CHECK (valid IN (0, 1)),
        baseline            INTEGER NOT NULL DEFAULT 0 CHECK (baseline IN (0, 1))
      );
      CREATE INDEX lint_runs_by_spec_time ON lint_runs (spec, run_at, id);

      CREATE TABLE score_baselines (
        spec    TEXT    PRIMARY KEY,
        run_id  INTEGER NOT NULL REFERENCES lint_runs (id) ON DELETE CASCADE,
        set_at  TEXT    NOT NULL,
        reason  TEXT    NOT NULL CHECK (reason IN ('first-lint', 'set'))
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 2,
    name: 'runs whose rules could not all run; runs made with uncommitted changes',
    up: `
      ALTER TABLE lint_runs ADD COLUMN complete INTEGER NOT NULL DEFAULT 1 CHECK (complete IN (0, 1));
      ALTER TABLE lint_runs ADD COLUMN git_dirty INTEGER CHECK (git_dirty IN (0, 1));
    `,
  },
]);

/** Per category: the score plus the ids of the error rules that fired (for pooling and display). */
export type StoredCategories = Record<ScoreCategory, CategoryScore>;

/** One recorded run, as read back. */
export interface RunRow {
  id: number;
  specIdentity: string;
  specSlug: string | null;
  /** ISO 8601 (UTC). */
  time: string;
  contentHash: string;
  gitCommit: string | null;
  /** True when the linted files had uncommitted changes; null outside git (or for runs before this was recorded). */
  gitDirty: boolean | null;
  apictlVersion: string;
  rulesetVersion: string;
  rulesetFingerprint: string;
  formulaVersion: number;
  operations: number;
  score: Score;
  tally: ScoreTally;
  countsByRule: Record<string, number>;
  countsBySeverity: Record<Severity, number>;
  countsByCategory: Record<string, number>;
  suppressed: number;
  valid: boolean;
  /** False when some rules could not run (a rule failed, the time budget ran out). */
  complete: boolean;
  /** True when this run was made a baseline at some point (first lint or on request). */
  baselineFlag: boolean;
}

/** A spec's current baseline run. */
export interface BaselineRow extends RunRow {
  baselineSetAt: string;
  baselineReason: 'first-lint' | 'set';
}

interface DbRow {
  id: number;
  spec: string;
  spec_slug: string | null;
  run_at: string;
  content_hash: string;
  git_commit: string | null;
  git_dirty: number | null;
  apictl_version: string;
  ruleset_version: string;
  ruleset_fingerprint: string;
  formula_version: number;
  operations: number;
  units: number;
  total: number;
  grade: string;
  categories: string;
  packs: string;
  tally: string;
  counts_by_rule: string;
  counts_by_category: string;
  errors: number;
  warnings: number;
  infos: number;
  hints: number;
  suppressed: number;
  valid: number;
  complete: number;
  baseline: number;
  set_at?: string;
  reason?: 'first-lint' | 'set';
}

const COLUMNS = `id, spec, spec_slug, run_at, content_hash, git_commit, git_dirty, apictl_version, ruleset_version, ruleset_fingerprint,
  formula_version, operations, units, total, grade, categories, packs, tally, counts_by_rule, counts_by_category,
  errors, warnings, infos, hints, suppressed, valid, complete, baseline`;

const rCOLUMNS = COLUMNS.split(',')
  .map((c) => `r.${c.trim()}`)
  .join(', ');

function prepare(db: Database) {
  const p = (sql: string): Statement => db.prepare(sql);
  return {
    insert: p(
      `INSERT INTO lint_runs (spec, spec_slug, run_at, content_hash, git_commit, git_dirty, apictl_version, ruleset_version,
         ruleset_fingerprint, formula_version, operations, units, total, grade, style, security, performance, compliance,
         categories, packs, tally, counts_by_rule, counts_by_category, errors, warnings, infos, hints, suppressed, valid, complete, baseline)
       VALUES (@spec, @spec_slug, @run_at, @content_hash, @git_commit, @git_dirty, @apictl_version, @ruleset_version,
         @ruleset_fingerprint, @formula_version, @operations, @units, @total, @grade, @style, @security, @performance, @compliance,
         @categories, @packs, @tally, @counts_by_rule, @counts_by_category, @errors, @warnings, @infos, @hints, @suppressed, @valid, @complete, 0)
       RETURNING id`,
    ).pluck(),
    baselineRunId: p(`SELECT run_id FROM score_baselines WHERE spec = ?`).pluck(),
    insertBaseline: p(`INSERT INTO score_baselines (spec, run_id, set_at, reason) VALUES (?, ?, ?, ?)`),
    upsertBaseline: p(
      `INSERT INTO score_baselines (spec, run_id, set_at, reason) VALUES (?, ?, ?, ?)
       ON CONFLICT (spec) DO UPDATE SET run_id = excluded.run_id, set_at = excluded.set_at, reason = excluded.reason`,
    ),
    flagBaseline: p(`UPDATE lint_runs SET baseline = 1 WHERE id = ?`),
    history: p(`SELECT ${COLUMNS} FROM lint_runs WHERE spec = ? ORDER BY run_at DESC, id DESC LIMIT ?`),
    runById: p(`SELECT ${COLUMNS} FROM lint_runs WHERE id = ?`),
    runCount: p(`SELECT COUNT(*) FROM lint_runs WHERE spec = ?`).pluck(),
    baseline: p(`SELECT ${rCOLUMNS}, b.set_at, b.reason FROM score_baselines b JOIN lint_runs r ON r.id = b.run_id WHERE b.spec = ?`),
    latestPerSpec: p(
      `SELECT ${rCOLUMNS} FROM (SELECT DISTINCT spec FROM lint_runs) s
       JOIN lint_runs r ON r.id = (SELECT i.id FROM lint_runs i WHERE i.spec = s.spec ORDER BY i.run_at DESC, i.id DESC LIMIT 1)
       ORDER BY r.spec`,
    ),
  };
}

type Statements = ReturnType<typeof prepare>;
const cache = new WeakMap<Database, Statements>();

/** Brings the score schema up to date (once per connection) and returns the prepared statements. */
function statements(registry: Registry): Statements {
  let s = cache.get(registry.db);
  if (s === undefined) {
    registry.migrate(SCORE_MIGRATIONS);
    s = guard(registry, () => prepare(registry.db));
    cache.set(registry.db, s);
  }
  return s;
}

function guard<T>(registry: Registry, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw toStoreError(err, registry.path);
  }
}

function checkRecord(rec: LintRunRecord): void {
  const bad = (what: string): never => {
    throw new Error(`recordLintRun: ${what}`);
  };
  if (typeof rec.specIdentity !== 'string' || rec.specIdentity === '') bad('specIdentity is empty');
  const s = rec.score;
  if (!Number.isInteger(s.total) || s.total < 0 || s.total > 100) bad(`total ${s.total} is not an integer 0–100`);
  // The stored tally must be what the stored score was computed from, or explain and pooling would lie.
  if (rec.valid !== rec.tally.valid) bad('valid does not match the tally’s validity');
  const again = scoreTally(rec.tally);
  if (again.total !== s.total || again.units !== s.units) bad('score does not match its tally (build the record with buildLintRunRecord)');
}

/**
 * Records one lint run in one IMMEDIATE transaction. The first complete run of a spec becomes its baseline
 * (`baselineCreated`); later runs never move it (see {@link setBaseline}).
 */
export function recordLintRun(registry: Registry, rec: LintRunRecord): { runId: number; baselineCreated: boolean } {
  checkRecord(rec);
  const st = statements(registry);
  const at = (rec.time ?? new Date()).toISOString();
  const cats = rec.score.categories;
  const catColumn = (c: ScoreCategory): number | null => (cats[c].enabled ? cats[c].score : null);
  const row = {
    spec: rec.specIdentity,
    spec_slug: rec.specSlug ?? null,
    run_at: at,
    content_hash: rec.contentHash,
    git_commit: rec.gitCommit === undefined || rec.gitCommit === '' ? null : rec.gitCommit,
    git_dirty: rec.gitDirty === undefined ? null : rec.gitDirty ? 1 : 0,
    apictl_version: rec.apictlVersion,
    ruleset_version: rec.rulesetVersion,
    ruleset_fingerprint: rec.rulesetFingerprint,
    formula_version: FORMULA_VERSION,
    operations: rec.tally.operations,
    units: rec.score.units,
    total: rec.score.total,
    grade: rec.score.grade,
    style: catColumn('style'),
    security: catColumn('security'),
    performance: catColumn('performance'),
    compliance: catColumn('compliance'),
    categories: JSON.stringify(cats),
    packs: JSON.stringify(rec.score.packs),
    tally: JSON.stringify(rec.tally),
    counts_by_rule: JSON.stringify(rec.countsByRule),
    counts_by_category: JSON.stringify(rec.countsByCategory),
    errors: rec.countsBySeverity.error ?? 0,
    warnings: rec.countsBySeverity.warn ?? 0,
    infos: rec.countsBySeverity.info ?? 0,
    hints: rec.countsBySeverity.hint ?? 0,
    suppressed: rec.suppressed,
    valid: rec.valid && rec.tally.valid ? 1 : 0,
    complete: rec.complete === false ? 0 : 1,
  };
  return guard(registry, () =>
    registry.db
      .transaction(() => {
        const runId = st.insert.get(row) as number;
        // Read under the write lock (IMMEDIATE): no other process can create the baseline meanwhile.
        // An incomplete run would make a baseline that any complete run can only fall below or pass by luck.
        const baselineCreated = row.complete === 1 && st.baselineRunId.get(rec.specIdentity) === undefined;
        if (baselineCreated) {
          st.insertBaseline.run(rec.specIdentity, runId, at, 'first-lint');
          st.flagBaseline.run(runId);
        }
        return { runId, baselineCreated };
      })
      .immediate(),
  );
}

/** A spec's runs, newest first (by time, then id); all of them when `limit` is omitted. */
export function history(registry: Registry, specIdentity: string, limit?: number): RunRow[] {
  const st = statements(registry);
  const n = limit === undefined ? -1 : Math.max(0, Math.floor(limit));
  return guard(registry, () => (st.history.all(specIdentity, n) as DbRow[]).map(toRunRow));
}

/** How many runs a spec has. */
export function runCount(registry: Registry, specIdentity: string): number {
  const st = statements(registry);
  return guard(registry, () => st.runCount.get(specIdentity) as number);
}

/** A spec's current baseline run. */
export function baseline(registry: Registry, specIdentity: string): BaselineRow | undefined {
  const st = statements(registry);
  return guard(registry, () => {
    const r = st.baseline.get(specIdentity) as DbRow | undefined;
    return r && toBaselineRow(r);
  });
}

/**
 * Makes `runId` (default: the spec's latest run) the spec's baseline, on purpose (reason `set`).
 * @throws InputError when the spec has no runs or the run is not one of its runs.
 */
export function setBaseline(registry: Registry, specIdentity: string, runId?: number): BaselineRow {
  const st = statements(registry);
  return guard(registry, () =>
    registry.db
      .transaction((): BaselineRow => {
        const run = runId === undefined ? (st.history.get(specIdentity, 1) as DbRow | undefined) : (st.runById.get(runId) as DbRow | undefined);
        if (run === undefined || run.spec !== specIdentity) {
          throw new InputError(runId === undefined ? `no lint runs recorded for ${specIdentity}` : `run ${runId} is not a recorded run of ${specIdentity}`);
        }
        const at = new Date().toISOString();
        st.upsertBaseline.run(specIdentity, run.id, at, 'set');
        st.flagBaseline.run(run.id);
        return toBaselineRow({ ...run, baseline: 1, set_at: at, reason: 'set' });
      })
      .immediate(),
  );
}

/** The latest run of every spec with runs, ordered by identity. */
export function latestPerSpec(registry: Registry): RunRow[] {
  const st = statements(registry);
  return guard(registry, () => (st.latestPerSpec.all() as DbRow[]).map(toRunRow));
}

function toRunRow(r: DbRow): RunRow {
  const categories = JSON.parse(r.categories) as StoredCategories;
  return {
    id: r.id,
    specIdentity: r.spec,
    specSlug: r.spec_slug,
    time: r.run_at,
    contentHash: r.content_hash,
    gitCommit: r.git_commit,
    gitDirty: r.git_dirty === null ? null : r.git_dirty === 1,
    apictlVersion: r.apictl_version,
    rulesetVersion: r.ruleset_version,
    rulesetFingerprint: r.ruleset_fingerprint,
    formulaVersion: r.formula_version,
    operations: r.operations,
    score: {
      total: r.total,
      grade: r.grade,
      categories,
      packs: JSON.parse(r.packs) as Score['packs'],
      unreliable: r.valid === 0,
      units: r.units,
    },
    tally: JSON.parse(r.tally) as ScoreTally,
    countsByRule: JSON.parse(r.counts_by_rule) as Record<string, number>,
    countsBySeverity: { error: r.errors, warn: r.warnings, info: r.infos, hint: r.hints },
    countsByCategory: JSON.parse(r.counts_by_category) as Record<string, number>,
    suppressed: r.suppressed,
    valid: r.valid === 1,
    complete: r.complete === 1,
    baselineFlag: r.baseline === 1,
  };
}

function toBaselineRow(r: DbRow): BaselineRow {
  return { ...toRunRow(r), baselineSetAt: r.set_at!, baselineReason: r.reason! };
}

/** True when two runs' scores may be compared: same ruleset fingerprint and formula. */
export function comparable(a: RunRow, b: RunRow): boolean {
  return a.rulesetFingerprint === b.rulesetFingerprint && a.formulaVersion === b.formulaVersion;
}
