/** `apictl score` through the built binary: runs are recorded in-process, then the CLI reads them. */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gradeOf, poolTallies, scoreTally } from '../../src/score/formula.js';
import { history, recordLintRun } from '../../src/score/history.js';
import { specIdentityFor } from '../../src/score/identity.js';
import type { LintRunRecord } from '../../src/score/record.js';
import { openRegistry } from '../../src/store/index.js';
import { apictl } from '../helpers/cli.js';
import { tempTree } from '../helpers/tmp.js';
import { sampleRecord } from './helpers.js';

const day = (d: number) => new Date(Date.UTC(2025, 0, d, 9, 30));

/** A project folder (with `.git`) holding api.yaml, and a database with the given runs. */
function project(records: (root: string) => LintRunRecord[]): { root: string; db: string; ids: number[] } {
  const root = tempTree({ '.git/HEAD': 'ref: refs/heads/main\n', 'api.yaml': 'openapi: 3.0.3\n', 'sub/.keep': '' });
  const db = path.join(root, '.apictl', 'apictl.db');
  const reg = openRegistry(db);
  try {
    const ids = records(root).map((r) => recordLintRun(reg, r).runId);
    return { root, db, ids };
  } finally {
    reg.close();
  }
}

const API = 'file:api.yaml';

/** Three runs of api.yaml: 10, 4, then 6 warnings (so the latest is below the previous, above the baseline). */
function threeRuns() {
  return project(() => [
    sampleRecord(API, { warnings: 10, time: day(1), commit: 'a'.repeat(40) }),
    sampleRecord(API, { warnings: 4, time: day(2), commit: 'b'.repeat(40) }),
    sampleRecord(API, { warnings: 6, errors: 1, time: day(3), commit: 'c'.repeat(40) }),
  ]);
}

function totals(db: string, spec = API): number[] {
  const reg = openRegistry(db);
  try {
    return history(reg, spec)
      .map((r) => r.score.total)
      .reverse();
  } finally {
    reg.close();
  }
}

