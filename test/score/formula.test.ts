/** The score's properties (shared/design/scoring.md), each proven on fixed cases and, where it is a "never", over random inputs. */
import { describe, expect, it } from 'vitest';
import { CATEGORIES, computePortfolio, computeScore, explain, gradeOf, poolTallies, scoreTally, tally, type Score, type ScoreFinding, type ScoreInput } from '../../src/score/formula.js';
import { findings, input, prng, randomInput, rulesMap } from './helpers.js';

const RUNS = 400;

/** Every number of a score, labelled, for "never lower" comparisons. */
function allScores(s: Score): Record<string, number> {
  const out: Record<string, number> = { total: s.total };
  for (const c of CATEGORIES) out[c] = s.categories[c].score;
  for (const [p, v] of Object.entries(s.packs)) out[`pack:${p}`] = v.score;
  return out;
}

function expectNotLower(after: Score, before: Score, label: string): void {
  const a = allScores(after);
  for (const [k, v] of Object.entries(allScores(before))) expect(a[k], `${label}: ${k}`).toBeGreaterThanOrEqual(v);
}

function expectNotHigher(after: Score, before: Score, label: string): void {
  const a = allScores(after);
  for (const [k, v] of Object.entries(allScores(before))) expect(a[k], `${label}: ${k}`).toBeLessThanOrEqual(v);
}

describe('worked example of scoring.md', () => {
  // 100 operations; one error rule on 5 operations and one warning rule on 60, both in one category.
  const rules = rulesMap([
    { code: 'err', category: 'security' },
    { code: 'warn', category: 'security' },
  ]);
  const whole: ScoreInput = {
    operations: 100,
    findings: [...findings('err', 'error', 'security', 5), ...findings('warn', 'warn', 'security', 60)],
    rules,
    packs: [],
    valid: true,
  };

  it('scores 68 (the density term is 68.16, the doc rounds it to 68.2; scores are floored)', () => {
    const s = computeScore(whole);
    // M = 10·5 + 3·60 = 230, U = 100, B = 100·exp(−2.3/6) = 68.16; ceiling 74 does not bind.
    expect(100 * Math.exp(-2.3 / 6)).toBeCloseTo(68.16, 2);
    expect(s.categories.security).toEqual({ score: 68, grade: 'B', mass: 230, errorRules: 1, enabled: true });
    expect(s.total).toBe(68);
    expect(s.grade).toBe('B');
  });

  it('split 10 + 90, the pieces score 26 and 75, the size-weighted mean 70.8 would pay, the pooled portfolio stays 68', () => {
    const a: ScoreInput = { ...whole, operations: 10, findings: [...findings('err', 'error', 'security', 5), ...findings('warn', 'warn', 'security', 10)] };
    const b: ScoreInput = { ...whole, operations: 90, findings: findings('warn', 'warn', 'security', 50, 'b') };
    const sa = computeScore(a);
    const sb = computeScore(b);
    expect(sa.total).toBe(26); // 26.36
    expect(sb.total).toBe(75); // 75.75
    expect((10 * 26.36 + 90 * 75.75) / 100).toBeCloseTo(70.8, 1);
    expect(computePortfolio([a, b])).toEqual(computeScore(whole));
  });
});

