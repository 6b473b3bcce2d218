/**
 * apictl gives swagger2openapi a faster drop-in for reftools' circularClone (src/convert/s2o.ts).
 * These tests hold the drop-in to the original's results and check swagger2openapi uses it.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadSwagger2openapi, makeFastCircularClone, makeFastJsonClone, makeFastRecurse, runSwagger2openapi } from '../../src/convert/s2o.js';

const req = createRequire(import.meta.url);
const cloneModule = () => createRequire(req.resolve('swagger2openapi'))('reftools/lib/clone.js');

describe('fast circularClone', () => {
  loadSwagger2openapi();
  const original = cloneModule().__apictlOriginal as (o: unknown) => unknown;
  const fast = makeFastCircularClone(original);

  it('is what swagger2openapi runs', () => {
    expect(typeof original).toBe('function');
    expect(cloneModule().circularClone).not.toBe(original);
  });

  it('returns what the original returns: values, key order (integer-like keys first), arrays', () => {
    const data = { b: 1, a: [1, 'x', null, true, { z: { y: [] } }], 404: 'n', 200: { description: 'ok' }, '': { '': 0 }, nested: { deep: [[[{ k: 'v' }]]] } };
    const a = fast(data);
    const b = original(data);
    expect(a).toEqual(b);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a).not.toBe(data);
    expect((a as { nested: unknown }).nested).not.toBe(data.nested);
  });

  it('clones a shared object once and keeps cycles, like the original', () => {
    const shared = { s: 1 };
    const cyclic: Record<string, unknown> = { name: 'c' };
    cyclic.self = cyclic;
    const data = { one: shared, two: shared, list: [shared], cyclic };
    for (const clone of [fast, original]) {
      const c = clone(data) as { one: unknown; two: unknown; list: unknown[]; cyclic: { self: unknown } };
      expect(c.one).not.toBe(shared);
      expect(c.one).toBe(c.two);
      expect(c.list[0]).toBe(c.one);
      expect(c.cyclic.self).toBe(c.cyclic);
    }
  });

  it('hands anything that is not a plain object or array to the original', () => {
    // (the original's clone of a Date is a new Date of *now*: compare delegation, not values)
    const handed: unknown[] = [];
    const spy = (o: unknown, h?: WeakMap<object, unknown>) => {
      handed.push(o);
      return original(o, h as never);
    };
    const viaSpy = makeFastCircularClone(spy);
    const date = new Date(0);
    const nullProto = Object.assign(Object.create(null) as object, { a: 1 });
    const out = viaSpy({ date, nested: [nullProto], plain: { x: 1 } }) as { date: unknown; nested: unknown[] };
    expect(handed).toEqual([date, nullProto]);
    expect(out.date).toBeInstanceOf(Date);
    expect(Object.getPrototypeOf(out.nested[0])).toBe(null);
    expect(out.nested[0]).toEqual(nullProto);
    expect(fast('text')).toBe('text');
    expect(fast(null)).toBe(null);
  });

  it('converts a document with shared subtrees without touching the input', async () => {
    const schema = { type: 'object', properties: { id: { type: 'integer' } } };
    const input = {
      swagger: '2.0',
      info: { title: 't', version: '1' },
      paths: { '/a': { get: { responses: { 200: { description: 'ok', schema } } } }, '/b': { get: { responses: { 200: { description: 'ok', schema } } } } },
    };
    const before = JSON.stringify(input);
    const r = await loadSwagger2openapi().convertObj(input, { patch: true, warnOnly: true, resolve: false, anchors: true, text: ' ' });
    expect(JSON.stringify(input)).toBe(before);
    const paths = r.openapi.paths as Record<string, any>;
    expect(paths['/a'].get.responses['200'].content['*/*'].schema).toEqual(schema);
    expect(paths['/a'].get.responses['200'].content['*/*'].schema).not.toBe(paths['/b'].get.responses['200'].content['*/*'].schema);
  });
});

describe('fast JSON clone', () => {
  loadSwagger2openapi();
  const original = cloneModule().__apictlOriginalClone as (o: unknown) => unknown;
  const roundTrip = (o: unknown): unknown => JSON.parse(JSON.stringify(o));

  it('is what swagger2openapi runs, and its original is the JSON round trip', () => {
    expect(typeof original).toBe('function');
    expect(cloneModule().clone).not.toBe(original);
    expect(original({ a: [1] })).toEqual({ a: [1] });
  });

  it('returns the JSON round trip of plain data: values, key order, fresh objects', () => {
    const data = { b: 1, a: [1, 'x', null, true, { z: { y: [] } }], 404: 'n', 200: { description: 'ok' }, '': { '': 0 }, nested: { deep: [[[{ k: 'v', n: 1.5e300 }]]] } };
    const fast = makeFastJsonClone(original);
    const a = fast(data) as typeof data;
    expect(JSON.stringify(a)).toBe(JSON.stringify(roundTrip(data)));
    expect(Object.keys(a)).toEqual(Object.keys(roundTrip(data) as object));
    expect(a).not.toBe(data);
    expect(a.nested).not.toBe(data.nested);
    const shared = { $ref: '#/definitions/X' };
    const twice = fast({ one: shared, two: shared }) as { one: unknown; two: unknown };
    expect(twice.one).not.toBe(twice.two); // JSON copies a shared object twice
    expect(fast('text')).toBe('text');
    expect(fast(null)).toBe(null);
    expect(fast(7)).toBe(7);
  });

  it('leaves every value JSON would change, or refuse, to the original', () => {
    const handed: unknown[] = [];
    const fast = makeFastJsonClone((o) => {
      handed.push(o);
      return original(o);
    });
    const odd: unknown[] = [
      { n: -0 },
      [NaN],
      { inf: Infinity },
      { u: undefined },
      // biome-ignore lint/suspicious/noSparseArray: the hole is the case under test
      [1, , 3],
      { d: new Date(0) },
      { f: () => 1 },
      { toJSON: () => 'x' },
      JSON.parse('{"__proto__": {"polluted": true}}'),
      Object.assign(Object.create(null) as object, { a: 1 }),
    ];
    for (const o of odd) expect(fast(o)).toEqual(roundTrip(o));
    expect(handed).toEqual(odd);
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100; i++) deep = { d: deep };
    expect(JSON.stringify(fast(deep))).toBe(JSON.stringify(deep));
    expect(handed).toHaveLength(odd.length + 1);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => fast(cyclic)).toThrow(TypeError);
    expect(() => fast(undefined)).toThrow(SyntaxError);
  });
});

