/**
 * swagger2openapi as one bundled file (scripts/bundle-s2o.mjs → dist/convert/s2o.bundle.cjs): the
 * built modules load it through V8's code cache; it converts exactly as the installed packages do
 * (its one edit, the null-deleting pass, included), and its stand-ins for the HTTP client and
 * YAML 1.x keep it from fetching anything.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/corpus.js';

const bundle = path.join(repoRoot, 'dist', 'convert', 's2o.bundle.cjs');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'apictl-s2o-bundle-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const doc = {
  swagger: '2.0',
  info: { title: 'Shop', version: '1', description: null, 'x-logo': null },
  host: 'shop.example.com',
  schemes: ['https'],
  basePath: '/v1',
  consumes: ['application/json'],
  produces: ['application/json', 'application/xml'],
  securityDefinitions: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
  definitions: {
    Item: {
      type: 'object',
      properties: { id: { type: 'integer' }, note: { type: 'string', 'x-nullable': true, default: null }, tags: { type: 'array', items: { type: 'string', enum: ['a', null] } } },
      // nulls swagger2openapi deletes, and the ones it keeps (x- keys, default, anything at or under a key starting with "example")
      description: null,
      example: { id: 1, note: null, nested: [null, { deep: null }] },
      examplesOf: { n: null },
      'x-extra': null,
      'x-holder': { inner: null },
    },
  },
  paths: {
    '/items': {
      get: {
        operationId: 'list',
        parameters: [{ name: 'tags', in: 'query', type: 'array', items: { type: 'string' }, collectionFormat: 'pipes' }],
        responses: { 200: { description: 'ok', schema: { type: 'array', items: { $ref: '#/definitions/Item' } } } },
      },
      post: { operationId: 'create', parameters: [{ name: 'body', in: 'body', schema: { $ref: '#/definitions/Item' } }], responses: { 201: { description: 'made' } } },
    },
    // a response without description: swagger2openapi patches one in from its status code table
    '/files': {
      post: { consumes: ['multipart/form-data'], parameters: [{ name: 'file', in: 'formData', type: 'file' }], responses: { 204: { description: 'stored' }, 413: { schema: { type: 'string' } } } },
    },
  },
};

/** Runs an ES module script in a fresh process (with this test's code cache folder); its stdout. */
function runModule(script: string, env: Record<string, string>): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, APICTL_CACHE_DIR: path.join(tmp, 'cache'), ...env } });
}

/** Converts `doc` with the built modules in a fresh process; says where swagger2openapi came from. */
function convertInChild(env: Record<string, string>): { from: string; result: unknown } {
  const script = `
    const { convertSwagger2 } = await import(${JSON.stringify(path.join(repoRoot, 'dist', 'convert', 'swagger2.js'))});
    const s2o = await import(${JSON.stringify(path.join(repoRoot, 'dist', 'convert', 's2o.js'))});
    const r = await convertSwagger2(${JSON.stringify(doc)});
    process.stdout.write(JSON.stringify({ from: s2o.s2oSource, result: { document: r.document, notes: r.notes } }));`;
  const out = runModule(script, env);
  return JSON.parse(out) as { from: string; result: unknown };
}

/**
 * swagger2openapi's own convertObj (as loaded by apictl) on a document with what its edited passes
 * handle: objects and arrays shared between places, `$ref`s with siblings inside and outside
 * schemas, a `$ref` to a global parameter, `x-ms-odata`; with `anchors` on, and off (an error).
 */
