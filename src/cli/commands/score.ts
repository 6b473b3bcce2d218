/**
 * `apictl score [SPEC] [--all] [--explain] [--history] [--json] [--set-baseline] [--min-score N]
 *  [--no-regression] [--since baseline|previous] [--limit N] [--db PATH]`
 *
 * Reads recorded lint runs (it never lints): the latest score with its categories and packs, the
 * change since the previous run and since the baseline (only between runs with the same ruleset
 * fingerprint), a trend of the last runs, what costs the most points, the run history, and CI
 * gates. Results on stdout, messages on stderr; exit 1 when a gate fails, 2 for usage or input errors.
 */
import { existsSync } from 'node:fs';
import { UsageError } from '../../errors.js';
import { CATEGORIES, explainTally, poolTallies, scoreTally, type ExplainItem, type Score, type ScoreCategory } from '../../score/formula.js';
import { comparable, latestPerSpec, setBaseline, type RunRow } from '../../score/history.js';
import { evaluateGates, noRuns, resolveIdentity, specView, type Comparison, type Gate, type GateOptions, type SpecView } from '../../score/report.js';
import { openRegistry, resolveDbPath, type Registry } from '../../store/index.js';
import { EXIT } from '../exit-codes.js';
import { createOutput, type Output } from '../output.js';
import type { Paint } from '../../util/terminal.js';
import { table } from '../table.js';

interface Flags {
  all?: boolean;
  explain?: boolean;
  history?: boolean;
  limit?: string;
  json?: boolean;
  setBaseline?: boolean;
  minScore?: string;
  /** False with --no-regression. */
  regression?: boolean;
  since?: 'baseline' | 'previous';
  db?: string;
}

/** Rules listed by --explain. */
const EXPLAIN_TOP = 10;
const SPARKS = '▁▂▃▄▅▆▇█';
const CATEGORY_LABEL: Record<ScoreCategory, string> = { security: 'security', style: 'style', compliance: 'compliance', performance: 'performance' };

export async function run(spec: string | undefined, flags: Flags): Promise<number> {
  const io = createOutput();
  const opts = checkFlags(spec, flags);
  const dbPath = resolveDbPath({ cwd: process.cwd(), explicit: flags.db, env: process.env });
  // A read command: never create a database just to say it is empty.
  if (dbPath !== ':memory:' && !existsSync(dbPath)) throw noRuns(spec);
  const registry = openRegistry(dbPath);
  try {
    if (flags.all) return showAll(registry, io, flags, opts);
    const identity = resolveIdentity(registry, spec, process.cwd());
    if (flags.setBaseline) {
      const b = setBaseline(registry, identity);
      io.err(`baseline of ${identity} is now run ${b.id} (score ${b.score.total}, ${shortTime(b.time)})`);
    }
    const view = specView(registry, identity, flags.history ? opts.limit : 0);
    const explain = flags.explain ? explainTally(view.latest.tally, EXPLAIN_TOP) : undefined;
    const gates = evaluateGates([view], gateOptions(flags, opts));
    if (flags.json) {
      const { beforeHistory: _b, ...shown } = view;
      io.out(JSON.stringify({ ...shown, explain, gates }, null, 2));
    } else {
      io.out(renderSpec(view, io.cOut));
      if (explain) io.out(renderExplain(explain, view.latest.score, io.cOut));
      if (view.history) io.out(renderHistory(view.history, view));
      if (view.history && view.runs > view.history.length) {
        io.err(`showing the last ${view.history.length} of ${view.runs} runs (--limit N for more)`);
      }
    }
    return reportGates(gates, io);
  } finally {
    registry.close();
  }
}

function checkFlags(spec: string | undefined, flags: Flags): { minScore?: number; limit: number } {
  if (spec !== undefined && flags.all) throw new UsageError('give a SPEC or --all, not both');
  if (flags.setBaseline && flags.all) throw new UsageError('--set-baseline moves one spec’s baseline: name the SPEC instead of --all');
  if (flags.history && flags.all) throw new UsageError('--history shows one spec: name the SPEC instead of --all');
  let minScore: number | undefined;
  if (flags.minScore !== undefined) {
    minScore = Number(flags.minScore);
    if (flags.minScore.trim() === '' || !Number.isFinite(minScore) || minScore < 0 || minScore > 100) {
      throw new UsageError(`--min-score must be a number from 0 to 100, not '${flags.minScore}'`);
    }
  }
  const limit = Number(flags.limit ?? '50');
  if (!Number.isSafeInteger(limit) || limit < 1) throw new UsageError(`--limit must be a positive whole number, not '${flags.limit}'`);
  return { minScore, limit };
}

