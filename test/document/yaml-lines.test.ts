/**
 * The line reader (parseYamlLines) must give exactly what the yaml-ast-parser path of
 * parseYamlFast gives — the same value (key order, -0, NaN, `__proto__` as an own property) and
 * the same range for every path, existing or not — and that value must be the exact path's (the
 * `yaml` package); or it must step aside. Checked on cases per feature, on inputs it must leave
 * to the other paths, on duplicate keys, on every YAML file of the corpus and on hostile inputs.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonPath } from '../../src/findings/finding.js';
import { parseYaml } from '../../src/document/yaml.js';
import { FastDuplicateKey, FastYamlLocator, parseYamlFast } from '../../src/document/yaml-fast.js';
import { LinesLocator, parseYamlLines } from '../../src/document/yaml-lines.js';
import { corpusDir, hasCorpus } from '../helpers/corpus.js';

const exact = (t: string, maxDepth = 256) => parseYaml(t, { maxAliases: 1000, maxDepth });
/** The yaml-ast-parser path: parseYamlFast with the line reader switched off. */
const astPath = (t: string, maxDepth = 256) => parseYamlFast(t, maxDepth, { lines: false });

/** Where two values differ, undefined when they are the same: key order, -0, NaN and prototypes count. */
function difference(a: unknown, b: unknown, at = '$'): string | undefined {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
    return Object.is(a, b) ? undefined : `${at}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  }
  if (Array.isArray(a) !== Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${at}: different kinds`;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return `${at}: keys [${ka.join(', ')}] ≠ [${kb.join(', ')}]`;
  for (const k of ka) {
    const d = difference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`);
    if (d) return d;
  }
  return undefined;
}

/** Every path of the value, plus paths that do not exist below each node (a missing key, an index past the end, a child of a scalar). */
function allPaths(v: unknown, pre: JsonPath = [], out: JsonPath[] = []): JsonPath[] {
  out.push(pre);
  if (typeof v === 'object' && v !== null) {
    for (const k of Object.keys(v)) allPaths((v as Record<string, unknown>)[k], [...pre, k], out);
    out.push([...pre, '__missing__']);
    if (Array.isArray(v)) out.push([...pre, String(v.length)], [...pre, '00']);
  } else out.push([...pre, '0']);
  return out;
}

type Located = { range: { start: { line: number; column: number }; end: { line: number; column: number } }; found: number };
type Locator = { locate(p: JsonPath): Located };
const same = (x: Located, y: Located, startOnly: boolean) =>
  x.found === y.found &&
  x.range.start.line === y.range.start.line &&
  x.range.start.column === y.range.start.column &&
  (startOnly || (x.range.end.line === y.range.end.line && x.range.end.column === y.range.end.column));
/** The first path two locators answer differently for (found, start and, unless `startOnly`, end), or undefined. */
function locateDifference(a: Locator, b: Locator, paths: JsonPath[], startOnly = false): string | undefined {
  for (const p of paths) {
    const x = a.locate(p);
    const y = b.locate(p);
    if (!same(x, y, startOnly)) return `${JSON.stringify(p)}: ${JSON.stringify(x)} ≠ ${JSON.stringify(y)}`;
  }
  return undefined;
}

const FEATURES: Array<[string, string]> = [
  ['block mappings', 'openapi: 3.0.0\ninfo:\n  title: T\n  version: "1"\npaths:\n  /a:\n    get:\n      summary: x\n'],
  ["a sequence at its key's indentation", 'tags:\n- a\n- b\nnext: 1\nnested:\n  list:\n  - x\n  - y\n  after: 2\n'],
  ['compact mappings in sequences', "params:\n  - name: id\n    in: path\n    schema:\n      type: string\n  -   name: q\n      required: true\n  - $ref: '#/x'\n"],
  ['sequences of sequences', '- - a\n  - b\n- - - c\n-\n  - d\n'],
  [
    'scalars of the core schema',
    "a: 'x'\nb: \"y\\u00e9\\t\"\nc: z\ne: 010\nf: 0x1F\ng: yes\nh: ~\ni: 1e3\nj: .inf\nk: 2024-01-01\nm: 0o17\nn: null\no: True\nq: ''\nr:\ns: 12:30\nt: .NaN\nu: -0\nv: -.inf\nw: +12\nx: 1.\ny: FALSE\nz: Null\n",
  ],
  ['single-quoted scalars', "a: 'it''s'\nb: 'one\n  two\n\n  three'\nc: ''''\nd: ' lead and trail '\n"],
  [
    'double-quoted scalars and escapes',
    'a: "\\0\\a\\b\\t\\n\\v\\f\\r\\e\\ \\"\\/\\\\\\N\\_\\L\\P"\nb: "\\x41\\u00e9\\U0001F600\\uD83D\\uDE00"\nc: "one\n  two\n\n\n  three"\nd: "joined\\\n    here"\ne: "#not a comment" # a comment\n',
  ],
  ['multi-line plain scalars', 'a: one\n  two\n\n  three\n\n\n  four # done\nb:\n  next line\n  value\nc: x:y z#w [a] {b} - c\n'],
  [
    'literal block scalars',
    'a: |\n  line one\n\n    indented\n  last  \n\n\nb: |-\n  strip\n\nc: | # comment\n  # not a comment\n  x\nd: |\n      deep\n       deeper\ne: |\n  x\n     \n  spaces beyond the indentation\n',
  ],
  ['folded block scalars', 'a: >\n  one\n  two\n\n  three\n    more\n    more2\n  four\n\n\n  five\nb: >-\n  strip\n  me\n\nc: >\n\n  leading empty line\nd: >-\n  x\n     \n  y\n'],
  ['block scalars in sequences and at the end', '- |\n  one\n- >-\n  two\n  three\n- k: |\n    four\n  j: 1\n- |\n  last\n\n\n'],
  [
    'comments',
    '# head\n\n---   # marker\n# more\na: # after key\n  # inside\n  b: 1 # trailing\n    # deeper comment\n# column 0\n  c: [1, 2] # after flow\nd:\n  - x # item\n  # between\n  - y\n# end\n',
  ],
  ['a document start marker', '---\na: 1\n'],
  [
    'one-line flow collections',
    "a: []\nb: {}\nc: [a, 'b', 1, \"d\", -2.5, null, true]\nd: {a: 1, b: [2], 'c': {d: e}}\ne: [ spaced , items ]\nf: {url: http://x.y/z, ratio: 1:2}\ng: [a:b, [], {}]\nh: {\"q\": 'r', 200: ok}\n",
  ],
  ['keys', '200: a\n1.0: b\ntrue: c\n\'quoted\': d\n"dq\\tkey": e\nwith space: f\na:b: h\nkey with trailing space   : i\n-1: j\n0x10: k\n'],
  ['__proto__ keys', '__proto__: {polluted: yes}\nx: {__proto__: 1}\ny:\n  __proto__:\n    polluted: yes\n'],
  ['values on the next line', 'a:\n  plain\nb:\n  "quoted"\nc:\n  [1, 2]\nd:\n  - 1\ne:\n    k: v\n'],
  ['empty values', 'a:\nb: # comment\nc:\n\nd:\n  e:\nf: 1\n'],
  ['no final line break after a sequence', 'a:\n  - x\n  - y'],
  ['no final line break after a block scalar', 'a: |\n  x\n  y'],
  ['no final line break after a mapping', 'a: 1\nb: {c: d}'],
  ['trailing empty lines and comments', 'a:\n  - x\n\n\n# c\n   \n'],
  ['a sequence at the root', '- a: 1\n  b: 2\n- [x]\n- "q"\n'],
  ['a flow collection at the root', '# comment\n{a: 1, b: [2, 3]}\n'],
  ['an indented root', '  a: 1\n  b:\n    - c\n'],
  ['non-ASCII text', 'é: "ü"\nemoji: 😀 and more\nk: \'日本語\'\n'],
  ['deep nesting', 'a:\n  b:\n    c:\n      d:\n        - - e: [f, {g: h}]\n'],
];

describe('YAML line reader', () => {
  it.each(FEATURES)('reads %s like the other paths', (_name, text) => {
    const lines = parseYamlLines(text, 256);
    expect(lines, 'accepted').toBeDefined();
    const slow = exact(text);
    expect(difference(lines!.value, slow.value)).toBeUndefined();
    const old = astPath(text);
    expect(old, 'the yaml-ast-parser path accepts it too').toBeDefined();
    expect(difference(lines!.value, old!.value)).toBeUndefined();
    const paths = allPaths(lines!.value);
    // the same ranges as the yaml-ast-parser path; the same nodes found, starting at the same place, as the exact path
    expect(locateDifference(lines!.locator, old!.locator, paths)).toBeUndefined();
    expect(locateDifference(lines!.locator, slow.locator, paths, true)).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps __proto__ an own data property', () => {
    const v = parseYamlLines('__proto__: {a: 1}\n', 256)!.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.hasOwn(v, '__proto__')).toBe(true);
  });

  it.each([
    ['anchors', 'a: &x {b: 1}\n'],
    ['aliases', 'a: {b: 1}\nc: *x\n'],
    ['tags', 'a: !!str 123\n'],
    ['local tags', 'a: !custom x\n'],
    ['directives', '%YAML 1.2\n---\na: 1\n'],
    ['several documents', 'a: 1\n---\nb: 2\n'],
    ['a document end marker', 'a: 1\n...\n'],
    ['content on the marker line', '--- a: 1\n'],
    ['a line starting with ---', '---: x\n'],
    ['tab indentation', 'a:\n\tb: 1\n'],
    ['tabs in values', 'a: x\ty\n'],
    ['carriage returns', 'a: 1\r\nb: 2\r\n'],
    ['a byte-order mark', '\uFEFFa: 1\n'],
    ['control characters', 'a: "x\x07"\n'],
    ['line separators', 'a: x\u2028y\n'],
    ['unpaired surrogates', 'a: x\uD800y\n'],
    ['complex keys', '? a\n: b\n'],
    ['flow keys', '[a]: b\n'],
    ['null keys', '~: a\n'],
    ['empty keys', ': a\n'],
    ['keys over 1024 characters', 'k'.repeat(1100) + ': 1\n'],
    ['block scalars with an indentation indicator', 'd: |2-\n    x\n'],
    ['block scalars with keep chomping', 'd: |+\n  x\n\n'],
    ['literal block scalars with leading empty lines', 'd: |\n\n  x\n'],
    ['empty block scalars', 'd: |\ne: 1\n'],
    ['multi-line flow collections', 'a: [1,\n  2]\n'],
    ['comments in flow collections', 'a: [1, # c\n  2]\n'],
    ['empty flow entries', 'a: [1, , 2]\n'],
    ['trailing commas', 'a: [1, 2,]\n'],
    ['pairs in flow sequences', 'a: [b: 1]\n'],
    ['flow keys without values', 'a: {b}\n'],
    ['empty sequence entries', '-\n- a\n'],
    ['an empty document', '# only a comment\n'],
    ['a scalar document', 'just text\n'],
    ['unclosed flow collections', 'a: [1, 2\n'],
    ['nested mappings on one line', 'a: b: c\n'],
    ['unclosed quotes', 'a: "x\n'],
    ['quoted lines not indented enough', 'a: "x\ny"\n'],
    ['spaces before a line break in quotes', 'a: "x  \n  y"\n'],
    ['escaped line breaks before empty lines', 'a: "x\\\n\n  y"\n'],
    ['unknown escapes', 'a: "\\q"\n'],
    ['a comment without a space before it', 'a: "x"#c\n'],
    ['bad indentation', 'a: 1\n  b: 2\n'],
    ['a sequence after a mapping', 'a: 1\n- b\n'],
    ['mapping keys at different columns', 'a:\n  b: 1\n c: 2\n'],
    ['reserved indicators', 'a: @x\n'],
    ['keys written the same', 'a: 1\na: 2\n'],
    ['keys written the same, one quoted', '"a": 1\na: 2\n'],
    ['a number key and the same text quoted', '0x1F: 1\n"0x1F": 2\n'],
    ['flow nesting deeper than the limit', 'x: ' + '['.repeat(300) + ']'.repeat(300) + '\n'],
  ])('steps aside for %s', (_name, text) => {
    expect(parseYamlLines(text, 256)).toBeUndefined();
  });

  it('respects maxDepth like the yaml-ast-parser path', () => {
    const text = 'a:\n  b:\n    - c: [1]\n'; // five levels: three mappings, two sequences
    expect(parseYamlLines(text, 4)).toBeUndefined();
    expect(astPath(text, 4)).toBeUndefined();
    expect(parseYamlLines(text, 5)).toBeDefined();
    expect(astPath(text, 5)).toBeDefined();
  });

  it.each([
    ['numbers', '1: a\n1.0: b\n', '1.0: b'],
    ['booleans', 'x: 1\nTrue: a\ntrue: b\n', 'true: b'],
    ['flow mappings', 'a: {0o10: x, 8: y}\n', '8: y'],
    ['the first of several, in document order', 'a:\n  +1: x\n  1: y\nb:\n  2: x\n  2.0: y\n', '1: y'],
  ])('throws FastDuplicateKey for keys that resolve the same (%s), where the yaml-ast-parser path does', (_name, text, at) => {
    const offset = text.indexOf(at);
    let fromLines: unknown;
    let fromAst: unknown;
    try {
      parseYamlLines(text, 256);
    } catch (e) {
      fromLines = e;
    }
    try {
      astPath(text);
    } catch (e) {
      fromAst = e;
    }
    expect(fromLines).toBeInstanceOf(FastDuplicateKey);
    expect(fromAst).toBeInstanceOf(FastDuplicateKey);
    expect((fromLines as FastDuplicateKey).offset).toBe(offset);
    expect((fromLines as FastDuplicateKey).offset).toBe((fromAst as FastDuplicateKey).offset);
    expect((fromLines as FastDuplicateKey).key).toBe((fromAst as FastDuplicateKey).key);
  });

  it('steps aside rather than throw when the document turns out to be outside the subset after a duplicate', () => {
    expect(parseYamlLines('1: a\n1.0: b\nc: &x 1\n', 256)).toBeUndefined();
    expect(parseYamlLines('1: a\n1.0: b\n1.0: c\n', 256)).toBeUndefined(); // also written the same: yaml-ast-parser's error
  });

  it('goes first in parseYamlFast, which falls back to yaml-ast-parser', () => {
    expect(parseYamlFast('a: 1\n', 256)!.locator).toBeInstanceOf(LinesLocator);
    expect(parseYamlFast('a: 1\n', 256, { lines: false })!.locator).toBeInstanceOf(FastYamlLocator);
    const multiLineFlow = parseYamlFast('a: [1,\n  2]\nb: 3\n', 256);
    expect(multiLineFlow!.locator).toBeInstanceOf(FastYamlLocator);
    expect(multiLineFlow!.value).toEqual({ a: [1, 2], b: 3 });
    const saved = process.env.APICTL_NO_YAML_LINES;
    process.env.APICTL_NO_YAML_LINES = '1';
    try {
      expect(parseYamlFast('a: 1\n', 256)!.locator).toBeInstanceOf(FastYamlLocator);
    } finally {
      if (saved === undefined) delete process.env.APICTL_NO_YAML_LINES;
      else process.env.APICTL_NO_YAML_LINES = saved;
    }
  });
});

const yamlFiles = (dir: string): string[] => {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d).sort()) {
      const p = path.join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.ya?ml$/.test(f)) out.push(p);
    }
  };
  walk(dir);
  return out;
};

describe.skipIf(!hasCorpus)('YAML line reader on the corpus', () => {
  const files = hasCorpus ? yamlFiles(corpusDir).filter((p) => !p.includes(`${path.sep}hostile${path.sep}`)) : [];

  it(`agrees with the yaml-ast-parser path on value and every location, wherever it reads a file (${files.length} files)`, () => {
    const accepted = new Set<string>();
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      const lines = parseYamlLines(text, 256);
      if (!lines) continue;
      accepted.add(f);
      const old = astPath(text);
      if (old) {
        expect(difference(lines.value, old.value), f).toBeUndefined();
        expect(locateDifference(lines.locator, old.locator, allPaths(lines.value)), f).toBeUndefined();
      } else {
        // the yaml-ast-parser path steps aside (a `!` in some text, say): the exact path decides
        expect(difference(lines.value, exact(text).value), f).toBeUndefined();
      }
    }
    expect(accepted.has(path.join(corpusDir, 'huge', 'stripe-spec3.yaml'))).toBe(true);
    const digitalOcean = files.filter((f) => f.includes(`${path.sep}digitalocean${path.sep}`));
    const doAccepted = digitalOcean.filter((f) => accepted.has(f)).length;
    console.log(`[yaml-lines] read ${accepted.size} of ${files.length} corpus YAML files; DigitalOcean ${doAccepted} of ${digitalOcean.length}`);
    expect(doAccepted).toBeGreaterThanOrEqual(digitalOcean.length * 0.9);
  }, 120_000);
});

describe('YAML line reader on hostile inputs', () => {
  /** Steps aside, throws FastDuplicateKey, or agrees with the yaml-ast-parser path (the exact one where that steps aside). */
  function check(name: string, text: string): void {
    let result: ReturnType<typeof parseYamlLines>;
    try {
      result = parseYamlLines(text, 256);
    } catch (e) {
      expect(e, name).toBeInstanceOf(FastDuplicateKey);
      let fromAst: unknown;
      try {
        astPath(text);
      } catch (e2) {
        fromAst = e2;
      }
      // the yaml-ast-parser path either throws the same or steps aside (and the exact path reports the duplicate)
      if (fromAst !== undefined) expect((fromAst as FastDuplicateKey).offset, name).toBe((e as FastDuplicateKey).offset);
      else expect(() => exact(text), name).toThrow(/duplicate/i);
      return;
    }
    if (!result) return;
    const old = astPath(text);
    expect(difference(result.value, (old ?? exact(text)).value), name).toBeUndefined();
    if (old) expect(locateDifference(result.locator, old.locator, allPaths(result.value)), name).toBeUndefined();
  }
  /** Within a second on a large instance (the line reader alone: yaml-ast-parser's duplicate check is quadratic), as the others on a small one. */
  function checkScaled(name: string, make: (n: number) => string): void {
    const big = make(50_000);
    const started = performance.now();
    try {
      parseYamlLines(big, 256);
    } catch (e) {
      expect(e, name).toBeInstanceOf(FastDuplicateKey);
    }
    expect(performance.now() - started, name).toBeLessThan(1000);
    check(name, make(200));
  }

  it.skipIf(!hasCorpus)('handles the corpus hostile YAML files within a second each', () => {
    for (const f of yamlFiles(path.join(corpusDir, 'hostile'))) {
      const started = performance.now();
      check(f, readFileSync(f, 'utf8'));
      expect(performance.now() - started, f).toBeLessThan(1000);
    }
  });

  it.each<[string, (n: number) => string]>([
    ['deep block nesting', (n) => Array.from({ length: Math.min(n, 3000) }, (_, i) => ' '.repeat(i) + 'a:').join('\n') + ' 1\n'],
    ['deep flow nesting', (n) => 'a: ' + '['.repeat(n) + ']'.repeat(n) + '\n'],
    ['deep compact sequences', (n) => '- '.repeat(n) + 'x\n'],
    ['many keys', (n) => Array.from({ length: n }, (_, i) => `k${i}: ${i}`).join('\n') + '\n'],
    ['many keys resolving the same', (n) => Array.from({ length: n }, (_, i) => `1.${'0'.repeat(i % 50)}${i < 50 ? '' : i}: x`).join('\n') + '\n'],
    ['many keys written the same', (n) => 'a: 1\n'.repeat(n)],
    ['a long plain scalar', (n) => 'a: x\n' + '  more words\n'.repeat(n)],
    ['a long block scalar with empty lines', (n) => 'a: >\n' + '  x\n\n\n    y\n'.repeat(n)],
    ['a long quoted scalar', (n) => 'a: "' + 'x\n\n  '.repeat(n) + '"\n'],
    ['an unclosed quoted scalar', (n) => 'a: "' + 'x '.repeat(n) + '\n'],
    ['a long line without a colon', (n) => 'x'.repeat(n * 10) + '\n'],
    ['a long key', (n) => 'k'.repeat(n * 10) + ': v\n'],
    ['many colons', (n) => 'a: ' + 'b:c '.repeat(n) + '\n'],
    ['a long flow sequence', (n) => 'a: [' + Array.from({ length: n }, (_, i) => i).join(', ') + ']\n'],
    ['a long flow mapping', (n) => 'a: {' + Array.from({ length: n }, (_, i) => `k${i}: ${i}`).join(', ') + '}\n'],
    ['many comment lines', (n) => '# c\n'.repeat(n) + 'a: 1\n'],
    ['many empty sequence entries', (n) => '-\n'.repeat(n)],
  ])('handles %s in linear time', (name, make) => {
    checkScaled(name, make);
  });
});
