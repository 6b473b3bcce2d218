/**
 * What the loader knows of a document's value (LoadResult.valueFacts: a tree, no null) spares
 * swagger2openapi two whole-document passes: its detection of shared objects and its deletion of
 * nulls. Skipping them is exact only if the facts hold for the working copy swagger2openapi gets,
 * i.e. after apictl's own pre-steps. These tests hold the pre-steps to that (every step is
 * exercised, both targets: the same output with and without the facts), show that the facts do
 * skip the passes in the built converter (a false fact changes the output), and check the facts
 * the loader reports.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/document/load.js';
import { corpusDir, hasCorpus, repoRoot } from '../helpers/corpus.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'apictl-s2o-facts-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A 2.0 document on which every pre-step of the conversion has work to do; no null in it. */
const everyStep = {
  swagger: '2.0',
  info: { title: 'Every step', version: '1' },
  host: 'api.example.com',
  basePath: '/v1',
  schemes: ['https'],
  consumes: ['application/json'],
  produces: ['application/json', 'application/xml'],
  parameters: {
    Body: { name: 'payload', in: 'body', schema: { $ref: '#/definitions/Pet', description: 'a pet', 'x-nullable': true } },
    Tags: { name: 'tags', in: 'query', type: 'array', items: { type: 'string' }, collectionFormat: 'pipes', 'x-example': 'a|b' },
  },
  responses: {
    NotFound: { description: 'gone', schema: { $ref: '#/definitions/Error' } },
    Empty: { description: 'nothing' },
  },
  definitions: {
    Pet: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        owner: { $ref: '#/definitions/Owner', description: 'who', readOnly: true },
        friend: { $ref: '#/definitions/Pet', 'x-nullable': true },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
      },
      example: { id: 1, tags: ['a'] },
    },
    Owner: { type: 'object', properties: { name: { type: 'string' } } },
    Error: { type: 'object', properties: { message: { type: 'string' } } },
    LoopA: { $ref: '#/definitions/LoopB' },
    LoopB: { $ref: '#/definitions/LoopA' },
  },
  paths: {
    '/pets': {
      // path-level body and form parameters: copied into each operation that takes them
      parameters: [
        { name: 'trace', in: 'header', type: 'string', 'x-nullable': true },
        { name: 'shared', in: 'body', schema: { $ref: '#/definitions/Pet' }, 'x-examples': { 'application/json': { id: 2 } } },
      ],
      put: { operationId: 'replacePet', responses: { 200: { description: 'ok', schema: { $ref: '#/responses/NotFound' } } } },
      patch: { operationId: 'patchPet', responses: { 200: { description: 'ok', schema: { $ref: '#/responses/Empty' } } } },
      post: {
        operationId: 'addPet',
        schemes: ['http', 'https'],
        parameters: [{ $ref: '#/parameters/Body' }, { $ref: '#/parameters/Tags' }],
        responses: { 201: { description: 'made', examples: { 'application/json': { id: 3 } } }, 404: { $ref: '#/responses/NotFound' } },
      },
      get: {
        operationId: 'listPets',
        parameters: [
          { name: 'ids', in: 'query', type: 'array', items: { type: 'array', items: { type: 'integer' }, collectionFormat: 'csv' }, collectionFormat: 'multi' },
          { name: 'flag', in: 'query', type: 'boolean', allowEmptyValue: true, 'x-example': false },
          { name: 'X-Ids', in: 'header', type: 'array', items: { type: 'string' }, collectionFormat: 'tsv' },
        ],
        responses: {
          200: { description: 'ok', schema: { type: 'array', items: { $ref: '#/definitions/Pet' } }, headers: { 'X-Next': { type: 'array', items: { type: 'string' }, collectionFormat: 'pipes' } } },
        },
      },
    },
    '/pets/{id}/photo': {
      parameters: [{ name: 'id', in: 'path', required: true, type: 'integer' }],
      post: {
        operationId: 'uploadPhoto',
        parameters: [
          { name: 'file', in: 'formData', type: 'file', 'x-example': 'photo.png' },
          { name: 'labels', in: 'formData', type: 'array', items: { type: 'string' }, collectionFormat: 'ssv', 'x-example': '' },
        ],
        responses: { 204: { description: 'stored' } },
      },
    },
    '/forms': {
      parameters: [{ name: 'note', in: 'formData', type: 'string' }],
      post: { operationId: 'postForm', consumes: ['application/x-www-form-urlencoded'], responses: { 204: { description: 'ok' } } },
      put: { operationId: 'putForm', parameters: [{ name: 'body', in: 'body', schema: { type: 'string' } }], responses: { 204: { description: 'ok' } } },
    },
  },
};

