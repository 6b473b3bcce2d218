/** The origin map on a small document that exercises every rule (the corpus test covers real documents). */
import { beforeAll, describe, expect, it } from 'vitest';
import { convertSwagger2, type ConversionResult } from '../../src/convert/index.js';
import { convert, swagger, type Json } from './helpers.js';

const doc = swagger(
  {
    '/pets/{id}': {
      parameters: [{ name: 'trace', in: 'header', type: 'string' }, { name: 'pet', in: 'body', description: 'a pet', schema: { $ref: '#/definitions/Pet' } }, { $ref: '#/parameters/Id' }],
      get: {
        tags: ['pets'],
        parameters: [{ name: 'fields', in: 'query', type: 'array', items: { type: 'string', enum: ['a', 'b'] }, collectionFormat: 'csv', 'x-example': ['a'] }],
        responses: {
          200: {
            description: 'ok',
            schema: { $ref: '#/definitions/Pet' },
            headers: { 'X-Rate': { type: 'integer', minimum: 0 }, 'X-Tags': { type: 'array', items: { type: 'string' }, collectionFormat: 'csv' } },
            examples: { 'application/json': { id: 1 } },
          },
          404: { $ref: '#/responses/NotFound' },
        },
      },
      put: { responses: { 204: { description: 'done' } } },
      post: {
        consumes: ['multipart/form-data'],
        parameters: [
          { name: 'photo', in: 'formData', type: 'file' },
          { name: 'tags', in: 'formData', type: 'array', items: { type: 'string' }, collectionFormat: 'multi' },
        ],
        responses: { 201: { description: 'created' } },
      },
    },
  },
  {
    produces: ['application/json'],
    parameters: { Id: { name: 'id', in: 'path', required: true, type: 'integer', format: 'int64' } },
    responses: { NotFound: { description: 'nope', schema: { $ref: '#/definitions/Error' } } },
    definitions: {
      Pet: {
        type: 'object',
        discriminator: 'kind',
        required: ['kind'],
        properties: {
          kind: { type: 'string' },
          owner: { $ref: '#/definitions/Person', 'x-nullable': true },
          nick: { type: 'string', 'x-nullable': true },
          tags: { type: 'array', items: { type: 'string' } },
        },
      },
      Person: { type: 'object', 'x-anyOf': [{ type: 'object' }] },
      Error: { type: 'object' },
    },
    securityDefinitions: { oauth: { type: 'oauth2', flow: 'implicit', authorizationUrl: 'https://x/auth', scopes: { read: 'r' } } },
    tags: [{ name: 'pets' }],
  },
);