function showAll(registry: Registry, io: Output, flags: Flags, opts: { minScore?: number }): number {
  const latest = latestPerSpec(registry);
  if (latest.length === 0) throw noRuns(undefined);
  const views = latest.map((r) => specView(registry, r.specIdentity, 0, 2));
  const pooled = poolTallies(latest.map((r) => r.tally));
  const portfolio = scoreTally(pooled);
  const fingerprints = new Set(latest.map((r) => r.rulesetFingerprint));
  const explain = flags.explain ? explainTally(pooled, EXPLAIN_TOP) : undefined;
  const gates = evaluateGates(views, gateOptions(flags, opts));
  if (flags.json) {
    io.out(
      JSON.stringify(
        {
          specs: views.map(({ history: _h, beforeHistory: _b, trend: _t, ...v }) => v),
          portfolio: { specs: latest.length, operations: pooled.operations, mixedRulesets: fingerprints.size > 1, score: portfolio },
          explain,
          gates,
        },
        null,
        2,
      ),
    );
  } else {
    io.out(
      table(
        ['SPEC', 'TOTAL', 'GRADE', 'SEC', 'STYLE', 'COMPL', 'PERF', 'Δ PREV', 'Δ BASE', 'RUN', 'TIME'],
        views.map((v) => {
          const s = v.latest.score;
          return [v.spec, totalCell(v.latest), s.grade, ...CATEGORIES.map((c) => categoryCell(s, c)), deltaCell(v.previous), deltaCell(v.baseline), String(v.latest.id), shortTime(v.latest.time)];
        }),
      ),
    );
    io.out('');
    io.out(
      `Portfolio ${gradeColor(io.cOut, portfolio.grade)(`${portfolio.total} ${portfolio.grade}`)}  (${latest.length} spec${latest.length === 1 ? '' : 's'}, ${pooled.operations} operation${pooled.operations === 1 ? '' : 's'} pooled)`,
    );
    io.out(renderCategories(portfolio, io.cOut));
    if (explain) io.out(renderExplain(explain, portfolio, io.cOut));
    if (latest.some((r) => r.score.unreliable)) io.err('! marks specs whose latest run was invalid: their totals are capped at 29 (F)');
    if (latest.some((r) => !r.complete)) io.err('? marks specs whose latest run is incomplete: some rules could not run');
    if (fingerprints.size > 1) io.err('note: the specs were linted with different rulesets; the portfolio pools them anyway');
  }
  return reportGates(gates, io);
}

function gateOptions(flags: Flags, opts: { minScore?: number }): GateOptions {
  return {
    ...(opts.minScore !== undefined ? { minScore: opts.minScore } : {}),
    ...(flags.regression === false ? { noRegression: { since: flags.since ?? 'baseline' } } : {}),
    many: flags.all === true,
  };
}

/** Prints failed gates (and notes of passed ones) on stderr; the exit code. */
function reportGates(gates: Gate[], io: Output): number {
  for (const g of gates) if (g.message) io.err(g.passed ? `note: ${g.message}` : g.message);
  return gates.some((g) => !g.passed) ? EXIT.findings : EXIT.ok;
}

// ---------------------------------------------------------------- rendering

function gradeColor(c: Paint, grade: string): (s: string) => string {
  return grade === 'A' || grade === 'B' ? c.green : grade === 'F' ? c.red : c.yellow;
}

function shortTime(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ');
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0';
}

function deltaCell(c: Comparison | null): string {
  if (c === null) return '–';
  return c.delta === null ? 'ruleset≠' : signed(c.delta);
}

function categoryCell(s: Score, c: ScoreCategory): string {
  const cat = s.categories[c];
  return cat.enabled ? String(cat.score) : '–';
}

function renderCategories(s: Score, c: Paint): string {
  const packs = Object.entries(s.packs).map(([pack, p]) => [`${pack} readiness`, p] as const);
  const width = Math.max(12, ...packs.map(([label]) => label.length + 1));
  const lines: string[] = [];
  for (const cat of CATEGORIES) {
    const v = s.categories[cat];
    const label = `  ${CATEGORY_LABEL[cat].padEnd(width)}`;
    if (!v.enabled) {
      lines.push(`${label}  –    no enabled rules`);
      continue;
    }
    const notes = v.errorRules > 0 ? `   ${v.errorRules} error rule${v.errorRules === 1 ? '' : 's'}` : '';
    lines.push(`${label}${String(v.score).padStart(3)} ${gradeColor(c, v.grade)(v.grade)}${notes}`);
  }
  for (const [label, p] of packs) lines.push(`  ${label.padEnd(width)}${String(p.score).padStart(3)} ${gradeColor(c, p.grade)(p.grade)}`);
  return lines.join('\n');
}

function sparkline(trend: SpecView['trend']): string {
  if (trend.length === 0) return '';
  const values = trend.map((t) => t.total);
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  // Keep small wobbles small: the scale spans at least 8 points.
  if (hi - lo < 8) {
    lo = Math.max(0, hi - 8);
    hi = lo + 8;
  }
  return trend.map((t) => (t.break ? '┊' : '') + SPARKS[Math.round(((t.total - lo) / (hi - lo)) * (SPARKS.length - 1))]).join('');
}