describe('bounded', () => {
  it('every score is an integer from 0 to 100, grades match', () => {
    const rnd = prng(1);
    for (let i = 0; i < RUNS; i++) {
      const s = computeScore(randomInput(rnd));
      for (const [k, v] of Object.entries(allScores(s))) {
        expect(Number.isInteger(v), k).toBe(true);
        expect(v, k).toBeGreaterThanOrEqual(0);
        expect(v, k).toBeLessThanOrEqual(100);
      }
      expect(s.grade).toBe(gradeOf(s.total));
    }
  });

  it('stays in range at the extremes: no operations, thousands of errors, NaN operations', () => {
    const many = computeScore(input({ operations: 0, findings: findings('security-rule', 'error', 'security', 5000) }));
    expect(many.units).toBe(1);
    // One rule counts at most once per operation: alone it takes a category down to 18 at worst.
    expect(many.categories.security.score).toBe(18);
    const rules = rulesMap(Array.from({ length: 8 }, (_, i) => ({ code: `e${i}`, category: 'security' })));
    const worst = computeScore({ operations: 0, rules, packs: [], valid: true, findings: Array.from({ length: 8 }, (_, i) => findings(`e${i}`, 'error', 'security', 50)).flat() });
    expect(worst.categories.security.score).toBe(0);
    expect(worst.total).toBe(0);
    expect(many.total).toBeGreaterThanOrEqual(0);
    expect(computeScore(input({ operations: Number.NaN })).total).toBe(100);
  });

  it('a clean spec scores 100 A; hints weigh nothing', () => {
    expect(computeScore(input({ operations: 10 }))).toMatchObject({ total: 100, grade: 'A', unreliable: false });
    expect(computeScore(input({ operations: 10, findings: findings('style-rule', 'hint', 'style', 10) })).total).toBe(100);
  });

  it('grades: A ≥ 75, B ≥ 60, C ≥ 45, D ≥ 30, F below', () => {
    expect([100, 75, 74, 60, 59, 45, 44, 30, 29, 0].map(gradeOf)).toEqual(['A', 'A', 'B', 'B', 'C', 'C', 'D', 'D', 'F', 'F']);
  });
});

describe('monotone: fixing a finding never lowers any score', () => {
  it(`removing any one finding (${RUNS} random inputs)`, () => {
    const rnd = prng(2);
    for (let i = 0; i < RUNS; i++) {
      const inp = randomInput(rnd);
      if (inp.findings.length === 0) continue;
      const before = computeScore(inp);
      const k = Math.floor(rnd() * inp.findings.length);
      const after = computeScore({ ...inp, findings: inp.findings.filter((_, j) => j !== k) });
      expectNotLower(after, before, `run ${i}, removed ${JSON.stringify(inp.findings[k])}`);
    }
  });

  it('removing every finding one by one, in random order', () => {
    const rnd = prng(3);
    for (let i = 0; i < 60; i++) {
      let inp = randomInput(rnd);
      let prev = computeScore(inp);
      while (inp.findings.length > 0) {
        const k = Math.floor(rnd() * inp.findings.length);
        inp = { ...inp, findings: inp.findings.filter((_, j) => j !== k) };
        const next = computeScore(inp);
        expectNotLower(next, prev, `run ${i}`);
        prev = next;
      }
      if (inp.valid) expect(prev.total).toBe(100);
    }
  });

  it('suppressing a finding never lowers a score; suppressed ones do not count', () => {
    const rnd = prng(4);
    for (let i = 0; i < RUNS; i++) {
      const inp = randomInput(rnd);
      if (inp.findings.length === 0) continue;
      const k = Math.floor(rnd() * inp.findings.length);
      const suppressed = { ...inp, findings: inp.findings.map((f, j) => (j === k ? { ...f, suppressed: true } : f)) };
      const removed = { ...inp, findings: inp.findings.filter((_, j) => j !== k) };
      expect(computeScore(suppressed)).toEqual(computeScore(removed));
    }
  });
});

describe('errors weigh more than warnings and cap their category', () => {
  it('one error costs more than one warning, which costs more than one info', () => {
    const at = (sev: 'error' | 'warn' | 'info') => computeScore(input({ operations: 5, findings: findings('style-rule', sev, 'style', 1) })).categories.style.score;
    expect(at('error')).toBeLessThan(at('warn'));
    expect(at('warn')).toBeLessThan(at('info'));
  });

  it('any open error caps its category at 74 (never an A), however large the spec', () => {
    const s = computeScore(input({ operations: 100_000, findings: findings('security-rule', 'error', 'security', 1) }));
    expect(s.categories.security).toMatchObject({ score: 74, grade: 'B', errorRules: 1 });
    // The same as a warning is an A.
    expect(computeScore(input({ operations: 100_000, findings: findings('security-rule', 'warn', 'security', 1) })).categories.security.score).toBe(99);
  });

  it('each distinct error rule lowers the ceiling by 15 (a grade), up to four rules', () => {
    const rules = rulesMap(Array.from({ length: 6 }, (_, i) => ({ code: `e${i}`, category: 'style' })));
    const ceiling = (n: number) =>
      computeScore({ operations: 100_000, rules, packs: [], valid: true, findings: Array.from({ length: n }, (_, i) => findings(`e${i}`, 'error', 'style', 1)).flat() }).categories.style.score;
    expect([1, 2, 3, 4, 5, 6].map(ceiling)).toEqual([74, 59, 44, 29, 29, 29]);
    expect([1, 2, 3, 4].map((n) => gradeOf(ceiling(n)))).toEqual(['B', 'C', 'D', 'F']);
    // The same error rule on more operations does not lower the ceiling again.
    expect(computeScore({ operations: 100_000, rules, packs: [], valid: true, findings: findings('e0', 'error', 'style', 3) }).categories.style.score).toBe(74);
  });

  it('one noisy rule counts at most once per operation', () => {
    const noisy = computeScore(input({ operations: 10, findings: findings('style-rule', 'warn', 'style', 1000) }));
    const once = computeScore(input({ operations: 10, findings: findings('style-rule', 'warn', 'style', 10) }));
    expect(noisy.categories.style).toEqual(once.categories.style);
    expect(noisy.categories.style.mass).toBe(30);
  });
});