describe('a working copy handed over to swagger2openapi', () => {
  const sample = () => ({
    swagger: '2.0',
    info: { title: 't', version: '1' },
    host: 'api.example.com',
    schemes: ['https', 'http'],
    basePath: '/v1',
    definitions: { Pet: { type: 'object', properties: { id: { type: 'integer' }, tag: { type: 'string', default: null } } } },
    paths: { '/pets': { get: { produces: ['application/json'], responses: { 200: { description: 'ok', schema: { $ref: '#/definitions/Pet' } } } } } },
  });

  it('is converted without a second copy, to the same document as a copy would be', async () => {
    const work = sample() as Record<string, any>;
    const pet = work.definitions.Pet;
    const handed = await runSwagger2openapi(work);
    const copied = await loadSwagger2openapi().convertObj(sample(), {
      patch: true,
      warnOnly: true,
      resolve: false,
      resolveInternal: true,
      anchors: true,
      rbname: 'x-codegen-request-body-name',
      text: ' ',
    });
    expect(handed.openapi).toEqual(copied.openapi);
    expect(handed.openapi.servers).toEqual([{ url: 'https://api.example.com/v1' }, { url: 'http://api.example.com/v1' }]);
    // the output owns the working copy's objects below the top level (no clone of the document)
    expect((handed.openapi as any).components.schemas.Pet).toBe(pet);
    // the top level is its own: the input's host, schemes and basePath are still there
    expect(work.host).toBe('api.example.com');
    expect(work.schemes).toEqual(['https', 'http']);
  });

  it('is handed over for that one conversion only', async () => {
    const work = sample();
    await runSwagger2openapi(work);
    const cloneFn = cloneModule().circularClone as (o: unknown) => Record<string, unknown>;
    const again = cloneFn(work);
    expect(again).toEqual(work);
    expect(again.definitions).not.toBe(work.definitions);
  });
});

describe('fast recurse', () => {
  loadSwagger2openapi();
  const reftools = createRequire(req.resolve('swagger2openapi'));
  const original = reftools('reftools/lib/recurse.js').__apictlOriginal as (o: unknown, s: unknown, cb: (obj: any, key: string, state: any) => void) => void;
  const fast = makeFastRecurse(reftools('reftools/lib/jptr.js').jpescape);

  const shared = { s: 1 };
  const sample = () => ({
    swagger: '2.0',
    'a/b~c': { 'x y%': [1, { n: null, deep: { $ref: '#/x', description: 'd' } }], é: 'ü' },
    one: shared,
    two: shared,
    list: [shared, [], {}],
    nothing: null,
  });

  /** Everything a callback can see, per visit. */
  const observe = (recurse: typeof original, state: unknown) => {
    const seen: unknown[] = [];
    const doc = sample();
    const parents: unknown[] = [];
    recurse(doc, state, (obj, key, st) => {
      if (!parents.includes(st.parent)) parents.push(st.parent);
      seen.push([key, st.key, st.path, st.depth, st.pkey, parents.indexOf(st.parent), obj === st.parent, st.identity, st.identityPath, st.identityDetection, st.payload]);
    });
    return seen;
  };

  it('visits the same keys with the same state as the original', () => {
    expect(observe(fast, null)).toEqual(observe(original, null));
    expect(observe(fast, { payload: { p: 1 } })).toEqual(observe(original, { payload: { p: 1 } }));
    expect(observe(fast, { identityDetection: true })).toEqual(observe(original, { identityDetection: true }));
    expect(observe(fast, { identityDetection: true, path: '#/definitions' })).toEqual(observe(original, { identityDetection: true, path: '#/definitions' }));
    const visits = observe(fast, { identityDetection: true }) as unknown[][];
    expect(visits.some((v) => v[2] === '#/a~1b~0c/x%20y%25/1/deep/%24ref')).toBe(true);
    expect(visits.some((v) => v[7] === true)).toBe(true); // the shared object seen twice
  });

  it('leaves the same document when callbacks edit it as swagger2openapi does', () => {
    const edit = (recurse: typeof original) => {
      const doc = sample();
      recurse(doc, {}, (obj, key, state) => {
        if (obj[key] === null && state.path.indexOf('/example') < 0) delete obj[key];
        if (key === '$ref' && Object.keys(obj).length > 1) state.parent[state.pkey] = { allOf: [{ $ref: obj[key] }], at: state.path };
      });
      return doc;
    };
    expect(edit(fast)).toEqual(edit(original));
  });
});
