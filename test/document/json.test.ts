import { describe, expect, it } from 'vitest';
import { JsonLocator, JsonSyntaxError, parseJson, STRUCTURE_MAX } from '../../src/document/json.js';

const pos = (text: string, fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    const before = text.slice(0, e.offset).split('\n');
    return { message: e.message, line: before.length, column: before[before.length - 1]!.length + 1 };
  }
  throw new Error('expected a JsonSyntaxError');
};

describe('JSON parsing', () => {
  it('returns the same value as JSON.parse', () => {
    const text = '{"a": [1, 2.5e3, -0, true, false, null, "x\\"y\\u00e9"], "b": {"c": {}}}';
    expect(parseJson(text, 256).value).toEqual(JSON.parse(text));
  });

  it.each([
    ['duplicate key', '{\n  "a": 1,\n  "a": 2\n}', "duplicate key 'a'", 3, 3],
    ['duplicate key written with an escape', '{"ab": 1, "a\\u0062": 2}', "duplicate key 'ab'", 1, 11],
    ['trailing comma', '{"a": 1,}', 'expected a property name in double quotes', 1, 9],
    ['single quotes', "{'a': 1}", 'expected a property name in double quotes', 1, 2],
    ['unclosed object', '{"a": {"b": 1}\n', 'unexpected end of input (unclosed object)', 2, 1],
    ['raw control character', '{"a": "x\ty"}', 'control character in string (escape it)', 1, 9],
    ['bad literal', '{"a": tru}', 'unexpected character', 1, 7],
    ['content after the document', '{}\n{}', 'unexpected content after the document', 2, 1],
    // Strings full of structure (escaped quotes, colons, braces) must not hide a duplicate.
    ['duplicate after tricky strings', '{"k\\\\": "a:\\"}{[", "x": {"q": "\\\\"}, "x": 1}', "duplicate key 'x'", 1, 38],
    ['duplicate deep in an array', '[{"a": [{"b": 1, "c": {"b": 2, "b": 3}}]}]', "duplicate key 'b'", 1, 32],
    ['duplicate __proto__', '{"__proto__": 1, "__proto__": 2}', "duplicate key '__proto__'", 1, 18],
  ])('rejects %s with its line and column', (_name, text, message, line, column) => {
    expect(pos(text, () => parseJson(text, 256))).toEqual({ message, line, column });
  });

  it('rejects nesting deeper than the limit without exhausting the stack', () => {
    const text = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(pos(text, () => parseJson(text, 256)).message).toBe('nesting deeper than 256 levels');
    expect(() => parseJson('[[[]]]', 3)).not.toThrow();
    expect(() => parseJson('[[[[]]]]', 3)).toThrow(/deeper than 3/);
  });

  it('keeps __proto__ as an ordinary key and never touches a prototype', () => {
    const { value } = parseJson('{"__proto__": {"polluted": true}, "a": {"__proto__": {"x": 1}}}', 256);
    const v = value as Record<string, Record<string, unknown>>;
    expect(Object.hasOwn(v, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('locates keys and array items at their line and column', () => {
    const text = '{\n  "paths": {\n    "/a~b/c": {\n      "get": {"x": [10, {"y": 2}]}\n    }\n  }\n}';
    const { locator } = parseJson(text, 256);
    expect(locator.locate(['paths', '/a~b/c', 'get']).range.start).toEqual({ line: 4, column: 7 });
    expect(locator.locate(['paths', '/a~b/c', 'get', 'x', '1', 'y']).range.start).toEqual({ line: 4, column: 26 });
    const missing = locator.locate(['paths', '/a~b/c', 'post']);
    expect(missing.found).toBe(2);
    expect(missing.range.start).toEqual({ line: 3, column: 5 });
  });

  it('finds the end of containers whose strings hold brackets, braces and escaped quotes', () => {
    const text = '{"a": {"s": "} ] \\" {", "t": ["[", {"u": "\\\\"}, "}"]}, "b": [[1, [2]], {"c": "{"}], "d": 1}';
    const { locator, value } = parseJson(text, 256);
    expect(value).toEqual({ a: { s: '} ] " {', t: ['[', { u: '\\' }, '}'] }, b: [[1, [2]], { c: '{' }], d: 1 });
    const at = (p: string[]) => {
      const r = locator.locate(p).range;
      return text.slice(r.start.column - 1, r.end.column - 1);
    };
    expect(at(['a'])).toBe('"a": {"s": "} ] \\" {", "t": ["[", {"u": "\\\\"}, "}"]}');
    expect(at(['a', 't', '1'])).toBe('{"u": "\\\\"}');
    expect(at(['a', 't', '2'])).toBe('"}"');
    expect(at(['b', '0', '1'])).toBe('[2]');
    expect(at(['b', '1', 'c'])).toBe('"c": "{"');
    expect(at(['d'])).toBe('"d": 1');
  });
  it('locates the same with the offsets its parse recorded as with its own scans, on every path', () => {
    // our own document with what the recorded offsets must get right: nesting of objects and
    // arrays, empty containers, brackets and escapes inside strings and keys, CRLF and LF lines,
    // a key holding an escaped line feed, numbers, literals and unicode
    const doc = {
      'a\nb': { s: '} ] " {', empty: {}, list: [], deep: [[[{ x: [1, 2, { y: null }] }]]] },
      '/p/{id}': { get: { parameters: [{ name: 'id', in: 'path' }, { $ref: '#/x' }], responses: { '200': { description: 'ok ✓ 📚' } } } },
      nums: [0, -1.5e3, true, false, null, 'str\\', '"quoted"'],
    };
    const texts = [JSON.stringify(doc), JSON.stringify(doc, null, 2), JSON.stringify(doc, null, '\t').replace(/\n/g, '\r\n'), ` \n${JSON.stringify(doc, null, 1)}\n\n`];
    const paths: string[][] = [];
    const walk = (v: unknown, p: string[]): void => {
      paths.push(p, [...p, 'missing'], [...p, '0']);
      if (v && typeof v === 'object') for (const k of Object.keys(v)) walk((v as Record<string, unknown>)[k], [...p, k]);
    };
    walk(doc, []);
    for (const text of texts) {
      const recorded = parseJson(text, 256).locator;
      const scanned = new JsonLocator(text);
      for (const p of paths) expect(recorded.locate(p), `${JSON.stringify(text.slice(0, 12))} ${p.join('/')}`).toEqual(scanned.locate(p));
      expect(recorded.position(text.length), 'end of text').toEqual(scanned.position(text.length));
    }
  });
  it('finds keys written with escapes, in small and large objects, as JSON.parse reads them', () => {
    // small objects compare keys in place; a key written with escapes, or a segment holding a
    // backslash or quote, is settled by decoding the keys, as are the keys of large objects
    const big: Record<string, number> = {};
    for (let i = 0; i < 100; i++) big[`k${i}`] = i;
    const text = `{\n "small": {"a\\u0062": 1, "q\\"t": 2, "b\\\\s": 3, "plain": 4, "": 5},\n "big": ${JSON.stringify({ ...big, 'e\\u0073c': 0 }).replace('"e\\\\u0073c"', '"e\\u0073c"')}\n}`;
    const { locator, value } = parseJson(text, 256);
    const at = (p: string[]) => {
      const r = locator.locate(p);
      return r.found === p.length ? text.split('\n')[r.range.start.line - 1]!.slice(r.range.start.column - 1, r.range.end.column - 1) : undefined;
    };
    expect(Object.keys((value as { small: object }).small)).toEqual(['ab', 'q"t', 'b\\s', 'plain', '']);
    expect(at(['small', 'ab'])).toBe('"a\\u0062": 1');
    expect(at(['small', 'q"t'])).toBe('"q\\"t": 2');
    expect(at(['small', 'b\\s'])).toBe('"b\\\\s": 3');
    expect(at(['small', 'plain'])).toBe('"plain": 4');
    expect(at(['small', ''])).toBe('"": 5');
    expect(at(['small', 'a\\u0062'])).toBeUndefined(); // the key as written is not the key
    expect(at(['big', 'k0'])).toBe('"k0":0');
    expect(at(['big', 'k99'])).toBe('"k99":99');
    expect(at(['big', 'esc'])).toBe('"e\\u0073c":0');
    expect(at(['big', 'k100'])).toBeUndefined();
  });

  it('locates each path as a fresh locator does, whatever was located before (and changed since)', () => {
    const doc = { a: { b: { c: [1, { d: 2 }], e: 3 }, f: { c: 4 } }, g: [[5], { h: { i: 6 } }] };
    const text = JSON.stringify(doc, null, 2);
    const paths: string[][] = [];
    const walk = (v: unknown, p: string[]): void => {
      paths.push(p, [...p, 'missing']);
      if (v && typeof v === 'object') for (const k of Object.keys(v)) walk((v as Record<string, unknown>)[k], [...p, k]);
    };
    walk(doc, []);
    const order = [...paths, ...[...paths].reverse(), ...paths.filter((_, i) => i % 3 === 0)];
    const { locator } = parseJson(text, 256);
    for (const p of order) expect(locator.locate(p), p.join('/')).toEqual(parseJson(text, 256).locator.locate(p));
    // the caller's array changes after it was located: the next answer is for the new path
    const live = ['a', 'b', 'c'];
    locator.locate(live);
    live[1] = 'f';
    expect(locator.locate(live)).toEqual(parseJson(text, 256).locator.locate(['a', 'f', 'c']));
  });

  it('locates right in a text with more lines and containers than it records offsets for', () => {
    // past STRUCTURE_MAX the locator scans for itself: the same ranges as with the offsets
    const n = Math.ceil(STRUCTURE_MAX / 2) + 10;
    const text = `{"list": [\n${'[1],\n'.repeat(n)}{"last": [2]}\n]}`;
    const { locator } = parseJson(text, 256);
    const scanned = new JsonLocator(text);
    for (const p of [
      ['list', '0'],
      ['list', String(n - 1)],
      ['list', String(n), 'last', '0'],
      ['list', String(n + 1)],
    ]) {
      expect(locator.locate(p), p.join('/')).toEqual(scanned.locate(p));
    }
    expect(locator.locate(['list', String(n), 'last']).range.start).toEqual({ line: n + 2, column: 2 });
  });
});