describe('apictl score SPEC', () => {
  it('shows total, categories, packs, changes, trend and findings of the latest run', () => {
    const p = project(() => [
      sampleRecord(API, { warnings: 10, time: day(1), packs: ['psd2'] }),
      sampleRecord(API, { warnings: 4, errors: 1, time: day(2), packs: ['psd2'], commit: 'f00dfeed'.repeat(5) }),
    ]);
    const [first, latest] = totals(p.db);
    const r = apictl(['score', 'api.yaml'], { cwd: p.root });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const grade = gradeOf(latest!);
    expect(r.stdout).toMatch(new RegExp(`^Score ${latest} ${grade}  file:api\\.yaml\\n`));
    expect(r.stdout).toMatch(/run 2 · 2025-01-02 09:30 UTC · commit f00dfeedf0 · apictl 0\.1\.0 · ruleset 1\.0\.0 \(fp000000\) · 20 operations/);
    expect(r.stdout).toMatch(/^ {2}security {8}74 B {3}1 error rule$/m);
    expect(r.stdout).toMatch(/^ {2}style +\d+ [A-F]$/m);
    expect(r.stdout).toMatch(/^ {2}psd2 readiness +\d+ [A-F]$/m);
    const d = latest! - first!;
    expect(r.stdout).toContain(`since previous  ${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(d)}`);
    expect(r.stdout).toMatch(/since baseline {2}.*\(run 1, 2025-01-01 09:30, score \d+, first lint\)/);
    expect(r.stdout).toMatch(/trend {11}[▁▂▃▄▅▆▇█]{2} {2}\d+ → \d+ over the last 2 runs/);
    expect(r.stdout).toContain('findings        1 error, 7 warnings, 0 info, 0 hints');
  });

  it('finds the same file from a subdirectory, through an absolute path, or by its identity', () => {
    const p = threeRuns();
    const want = apictl(['score', 'api.yaml', '--json'], { cwd: p.root });
    expect(want.code).toBe(0);
    for (const [args, cwd] of [
      [['score', '../api.yaml', '--json'], path.join(p.root, 'sub')],
      [['score', path.join(p.root, 'api.yaml'), '--json'], path.join(p.root, 'sub')],
      [['score', 'file:api.yaml', '--json', '--db', p.db], '/'],
    ] as const) {
      const r = apictl([...args], { cwd });
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout).toBe(want.stdout);
    }
  });

  it('finds a registered spec by name or slug', () => {
    const p = project(() => [{ ...sampleRecord('spec:pet-store', { warnings: 2 }), specSlug: 'pet-store' }]);
    for (const name of ['Pet Store', 'pet-store', 'spec:pet-store']) {
      const r = apictl(['score', name, '--json'], { cwd: p.root });
      expect(r.code, name).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ spec: 'spec:pet-store', slug: 'pet-store', runs: 1 });
    }
  });

  it('with no SPEC shows the only spec with runs, and asks for one when there are several', () => {
    const one = threeRuns();
    expect(apictl(['score', '--json'], { cwd: one.root })).toMatchObject({ code: 0 });
    const two = project(() => [sampleRecord(API), sampleRecord('spec:other')]);
    const r = apictl(['score'], { cwd: two.root });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('usage: 2 specs have recorded runs: name one (file:api.yaml, spec:other) or use --all\n');
  });

  it('exits 2 when nothing was recorded, without creating a database', () => {
    const root = tempTree({ '.git/HEAD': '', 'api.yaml': '' });
    const r = apictl(['score', 'api.yaml'], { cwd: root });
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: 'no lint runs recorded for api.yaml (run: apictl lint api.yaml)\n' });
    expect(existsSync(path.join(root, '.apictl'))).toBe(false);
    const p = threeRuns();
    const other = apictl(['score', 'other.yaml'], { cwd: p.root });
    expect(other).toMatchObject({ code: 2, stdout: '', stderr: 'no lint runs recorded for other.yaml (run: apictl lint other.yaml)\n' });
    expect(apictl(['score', '--all'], { cwd: root })).toMatchObject({ code: 2, stderr: 'no lint runs recorded yet (run: apictl lint FILE)\n' });
  });

  it('prints JSON for scripts', () => {
    const p = threeRuns();
    const t = totals(p.db);
    const r = apictl(['score', 'api.yaml', '--json'], { cwd: p.root });
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({
      spec: API,
      runs: 3,
      latest: { id: 3, score: { total: t[2] }, countsBySeverity: { error: 1, warn: 6 } },
      previous: { run: 2, total: t[1], comparable: true, delta: t[2]! - t[1]! },
      baseline: { run: 1, total: t[0], comparable: true, delta: t[2]! - t[0]!, reason: 'first-lint' },
      gates: [],
    });
    expect(j.trend.map((x: { total: number }) => x.total)).toEqual(t);
    expect(j.explain).toBeUndefined();
    expect(j.history).toBeUndefined();
  });

  it('marks an invalid run: total capped at 29', () => {
    const p = project(() => [sampleRecord(API, { valid: false })]);
    const r = apictl(['score', 'api.yaml'], { cwd: p.root });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Score 29 F/);
    expect(r.stdout).toContain('! the document has validation errors: the total is capped at 29 (F) and unreliable');
  });
});

describe('--explain', () => {
  it('lists the rules that cost the most points, from the stored run', () => {
    const p = project(() => [sampleRecord(API, { warnings: 12, errors: 2, packs: ['psd2'] })]);
    const r = apictl(['score', 'api.yaml', '--explain'], { cwd: p.root });
    expect(r.code).toBe(0);
    const section = r.stdout.slice(r.stdout.indexOf('Fix these first'));
    expect(section).toMatch(/^Fix these first \(points the total would gain\):\n {2}POINTS {2}CATEGORY {4}SEVERITY {2}COUNT {2}RULE\n/);
    const rules = [...section.matchAll(/^ {2}\+(\d+\.\d) +(\w+) +(\w+) +(\d+) +(\S+)$/gm)].map((m) => [m[5], m[2], m[3], m[4]]);
    // the open error caps security at 74: fixing it gains most
    expect(rules).toEqual([
      ['security-defined', 'security', 'error', '2'],
      ['operation-description', 'style', 'warn', '12'],
      ['psd2-consent-header', 'compliance', 'warn', '3'],
    ]);
    const j = JSON.parse(apictl(['score', 'api.yaml', '--explain', '--json'], { cwd: p.root }).stdout);
    expect(j.explain.map((e: { code: string }) => e.code)).toEqual(rules.map((x) => x[0]));
    expect(j.explain[0].points).toBeGreaterThan(j.explain[1].points);
  });
});