describe('originOf', () => {
  let r: ConversionResult;
  let r31: ConversionResult;
  beforeAll(async () => {
    r = await convert(doc);
    r31 = await convert(doc, '3.1');
  });
  const P = ['paths', '/pets/{id}'];
  const cases: Array<[string, string[], string[]]> = [
    ['root', [], []],
    ['version', ['openapi'], ['swagger']],
    ['info', ['info', 'title'], ['info', 'title']],
    ['tags', ['tags', '0', 'name'], ['tags', '0', 'name']],
    ['servers', ['servers', '0', 'url'], ['host']],
    ['operation', [...P, 'get'], [...P, 'get']],
    ['operation field', [...P, 'get', 'tags', '0'], [...P, 'get', 'tags', '0']],
    ['operation parameter', [...P, 'get', 'parameters', '0'], [...P, 'get', 'parameters', '0']],
    ['parameter schema → the parameter itself', [...P, 'get', 'parameters', '0', 'schema', 'items', 'enum', '1'], [...P, 'get', 'parameters', '0', 'items', 'enum', '1']],
    ['style → collectionFormat', [...P, 'get', 'parameters', '0', 'style'], [...P, 'get', 'parameters', '0', 'collectionFormat']],
    ['example → x-example', [...P, 'get', 'parameters', '0', 'example'], [...P, 'get', 'parameters', '0', 'x-example']],
    // path-level: the body moved out, so the 3.x indexes shift; matched by name and in
    ['path-level parameter', [...P, 'parameters', '0'], [...P, 'parameters', '0']],
    ['path-level $ref (ref site)', [...P, 'parameters', '1'], [...P, 'parameters', '2']],
    ['inside a $ref parameter → the global one', [...P, 'parameters', '1', '$ref'], [...P, 'parameters', '2', '$ref']],
    ['global parameter', ['components', 'parameters', 'Id', 'schema', 'format'], ['parameters', 'Id', 'format']],
    ['request body from a path-level body', [...P, 'put', 'requestBody'], [...P, 'parameters', '1']],
    ['request body description', [...P, 'put', 'requestBody', 'description'], [...P, 'parameters', '1', 'description']],
    ['request body schema', [...P, 'put', 'requestBody', 'content', 'application/json', 'schema', '$ref'], [...P, 'parameters', '1', 'schema', '$ref']],
    ['body name extension', [...P, 'put', 'x-codegen-request-body-name'], [...P, 'parameters', '1', 'name']],
    ['form field', [...P, 'post', 'requestBody', 'content', 'multipart/form-data', 'schema', 'properties', 'photo'], [...P, 'post', 'parameters', '0']],
    ['form field type', [...P, 'post', 'requestBody', 'content', 'multipart/form-data', 'schema', 'properties', 'tags', 'items', 'type'], [...P, 'post', 'parameters', '1', 'items', 'type']],
    ['form body', [...P, 'post', 'requestBody'], [...P, 'post']],
    ['form content', [...P, 'post', 'requestBody', 'content', 'multipart/form-data'], [...P, 'post', 'consumes']],
    ['response', [...P, 'get', 'responses', '200', 'description'], [...P, 'get', 'responses', '200', 'description']],
    ['response schema', [...P, 'get', 'responses', '200', 'content', 'application/json', 'schema', '$ref'], [...P, 'get', 'responses', '200', 'schema', '$ref']],
    ['response example', [...P, 'get', 'responses', '200', 'content', 'application/json', 'examples', 'response', 'value', 'id'], [...P, 'get', 'responses', '200', 'examples', 'application/json']],
    ['response header schema', [...P, 'get', 'responses', '200', 'headers', 'X-Rate', 'schema', 'minimum'], [...P, 'get', 'responses', '200', 'headers', 'X-Rate', 'minimum']],
    ['response header style', [...P, 'get', 'responses', '200', 'headers', 'X-Tags', 'style'], [...P, 'get', 'responses', '200', 'headers', 'X-Tags', 'collectionFormat']],
    ['response $ref', [...P, 'get', 'responses', '404', '$ref'], [...P, 'get', 'responses', '404', '$ref']],
    ['global response schema', ['components', 'responses', 'NotFound', 'content', 'application/json', 'schema'], ['responses', 'NotFound', 'schema']],
    ['schema', ['components', 'schemas', 'Pet'], ['definitions', 'Pet']],
    ['schema property', ['components', 'schemas', 'Pet', 'properties', 'tags', 'items', 'type'], ['definitions', 'Pet', 'properties', 'tags', 'items', 'type']],
    ['nullable → x-nullable', ['components', 'schemas', 'Pet', 'properties', 'nick', 'nullable'], ['definitions', 'Pet', 'properties', 'nick', 'x-nullable']],
    ['ref-sibling wrapper', ['components', 'schemas', 'Pet', 'properties', 'owner', 'allOf', '0', '$ref'], ['definitions', 'Pet', 'properties', 'owner', '$ref']],
    ['discriminator', ['components', 'schemas', 'Pet', 'discriminator', 'propertyName'], ['definitions', 'Pet', 'discriminator']],
    ['x-anyOf → anyOf', ['components', 'schemas', 'Person', 'anyOf', '0', 'type'], ['definitions', 'Person', 'x-anyOf', '0', 'type']],
    ['security scheme', ['components', 'securitySchemes', 'oauth', 'flows', 'implicit', 'authorizationUrl'], ['securityDefinitions', 'oauth', 'authorizationUrl']],
    ['unknown → longest existing prefix', [...P, 'get', 'nothing', 'here'], [...P, 'get']],
  ];

  it.each(cases)('%s', (_name, path3, path2) => {
    expect(r.origin.originOf(path3)).toEqual(path2);
  });

  it('maps the 3.1 shapes too (null unions, $ref siblings, examples)', () => {
    const d = r31.document as Json;
    expect(d.components.schemas.Pet.properties.owner).toEqual({ anyOf: [{ $ref: '#/components/schemas/Person' }, { type: 'null' }] });
    expect(r31.origin.originOf(['components', 'schemas', 'Pet', 'properties', 'owner', 'anyOf', '0', '$ref'])).toEqual(['definitions', 'Pet', 'properties', 'owner', '$ref']);
    expect(r31.origin.originOf(['components', 'schemas', 'Pet', 'properties', 'nick', 'type', '1'])).toEqual(['definitions', 'Pet', 'properties', 'nick', 'type']);
  });

  it('is a snapshot: later edits of the converted document do not change answers', () => {
    const before = r.origin.originOf([...P, 'get', 'parameters', '0']);
    ((r.document.paths as Json)['/pets/{id}'].get.parameters as Json[]).unshift({ name: 'new', in: 'query' });
    expect(r.origin.originOf([...P, 'get', 'parameters', '0'])).toEqual(before);
  });
});

