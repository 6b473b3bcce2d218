/**
 * A JSON document whose refs are all internal skips the bundling walk (load.ts, internalRefsOf):
 * its reference problems must be exactly those the walk finds, which a YAML copy of the same
 * document still goes through.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadDocument } from '../../src/document/load.js';
import { tempTree } from '../helpers/tmp.js';

const ok = { $ref: '#/components/schemas/Pet' };

/** Every kind of place a ref can sit, and every verdict the check gives. */
const doc = {
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
};

async function refFindingsOf(files: Record<string, string>, entry: string) {
  const dir = tempTree(files);
  const loaded = await loadDocument({ path: path.join(dir, entry) }, { cwd: dir });
  return loaded.refFindings.map((f) => ({ code: f.code, message: f.message, path: f.path }));
}

describe('internal refs of a JSON document', () => {
  it('are judged as the bundling walk judges them: the same findings, at the same paths, in the same order', async () => {
    const fromJson = await refFindingsOf({ 'spec.json': JSON.stringify(doc, null, 2) }, 'spec.json');
    const fromYaml = await refFindingsOf({ 'spec.yaml': stringify(doc) }, 'spec.yaml');
    expect(fromJson).toEqual(fromYaml);
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
    const withExternal = { ...doc, components: { ...doc.components, schemas: { ...doc.components.schemas, Tag: { $ref: 'tag.json' } } } };
    const findings = await refFindingsOf({ 'spec.json': JSON.stringify(withExternal), 'tag.json': JSON.stringify({ type: 'string' }) }, 'spec.json');
    const fromYaml = await refFindingsOf({ 'spec.yaml': stringify(withExternal), 'tag.json': JSON.stringify({ type: 'string' }) }, 'spec.yaml');
    expect(findings).toEqual(fromYaml);
    const dir = tempTree({ 'spec.json': JSON.stringify(withExternal), 'tag.json': JSON.stringify({ type: 'string' }) });
    const loaded = await loadDocument({ path: path.join(dir, 'spec.json') }, { cwd: dir });
    // the file was loaded and bundled in
    expect(loaded.files.size).toBe(2);
    expect((loaded.value as typeof withExternal).components.schemas.Tag).toEqual({ type: 'string' });
  });
});