describe('--history', () => {
  it('prints the runs oldest first with commit, version, scores, changes and ruleset breaks', () => {
    const p = project(() => [
      sampleRecord(API, { warnings: 10, time: day(1), commit: '1'.repeat(40) }),
      sampleRecord(API, { warnings: 4, time: day(2) }),
      sampleRecord(API, { warnings: 4, time: day(3), fingerprint: 'fpNEW00000000000' }),
      sampleRecord(API, { warnings: 2, time: day(4), fingerprint: 'fpNEW00000000000' }),
    ]);
    const t = totals(p.db);
    const r = apictl(['score', 'api.yaml', '--history'], { cwd: p.root });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const table = r.stdout.slice(r.stdout.indexOf('\nRUN')).trim().split('\n');
    expect(table[0]).toMatch(/^RUN +TIME +COMMIT +APICTL +TOTAL +GRADE +SEC +STYLE +COMPL +PERF +Δ +RULESET$/);
    expect(table).toHaveLength(5);
    expect(table[1]).toMatch(new RegExp(`^1 +2025-01-01 09:30 +1111111111 +0\\.1\\.0 +${t[0]} +[A-F] +100 +\\d+ +100 +100 +fp000000 +baseline$`));
    expect(table[2]).toMatch(new RegExp(`^2 +2025-01-02 09:30 +- +0\\.1\\.0 +${t[1]} .* \\+${t[1]! - t[0]!} +fp000000$`));
    expect(table[3]).toMatch(/ ⚑ +fpNEW000 ⚑ changed$/);
    expect(table[4]).toMatch(new RegExp(` \\+${t[3]! - t[2]!} +fpNEW000$`));
    // The trend marks the break too.
    expect(r.stdout).toMatch(/trend {11}[▁▂▃▄▅▆▇█]{2}┊[▁▂▃▄▅▆▇█]{2} .*\(┊ ruleset changed\)/);
    expect(r.stdout).toMatch(/since baseline {2}not compared: the ruleset changed \(fp000000 → fpNEW000\)/);
  });

  it('marks a run made with uncommitted changes to the linted file (a real git repository)', () => {
    const root = tempTree({ 'api.yaml': 'openapi: 3.1.0\ninfo: {title: T, version: 1.0.0}\npaths: {}\n' });
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: root, stdio: 'pipe' });
    git('init', '-q');
    git('add', 'api.yaml');
    git('commit', '-q', '-m', 'first');
    const sha = git('rev-parse', 'HEAD').toString().trim();
    expect(apictl(['lint', 'api.yaml', '-q', '-f', 'json'], { cwd: root }).stderr).toBe('');
    writeFileSync(path.join(root, 'api.yaml'), 'openapi: 3.1.0\ninfo: {title: T, version: 1.0.1}\npaths: {}\n');
    expect(apictl(['lint', 'api.yaml', '-q', '-f', 'json'], { cwd: root }).stderr).toBe('');
    const r = apictl(['score', 'api.yaml', '--history'], { cwd: root });
    const rows = r.stdout.slice(r.stdout.indexOf('\nRUN')).trim().split('\n');
    expect(rows[1]).toMatch(new RegExp(`^1 +\\S+ \\S+ +${sha.slice(0, 10)} `));
    expect(rows[2]).toMatch(new RegExp(`^2 +\\S+ \\S+ +${sha.slice(0, 10)}\\+ `));
    expect(rows.at(-1)).toBe('+ after a commit: the files linted had uncommitted changes');
    const j = JSON.parse(apictl(['score', 'api.yaml', '--history', '--json'], { cwd: root }).stdout);
    expect(j.history.map((h: { gitCommit: string; gitDirty: boolean }) => [h.gitCommit, h.gitDirty])).toEqual([
      [sha, false],
      [sha, true],
    ]);
  });

  it('shows the last --limit runs (50 by default) and says so on stderr', () => {
    const p = project(() => Array.from({ length: 60 }, (_, i) => sampleRecord(API, { warnings: i % 7, time: new Date(Date.UTC(2025, 0, 1, 0, i)) })));
    const dflt = apictl(['score', 'api.yaml', '--history'], { cwd: p.root });
    expect(dflt.code).toBe(0);
    expect(dflt.stdout.slice(dflt.stdout.indexOf('\nRUN')).trim().split('\n')).toHaveLength(51);
    expect(dflt.stderr).toBe('showing the last 50 of 60 runs (--limit N for more)\n');
    const five = apictl(['score', 'api.yaml', '--history', '--limit', '5', '--json'], { cwd: p.root });
    const j = JSON.parse(five.stdout);
    expect(j.history.map((h: { id: number }) => h.id)).toEqual([56, 57, 58, 59, 60]);
    expect(j.runs).toBe(60);
    expect(j.trend).toHaveLength(20);
    expect(apictl(['score', 'api.yaml', '--history', '--limit', '0'], { cwd: p.root })).toMatchObject({ code: 2, stderr: "usage: --limit must be a positive whole number, not '0'\n" });
  });
});