describe('size-stable', () => {
  function scaled(inp: ScoreInput, k: number): ScoreInput {
    const out: ScoreFinding[] = [];
    for (let copy = 0; copy < k; copy++) for (const f of inp.findings) out.push({ ...f, fingerprint: `${f.fingerprint}/copy${copy}` });
    return { ...inp, operations: inp.operations * k, findings: out };
  }

  it(`scaling a spec and its findings by k keeps every score (${RUNS} random inputs, k = 2..10)`, () => {
    const rnd = prng(5);
    for (let i = 0; i < RUNS; i++) {
      const inp = randomInput(rnd);
      if (inp.operations === 0) inp.operations = 1;
      const k = 2 + Math.floor(rnd() * 9);
      const a = computeScore(inp);
      const b = computeScore(scaled(inp, k));
      expect(allScores(b), `run ${i}, k ${k}`).toEqual(allScores(a));
    }
  });

  it('one open endpoint among 500 still costs its category the A', () => {
    const s = computeScore(input({ operations: 500, findings: findings('security-rule', 'error', 'security', 1) }));
    expect(s.categories.security.score).toBe(74);
  });
});

describe('invalid documents', () => {
  it('cap the total at 29 (an F) and mark it unreliable; categories keep their scores', () => {
    const valid = computeScore(input({ operations: 10 }));
    const invalid = computeScore(input({ operations: 10, valid: false }));
    expect(valid.total).toBe(100);
    expect(invalid).toMatchObject({ total: 29, grade: 'F', unreliable: true });
    expect(invalid.categories).toEqual(valid.categories);
  });

  it('a validation error finding makes the document invalid; validation warnings and internal findings do not count', () => {
    const withValidationError = computeScore(input({ operations: 10, findings: [{ code: 'oas3-schema', severity: 'error', category: 'validation', fingerprint: 'v1' }] }));
    expect(withValidationError).toMatchObject({ total: 29, unreliable: true });
    const others = computeScore(
      input({
        operations: 10,
        findings: [
          { code: 'duplicate-operation-id', severity: 'warn', category: 'validation', fingerprint: 'v2' },
          { code: 'rule-failed', severity: 'warn', category: 'internal', fingerprint: 'i1' },
        ],
      }),
    );
    expect(others).toMatchObject({ total: 100, unreliable: false });
  });

  it('a low score stays below 40', () => {
    const s = computeScore(input({ operations: 1, valid: false, findings: findings('style-rule', 'error', 'style', 1) }));
    expect(s.total).toBeLessThanOrEqual(40);
  });
});