function convertObjInChild(env: Record<string, string>): { from: string; anchors: unknown; strict: unknown } {
  const script = `
    const s2o = await import(${JSON.stringify(path.join(repoRoot, 'dist', 'convert', 's2o.js'))});
    const make = () => {
      const shared = { type: 'object', properties: { id: { type: 'integer', default: null } } };
      const list = ['a', 'b'];
      return {
        swagger: '2.0',
        info: { title: 'Shared', version: '1' },
        parameters: { Limit: { name: 'limit', in: 'query', type: 'integer' } },
        definitions: {
          One: shared,
          Two: { type: 'object', properties: { a: shared, b: { $ref: '#/definitions/One', description: 'beside', 'x-nullable': true }, tags: { type: 'string', enum: list } } },
          Three: { type: 'string', enum: list, 'x-ms-odata': '#/definitions/One' },
        },
        paths: {
          '/a': { get: { parameters: [{ $ref: '#/parameters/Limit' }], responses: { 200: { description: 'ok', schema: { $ref: '#/definitions/Two', title: 'sibling in a schema' } }, 404: { $ref: '#/responses/Missing' } } } },
          '/b': { get: { responses: { 200: { description: 'ok', schema: shared, headers: { 'X-Rate': { type: 'integer' } } } } } },
        },
        responses: { Missing: { description: 'gone', schema: shared } },
      };
    };
    const options = (anchors) => ({ patch: true, warnOnly: true, resolve: false, resolveInternal: true, anchors, text: ' ' });
    const warn = console.warn;
    console.warn = () => {};
    const withAnchors = await s2o.loadSwagger2openapi().convertObj(make(), options(true)).then((r) => r.openapi, (e) => 'rejected: ' + e.message);
    const strict = await s2o.loadSwagger2openapi().convertObj(make(), options(false)).then((r) => r.openapi, (e) => 'rejected: ' + e.message);
    console.warn = warn;
    process.stdout.write(JSON.stringify({ from: s2o.s2oSource, anchors: withAnchors, strict }));`;
  const out = runModule(script, env);
  return JSON.parse(out) as { from: string; anchors: unknown; strict: unknown };
}

describe('swagger2openapi bundle', () => {
  it('is built, ASCII only, and holds no network client', () => {
    const text = readFileSync(bundle, 'utf8');
    expect(text).not.toMatch(/[^\x00-\x7f]/);
    // Node's http is not loaded either: its status code table is in the bundle as data
    expect(text).not.toMatch(/require\("(node:)?(node-fetch-h2|http2-client|http2|https?|net|tls)"\)/);
    expect(text).toContain('node_modules/swagger2openapi/index.js');
  });

  it('is what the built converter runs, with the same result as the installed packages', () => {
    const bundled = convertInChild({});
    const packages = convertInChild({ APICTL_NO_BUNDLE: '1' });
    expect(bundled.from).toBe('bundle');
    expect(packages.from).toBe('packages');
    expect(bundled.result).toEqual(packages.result);
    // and a second run, compiled from the code cache the first one wrote, too
    expect(convertInChild({}).result).toEqual(packages.result);
  });

  it('runs its edited passes (shared objects, $ref fix-ups, nulls) as the installed swagger2openapi does', () => {
    const bundled = convertObjInChild({});
    const packages = convertObjInChild({ APICTL_NO_BUNDLE: '1' });
    expect(bundled.from).toBe('bundle');
    expect(packages.from).toBe('packages');
    expect(bundled.anchors).toEqual(packages.anchors);
    expect(bundled.strict).toEqual(packages.strict);
    // what the passes did: definition, parameter and x-ms-odata refs moved to components; and with
    // anchors off, the second use of a shared object is reported at its pointer
    const doc = bundled.anchors as { components: { schemas: Record<string, any> }; paths: Record<string, any> };
    expect(doc.components.schemas.Two.properties.b.$ref).toBe('#/components/schemas/One');
    expect(doc.paths['/a'].get.parameters[0]).toEqual({ $ref: '#/components/parameters/Limit' });
    expect(doc.components.schemas.Three['x-ms-odata']).toBe('#/components/schemas/One');
    expect(String(bundled.strict)).toMatch(/^rejected: YAML anchor or merge key at #\//);
  });

  it('cannot fetch: external references are refused by its HTTP stand-in, not requested', async () => {
    const m = createRequire(import.meta.url)(bundle) as { load: () => { convertObj: (d: unknown, o: unknown) => Promise<unknown> } };
    const withRemote = { ...doc, paths: { '/r': { get: { responses: { 200: { description: 'ok', schema: { $ref: 'http://127.0.0.1:9/remote.yaml#/Item' } } } } } } };
    const warn = console.warn;
    console.warn = () => {};
    try {
      await expect(m.load().convertObj(withRemote, { resolve: true, patch: true, warnOnly: true, text: ' ', source: 'http://127.0.0.1:9/api.yaml' })).rejects.toThrow(
        /does not fetch over the network/,
      );
    } finally {
      console.warn = warn;
    }
  });
});
