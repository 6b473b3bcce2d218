import { describe, expect, it } from 'vitest';
import { parseYaml, YamlSyntaxError } from '../../src/document/yaml.js';

const limits = { maxAliases: 1000, maxDepth: 256 };
const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

function failure(text: string, l = limits) {
  try {
    parseYaml(text, l);
  } catch (e) {
    if (e instanceof YamlSyntaxError) return { message: e.message, line: lineOf(text, e.offset) };
    throw e;
  }
  throw new Error('expected a YamlSyntaxError');
}

describe('YAML parsing', () => {
  it('rejects duplicate keys at the second one', () => {
    expect(failure('a: 1\nb:\n  c: 1\n  c: 2\n')).toEqual({ message: "duplicate key 'c'", line: 4 });
  });

  it('rejects tabs used as indentation but accepts tabs inside values', () => {
    expect(failure('a:\n\tb: 1\n').message).toMatch(/tab character used as indentation/);
    expect(parseYaml('a: "x\ty"\n', limits).value).toEqual({ a: 'x\ty' });
  });

  it('refuses an alias bomb quickly and accepts ordinary aliases', () => {
    let bomb = 'a0: &a0 "lol"\n';
    for (let i = 1; i <= 9; i++)
      bomb += `a${i}: &a${i} [${Array(9)
        .fill('*a' + (i - 1))
        .join(',')}]\n`;
    const started = Date.now();
    const f = failure(bomb);
    expect(f.message).toMatch(/too many alias expansions/);
    expect(f.line).toBe(2);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(parseYaml('p: &p {name: id}\nq: [*p, *p]\n', limits).value).toEqual({ p: { name: 'id' }, q: [{ name: 'id' }, { name: 'id' }] });
  });

  it('rejects nesting deeper than the limit', () => {
    expect(failure('x: ' + '['.repeat(300) + ']'.repeat(300) + '\n').message).toBe('nesting deeper than 256 levels');
    expect(failure('x: ' + '['.repeat(20000) + ']'.repeat(20000) + '\n').message).toBe('nesting deeper than 256 levels');
  });

  it('keeps YAML 1.2 scalars as an API description means them', () => {
    const v = parseYaml("on: yes\ndate: 2024-01-01\ncode: 200\nversion: '2.0'\n", limits).value;
    expect(v).toEqual({ on: 'yes', date: '2024-01-01', code: 200, version: '2.0' });
  });

  it('keeps __proto__ as an ordinary key', () => {
    const v = parseYaml('__proto__: {polluted: yes}\nx:\n  <<: {__proto__: {p: 1}}\n', limits).value as object;
    expect(Object.hasOwn(v, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).p).toBeUndefined();
  });

  it('locates keys, also through numeric keys and aliases', () => {
    const text = 'paths:\n  /a:\n    get:\n      responses:\n        200: {description: ok}\nx: &x\n  y: 1\nz: *x\n';
    const { locator } = parseYaml(text, limits);
    expect(locator.locate(['paths', '/a', 'get', 'responses', '200', 'description']).range.start).toEqual({ line: 5, column: 15 });
    expect(locator.locate(['z', 'y']).range.start).toEqual({ line: 7, column: 3 });
    expect(locator.locate(['paths', 'nope']).found).toBe(1);
  });
});