describe('categories and weights', () => {
  it('total is the weighted mean (security .35, style .25, compliance .25, performance .15) of enabled categories', () => {
    // security 74 (one error on 1000 ops), others 100 → (35·74 + 65·100) / 100 = 90.9 → 90
    const s = computeScore(input({ operations: 1000, findings: findings('security-rule', 'error', 'security', 1) }));
    expect(s.total).toBe(90);
  });

  it('a category with no enabled rule does not enter the total', () => {
    const rules = rulesMap([
      { code: 'sec', category: 'security' },
      { code: 'sty', category: 'style', enabled: false },
    ]);
    const s = computeScore({ operations: 1000, rules, packs: [], valid: true, findings: findings('sec', 'error', 'security', 1) });
    expect(s.categories.style.enabled).toBe(false);
    expect(s.categories.performance.enabled).toBe(false);
    expect(s.total).toBe(74);
  });

  it('duplicate locations count once (the most severe), baseline-known findings count', () => {
    const f = { code: 'style-rule', category: 'style', fingerprint: 'same' };
    const dup = computeScore(
      input({
        operations: 2,
        findings: [
          { ...f, severity: 'warn' },
          { ...f, severity: 'error' },
          { ...f, severity: 'warn' },
        ],
      }),
    );
    const one = computeScore(input({ operations: 2, findings: [{ ...f, severity: 'error' }] }));
    expect(dup).toEqual(one);
    const known = [{ ...f, severity: 'warn' as const, known: true }];
    expect(computeScore(input({ operations: 2, findings: known }))).toEqual(computeScore(input({ operations: 2, findings: [{ ...f, severity: 'warn' }] })));
  });
});

describe('packs', () => {
  const rules = rulesMap([
    { code: 'psd2-a', category: 'compliance', pack: 'psd2' },
    { code: 'psd2-b', category: 'security', pack: 'psd2' },
    { code: 'gdpr-a', category: 'compliance', pack: 'gdpr' },
    { code: 'core', category: 'style' },
  ]);

  it('each enabled pack gets a readiness score from its own rules only', () => {
    const s = computeScore({
      operations: 10,
      rules,
      packs: ['psd2', 'gdpr'],
      valid: true,
      findings: [...findings('psd2-a', 'warn', 'compliance', 10), ...findings('psd2-b', 'error', 'security', 2), ...findings('core', 'warn', 'style', 10)],
    });
    // psd2: M = 3·10 + 10·2 = 50 over U = 10 → 100·exp(−5/6) = 43.4; error ceiling 74 → 43
    expect(s.packs).toEqual({ gdpr: { score: 100, grade: 'A' }, psd2: { score: 43, grade: 'D' } });
    // Pack findings count in their categories too.
    expect(s.categories.compliance.mass).toBe(30);
    expect(s.categories.security.errorRules).toBe(1);
  });

  it('an open pack error caps its readiness at 74; packs not enabled get no score', () => {
    const s = computeScore({ operations: 10_000, rules, packs: ['gdpr'], valid: true, findings: findings('gdpr-a', 'error', 'compliance', 1) });
    expect(s.packs).toEqual({ gdpr: { score: 74, grade: 'B' } });
  });
});