type Facts = { tree?: boolean; noNulls?: boolean };

/**
 * Converts each named document (a value, or the path of a JSON file) in a fresh process with the
 * built modules, once per route: handed over with the route's facts, or with `own[name]` for the
 * route `'own'`, or cloned (`null`).
 */
function convertRoutes(
  docs: Record<string, unknown>,
  routes: Record<string, Facts | null | 'own'>,
  target: '3.0' | '3.1',
  own: Record<string, Facts> = {},
  /** Per document: [from, to] paths; the child makes `to` the very object at `from` (JSON cannot carry sharing). */
  links: Record<string, [string[], string[]]> = {},
): Record<string, Record<string, { text: string; shared: number }>> {
  const input = path.join(tmp, `docs-${Object.keys(routes).join('-')}-${target}.json`);
  writeFileSync(input, JSON.stringify(docs));
  const script = `
    import { readFileSync } from 'node:fs';
    const { convertSwagger2 } = await import(${JSON.stringify(path.join(repoRoot, 'dist', 'convert', 'swagger2.js'))});
    const s2o = await import(${JSON.stringify(path.join(repoRoot, 'dist', 'convert', 's2o.js'))});
    const docs = JSON.parse(readFileSync(${JSON.stringify(input)}, 'utf8'));
    const routes = ${JSON.stringify(routes)};
    const own = ${JSON.stringify(own)};
    const links = ${JSON.stringify(links)};
    const at = (v, p) => p.reduce((x, k) => x[k], v);
    const prepared = (name, v) => { const l = links[name]; if (l) at(v, l[1].slice(0, -1))[l[1][l[1].length - 1]] = at(v, l[0]); return v; };
    // objects reached a second time (shared): 0 for a tree
    const shared = (v) => { const seen = new Set(); let n = 0; const stack = [v];
      while (stack.length) { const x = stack.pop(); if (x === null || typeof x !== 'object') continue; if (seen.has(x)) { n++; continue; } seen.add(x); for (const k of Object.keys(x)) stack.push(x[k]); }
      return n; };
    const out = {};
    for (const [name, doc] of Object.entries(docs)) {
      out[name] = {};
      for (const [route, given] of Object.entries(routes)) {
        const facts = given === 'own' ? own[name] : given;
        // a fresh copy each time: the input is handed over and edited in place
        const input = prepared(name, typeof doc === 'string' ? JSON.parse(readFileSync(doc, 'utf8')) : structuredClone(doc));
        const consumeInput = facts === null ? undefined : { original: () => (typeof doc === 'string' ? JSON.parse(readFileSync(doc, 'utf8')) : structuredClone(doc)), ...facts };
        const r = await convertSwagger2(input, { target: ${JSON.stringify(target)}, consumeInput });
        out[name][route] = { text: JSON.stringify({ document: r.document, notes: r.notes }), shared: shared(r.document) };
      }
    }
    if (s2o.s2oSource !== 'bundle') throw new Error('swagger2openapi did not come from the bundle: ' + s2o.s2oSource);
    process.stdout.write(JSON.stringify(out));`;
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: { ...process.env, APICTL_CACHE_DIR: path.join(tmp, 'cache') },
  });
  return JSON.parse(stdout) as Record<string, Record<string, { text: string; shared: number }>>;
}

