import { describe, expect, it } from 'vitest';
import { forEachOperation, type OperationVisit } from '../../src/validate/index.js';
import type { SpecKind } from '../../src/document/model.js';
import { openapi31, openapi32, swagger20 } from './fixtures.js';

function visits(doc: unknown, kind: SpecKind): [string, string, string, boolean, string][] {
  const out: [string, string, string, boolean, string][] = [];
  forEachOperation(doc, kind, (v: OperationVisit) => out.push([v.container, v.key, v.method, v.additional, v.path.join(' > ')]));
  return out;
}

describe('forEachOperation', () => {
  it('visits paths operations of 2.0 in spec method order', () => {
    expect(visits(swagger20, 'swagger-2.0')).toEqual([
      ['paths', '/pets/{petId}', 'get', false, 'paths > /pets/{petId} > get'],
      ['paths', '/pets/{petId}', 'put', false, 'paths > /pets/{petId} > put'],
      ['paths', '/pets/{petId}/photo', 'post', false, 'paths > /pets/{petId}/photo > post'],
    ]);
  });

  it('visits webhooks and the target of an internal path item $ref (3.1)', () => {
    expect(visits(openapi31, 'openapi-3.1')).toEqual([
      ['paths', '/pets/{petId}', 'get', false, 'paths > /pets/{petId} > get'],
      ['paths', '/stores', 'get', false, 'components > pathItems > Stores > get'],
      ['webhooks', 'newPet', 'post', false, 'webhooks > newPet > post'],
    ]);
  });

  it('visits query and additionalOperations (3.2)', () => {
    expect(visits(openapi32, 'openapi-3.2')).toEqual([
      ['paths', '/pets', 'query', false, 'paths > /pets > query'],
      ['paths', '/pets', 'COPY', true, 'paths > /pets > additionalOperations > COPY'],
      ['paths', '/pets/{petId}', 'get', false, 'paths > /pets/{petId} > get'],
      ['webhooks', 'petAdopted', 'post', false, 'webhooks > petAdopted > post'],
    ]);
  });

  it('ignores what the version does not have (query in 3.1, webhooks in 2.0)', () => {
    const doc = { paths: { '/a': { query: { responses: {} }, get: { responses: {} } } }, webhooks: { w: { post: {} } } };
    expect(visits(doc, 'swagger-2.0').map((v) => v[2])).toEqual(['get']);
    expect(visits(doc, 'openapi-3.1').map((v) => v[2])).toEqual(['get', 'post']);
  });

  it('skips odd shapes without throwing', () => {
    for (const doc of [null, 7, 'x', [], { paths: [] }, { paths: { '/a': [], '/b': null, '/c': { get: [] } } }, { paths: { '/a': { $ref: '#/nowhere' } } }]) {
      expect(visits(doc, 'openapi-3.2')).toEqual([]);
    }
  });

  it('does not loop on a path item that refers to itself', () => {
    const doc = { paths: { '/a': { $ref: '#/paths/~1a' } } };
    expect(visits(doc, 'openapi-3.1')).toEqual([]);
  });
});
