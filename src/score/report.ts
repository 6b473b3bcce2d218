/**
 * What `apictl score` reports, as data: a spec's latest run with its comparisons (previous run,
 * baseline, trend, history) and the CI gates (minimum score, no regression). Reads recorded runs
 * only, never lints. The CLI parses the flags and renders these.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { InputError, UsageError } from '../errors.js';
import type { Registry } from '../store/index.js';
import { baseline as baselineOf, comparable, history, latestPerSpec, runCount, type BaselineRow, type RunRow } from './history.js';
import { isSpecIdentity, registeredSpecIdentity, specIdentityFor } from './identity.js';

/** Runs drawn in the trend line. */
export const TREND_RUNS = 20;

export interface Comparison {
  run: number;
  total: number;
  time: string;
  comparable: boolean;
  /** latest − reference; null when not comparable. */
  delta: number | null;
  fingerprint: string;
}

export interface SpecView {
  spec: string;
  slug: string | null;
  runs: number;
  latest: RunRow;
  previous: Comparison | null;
  baseline: (Comparison & { setAt: string; reason: string }) | null;
  trend: Array<{ run: number; total: number; break: boolean }>;
  history?: RunRow[];
  /** The run just before the oldest one in `history`, for its change. */
  beforeHistory?: RunRow;
}

export interface Gate {
  gate: 'min-score' | 'no-regression';
  spec: string;
  passed: boolean;
  message?: string;
}

export interface GateOptions {
  /** Fail a spec whose latest score is below this. */
  minScore?: number;
  /** Fail a spec whose latest score fell below the baseline's, or the previous run's. */
  noRegression?: { since: 'baseline' | 'previous' };
  /** Messages name the spec (several specs, or --all). */
  many: boolean;
}

export function noRuns(spec: string | undefined): InputError {
  return spec === undefined ? new InputError('no lint runs recorded yet (run: apictl lint FILE)') : new InputError(`no lint runs recorded for ${spec} (run: apictl lint ${spec})`);
}

/** SPEC → the identity its runs are recorded under (a file path, a registered name or slug, or an identity). */
export function resolveIdentity(registry: Registry, spec: string | undefined, cwd: string): string {
  if (spec === undefined) {
    const specs = latestPerSpec(registry);
    if (specs.length === 0) throw noRuns(undefined);
    if (specs.length > 1) {
      const names = specs
        .slice(0, 5)
        .map((s) => s.specIdentity)
        .join(', ');
      throw new UsageError(`${specs.length} specs have recorded runs: name one (${names}${specs.length > 5 ? ', …' : ''}) or use --all`);
    }
    return specs[0]!.specIdentity;
  }
  let candidates: string[];
  if (isSpecIdentity(spec)) candidates = [spec];
  else {
    const file = specIdentityFor(spec, cwd);
    const registered = registeredSpecIdentity(spec);
    candidates = existsSync(path.resolve(cwd, spec)) ? [file, registered] : [registered, file];
  }
  for (const c of candidates) if (runCount(registry, c) > 0) return c;
  throw noRuns(spec);
}

function compare(latest: RunRow, ref: RunRow): Comparison {
  const ok = comparable(latest, ref);
  return {
    run: ref.id,
    total: ref.score.total,
    time: ref.time,
    comparable: ok,
    delta: ok ? latest.score.total - ref.score.total : null,
    fingerprint: ref.rulesetFingerprint,
  };
}

/** One spec's latest run with its comparisons; `trendRuns` runs for the trend (2 is enough for --all, which draws none). */
export function specView(registry: Registry, identity: string, historyLimit: number, trendRuns = TREND_RUNS): SpecView {
  const wanted = Math.max(historyLimit + 1, trendRuns, 2);
  const rows = history(registry, identity, wanted);
  const latest = rows[0];
  if (latest === undefined) throw noRuns(identity);
  const prev = rows[1];
  const base: BaselineRow | undefined = baselineOf(registry, identity);
  const trendRows = rows.slice(0, trendRuns).reverse();
  return {
    spec: identity,
    slug: latest.specSlug,
    runs: rows.length < wanted ? rows.length : runCount(registry, identity),
    latest,
    previous: prev ? compare(latest, prev) : null,
    baseline: base ? { ...compare(latest, base), setAt: base.baselineSetAt, reason: base.baselineReason } : null,
    trend: trendRows.map((r, i) => ({ run: r.id, total: r.score.total, break: i > 0 && !comparable(trendRows[i - 1]!, r) })),
    ...(historyLimit > 0 ? { history: rows.slice(0, historyLimit).reverse(), beforeHistory: rows[historyLimit] } : {}),
  };
}

/** The CI gates over the specs' latest runs: one result per spec and gate asked for. */
export function evaluateGates(views: SpecView[], opts: GateOptions): Gate[] {
  const gates: Gate[] = [];
  for (const v of views) {
    const total = v.latest.score.total;
    const prefix = opts.many ? `${v.spec}: ` : '';
    if (opts.minScore !== undefined) {
      const passed = total >= opts.minScore;
      gates.push({ gate: 'min-score', spec: v.spec, passed, ...(passed ? {} : { message: `${prefix}score ${total} is below the minimum ${opts.minScore}` }) });
    }
    if (opts.noRegression) {
      const since = opts.noRegression.since;
      const ref = since === 'previous' ? v.previous : v.baseline;
      const what = since === 'previous' ? 'the previous run' : 'the baseline';
      if (!v.latest.complete) {
        // rules that did not run report nothing: such a score can look better than the document is
        gates.push({
          gate: 'no-regression',
          spec: v.spec,
          passed: false,
          message: `${prefix}the latest run (${v.latest.id}) is incomplete: some rules could not run (see its rule-failed or lint-time-budget findings), so it cannot show that the score held`,
        });
      } else if (ref === null) {
        gates.push({ gate: 'no-regression', spec: v.spec, passed: true, message: `${prefix}no ${since === 'previous' ? 'previous run' : 'baseline'} to compare with` });
      } else if (!ref.comparable) {
        gates.push({
          gate: 'no-regression',
          spec: v.spec,
          passed: true,
          message: `${prefix}not compared with ${what} (run ${ref.run}): the ruleset changed since (fingerprint ${ref.fingerprint.slice(0, 8)} → ${v.latest.rulesetFingerprint.slice(0, 8)})${since === 'baseline' ? '; move the baseline with --set-baseline' : ''}`,
        });
      } else if (total < ref.total) {
        gates.push({ gate: 'no-regression', spec: v.spec, passed: false, message: `${prefix}score ${total} fell below ${what}'s ${ref.total} (run ${ref.run})` });
      } else {
        gates.push({ gate: 'no-regression', spec: v.spec, passed: true });
      }
    }
  }
  return gates;
}
