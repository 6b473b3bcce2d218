import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { markKnown, readBaseline, writeBaseline } from '../../src/lint/baseline.js';
import type { LintFinding } from '../../src/lint/types.js';
import { tempTree } from '../helpers/tmp.js';

const f = (code: string, fingerprint: string, source: string | undefined, message = `${code} here`): LintFinding => ({
  code,
  severity: 'error',
  message,
  path: [],
  sourcePath: [],
  source,
  category: 'style',
  fingerprint,
});

const CREATED = new Date('2025-01-02T03:04:05.000Z');

function inputError(fn: () => unknown): { message: string; line: number; column: number } {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { message: e.message, line: e.position?.line ?? -1, column: e.position?.column ?? -1 };
  }
  throw new Error('expected an InputError');
}

describe('writeBaseline', () => {
  it('writes sorted, pretty-printed JSON with paths relative to the baseline folder', () => {
    const root = tempTree();
    const findings = [
      f('b-rule', 'fp2', 'specs/orders.yaml'),
      f('a-rule', 'fp9', 'api.yaml'),
      f('a-rule', 'fp1', 'api.yaml', 'second'),
      f('a-rule', 'fp1', 'api.yaml', 'first'),
      f('remote', 'fp3', 'https://example.com/api.yaml'),
    ];
    writeBaseline('ci/baseline.json', findings, { rulesetFingerprint: 'rs-123', created: CREATED, cwd: root });
    expect(readFileSync(path.join(root, 'ci/baseline.json'), 'utf8')).toBe(`{
  "version": 1,
  "tool": "apictl",
  "created": "2025-01-02T03:04:05.000Z",
  "rulesetFingerprint": "rs-123",
  "findings": [
    {
      "fingerprint": "fp1",
      "code": "a-rule",
      "file": "../api.yaml",
      "message": "first"
    },
    {
      "fingerprint": "fp1",
      "code": "a-rule",
      "file": "../api.yaml",
      "message": "second"
    },
    {
      "fingerprint": "fp9",
      "code": "a-rule",
      "file": "../api.yaml",
      "message": "a-rule here"
    },
    {
      "fingerprint": "fp2",
      "code": "b-rule",
      "file": "../specs/orders.yaml",
      "message": "b-rule here"
    },
    {
      "fingerprint": "fp3",
      "code": "remote",
      "file": "https://example.com/api.yaml",
      "message": "remote here"
    }
  ]
}
`);
    // Replaced in one step: no temporary file left beside it.
    expect(readdirSync(path.join(root, 'ci'))).toEqual(['baseline.json']);
  });

  it('is stable: the same findings in another order give the same file', () => {
    const root = tempTree();
    const findings = [f('x', 'fp1', 'a.yaml'), f('y', 'fp2', 'b.yaml'), f('x', 'fp0', 'a.yaml')];
    writeBaseline('one.json', findings, { rulesetFingerprint: 'r', created: CREATED, cwd: root });
    writeBaseline('two.json', [...findings].reverse(), { rulesetFingerprint: 'r', created: CREATED, cwd: root });
    expect(readFileSync(path.join(root, 'one.json'), 'utf8')).toBe(readFileSync(path.join(root, 'two.json'), 'utf8'));
  });
});

