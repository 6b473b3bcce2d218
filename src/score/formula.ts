/**
 * The quality score (issue #4, design: shared/design/scoring.md). Pure: no I/O.
 *
 * Per category c, over one spec or a pooled portfolio:
 *   U   = max(1, non-deprecated operations + webhooks)
 *   M_c = Σ_rules w(sev)·min(n_rule, U)        w: error 10, warn 3, info 1, hint 0
 *   B_c = 100·exp(−(M_c/U)/τ)                  τ = 6
 *   K_c = 100, or 74 − 15·(min(E_c, 4) − 1)    E_c = distinct rules with an error in c (each one a grade lower)
 *   S_c = ⌊min(B_c, K_c)⌋
 *   T   = ⌊Σ W_c·S_c / Σ W_c⌋ over categories with an enabled rule (security 35, style 25,
 *         compliance 25, performance 15), capped at 29 (an F) for an invalid document.
 *   grade A ≥ 75, B ≥ 60, C ≥ 45, D ≥ 30, F below (set from the corpus: docs/scoring.md)
 *
 * Two refinements over the design note, both keeping its properties:
 * - Everything is computed from a {@link ScoreTally} (per rule: deduplicated count, severity,
 *   category, pack; raw operations; enabled categories; validity). A run stores its tally, so
 *   `apictl score` explains and pools without re-linting.
 * - The portfolio pools **raw** per-rule counts and **raw** operations, then applies the formula
 *   once. Pooling the per-file masses (Σ M_c, Σ U) literally would let splitting pay twice: the
 *   per-rule cap min(n, U) binds harder on small files (Σ min(n_i, U_i) ≤ min(Σ n_i, Σ U_i)), and
 *   every operation-less file would add 1 to Σ U through max(1, ·). Pooled raw numbers make a
 *   split spec score exactly like the whole when findings are partitioned, and lower when the
 *   pieces repeat findings (a shared schema reported by each file).
 *
 * Scores are floored, never rounded up: 100 means no weighted finding, a category gets an A only
 * when its density really scores 75, and an open error keeps a category at 74 (a B) at best.
 */
import type { Severity } from '../findings/finding.js';

export type ScoreCategory = 'style' | 'security' | 'performance' | 'compliance';

export const CATEGORIES: readonly ScoreCategory[] = ['security', 'style', 'compliance', 'performance'];

/** Category weights, as integers so the weighted mean of integer scores is exact. */
export const CATEGORY_WEIGHTS: Readonly<Record<ScoreCategory, number>> = { security: 35, style: 25, compliance: 25, performance: 15 };

export const SEVERITY_WEIGHTS: Readonly<Record<Severity, number>> = { error: 10, warn: 3, info: 1, hint: 0 };

/** Density scale: one warning per operation → 60, one info per operation → 84, one error per operation → 18. */
export const TAU = 6;
/**
 * Grade boundaries: A ≥ 75, B ≥ 60, C ≥ 45, D ≥ 30, F below. Set from the corpus of real
 * descriptions (docs/scoring.md): curated examples such as Redocly's museum and Bump's train
 * travel API score 45–55, large public APIs 25–50, minimal demos below 30.
 */
export const GRADE_MINIMUMS: ReadonlyArray<readonly [string, number]> = [
  ['A', 75],
  ['B', 60],
  ['C', 45],
  ['D', 30],
];
/** How far apart the grades are: each distinct error rule in a category lowers its ceiling by one grade. */
export const ERROR_CEILING_STEP = 15;
export const ERROR_CEILING_RULES = 4;
/** The ceiling of a category with one error rule: the highest B (never an A with an open error). */
export const ERROR_CEILING_FIRST = 74;
/** Highest total of a document with validation errors: the highest F (the specification rejects it). */
export const INVALID_CAP = 29;

/** Bumped when the formula changes, so stored scores of different formulas are never compared silently. */
export const FORMULA_VERSION = 2;

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warn: 1, info: 2, hint: 3 };

export interface ScoreFinding {
  code: string;
  severity: Severity;
  category: string;
  fingerprint: string;
  /** Suppressed (with a reason) findings do not count. Baseline-known findings do. */
  suppressed?: boolean;
}

export interface ScoreInput {
  /** Non-deprecated operations + webhooks. */
  operations: number;
  findings: ScoreFinding[];
  /** Every rule of the ruleset (RuleMeta): its category, the pack that defines it, whether it is enabled. */
  rules: Map<string, { category: string; pack?: string; enabled: boolean }>;
  /** Enabled packs. */
  packs: string[];
  /** False for a document with validation errors or unresolvable references. */
  valid: boolean;
}

