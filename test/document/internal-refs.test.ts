/**
 * A document whose value is a tree and whose refs are all internal skips the bundling walk
 * (load.ts, internalRefsOf): its reference problems must be exactly those the walk finds. A YAML
 * copy with an alias (the `yaml` package shares the aliased node: no tree) still goes through
 * that walk and is the reference. JSON text whose refs all resolve is not walked at all: its refs
 * are read from the text (load.ts, refsOfJsonText), which must change nothing either.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadDocument } from '../../src/document/load.js';
import { tempTree } from '../helpers/tmp.js';

const ok = { $ref: '#/components/schemas/Pet' };
const unshared = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Every kind of place a ref can sit, and every verdict the check gives (no object twice: YAML would write an alias). */
const doc = unshared({
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/pets': {
      get: {
        parameters: [{ $ref: '#/components/parameters/missing' }, { $ref: '#/components/parameters/limit' }, { name: 'q', in: 'query', schema: { $ref: '#/nowhere/at/all' } }],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: { type: 'array', items: ok },
                example: { $ref: '#/not/checked/inside/example' },
                examples: { one: { value: { $ref: '#/not/checked/inside/value' } }, two: { $ref: '#/components/examples/absent' } },
              },
            },
          },
          default: { $ref: '#/components/responses/Cycle1' },
        },
        'x-extension': { $ref: '#/not/checked/inside/extension' },
      },
    },
    '/bad': { get: { responses: { '200': { $ref: '#bad pointer' } } } },
    '/empty': { get: { responses: { '200': { $ref: '' } } } },
  },
  components: {
    schemas: {
      Pet: { type: 'object', properties: { self: ok, sibling: { $ref: '#/components/schemas/Gone', description: 'a ref with siblings', items: { $ref: '#/components/schemas/AlsoGone' } } } },
      List: { allOf: [ok, { $ref: '#/components/schemas/Missing~1Name' }, ok] },
    },
    parameters: { limit: { name: 'limit', in: 'query', schema: { type: 'integer' } } },
    responses: { Cycle1: { $ref: '#/components/responses/Cycle2' }, Cycle2: { $ref: '#/components/responses/Cycle1' } },
  },
});

async function loadFrom(files: Record<string, string>, entry: string) {
  const dir = tempTree(files);
  return loadDocument({ path: path.join(dir, entry) }, { cwd: dir });
}

async function refFindingsOf(files: Record<string, string>, entry: string) {
  const loaded = await loadFrom(files, entry);
  return loaded.refFindings.map((f) => ({ code: f.code, message: f.message, path: f.path }));
}

/** The same document with one alias (under extensions, which neither walk enters). */
const withAlias = (d: object): string => stringify(d) + 'x-anchor: &shared {k: 1}\nx-alias: *shared\n';
const json = (d: object): string => JSON.stringify({ ...d, 'x-anchor': { k: 1 }, 'x-alias': { k: 1 } }, null, 2);