describe('markKnown', () => {
  /** A baseline with fpA twice and fpB once, all in specs/api.yaml, written and read back. */
  function setup() {
    const root = tempTree();
    writeBaseline('baseline.json', [f('r', 'fpA', 'specs/api.yaml', 'one'), f('r', 'fpA', 'specs/api.yaml', 'two'), f('s', 'fpB', 'specs/api.yaml')], {
      rulesetFingerprint: 'r',
      created: CREATED,
      cwd: root,
    });
    return { root, baseline: readBaseline(path.join(root, 'baseline.json')) };
  }

  it('marks findings the baseline knows, counting multiplicity: two known, the third new', () => {
    const { root, baseline } = setup();
    const now = [f('r', 'fpA', 'specs/api.yaml', 'one'), f('r', 'fpA', 'specs/api.yaml', 'three'), f('r', 'fpA', 'specs/api.yaml', 'two')];
    // Exact messages are matched first, so the new message is the new finding.
    expect(markKnown(now, baseline, root).map((x) => [x.message, x.known])).toEqual([
      ['one', true],
      ['three', false],
      ['two', true],
    ]);
  });

  it('still matches when a rule rewords its message', () => {
    const { root, baseline } = setup();
    expect(markKnown([f('s', 'fpB', 'specs/api.yaml', 'reworded')], baseline, root)[0]!.known).toBe(true);
  });

  it('matches from another working folder (display paths differ, files are the same)', () => {
    const { root, baseline } = setup();
    const fromSpecs = [f('s', 'fpB', 'api.yaml')];
    expect(markKnown(fromSpecs, baseline, path.join(root, 'specs'))[0]!.known).toBe(true);
    const absolute = [f('s', 'fpB', path.join(root, 'specs/api.yaml'))];
    expect(markKnown(absolute, baseline, '/somewhere/else')[0]!.known).toBe(true);
  });

  it('does not match the same fingerprint in another file, or another fingerprint', () => {
    const { root, baseline } = setup();
    const out = markKnown([f('s', 'fpB', 'specs/other.yaml'), f('s', 'fpZ', 'specs/api.yaml')], baseline, root);
    expect(out.map((x) => x.known)).toEqual([false, false]);
  });

  it('returns copies and leaves the input alone', () => {
    const { root, baseline } = setup();
    const input = [f('s', 'fpB', 'specs/api.yaml')];
    const out = markKnown(input, baseline, root);
    expect(out[0]).not.toBe(input[0]);
    expect(input[0]!.known).toBeUndefined();
  });
});

describe('readBaseline', () => {
  const write = (text: string): string => {
    const root = tempTree();
    const p = path.join(root, 'b.json');
    writeFileSync(p, text);
    return p;
  };
  const valid = (findings: string) => `{\n  "version": 1,\n  "tool": "apictl",\n  "created": "x",\n  "rulesetFingerprint": "r",\n  "findings": ${findings}\n}\n`;

  it('reads what writeBaseline wrote, with the folder paths are relative to', () => {
    const root = tempTree();
    writeBaseline('ci/b.json', [f('r', 'fp', 'a.yaml')], { rulesetFingerprint: 'rs', created: CREATED, cwd: root });
    expect(readBaseline(path.join(root, 'ci/b.json'))).toEqual({
      version: 1,
      tool: 'apictl',
      created: '2025-01-02T03:04:05.000Z',
      rulesetFingerprint: 'rs',
      findings: [{ fingerprint: 'fp', code: 'r', file: '../a.yaml', message: 'r here' }],
      dir: path.join(root, 'ci'),
    });
  });

  it.each<[string, string, string, number, number]>([
    ['a trailing comma', '{\n  "version": 1,\n}', 'invalid baseline: expected a property name in double quotes', 3, 1],
    ['a duplicate key', '{"version": 1, "version": 1}', "invalid baseline: duplicate key 'version'", 1, 16],
    ['a list at the top', '[]', 'invalid baseline: expected an object { version, tool, created, rulesetFingerprint, findings }', 1, 1],
    ['another version', '{\n  "version": 2\n}', 'invalid baseline: unsupported version 2 (this apictl reads version 1)', 2, 3],
    ['another tool', '{"version": 1, "tool": "spectral"}', `invalid baseline: 'tool' must be "apictl"`, 1, 16],
    ['findings that are not a list', valid('{}'), "invalid baseline: 'findings' must be a list", 6, 3],
    ['an entry without a fingerprint', valid('[\n    {"code": "r", "file": "a", "message": "m"}\n  ]'), "invalid baseline: finding 0: 'fingerprint' must be a string", 7, 5],
    ['an entry with a numeric file', valid('[{"fingerprint": "f", "code": "r", "file": 3, "message": "m"}]'), "invalid baseline: finding 0: 'file' must be a string", 6, 50],
  ])('refuses %s at its line and column', (_name, text, message, line, column) => {
    expect(inputError(() => readBaseline(write(text)))).toEqual({ message, line, column });
  });

  it('says when the file cannot be read', () => {
    expect(inputError(() => readBaseline('/no/such/baseline.json')).message).toBe('cannot read baseline: ENOENT');
  });
});
