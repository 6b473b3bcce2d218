/**
 * The document helpers every rule family reads (rulesets/functions/lib/doc.js): one list each, so
 * a security, a style and a pack rule see the same operations, responses and request bodies.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { operations, pathOperations, requestBodyOf, responsesOf } from '../../rulesets/functions/lib/doc.js';

const doc = parse(`
openapi: 3.1.0
info: {title: T, version: 1.0.0}
paths:
  /pets:
    post:
      requestBody: {$ref: '#/components/requestBodies/Pet'}
      responses:
        '201': {description: Created.}
        4XX: {$ref: '#/components/responses/Problem'}
        default: {description: Error.}
        x-internal: {description: An extension, not a response.}
        '500': {$ref: '#/components/responses/Missing'}
  /shared: {$ref: '#/components/pathItems/Shared'}
  /shared-again: {$ref: '#/components/pathItems/Shared'}
webhooks:
  newPet:
    post:
      responses: {'200': {description: OK.}}
components:
  requestBodies:
    Pet: {content: {application/json: {schema: {type: object}}}}
  responses:
    Problem: {description: Problem.}
  pathItems:
    Shared:
      get:
        responses: {'200': {description: OK.}}
`) as Record<string, unknown>;

const op = (pathKey: string, method: string) => {
  const found = operations(doc).find((o) => o.pathKey === pathKey && o.method === method);
  if (!found) throw new Error(`${method} ${pathKey} not found`);
  return found;
};

describe('lib/doc.js', () => {
  it('responsesOf: each status code as written with its response, refs followed to where they lead; extensions and broken refs are no responses', () => {
    expect(responsesOf(doc, op('/pets', 'post')).map((r) => [r.code, r.path.join('/')])).toEqual([
      ['201', 'paths//pets/post/responses/201'],
      ['4XX', 'components/responses/Problem'],
      ['default', 'paths//pets/post/responses/default'],
    ]);
  });

  it('responsesOf: one shared list per operation object, also when two path items reference it', () => {
    const a = op('/shared', 'get');
    const b = op('/shared-again', 'get');
    expect(a.operation).toBe(b.operation);
    expect(responsesOf(doc, a)).toBe(responsesOf(doc, b));
    expect(responsesOf(doc, a)[0]?.path).toEqual(['components', 'pathItems', 'Shared', 'get', 'responses', '200']);
  });

  it('requestBodyOf: the body a reference leads to, at its own place; undefined without one', () => {
    expect(requestBodyOf(doc, op('/pets', 'post'))?.path).toEqual(['components', 'requestBodies', 'Pet']);
    expect(requestBodyOf(doc, op('/shared', 'get'))).toBeUndefined();
  });

  it('pathOperations: the operations of paths, without webhooks', () => {
    expect(operations(doc).map((o) => `${o.method} ${o.pathKey}`)).toContain('post newPet');
    expect(pathOperations(doc).map((o) => `${o.method} ${o.pathKey}`)).toEqual(['post /pets', 'get /shared', 'get /shared-again']);
  });
});
