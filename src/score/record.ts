/**
 * What one lint run records (see history.ts for storing it). Pure, so `apictl lint` can build a
 * record without loading SQLite until it stores one.
 */
import type { Severity } from '../findings/finding.js';
import { scoreTally, tally, type Score, type ScoreInput, type ScoreTally } from './formula.js';

export interface LintRunRecord {
  /** From {@link specIdentityFor} or {@link registeredSpecIdentity} (identity.ts). */
  specIdentity: string;
  /** Slug when the spec is registered. */
  specSlug?: string;
  /** SHA-256 (hex) of the linted text. */
  contentHash: string;
  gitCommit?: string;
  /** True when the linted files differed from gitCommit (uncommitted changes); undefined outside git. */
  gitDirty?: boolean;
  apictlVersion: string;
  rulesetVersion: string;
  /** LoadedRuleset.fingerprint: trends and deltas only compare runs with the same one. */
  rulesetFingerprint: string;
  score: Score;
  /** Deduplicated, unsuppressed findings per rule (validation and internal codes included). */
  countsByRule: Record<string, number>;
  countsBySeverity: Record<Severity, number>;
  countsByCategory: Record<string, number>;
  suppressed: number;
  valid: boolean;
  /** False when some rules could not run (a rule failed, the time budget ran out): the score then says less than it seems. */
  complete: boolean;
  /** The raw numbers behind `score` (per rule count, severity, category, pack; operations), so
   * `apictl score` can explain and pool without re-linting. */
  tally: ScoreTally;
  /** Defaults to now. */
  time?: Date;
}

/** Everything of a {@link LintRunRecord} that the findings do not tell. */
export interface LintRunContext {
  specIdentity: string;
  specSlug?: string;
  contentHash: string;
  gitCommit?: string;
  gitDirty?: boolean;
  apictlVersion: string;
  rulesetVersion: string;
  rulesetFingerprint: string;
  /** Suppressed findings; defaults to the number of `input.findings` flagged `suppressed`. */
  suppressed?: number;
  time?: Date;
}

/** Findings that say the run did not run every rule. */
const INCOMPLETE_CODES = new Set(['rule-failed', 'lint-time-budget', 'rules-not-run']);

/** Builds the record of one lint run from the same input the score is computed from. */
export function buildLintRunRecord(input: ScoreInput, ctx: LintRunContext): LintRunRecord {
  const t = tally(input);
  const countsByRule: Record<string, number> = {};
  const countsBySeverity: Record<Severity, number> = { error: 0, warn: 0, info: 0, hint: 0 };
  const countsByCategory: Record<string, number> = {};
  const seen = new Set<string>();
  let suppressed = 0;
  for (const f of input.findings) {
    if (f.suppressed) {
      suppressed++;
      continue;
    }
    const key = `${f.code}\u0000${f.fingerprint}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const category = input.rules.get(f.code)?.category ?? f.category;
    bump(countsByRule, f.code);
    bump(countsByCategory, category);
    countsBySeverity[f.severity] = (countsBySeverity[f.severity] ?? 0) + 1;
  }
  return {
    ...ctx,
    score: scoreTally(t),
    countsByRule,
    countsBySeverity,
    countsByCategory,
    suppressed: ctx.suppressed ?? suppressed,
    valid: t.valid,
    complete: !input.findings.some((f) => INCOMPLETE_CODES.has(f.code)),
    tally: t,
  };
}

function bump(o: Record<string, number>, key: string): void {
  Object.defineProperty(o, key, { value: (Object.hasOwn(o, key) ? o[key]! : 0) + 1, enumerable: true, writable: true, configurable: true });
}