function comparisonText(c: Comparison, latestFingerprint: string, extra = ''): string {
  const where = `(run ${c.run}, ${shortTime(c.time)}, score ${c.total}${extra})`;
  if (c.delta === null) return `not compared: the ruleset changed (${c.fingerprint.slice(0, 8)} → ${latestFingerprint.slice(0, 8)})  ${where}`;
  return `${signed(c.delta)}  ${where}`;
}

function renderSpec(v: SpecView, c: Paint): string {
  const r = v.latest;
  const s = r.score;
  const lines: string[] = [];
  lines.push(`${c.bold('Score')} ${gradeColor(c, s.grade)(`${s.total} ${s.grade}`)}  ${v.spec}`);
  const meta = [
    `run ${r.id}`,
    `${shortTime(r.time)} UTC`,
    ...(r.gitCommit ? [`commit ${r.gitCommit.slice(0, 10)}`] : []),
    `apictl ${r.apictlVersion}`,
    `ruleset ${r.rulesetVersion} (${r.rulesetFingerprint.slice(0, 8)})`,
    `${s.units} operation${s.units === 1 ? '' : 's'}`,
  ];
  lines.push(`  ${meta.join(' · ')}`);
  if (s.unreliable) lines.push(`  ${c.red('! the document has validation errors: the total is capped at 29 (F) and unreliable')}`);
  if (!r.complete) lines.push(`  ${c.red('? incomplete run: some rules could not run (a rule failed or the time budget ran out); the total may be too high')}`);
  lines.push(renderCategories(s, c));
  lines.push(`  since previous  ${v.previous ? comparisonText(v.previous, r.rulesetFingerprint) : '– (first run)'}`);
  lines.push(
    `  since baseline  ${v.baseline ? comparisonText(v.baseline, r.rulesetFingerprint, v.baseline.reason === 'first-lint' ? ', first lint' : `, set ${shortTime(v.baseline.setAt)}`) : '– (none)'}`,
  );
  if (v.trend.length > 1) {
    const first = v.trend[0]!.total;
    lines.push(`  trend           ${sparkline(v.trend)}  ${first} → ${s.total} over the last ${v.trend.length} runs${v.trend.some((t) => t.break) ? ' (┊ ruleset changed)' : ''}`);
  }
  const counts = r.countsBySeverity;
  lines.push(
    `  findings        ${counts.error} error${counts.error === 1 ? '' : 's'}, ${counts.warn} warning${counts.warn === 1 ? '' : 's'}, ${counts.info} info, ${counts.hint} hint${counts.hint === 1 ? '' : 's'}${r.suppressed > 0 ? `, ${r.suppressed} suppressed` : ''}`,
  );
  return lines.join('\n');
}

function renderExplain(items: ExplainItem[], s: Score, c: Paint): string {
  if (items.length === 0) return '\nNothing costs points: no scoring findings.';
  const head = s.unreliable ? '\nFix these first (points the total gains once the document is valid; it stays capped at 29 until then):' : '\nFix these first (points the total would gain):';
  return (
    head +
    '\n' +
    trimLines(
      table(
        ['  POINTS', 'CATEGORY', 'SEVERITY', 'COUNT', 'RULE'],
        items.map((i) => [`  +${i.points.toFixed(1)}`, i.category, i.severity, String(i.count), c.bold(i.code)]),
      ),
    )
  );
}

/** The total with its marks: `!` invalid document (capped), `?` incomplete run. */
function totalCell(r: RunRow): string {
  return String(r.score.total) + (r.score.unreliable ? '!' : '') + (r.complete ? '' : '?');
}

function renderHistory(rows: RunRow[], v: SpecView): string {
  const body = rows.map((r, i) => {
    const older = i > 0 ? rows[i - 1] : v.beforeHistory;
    const brk = older !== undefined && !comparable(older, r);
    const delta = older === undefined ? '' : brk ? '⚑' : signed(r.score.total - older.score.total);
    const s = r.score;
    return [
      String(r.id),
      shortTime(r.time),
      (r.gitCommit ? r.gitCommit.slice(0, 10) : '-') + (r.gitDirty ? '+' : ''),
      r.apictlVersion,
      totalCell(r),
      s.grade,
      ...CATEGORIES.map((cat) => categoryCell(s, cat)),
      delta,
      r.rulesetFingerprint.slice(0, 8) + (brk ? ' ⚑ changed' : ''),
      v.baseline?.run === r.id ? 'baseline' : '',
    ];
  });
  const legend = rows.some((r) => r.gitDirty) ? '\n+ after a commit: the files linted had uncommitted changes' : '';
  return '\n' + trimLines(table(['RUN', 'TIME', 'COMMIT', 'APICTL', 'TOTAL', 'GRADE', 'SEC', 'STYLE', 'COMPL', 'PERF', 'Δ', 'RULESET', ''], body)) + legend;
}

function trimLines(text: string): string {
  return text
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n');
}
