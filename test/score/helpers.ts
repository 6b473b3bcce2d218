/** Shared helpers for the score tests: a seeded PRNG, inputs, and recorded runs. */
import type { Severity } from '../../src/findings/finding.js';
import type { ScoreFinding, ScoreInput } from '../../src/score/formula.js';
import { buildLintRunRecord, type LintRunContext, type LintRunRecord } from '../../src/score/record.js';

/** mulberry32: small, fast, good enough for property tests, and reproducible from its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const SEVERITIES: Severity[] = ['error', 'warn', 'info', 'hint'];
export const CATS = ['style', 'security', 'performance', 'compliance'] as const;

export interface RuleDef {
  code: string;
  category: string;
  pack?: string;
  enabled?: boolean;
}

export function rulesMap(defs: RuleDef[]): ScoreInput['rules'] {
  return new Map(defs.map((d) => [d.code, { category: d.category, ...(d.pack ? { pack: d.pack } : {}), enabled: d.enabled ?? true }]));
}

/** `n` findings of one rule at distinct locations (fingerprints `code#prefix0..n-1`). */
export function findings(code: string, severity: Severity, category: string, n: number, prefix = ''): ScoreFinding[] {
  return Array.from({ length: n }, (_, i) => ({ code, severity, category, fingerprint: `${code}#${prefix}${i}` }));
}

export function input(over: Partial<ScoreInput> & { operations: number }): ScoreInput {
  return { findings: [], rules: rulesMap(CATS.map((c) => ({ code: `${c}-rule`, category: c }))), packs: [], valid: true, ...over };
}

/** A random but plausible input: up to 12 rules over the four categories and two packs. */
export function randomInput(rnd: () => number): ScoreInput {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const nRules = 1 + Math.floor(rnd() * 12);
  const defs: Array<RuleDef & { severity: Severity }> = [];
  for (let i = 0; i < nRules; i++) {
    const pack = rnd() < 0.25 ? pick(['psd2', 'gdpr']) : undefined;
    defs.push({ code: `r${i}`, category: pick(CATS), ...(pack ? { pack } : {}), severity: pick(SEVERITIES), enabled: rnd() < 0.95 });
  }
  const operations = Math.floor(rnd() * 60);
  const all: ScoreFinding[] = [];
  for (const d of defs) {
    if (d.enabled === false) continue;
    const n = Math.floor(rnd() * rnd() * 80);
    for (let j = 0; j < n; j++) {
      // Some locations repeat (a shared schema reported twice), some severities vary.
      const loc = Math.floor(rnd() * (n + 3));
      all.push({ code: d.code, severity: rnd() < 0.9 ? d.severity : pick(SEVERITIES), category: d.category, fingerprint: `${d.code}@${loc}` });
    }
  }
  if (rnd() < 0.1) all.push({ code: 'rule-failed', severity: 'warn', category: 'internal', fingerprint: 'x' });
  return {
    operations,
    findings: all,
    rules: rulesMap(defs),
    packs: rnd() < 0.5 ? ['psd2', 'gdpr'] : rnd() < 0.5 ? ['psd2'] : [],
    valid: rnd() < 0.9,
  };
}

/** A record for `specIdentity` with `n` warnings of one style rule over `operations` operations. */
export function sampleRecord(
  specIdentity: string,
  opts: { warnings?: number; errors?: number; operations?: number; fingerprint?: string; time?: Date; commit?: string; valid?: boolean; packs?: string[]; incomplete?: boolean } = {},
): LintRunRecord {
  const ops = opts.operations ?? 20;
  const inp: ScoreInput = {
    operations: ops,
    findings: [
      ...findings('operation-description', 'warn', 'style', opts.warnings ?? 0),
      ...findings('security-defined', 'error', 'security', opts.errors ?? 0),
      ...findings('psd2-consent-header', 'warn', 'compliance', opts.packs?.includes('psd2') ? 3 : 0),
      ...findings('lint-time-budget', 'warn', 'internal', opts.incomplete ? 1 : 0),
    ],
    rules: rulesMap([
      { code: 'operation-description', category: 'style' },
      { code: 'security-defined', category: 'security' },
      { code: 'cache-headers', category: 'performance' },
      { code: 'license-present', category: 'compliance' },
      { code: 'psd2-consent-header', category: 'compliance', pack: 'psd2' },
    ]),
    packs: opts.packs ?? [],
    valid: opts.valid ?? true,
  };
  const ctx: LintRunContext = {
    specIdentity,
    contentHash: 'c'.repeat(64),
    apictlVersion: '0.1.0',
    rulesetVersion: '1.0.0',
    rulesetFingerprint: opts.fingerprint ?? 'fp00000000000001',
    ...(opts.commit ? { gitCommit: opts.commit } : {}),
    ...(opts.time ? { time: opts.time } : {}),
  };
  return buildLintRunRecord(inp, ctx);
}