export interface CategoryScore {
  score: number;
  grade: string;
  mass: number;
  errorRules: number;
  /** False when no enabled rule is in this category: it does not enter the total. */
  enabled: boolean;
}

export interface Score {
  total: number;
  grade: string;
  categories: Record<ScoreCategory, CategoryScore>;
  packs: Record<string, { score: number; grade: string }>;
  /** True for an invalid document: the total is capped at 29 (an F). */
  unreliable: boolean;
  units: number;
}

/** What one rule contributed to a run, enough to score, explain and pool without the findings. */
export interface RuleTally {
  /** Deduplicated, unsuppressed findings. */
  count: number;
  /** The most severe of them. */
  severity: Severity;
  category: string;
  pack?: string;
}

/** The raw numbers a score is computed from; stored with every run. */
export interface ScoreTally {
  /** Raw operations (U = max(1, operations)). */
  operations: number;
  /** Scoring rules that fired (validation and internal findings excluded). */
  rules: Record<string, RuleTally>;
  /** Categories with at least one enabled rule. */
  enabledCategories: ScoreCategory[];
  packs: string[];
  valid: boolean;
}

export interface ExplainItem {
  code: string;
  category: string;
  severity: Severity;
  count: number;
  /** How much the total would rise (unfloored, one decimal) if this rule's findings were fixed; for an invalid document, once it is valid. */
  points: number;
}

export function isScoreCategory(c: string): c is ScoreCategory {
  return c === 'style' || c === 'security' || c === 'performance' || c === 'compliance';
}

/** Categories that never count: validation problems cap the total instead, internal ones are apictl's own failures. */
function isNonScoring(category: string): boolean {
  return category === 'validation' || category === 'internal';
}

export function gradeOf(score: number): string {
  for (const [grade, min] of GRADE_MINIMUMS) if (score >= min) return grade;
  return 'F';
}

function unitsOf(operations: number): number {
  return Math.max(1, Number.isFinite(operations) ? Math.floor(operations) : 0);
}

/** Deduplicates by (rule, fingerprint) and sums what the formula needs. */
export function tally(input: ScoreInput): ScoreTally {
  const seen = new Map<string, Severity>();
  const rules = new Map<string, RuleTally>();
  let invalidByFinding = false;
  for (const f of input.findings) {
    if (f.suppressed) continue;
    const meta = input.rules.get(f.code);
    const category = meta?.category ?? f.category;
    if (category === 'validation' || f.category === 'validation') {
      if (f.severity === 'error') invalidByFinding = true;
      continue;
    }
    if (isNonScoring(category) || isNonScoring(f.category)) continue;
    const key = `${f.code}\u0000${f.fingerprint}`;
    const prev = seen.get(key);
    const t = rules.get(f.code);
    if (prev === undefined) {
      seen.set(key, f.severity);
      if (t === undefined) {
        rules.set(f.code, { count: 1, severity: f.severity, category, ...(meta?.pack ? { pack: meta.pack } : {}) });
      } else {
        t.count++;
        if (SEVERITY_RANK[f.severity] < SEVERITY_RANK[t.severity]) t.severity = f.severity;
      }
    } else if (SEVERITY_RANK[f.severity] < SEVERITY_RANK[prev]) {
      // A duplicate location reported more severely: keep the most severe, count it once.
      seen.set(key, f.severity);
      if (SEVERITY_RANK[f.severity] < SEVERITY_RANK[t!.severity]) t!.severity = f.severity;
    }
  }
  const enabled = new Set<ScoreCategory>();
  for (const r of input.rules.values()) if (r.enabled && isScoreCategory(r.category)) enabled.add(r.category);
  return {
    operations: Math.max(0, Number.isFinite(input.operations) ? Math.floor(input.operations) : 0),
    rules: Object.fromEntries(rules),
    enabledCategories: CATEGORIES.filter((c) => enabled.has(c)),
    packs: [...new Set(input.packs)],
    valid: input.valid && !invalidByFinding,
  };
}

/** Pools tallies of several specs: raw counts and operations add up, error rules unite, any invalid spec makes the pool invalid. */
export function poolTallies(tallies: readonly ScoreTally[]): ScoreTally {
  const rules = new Map<string, RuleTally>();
  const enabled = new Set<ScoreCategory>();
  const packs = new Set<string>();
  let operations = 0;
  let valid = true;
  for (const t of tallies) {
    operations += t.operations;
    valid &&= t.valid;
    for (const c of t.enabledCategories) enabled.add(c);
    for (const p of t.packs) packs.add(p);
    for (const [code, r] of Object.entries(t.rules)) {
      const cur = rules.get(code);
      if (cur === undefined) rules.set(code, { ...r });
      else {
        cur.count += r.count;
        if (SEVERITY_RANK[r.severity] < SEVERITY_RANK[cur.severity]) cur.severity = r.severity;
      }
    }
  }
  return { operations, rules: Object.fromEntries(rules), enabledCategories: CATEGORIES.filter((c) => enabled.has(c)), packs: [...packs], valid };
}

