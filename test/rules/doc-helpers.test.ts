/**
 * The document helpers every rule family reads (rulesets/functions/lib/doc.js): one list each, so
 * a security, a style and a pack rule see the same operations, responses and request bodies.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { operations, parametersOf, pathOperations, requestBodyOf, responsesOf } from '../../rulesets/functions/lib/doc.js';

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

  it('responsesOf: one shared list per operation entry; an operation two path items reference is at the place they lead to', () => {
    const a = op('/shared', 'get');
    const b = op('/shared-again', 'get');
    expect(responsesOf(doc, a)).toBe(responsesOf(doc, a));
    expect(responsesOf(doc, a)).toEqual(responsesOf(doc, b));
    expect(responsesOf(doc, a)[0]?.path).toEqual(['components', 'pathItems', 'Shared', 'get', 'responses', '200']);
  });

  it('responsesOf: an operation object YAML aliases put at two places has its responses at each', () => {
    const aliased = parse(`
openapi: 3.1.0
info: {title: T, version: 1.0.0}
paths:
  /a:
    get: &op
      responses: {'200': {description: OK.}}
  /b:
    get: *op
`) as Record<string, unknown>;
    const [a, b] = operations(aliased);
    expect(a?.operation).toBe(b?.operation);
    expect([a, b].map((o) => (o ? responsesOf(aliased, o)[0]?.path.join('/') : undefined))).toEqual(['paths//a/get/responses/200', 'paths//b/get/responses/200']);
  });

  it('requestBodyOf: the body a reference leads to, at its own place; undefined without one', () => {
    expect(requestBodyOf(doc, op('/pets', 'post'))?.path).toEqual(['components', 'requestBodies', 'Pet']);
    expect(requestBodyOf(doc, op('/shared', 'get'))).toBeUndefined();
  });

  it('parametersOf: path-level parameters overridden by operation-level ones of the same name and in, each at its place', () => {
    const d = parse(`
openapi: 3.1.0
info: {title: T, version: 1.0.0}
paths:
  /pets/{id}:
    parameters:
      - {name: id, in: path, required: true, schema: {type: string}}
      - {$ref: '#/components/parameters/Limit'}
    get:
      parameters:
        - {name: limit, in: query, schema: {type: integer, maximum: 10}}
        - {name: id, in: header, schema: {type: string}}
      responses: {'200': {description: OK.}}
components:
  parameters:
    Limit: {name: limit, in: query, schema: {type: integer}}
`) as Record<string, unknown>;
    const [get] = operations(d);
    if (!get) throw new Error('no operation');
    expect(parametersOf(d, get).map((p) => `${p.param.in}:${p.param.name} ${p.path.join('/')}`)).toEqual([
      'path:id paths//pets/{id}/parameters/0',
      'query:limit paths//pets/{id}/get/parameters/0',
      'header:id paths//pets/{id}/get/parameters/1',
    ]);
    expect(parametersOf(d, get)).toBe(parametersOf(d, get));
  });

  it('pathOperations: the operations of paths, without webhooks', () => {
    expect(operations(doc).map((o) => `${o.method} ${o.pathKey}`)).toContain('post newPet');
    expect(pathOperations(doc).map((o) => `${o.method} ${o.pathKey}`)).toEqual(['post /pets', 'get /shared', 'get /shared-again']);
  });
});
