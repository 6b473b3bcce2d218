/**
 * The fast YAML path must give exactly what the exact path (the `yaml` package, YAML 1.2 core
 * schema) gives, or step aside. Checked on our own cases and on every YAML file of the corpus.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../src/document/yaml.js';
import { FastDuplicateKey, parseYamlFast } from '../../src/document/yaml-fast.js';
import { corpusDir, hasCorpus } from '../helpers/corpus.js';

const exact = (t: string) => parseYaml(t, { maxAliases: 1000, maxDepth: 256 });

describe('fast YAML path', () => {
  it.each([
    [
      'scalars of the core schema',
      "a: 'x'\nb: \"y\\u00e9\\t\"\nc: z\nd: |\n  lit\n  two\ne: 010\nf: 0x1F\ng: yes\nh: ~\ni: 1e3\nj: .inf\nk: 2024-01-01\nl: [1, 'two', -2.5, +3]\nm: 0o17\nn: null\no: True\np: >\n  folded\n  text\nq: ''\nr:\ns: 12:30\nt: .NaN\n",
    ],
    ['numeric and boolean keys', '200: {description: ok}\ntrue: 1\n1.5: x\n'],
    ['nested flow and block collections', 'a:\n  - {x: [1, {y: 2}]}\n  - - 1\n    - 2\nb: {}\nc: []\n'],
    ['comments and document start', '---\n# comment\na: 1 # trailing\n'],
    ['prototype keys', '__proto__: {polluted: yes}\nx: {__proto__: 1}\n'],
  ])('agrees with the exact path on %s', (_name, text) => {
    const fast = parseYamlFast(text, 256);
    expect(fast).toBeDefined();
    expect(fast!.value).toEqual(exact(text).value);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['aliases', 'a: &x {b: 1}\nc: *x\n'],
    ['tags', 'a: !!str 123\n'],
    ['tab indentation', 'a:\n\tb: 1\n'],
    ['several documents', 'a: 1\n---\nb: 2\n'],
    ['syntax errors', 'a: [1, 2\n'],
    ['nesting deeper than the limit', 'x: ' + '['.repeat(300) + ']'.repeat(300) + '\n'],
  ])('steps aside for %s', (_name, text) => {
    expect(parseYamlFast(text, 256)).toBeUndefined();
  });

  it('never accepts duplicate keys (the exact path then words the error)', () => {
    const text = 'a:\n  b: 1\n  b: 2\n';
    let result: unknown;
    try {
      result = parseYamlFast(text, 256);
    } catch (e) {
      expect(e).toBeInstanceOf(FastDuplicateKey);
      expect((e as FastDuplicateKey).offset).toBe(text.lastIndexOf('b:'));
      return;
    }
    expect(result).toBeUndefined();
  });

  it('steps aside for block scalars with an indentation indicator', () => {
    expect(parseYamlFast('d: |2-\n    x\n', 256)).toBeUndefined();
  });

  it('keeps the leading empty lines of a literal block scalar (the AST parser drops them)', () => {
    for (const text of ['a: |\n\n  x\n', 'a: |-\n\n\n  x\n  y\n', 'a: | # note\n  \n  x\n', 'a:\n  - |\n\n    x\n']) {
      expect(parseYamlFast(text, 256, { lines: false }), text).toBeUndefined();
      const r = parseYamlFast(text, 256);
      if (r) expect(r.value, text).toEqual(exact(text).value);
    }
    // unaffected: folded scalars, and empty lines after the first content line
    expect(parseYamlFast('a: |\n  x\n\n  y\n', 256, { lines: false })!.value).toEqual({ a: 'x\n\ny\n' });
  });

  it('locates paths like the exact path', () => {
    const text = 'paths:\n  /a:\n    get:\n      responses:\n        200: {description: ok}\n';
    const fast = parseYamlFast(text, 256)!;
    const slow = exact(text);
    for (const p of [
      ['paths', '/a', 'get'],
      ['paths', '/a', 'get', 'responses', '200', 'description'],
      ['paths', 'nope'],
    ]) {
      const a = fast.locator.locate(p);
      const b = slow.locator.locate(p);
      expect([a.found, a.range.start]).toEqual([b.found, b.range.start]);
    }
  });
});

describe.skipIf(!hasCorpus)('fast YAML path on the corpus', () => {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = path.join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.ya?ml$/.test(f) && !p.includes(`${path.sep}hostile${path.sep}`)) files.push(p);
    }
  };
  if (hasCorpus) walk(corpusDir);

  it(`gives the exact path's value for every YAML file (${files.length} files)`, () => {
    let fastCount = 0;
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      const fast = parseYamlFast(text, 256);
      if (!fast) continue;
      fastCount++;
      expect(fast.value, f).toEqual(exact(text).value);
    }
    // Almost every real file takes the fast path.
    expect(fastCount).toBeGreaterThan(files.length * 0.9);
  }, 120_000);
});