describe('internal refs of a document that is a tree', () => {
  it('the premise: JSON and plain YAML parse to trees, YAML with an alias does not', async () => {
    expect((await loadFrom({ 'spec.json': json(doc) }, 'spec.json')).entry.tree).toBe(true);
    expect((await loadFrom({ 'spec.yaml': stringify(doc) }, 'spec.yaml')).entry.tree).toBe(true);
    expect((await loadFrom({ 'spec.yaml': withAlias(doc) }, 'spec.yaml')).entry.tree).toBe(false);
  });

  it('are judged as the bundling walk judges them: the same findings, at the same paths, in the same order', async () => {
    const walked = await refFindingsOf({ 'spec.yaml': withAlias(doc) }, 'spec.yaml');
    const fromJson = await refFindingsOf({ 'spec.json': json(doc) }, 'spec.json');
    const fromYaml = await refFindingsOf({ 'spec.yaml': stringify(doc) }, 'spec.yaml');
    expect(fromJson).toEqual(walked);
    expect(fromYaml).toEqual(walked);
    // what the fixture is there for: each verdict occurs, and skipped places stay unchecked
    const codes = fromJson.map((f) => f.code);
    expect(codes).toContain('unresolved-ref');
    expect(codes).toContain('invalid-ref');
    expect(codes).toContain('circular-ref');
    expect(fromJson.filter((f) => f.code === 'unresolved-ref').map((f) => f.path.join('/'))).toEqual([
      'paths//pets/get/parameters/0/$ref',
      'paths//pets/get/parameters/2/schema/$ref',
      'paths//pets/get/responses/200/content/application/json/examples/two/$ref',
      'components/schemas/Pet/properties/sibling/$ref',
      'components/schemas/Pet/properties/sibling/items/$ref',
      'components/schemas/List/allOf/1/$ref',
    ]);
    expect(JSON.stringify(fromJson)).not.toContain('not/checked');
  });

  it('still go through the bundling walk when one ref points to another file', async () => {
    const withExternal = unshared({ ...doc, components: { ...doc.components, schemas: { ...doc.components.schemas, Tag: { $ref: 'tag.json' } } } });
    const findings = await refFindingsOf({ 'spec.json': json(withExternal), 'tag.json': JSON.stringify({ type: 'string' }) }, 'spec.json');
    const walked = await refFindingsOf({ 'spec.yaml': withAlias(withExternal), 'tag.json': JSON.stringify({ type: 'string' }) }, 'spec.yaml');
    expect(findings).toEqual(walked);
    const dir = tempTree({ 'spec.json': JSON.stringify(withExternal), 'tag.json': JSON.stringify({ type: 'string' }) });
    const loaded = await loadDocument({ path: path.join(dir, 'spec.json') }, { cwd: dir });
    // the file was loaded and bundled in
    expect(loaded.files.size).toBe(2);
    expect((loaded.value as typeof withExternal).components.schemas.Tag).toEqual({ type: 'string' });
  });

  it('in JSON text whose refs all resolve, are read from the text: the same as the walk, however refs are written or wherever they sit', async () => {
    const pets = (extra: object) =>
      unshared({
        openapi: '3.0.3',
        info: { title: 't', version: '1' },
        paths: {
          '/pets': {
            get: {
              responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' }, ...extra } } } },
            },
          },
        },
        components: { schemas: { Pet: { type: 'object', properties: { self: { $ref: '#/components/schemas/Pet' } } } } },
      });
    // refs with escapes in their text (`\/`), also in an example (which the walk does not check)
    const fine = JSON.stringify(pets({ example: { $ref: '#/components/schemas/Pet' } }), null, 2).replaceAll('"#/components/schemas/Pet"', '"#\\/components\\/schemas\\/Pet"');
    expect(fine).toContain('"#\\/components');
    expect(await refFindingsOf({ 'spec.json': fine }, 'spec.json')).toEqual([]);
    // what the walk skips may hold anything the text would reject (broken, cyclic, external): the walk decides
    const skipped = pets({ example: { $ref: '#/not/checked' }, examples: { one: { value: { $ref: 'elsewhere.json' } } }, 'x-cycle': { a: { $ref: '#/x/b' }, b: { $ref: '#/x/a' } } });
    expect(await refFindingsOf({ 'spec.json': JSON.stringify(skipped) }, 'spec.json')).toEqual(await refFindingsOf({ 'spec.yaml': withAlias(skipped) }, 'spec.yaml'));
    // a broken ref with escapes is found, at its place
    expect(await refFindingsOf({ 'spec.json': fine.replace('"#\\/components\\/schemas\\/Pet"', '"#\\/components\\/schemas\\/Gone"') }, 'spec.json')).toEqual([
      {
        code: 'unresolved-ref',
        message: "$ref '#/components/schemas/Gone' points to nothing: '/components/schemas/Gone' does not exist",
        path: ['paths', '/pets', 'get', 'responses', '200', 'content', 'application/json', 'schema', '$ref'],
      },
    ]);
    // a `$ref` key written with \u escapes (which the text scan cannot see) to another file: bundled
    const hidden = fine.replace('"self": {\n', '"self": {\n"\\u0024ref": "pet.json",\n"x-was": {\n');
    const dir = tempTree({ 'spec.json': hidden.replace(/("x-was": \{\n\s*"\$ref": "[^"]*")/, '$1}'), 'pet.json': JSON.stringify({ type: 'string' }) });
    const loaded = await loadDocument({ path: path.join(dir, 'spec.json') }, { cwd: dir });
    expect(loaded.files.size).toBe(2);
    expect((loaded.value as { components: { schemas: { Pet: { properties: { self: unknown } } } } }).components.schemas.Pet.properties.self).toMatchObject({ type: 'string' });
  });

  it('load when there are more of them than a function call takes arguments (250,000), all of them checked', async () => {
    const many = Array.from({ length: 250_000 }, () => ({ $ref: '#/components/schemas/A' }));
    many.push({ $ref: '#/components/schemas/Missing' });
    const big = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {}, components: { schemas: { A: { type: 'string' }, B: { allOf: many } } } };
    const findings = await refFindingsOf({ 'spec.json': JSON.stringify(big) }, 'spec.json');
    expect(findings).toEqual([
      {
        code: 'unresolved-ref',
        message: "$ref '#/components/schemas/Missing' points to nothing: '/components/schemas/Missing' does not exist",
        path: ['components', 'schemas', 'B', 'allOf', '250000', '$ref'],
      },
    ]);
  });
});