describe('CI gates', () => {
  it('--min-score: exit 1 with one line when below, 0 at or above', () => {
    const p = threeRuns();
    const total = totals(p.db)[2]!;
    const below = apictl(['score', 'api.yaml', '--min-score', String(total + 1)], { cwd: p.root });
    expect(below.code).toBe(1);
    expect(below.stderr).toBe(`score ${total} is below the minimum ${total + 1}\n`);
    expect(below.stdout).toMatch(/^Score /);
    expect(apictl(['score', 'api.yaml', '--min-score', String(total)], { cwd: p.root })).toMatchObject({ code: 0, stderr: '' });
    const j = JSON.parse(apictl(['score', 'api.yaml', '--min-score', '100', '--json'], { cwd: p.root }).stdout);
    expect(j.gates).toEqual([{ gate: 'min-score', spec: API, passed: false, message: `score ${total} is below the minimum 100` }]);
  });

  it('--min-score must be a number from 0 to 100 (exit 2)', () => {
    const p = threeRuns();
    for (const bad of ['abc', '101', '-1', '']) {
      const r = apictl(['score', 'api.yaml', '--min-score', bad], { cwd: p.root });
      expect(r.code, bad).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`usage: --min-score must be a number from 0 to 100, not '${bad}'\n`);
    }
  });

  it('--no-regression compares with the baseline (default) or the previous run', () => {
    const p = threeRuns();
    const [base, prev, latest] = totals(p.db) as [number, number, number];
    expect(latest).toBeLessThan(prev);
    expect(latest).toBeLessThan(base);
    const vsBase = apictl(['score', 'api.yaml', '--no-regression'], { cwd: p.root });
    expect(vsBase.code).toBe(1);
    expect(vsBase.stderr).toBe(`score ${latest} fell below the baseline's ${base} (run 1)\n`);
    const vsPrev = apictl(['score', 'api.yaml', '--no-regression', '--since', 'previous'], { cwd: p.root });
    expect(vsPrev.code).toBe(1);
    expect(vsPrev.stderr).toBe(`score ${latest} fell below the previous run's ${prev} (run 2)\n`);
    expect(apictl(['score', 'api.yaml', '--since', 'yesterday'], { cwd: p.root }).code).toBe(2);
  });

  it('--no-regression fails on an incomplete latest run, however high its score; an incomplete run never becomes the baseline', () => {
    const p = project(() => [
      sampleRecord(API, { warnings: 8, time: day(1), incomplete: true }),
      sampleRecord(API, { warnings: 8, time: day(2) }),
      sampleRecord(API, { warnings: 0, time: day(3), incomplete: true }),
    ]);
    const r = apictl(['score', 'api.yaml', '--no-regression'], { cwd: p.root });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('the latest run (3) is incomplete: some rules could not run (see its rule-failed or lint-time-budget findings), so it cannot show that the score held\n');
    expect(r.stdout).toMatch(/^ {2}\? incomplete run: some rules could not run/m);
    expect(r.stdout).toMatch(/since baseline .*\(run 2, /);
    const all = apictl(['score', '--all'], { cwd: p.root });
    expect(all.stdout).toMatch(/^file:api\.yaml\s+\d+\?\s/m);
    expect(all.stderr).toMatch(/\? marks specs whose latest run is incomplete/);
  });

  it('--no-regression passes when the score held or rose', () => {
    const p = project(() => [sampleRecord(API, { warnings: 8, time: day(1) }), sampleRecord(API, { warnings: 8, time: day(2) }), sampleRecord(API, { warnings: 2, time: day(3) })]);
    expect(apictl(['score', 'api.yaml', '--no-regression'], { cwd: p.root })).toMatchObject({ code: 0, stderr: '' });
    expect(apictl(['score', 'api.yaml', '--no-regression', '--since', 'previous'], { cwd: p.root })).toMatchObject({ code: 0, stderr: '' });
    const single = project(() => [sampleRecord(API)]);
    expect(apictl(['score', 'api.yaml', '--no-regression', '--since', 'previous'], { cwd: single.root })).toMatchObject({
      code: 0,
      stderr: 'note: no previous run to compare with\n',
    });
  });

  it('--no-regression does not compare across a ruleset change, and says so', () => {
    const p = project(() => [sampleRecord(API, { warnings: 0, time: day(1) }), sampleRecord(API, { warnings: 20, time: day(2), fingerprint: 'fpNEW00000000000' })]);
    const r = apictl(['score', 'api.yaml', '--no-regression'], { cwd: p.root });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('note: not compared with the baseline (run 1): the ruleset changed since (fingerprint fp000000 → fpNEW000); move the baseline with --set-baseline\n');
  });

  it('--set-baseline moves the baseline to the latest run on purpose', () => {
    const p = threeRuns();
    expect(apictl(['score', 'api.yaml', '--no-regression'], { cwd: p.root }).code).toBe(1);
    const set = apictl(['score', 'api.yaml', '--set-baseline', '--no-regression', '--json'], { cwd: p.root });
    expect(set.code).toBe(0);
    expect(set.stderr).toMatch(/^baseline of file:api\.yaml is now run 3 \(score \d+, 2025-01-03 09:30\)\n$/);
    expect(JSON.parse(set.stdout).baseline).toMatchObject({ run: 3, delta: 0, reason: 'set' });
    expect(apictl(['score', 'api.yaml', '--no-regression'], { cwd: p.root })).toMatchObject({ code: 0 });
    expect(apictl(['score', 'api.yaml'], { cwd: p.root }).stdout).toMatch(/since baseline {2}±0 {2}\(run 3, 2025-01-03 09:30, score \d+, set \d{4}-/);
  });
});

describe('--all', () => {
  function portfolioProject() {
    return project((root) => [
      sampleRecord(API, { warnings: 10, time: day(1) }),
      sampleRecord(API, { warnings: 2, errors: 1, time: day(2) }),
      sampleRecord(specIdentityFor('sub/b.yaml', root), { warnings: 30, operations: 40, time: day(2) }),
      sampleRecord('spec:pets', { warnings: 1, operations: 5, time: day(3), packs: ['psd2'] }),
    ]);
  }

  it('lists every spec and the portfolio pooled from their latest runs', () => {
    const p = portfolioProject();
    const r = apictl(['score', '--all'], { cwd: p.root });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^SPEC +TOTAL +GRADE +SEC +STYLE +COMPL +PERF +Δ PREV +Δ BASE +RUN +TIME$/);
    expect(lines.slice(1, 4).map((l) => l.split(/ +/)[0])).toEqual(['file:api.yaml', 'file:sub/b.yaml', 'spec:pets']);
    const reg = openRegistry(p.db);
    let expected: ReturnType<typeof scoreTally>;
    try {
      const latest = ['file:api.yaml', 'file:sub/b.yaml', 'spec:pets'].map((s) => history(reg, s, 1)[0]!);
      expected = scoreTally(poolTallies(latest.map((l) => l.tally)));
    } finally {
      reg.close();
    }
    expect(r.stdout).toContain(`Portfolio ${expected.total} ${expected.grade}  (3 specs, 65 operations pooled)`);
    expect(r.stdout).toMatch(/^ {2}psd2 readiness +\d+ [A-F]$/m);
    const j = JSON.parse(apictl(['score', '--all', '--json', '--explain'], { cwd: p.root }).stdout);
    expect(j.portfolio).toEqual({ specs: 3, operations: 65, mixedRulesets: false, score: expected });
    expect(j.specs.map((s: { spec: string }) => s.spec)).toEqual(['file:api.yaml', 'file:sub/b.yaml', 'spec:pets']);
    expect(j.explain[0]).toMatchObject({ code: 'security-defined', count: 1 });
    expect(j.explain[1]).toMatchObject({ code: 'operation-description', count: 33 });
  });

  it('pools raw numbers: a spec recorded as two files scores like the whole, never higher', () => {
    // The worked example of scoring.md, recorded as two files and as one.
    const whole = sampleRecord('file:whole.yaml', { operations: 100, warnings: 60, errors: 5 });
    const split = project(() => [sampleRecord('file:a.yaml', { operations: 10, warnings: 10, errors: 5 }), sampleRecord('file:b.yaml', { operations: 90, warnings: 50 })]);
    const j = JSON.parse(apictl(['score', '--all', '--json'], { cwd: split.root }).stdout);
    expect(j.portfolio.score.total).toBeLessThanOrEqual(whole.score.total);
    expect(j.portfolio.score).toEqual(whole.score);
  });

  it('applies the gates to every spec, one line per failure', () => {
    const p = portfolioProject();
    const j = JSON.parse(apictl(['score', '--all', '--json'], { cwd: p.root }).stdout);
    const low = j.specs.filter((s: { latest: { score: { total: number } } }) => s.latest.score.total < 99);
    const r = apictl(['score', '--all', '--min-score', '99'], { cwd: p.root });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual(low.map((s: { spec: string; latest: { score: { total: number } } }) => `${s.spec}: score ${s.latest.score.total} is below the minimum 99`));
    const reg = apictl(['score', '--all', '--no-regression'], { cwd: p.root });
    expect(reg.code).toBe(j.specs[0].latest.score.total < j.specs[0].baseline.total ? 1 : 0);
  });

  it('refuses SPEC with --all, and --set-baseline or --history with --all (exit 2)', () => {
    const p = portfolioProject();
    expect(apictl(['score', 'api.yaml', '--all'], { cwd: p.root })).toMatchObject({ code: 2, stderr: 'usage: give a SPEC or --all, not both\n' });
    expect(apictl(['score', '--all', '--set-baseline'], { cwd: p.root }).code).toBe(2);
    expect(apictl(['score', '--all', '--history'], { cwd: p.root }).code).toBe(2);
  });
});

describe('program', () => {
  it('documents score in --help with examples; unknown options are usage errors', () => {
    const h = apictl(['score', '--help']);
    expect(h.code).toBe(0);
    for (const flag of ['--all', '--explain', '--history', '--json', '--set-baseline', '--min-score', '--no-regression', '--since', '--db', '--limit']) {
      expect(h.stdout).toContain(flag);
    }
    expect(h.stdout).toMatch(/Examples:\n {2}apictl score pet-store --explain/);
    const bad = apictl(['score', '--bogus']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: unknown option '--bogus'/);
  });

  it('reads the database from --db and APICTL_DB', () => {
    const p = threeRuns();
    const elsewhere = tempTree();
    expect(apictl(['score', API, '--db', p.db], { cwd: elsewhere }).code).toBe(0);
    expect(apictl(['score', API], { cwd: elsewhere, env: { APICTL_DB: p.db } }).code).toBe(0);
    expect(apictl(['score', API], { cwd: elsewhere }).code).toBe(2);
  });
});
