import { describe, expect, it } from 'vitest';
import { brief, variant, type Brief } from './helpers.js';
import { openapi32 } from './fixtures.js';

const KIND = 'openapi-3.2';
const pets = (d: any) => d.paths['/pets'];
const pet = (d: any) => d.paths['/pets/{petId}'];
const schemaError = (path: string[], message: string): Brief => ({ code: 'oas3-schema', path, message });

describe('validateDocument: OpenAPI 3.2 structure', () => {
  it('accepts the minimal valid document ($self, tag parent/kind, query, additionalOperations, querystring, device flow)', () => {
    expect(brief(openapi32, KIND)).toEqual([]);
  });

  const cases: [string, (d: any) => void, Brief][] = [
    [
      'an unexpected property under a query operation',
      (d) => (pets(d).query.summery = 'x'),
      schemaError(['paths', '/pets', 'query', 'summery'], "unexpected property 'summery' (did you mean 'summary'?)"),
    ],
    ['a missing info.version', (d) => delete d.info.version, schemaError(['info'], "missing required property 'version'")],
    [
      'a wrong `in`',
      (d) => (pet(d).get.parameters[1].in = 'body'),
      schemaError(['paths', '/pets/{petId}', 'get', 'parameters', '1', 'in'], 'must be one of: query, querystring, header, path, cookie'),
    ],
    [
      'a parameter with neither schema nor content',
      (d) => delete pet(d).get.parameters[0].schema,
      schemaError(['paths', '/pets/{petId}', 'get', 'parameters', '0'], "must have one of the properties 'schema' or 'content'"),
    ],
    [
      'a querystring parameter with schema instead of content',
      (d) => {
        const p = pet(d).get.parameters[1];
        delete p.content;
        p.schema = { type: 'object' };
      },
      schemaError(['paths', '/pets/{petId}', 'get', 'parameters', '1'], "missing required property 'content' (when in is 'querystring')"),
    ],
    [
      'a standard method in additionalOperations',
      (d) => (pets(d).additionalOperations.GET = { responses: { '200': { description: 'x' } } }),
      schemaError(['paths', '/pets', 'additionalOperations', 'GET'], "property name 'GET' must not be one of: GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH, TRACE, QUERY"),
    ],
    ['a $self with a fragment', (d) => (d.$self = 'https://api.example.com/openapi.json#top'), schemaError(['$self'], 'must match pattern ^[^#]*$ (MUST NOT contain a fragment)')],
    ['a tag parent that is not a string', (d) => (d.tags[1].parent = 5), schemaError(['tags', '1', 'parent'], 'must be string')],
    ['a misspelt tag kind', (d) => (d.tags[1].kinds = 'nav'), schemaError(['tags', '1', 'kinds'], "unexpected property 'kinds' (did you mean 'kind'?)")],
    [
      'a device flow without its URL',
      (d) => delete d.components.securitySchemes.oauth.flows.deviceAuthorization.deviceAuthorizationUrl,
      schemaError(['components', 'securitySchemes', 'oauth', 'flows', 'deviceAuthorization'], "missing required property 'deviceAuthorizationUrl'"),
    ],
    ['a $ref that is not a string', (d) => (pets(d).query.parameters = [{ $ref: 5 }]), schemaError(['paths', '/pets', 'query', 'parameters', '0', '$ref'], 'must be string')],
  ];

  it.each(cases)('reports %s', (_label, edit, expected) => {
    expect(brief(variant(openapi32, edit), KIND)).toEqual([expected]);
  });
});