describe('swagger2openapi passes spared by the value facts', () => {
  it.each(['3.0', '3.1'] as const)('every pre-step keeps the working copy a tree without nulls: the same %s output with and without the facts', (target) => {
    const out = convertRoutes({ everyStep }, { facts: { tree: true, noNulls: true }, passes: {}, clone: null }, target)['everyStep']!;
    expect(out['facts']!.text).toBe(out['passes']!.text);
    expect(out['clone']!.text).toBe(out['passes']!.text);
    expect(out['facts']!.shared).toBe(0);
    expect(out['passes']!.shared).toBe(0);
    // the steps had work to do: their notes are there
    const notes = (JSON.parse(out['facts']!.text) as { notes: Array<{ code: string }> }).notes.map((n) => n.code);
    for (const code of ['convert-ref-siblings', 'convert-schema-ref-to-response', 'convert-path-level-body', 'convert-form-file-multipart', 'convert-circular-ref']) expect(notes).toContain(code);
  });

  it('skips the passes when told: a false fact shows (a null kept, an object left shared)', () => {
    const shared = { type: 'object', properties: { id: { type: 'integer' } } };
    const withNull = { ...everyStep, info: { title: 'Nulls', version: '1', description: null } };
    const withShared = { ...everyStep, definitions: { ...everyStep.definitions, A: shared, B: { type: 'object', properties: { a: {} } } } };
    const out = convertRoutes(
      { withNull, withShared },
      { facts: { tree: true, noNulls: true }, passes: {} },
      '3.0',
      {},
      {
        withShared: [
          ['definitions', 'A'],
          ['definitions', 'B', 'properties', 'a'],
        ],
      },
    );
    expect(JSON.parse(out['withNull']!['passes']!.text).document.info).not.toHaveProperty('description');
    expect(JSON.parse(out['withNull']!['facts']!.text).document.info.description).toBeNull();
    expect(out['withShared']!['passes']!.shared).toBe(0);
    expect(out['withShared']!['facts']!.shared).toBeGreaterThan(0);
  });

  it.skipIf(!hasCorpus)('converts every Swagger 2.0 file of the corpus the same with the facts the loader reports', async () => {
    const files = [path.join(corpusDir, 'huge', 'kubernetes-swagger.json'), ...readdirSync(path.join(corpusDir, 'swagger2')).map((f) => path.join(corpusDir, 'swagger2', f))];
    const docs: Record<string, string> = {};
    const facts: Record<string, { tree: boolean; noNulls: boolean }> = {};
    for (const f of files) {
      const loaded = await loadDocument({ path: f }, { cwd: path.dirname(f) });
      if (loaded.spec.kind !== 'swagger-2.0' || loaded.reparse === undefined || loaded.entry.syntax !== 'json') continue;
      docs[path.basename(f)] = f;
      facts[path.basename(f)] = loaded.valueFacts;
    }
    expect(Object.keys(docs).length).toBeGreaterThan(10);
    // Kubernetes has no null: the passes are skipped there
    expect(facts['kubernetes-swagger.json']).toEqual({ tree: true, noNulls: true });
    for (const target of ['3.0', '3.1'] as const) {
      const out = convertRoutes(docs, { passes: {}, loaded: 'own' }, target, facts);
      for (const name of Object.keys(docs)) expect(out[name]!['loaded']!.text, `${name} → ${target}`).toBe(out[name]!['passes']!.text);
    }
  });
});

describe('LoadResult.valueFacts', () => {
  const write = (name: string, text: string): string => {
    const dir = path.join(tmp, 'facts', name.replace(/\W/g, '_'));
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const factsOf = async (file: string): Promise<{ tree: boolean; noNulls: boolean }> => (await loadDocument({ path: file }, { cwd: path.dirname(file) })).valueFacts;
  const doc = (extra: string): string => `{"swagger": "2.0", "info": {"title": "T", "version": "1", "description": "null and none"}${extra}, "paths": {}}`;

  it('a JSON file: a tree, and no nulls unless a null value is written', async () => {
    expect(await factsOf(write('plain.json', doc('')))).toEqual({ tree: true, noNulls: true });
    expect(await factsOf(write('null-value.json', doc(', "x-a": {"b": [1, null]}')))).toEqual({ tree: true, noNulls: false });
    expect(await factsOf(write('null-key.json', doc(', "null": {"nullable": "null"}')))).toEqual({ tree: true, noNulls: true });
  });

  it('says nothing it cannot know: YAML nulls, aliases, bundled files', async () => {
    expect((await factsOf(write('plain.yaml', 'swagger: "2.0"\ninfo: {title: T, version: "1"}\npaths: {}\n'))).noNulls).toBe(false);
    expect(await factsOf(write('alias.yaml', 'swagger: "2.0"\ninfo: &i {title: T, version: "1"}\nx-copy: *i\npaths: {}\n'))).toEqual({ tree: false, noNulls: false });
    const dir = path.dirname(write('main.json', doc(', "definitions": {"A": {"$ref": "other.json#/A"}}')));
    writeFileSync(path.join(dir, 'other.json'), '{"A": {"type": "string"}}');
    expect(await factsOf(path.join(dir, 'main.json'))).toEqual({ tree: false, noNulls: false });
  });
});
