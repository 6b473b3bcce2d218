import { describe, expect, it } from 'vitest';
import { brief, variant, type Brief } from './helpers.js';
import { openapi31 } from './fixtures.js';

const KIND = 'openapi-3.1';
const item = (d: any) => d.paths['/pets/{petId}'];
const schemaError = (path: string[], message: string): Brief => ({ code: 'oas3-schema', path, message });

describe('validateDocument: OpenAPI 3.1 structure', () => {
  it('accepts the minimal valid document (webhooks, pathItems, $ref with description)', () => {
    expect(brief(openapi31, KIND)).toEqual([]);
  });

  const cases: [string, (d: any) => void, Brief][] = [
    [
      'an unexpected property under an operation (unevaluatedProperties)',
      (d) => (item(d).get.summery = 'x'),
      schemaError(['paths', '/pets/{petId}', 'get', 'summery'], "unexpected property 'summery' (did you mean 'summary'?)"),
    ],
    ['a missing info.version', (d) => delete d.info.version, schemaError(['info'], "missing required property 'version'")],
    ['a wrong `in`', (d) => (d.components.parameters.Limit.in = 'body'), schemaError(['components', 'parameters', 'Limit', 'in'], 'must be one of: query, header, path, cookie')],
    [
      'a parameter with neither schema nor content',
      (d) => delete d.components.parameters.Limit.schema,
      schemaError(['components', 'parameters', 'Limit'], "must have one of the properties 'schema' or 'content'"),
    ],
    [
      'a $ref that is not a string (if/then picks the Reference)',
      (d) => (item(d).get.parameters[1] = { $ref: 5 }),
      schemaError(['paths', '/pets/{petId}', 'get', 'parameters', '1', '$ref'], 'must be string'),
    ],
    [
      'license url beside identifier',
      (d) => (d.info.license.url = 'https://example.com/mit'),
      schemaError(['info', 'license', 'url'], "property 'url' is not allowed here when 'identifier' is present"),
    ],
    ['a 3.0 version string', (d) => (d.openapi = '3.0.3'), schemaError(['openapi'], "must be a 3.1.x version such as 3.1.0, not '3.0.3'")],
    [
      'a typo inside a webhook',
      (d) => (d.webhooks.newPet.post.requestBody.content['application/json'].schemaa = {}),
      schemaError(['webhooks', 'newPet', 'post', 'requestBody', 'content', 'application/json', 'schemaa'], "unexpected property 'schemaa' (did you mean 'schema'?)"),
    ],
    [
      'none of paths, components, webhooks',
      (d) => {
        delete d.paths;
        delete d.webhooks;
        delete d.components;
      },
      schemaError([], "must have one of the properties 'paths', 'components' or 'webhooks'"),
    ],
    [
      'an unknown security scheme type',
      (d) => (d.components.securitySchemes.mtls.type = 'mtls'),
      schemaError(['components', 'securitySchemes', 'mtls', 'type'], 'must be one of: apiKey, http, mutualTLS, oauth2, openIdConnect'),
    ],
  ];

  it.each(cases)('reports %s', (_label, edit, expected) => {
    expect(brief(variant(openapi31, edit), KIND)).toEqual([expected]);
  });
});