describe('splitting a spec cannot raise the portfolio score', () => {
  /** Splits `whole` into m pieces: operations partitioned, every finding in one piece or (a shared schema) repeated in several. */
  function split(whole: ScoreInput, m: number, rnd: () => number, repeat: boolean): ScoreInput[] {
    const ops = Array.from({ length: m }, () => 0);
    for (let o = 0; o < whole.operations; o++) ops[Math.floor(rnd() * m)]!++;
    const pieces: ScoreFinding[][] = Array.from({ length: m }, () => []);
    for (const f of whole.findings) {
      pieces[Math.floor(rnd() * m)]!.push(f);
      if (repeat && rnd() < 0.2) pieces[Math.floor(rnd() * m)]!.push(f);
    }
    return pieces.map((fs, i) => ({ ...whole, operations: ops[i]!, findings: fs }));
  }

  it(`partitioned: the portfolio equals the whole (${RUNS} random inputs)`, () => {
    const rnd = prng(6);
    for (let i = 0; i < RUNS; i++) {
      // Dedupe first so a partition cannot separate two copies of one location.
      const whole = randomInput(rnd);
      const seen = new Set<string>();
      whole.findings = whole.findings.filter((f) => !seen.has(f.code + f.fingerprint) && seen.add(f.code + f.fingerprint));
      const pieces = split(whole, 2 + Math.floor(rnd() * 6), rnd, false);
      expect(allScores(computePortfolio(pieces)), `run ${i}`).toEqual(allScores(computeScore(whole)));
    }
  });

  it(`with findings repeated across pieces: the portfolio is never higher (${RUNS} random inputs)`, () => {
    const rnd = prng(7);
    for (let i = 0; i < RUNS; i++) {
      const whole = randomInput(rnd);
      const pieces = split(whole, 2 + Math.floor(rnd() * 6), rnd, true);
      expectNotHigher(computePortfolio(pieces), computeScore(whole), `run ${i}`);
    }
  });

  it('pooling capped masses and floored units would pay, pooling raw numbers does not', () => {
    // One noisy rule on a 2-operation spec, split into a 1-operation piece with all findings and an empty one.
    const whole = input({ operations: 2, findings: findings('style-rule', 'warn', 'style', 10) });
    const a = { ...whole, operations: 1 };
    const b = { ...whole, operations: 0, findings: [] };
    const naive = (() => {
      const m = computeScore(a).categories.style.mass + computeScore(b).categories.style.mass; // 3 + 0
      const u = computeScore(a).units + computeScore(b).units; // 1 + 1
      return Math.floor(100 * Math.exp(-(m / u) / 6));
    })();
    expect(computeScore(whole).categories.style.score).toBe(60);
    expect(naive).toBe(77);
    expect(computePortfolio([a, b]).categories.style.score).toBe(60);
  });

  it('pools the union of error rules: two specs with different error rules share a lower ceiling', () => {
    const rules = rulesMap([
      { code: 'e1', category: 'security' },
      { code: 'e2', category: 'security' },
    ]);
    const a: ScoreInput = { operations: 1000, rules, packs: [], valid: true, findings: findings('e1', 'error', 'security', 1) };
    const b: ScoreInput = { ...a, findings: findings('e2', 'error', 'security', 1) };
    expect(computeScore(a).categories.security.score).toBe(74);
    expect(computePortfolio([a, b]).categories.security).toMatchObject({ score: 59, errorRules: 2 });
    expect(computePortfolio([a, { ...a, valid: false }]).unreliable).toBe(true);
  });

  it('pools stored tallies exactly like inputs', () => {
    const rnd = prng(8);
    const inputs = [randomInput(rnd), randomInput(rnd), randomInput(rnd)];
    expect(scoreTally(poolTallies(inputs.map(tally)))).toEqual(computePortfolio(inputs));
  });
});

describe('explain', () => {
  const rules = rulesMap([
    { code: 'sec-err', category: 'security' },
    { code: 'style-warn', category: 'style' },
    { code: 'style-info', category: 'style' },
    { code: 'perf-hint', category: 'performance' },
  ]);
  const inp: ScoreInput = {
    operations: 20,
    rules,
    packs: [],
    valid: true,
    findings: [
      ...findings('sec-err', 'error', 'security', 2),
      ...findings('style-warn', 'warn', 'style', 20),
      ...findings('style-info', 'info', 'style', 3),
      ...findings('perf-hint', 'hint', 'performance', 4),
    ],
  };

  it('ranks rules by the points fixing them would bring, most first', () => {
    const items = explain(inp);
    expect(items.map((i) => i.code)).toEqual(['style-warn', 'sec-err', 'style-info', 'perf-hint']);
    expect(items[0]).toMatchObject({ category: 'style', severity: 'warn', count: 20 });
    for (let i = 1; i < items.length; i++) expect(items[i - 1]!.points).toBeGreaterThanOrEqual(items[i]!.points);
    expect(items.at(-1)!.points).toBe(0);
    expect(explain(inp, 2)).toHaveLength(2);
  });

  it('points match how much the total rises when the rule is fixed (within the flooring)', () => {
    const base = computeScore(inp).total;
    for (const item of explain(inp)) {
      const fixed = computeScore({ ...inp, findings: inp.findings.filter((f) => f.code !== item.code) }).total;
      expect(Math.abs(fixed - base - item.points), item.code).toBeLessThanOrEqual(1);
    }
  });

  it('for an invalid document, ranks by the gain once valid', () => {
    const items = explain({ ...inp, valid: false });
    expect(items.map((i) => i.code)).toEqual(explain(inp).map((i) => i.code));
    expect(items[0]!.points).toBeGreaterThan(0);
  });
});