describe('components made from direct $refs', () => {
  // The loader writes such refs when a multi-file 2.0 document references one file twice: the
  // file's content at the first place, `#/paths/…` refs at the others. swagger2openapi copies the
  // target into a new component (schema1, limit1, …), which has no 2.0 name to map back by.
  const first = ['paths', '/a', 'get'];
  const direct = swagger({
    '/a': {
      get: {
        parameters: [{ name: 'limit', in: 'query', type: 'integer', maximum: 100 }],
        responses: { 200: { description: 'ok', schema: { type: 'object', properties: { id: { type: 'integer', 'x-nullable': true } } } } },
      },
    },
    '/b': {
      get: {
        parameters: [{ $ref: '#/paths/~1a/get/parameters/0' }],
        responses: { 200: { description: 'ok', schema: { $ref: '#/paths/~1a/get/responses/200/schema' } } },
      },
    },
  });

  it('maps a copied schema and parameter, and what is inside them, to the node the ref pointed to', async () => {
    const r = await convert(direct);
    const d = r.document as Json;
    expect(Object.keys(d.components.schemas)).toEqual(['schema1']);
    expect(Object.keys(d.components.parameters)).toEqual(['limit1']);
    expect(r.origin.originOf(['components', 'schemas', 'schema1'])).toEqual([...first, 'responses', '200', 'schema']);
    expect(r.origin.originOf(['components', 'schemas', 'schema1', 'properties', 'id', 'nullable'])).toEqual([...first, 'responses', '200', 'schema', 'properties', 'id', 'x-nullable']);
    expect(r.origin.originOf(['components', 'parameters', 'limit1', 'schema', 'maximum'])).toEqual([...first, 'parameters', '0', 'maximum']);
    // the ref sites stay where they were
    expect(r.origin.originOf(['paths', '/b', 'get', 'responses', '200', 'content', 'application/json', 'schema', '$ref'])).toEqual(['paths', '/b', 'get', 'responses', '200', 'schema', '$ref']);
  });
});

describe('a consumed input (convert edits it in place, no copy)', () => {
  it('gives the same document, notes and origins, and reads the original only when an origin is asked', async () => {
    const copied = await convert(doc);
    let reads = 0;
    const input = structuredClone(doc);
    const consumed = await convertSwagger2(input, {
      consumeInput: {
        original: () => {
          reads++;
          return structuredClone(doc);
        },
      },
    });
    expect(consumed.document).toEqual(copied.document);
    expect(consumed.notes).toEqual(copied.notes);
    expect(input).not.toEqual(doc); // it really was the working copy
    expect(reads).toBe(0);
    const P = ['paths', '/pets/{id}'];
    for (const p of [
      [...P, 'put', 'requestBody', 'description'],
      ['components', 'schemas', 'Pet', 'properties', 'owner', 'allOf', '0', '$ref'],
      [...P, 'parameters', '1'],
    ]) {
      expect(consumed.origin.originOf(p)).toEqual(copied.origin.originOf(p));
    }
    expect(reads).toBe(1);
  });
});
