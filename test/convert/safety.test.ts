/** Input handling: no mutation, hostile keys, cycles, wrong versions, no printing. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InputError } from '../../src/errors.js';
import { convertSwagger2 } from '../../src/convert/index.js';
import { convert, ok, swagger, type Json } from './helpers.js';

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object') {
    for (const k of Object.keys(v)) deepFreeze((v as Json)[k]);
    Object.freeze(v);
  }
  return v;
}

const rich = () =>
  swagger(
    {
      '/a/{id}': {
        parameters: [
          { name: 'id', in: 'path', required: true, type: 'string' },
          { name: 'body', in: 'body', schema: { $ref: '#/definitions/T', 'x-nullable': true } },
        ],
        get: { schemes: ['http'], responses: { 200: { description: 'ok', headers: { L: { type: 'array', items: { type: 'string' }, collectionFormat: 'csv' } } } } },
        post: {
          consumes: ['application/x-www-form-urlencoded'],
          parameters: [
            { name: 'f', in: 'formData', type: 'file', allowEmptyValue: true },
            { name: 't', in: 'formData', type: 'array', items: { type: 'string' }, collectionFormat: 'tsv', 'x-example': 0 },
          ],
          responses: ok,
        },
        put: { parameters: [{ name: 'q', in: 'query', type: 'array', items: { type: 'string', collectionFormat: 'pipes' }, collectionFormat: 'tsv' }], responses: ok },
      },
    },
    {
      definitions: { T: { type: 'object', properties: { self: { $ref: '#/definitions/T', description: 'again' } } } },
      parameters: { G: { name: 'g', in: 'query', type: 'string', 'x-example': 'e' } },
    },
  );

describe('input safety', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never modifies the input (deep-frozen input converts, to 3.0 and 3.1)', async () => {
    const input = deepFreeze(rich());
    const snapshot = JSON.stringify(input);
    const r = await convertSwagger2(input);
    await convertSwagger2(input, { target: '3.1' });
    expect(JSON.stringify(input)).toBe(snapshot);
    expect(r.notes.length).toBeGreaterThan(5);
  });

  it('prints nothing', async () => {
    const spies = (['log', 'warn', 'error', 'info', 'debug'] as const).map((m) => vi.spyOn(console, m));
    await convertSwagger2(rich());
    await convertSwagger2(rich(), { target: '3.1' });
    await expect(convertSwagger2({ swagger: '2.0', info: 'not an object', paths: {} })).rejects.toThrow(InputError);
    for (const s of spies) expect(s).not.toHaveBeenCalled();
  });

  it('keeps __proto__ keys as own properties and pollutes nothing', async () => {
    const input = JSON.parse(
      '{"swagger":"2.0","info":{"title":"p","version":"1"},"paths":{"/a":{"get":{"responses":{"200":{"description":"ok","schema":{"$ref":"#/definitions/__proto__"}}}}}},' +
        '"definitions":{"__proto__":{"polluted":"yes","type":"object"},"A":{"type":"object","properties":{"__proto__":{"type":"string","polluted2":"yes"}}}},"x-obj":{"__proto__":{"polluted3":"yes"}}}',
    );
    const r = await convertSwagger2(input);
    const schemas = (r.document.components as Json).schemas;
    expect(Object.getPrototypeOf(schemas)).toBe(Object.prototype);
    expect(Object.hasOwn(schemas, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(schemas, '__proto__')?.value).toEqual({ polluted: 'yes', type: 'object' });
    expect(Object.hasOwn(schemas.A.properties, '__proto__')).toBe(true);
    expect(Object.hasOwn(r.document['x-obj'] as Json, '__proto__')).toBe(true);
    expect((r.document.paths as Json)['/a'].get.responses['200'].content['*/*'].schema).toEqual({ $ref: '#/components/schemas/__proto__' });
    expect(({} as Json).polluted).toBeUndefined();
    expect(({} as Json).polluted2).toBeUndefined();
    expect(JSON.stringify(r.document)).not.toMatch(/__apictl_proto/);
    expect(r.origin.originOf(['components', 'schemas', '__proto__', 'type'])).toEqual(['definitions', '__proto__', 'type']);
    expect(r.origin.originOf(['components', 'schemas', 'constructor'])).toEqual(['definitions']);
  });

  it('accepts shared subtrees (YAML aliases) and emits none', async () => {
    const shared = { name: 'id', in: 'query', type: 'string' };
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const input = swagger({
      '/a': { get: { parameters: [shared], responses: { 200: { description: 'ok', schema } } } },
      '/b': { get: { parameters: [shared], responses: { 200: { description: 'ok', schema } } } },
    });
    const r = await convert(input);
    const seen = new Set<object>();
    const walk = (v: unknown): void => {
      if (!v || typeof v !== 'object') return;
      expect(seen.has(v)).toBe(false);
      seen.add(v);
      Object.values(v).forEach(walk);
    };
    walk(r.document);
  });

  it('rejects cycles, non-objects and other versions with InputError', async () => {
    const cyclic: Json = swagger({});
    cyclic.definitions = { A: { type: 'object', properties: {} } };
    cyclic.definitions.A.properties.self = cyclic.definitions.A;
    await expect(convertSwagger2(cyclic)).rejects.toThrow(/nested more than|cycle/);
    await expect(convertSwagger2('swagger: 2.0')).rejects.toThrow(InputError);
    await expect(convertSwagger2({ openapi: '3.0.0' })).rejects.toThrow(/Swagger 2\.0/);
    await expect(convertSwagger2({ swagger: '1.2' })).rejects.toThrow(InputError);
  });

  it('reads an unquoted YAML `swagger: 2.0` (a number) as 2.0, with a note', async () => {
    const r = await convertSwagger2({ ...swagger({}), swagger: 2 });
    expect(r.document.openapi).toBe('3.0.0');
    expect(r.notes.find((n) => n.code === 'convert-swagger-version')?.source).toEqual(['swagger']);
  });

  it('originOf never throws and always answers an existing path', async () => {
    const input = rich();
    const r = await convertSwagger2(input);
    for (const p of [
      [],
      ['nope'],
      ['paths', '/a/{id}', 'get', 'parameters', '99'],
      ['components', 'schemas'],
      ['paths', '/zz', 'get'],
      ['servers', 'x', 'y'],
      ['paths', '/a/{id}', 'post', 'requestBody', 'content'],
    ]) {
      const o = r.origin.originOf(p);
      let cur: unknown = input;
      for (const s of o) cur = (cur as Json)[s];
      expect(cur, `${p.join('/')} → ${o.join('/')}`).toBeDefined();
    }
    expect(r.origin.originOf(null as unknown as string[])).toEqual([]);
  });
});