interface Part {
  mass: number;
  errorRules: number;
  /** min(B, K), unfloored. */
  exact: number;
}

function part(rules: Iterable<RuleTally>, units: number): Part {
  let mass = 0;
  let errorRules = 0;
  for (const r of rules) {
    mass += SEVERITY_WEIGHTS[r.severity] * Math.min(r.count, units);
    if (r.severity === 'error' && r.count > 0) errorRules++;
  }
  const density = 100 * Math.exp(-(mass / units) / TAU);
  const ceiling = errorRules === 0 ? 100 : ERROR_CEILING_FIRST - ERROR_CEILING_STEP * (Math.min(errorRules, ERROR_CEILING_RULES) - 1);
  return { mass, errorRules, exact: Math.min(density, ceiling) };
}

interface Detailed {
  score: Score;
  /** The total before flooring and before the invalid cap. */
  exactUncapped: number;
}

function scoreDetailed(t: ScoreTally): Detailed {
  const units = unitsOf(t.operations);
  const all = Object.values(t.rules);
  const enabled = new Set(t.enabledCategories);
  const categories = {} as Record<ScoreCategory, CategoryScore>;
  let weighted = 0;
  let exactWeighted = 0;
  let weights = 0;
  for (const c of CATEGORIES) {
    const p = part(
      all.filter((r) => r.category === c),
      units,
    );
    const score = Math.floor(p.exact);
    categories[c] = { score, grade: gradeOf(score), mass: p.mass, errorRules: p.errorRules, enabled: enabled.has(c) };
    if (enabled.has(c)) {
      weighted += CATEGORY_WEIGHTS[c] * score;
      exactWeighted += CATEGORY_WEIGHTS[c] * p.exact;
      weights += CATEGORY_WEIGHTS[c];
    }
  }
  let total = weights === 0 ? 100 : Math.floor(weighted / weights);
  const exactUncapped = weights === 0 ? 100 : exactWeighted / weights;
  if (!t.valid) total = Math.min(total, INVALID_CAP);
  const packs: Record<string, { score: number; grade: string }> = {};
  for (const pack of [...t.packs].sort()) {
    const s = Math.floor(
      part(
        all.filter((r) => r.pack === pack),
        units,
      ).exact,
    );
    packs[pack] = { score: s, grade: gradeOf(s) };
  }
  return { score: { total, grade: gradeOf(total), categories, packs, unreliable: !t.valid, units }, exactUncapped };
}

/** The score of a tally (what {@link computeScore} and the stored runs use). */
export function scoreTally(t: ScoreTally): Score {
  return scoreDetailed(t).score;
}

/** The score of one spec. */
export function computeScore(input: ScoreInput): Score {
  return scoreTally(tally(input));
}

/** The score of several specs together: raw numbers pooled, never per-spec scores averaged, so splitting a spec cannot raise it. */
export function computePortfolio(inputs: ScoreInput[]): Score {
  return scoreTally(poolTallies(inputs.map(tally)));
}

/** The rules that cost the most points, most expensive first. */
export function explainTally(t: ScoreTally, top = 10): ExplainItem[] {
  const base = scoreDetailed(t);
  const items: Array<ExplainItem & { exact: number; weight: number }> = [];
  for (const [code, r] of Object.entries(t.rules)) {
    if (r.count === 0) continue;
    const { [code]: _fixed, ...rest } = t.rules;
    const without = scoreDetailed({ ...t, rules: rest });
    // Fixing a rule never changes validity. For an invalid document the cap would hide every
    // gain, so the gain is the one the fix brings once the document is valid.
    const gain = without.exactUncapped - base.exactUncapped;
    items.push({
      code,
      category: r.category,
      severity: r.severity,
      count: r.count,
      points: Math.round(Math.max(0, gain) * 10) / 10,
      exact: gain,
      weight: SEVERITY_WEIGHTS[r.severity] * Math.min(r.count, base.score.units),
    });
  }
  items.sort((a, b) => b.exact - a.exact || b.weight - a.weight || a.code.localeCompare(b.code));
  return items.slice(0, Math.max(0, top)).map(({ exact: _e, weight: _w, ...item }) => item);
}

/** {@link explainTally} for one spec's findings. */
export function explain(input: ScoreInput, top = 10): ExplainItem[] {
  return explainTally(tally(input), top);
}
