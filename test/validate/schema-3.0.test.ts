import { describe, expect, it } from 'vitest';
import { brief, variant, type Brief } from './helpers.js';
import { openapi30 } from './fixtures.js';

const KIND = 'openapi-3.0';
const item = (d: any) => d.paths['/pets/{petId}'];
const schemaError = (path: string[], message: string): Brief => ({ code: 'oas3-schema', path, message });

describe('validateDocument: OpenAPI 3.0 structure', () => {
  it('accepts the minimal valid document', () => {
    expect(brief(openapi30, KIND)).toEqual([]);
  });

  const cases: [string, (d: any) => void, Brief[]][] = [
    [
      'an unexpected property under an operation',
      (d) => (item(d).get.summery = 'x'),
      [schemaError(['paths', '/pets/{petId}', 'get', 'summery'], "unexpected property 'summery' (did you mean 'summary'?)")],
    ],
    ['a missing info.version', (d) => delete d.info.version, [schemaError(['info'], "missing required property 'version'")]],
    [
      'a wrong `in` (merged from the four location branches)',
      (d) => (d.components.parameters.Limit.in = 'body'),
      [schemaError(['components', 'parameters', 'Limit', 'in'], 'must be one of: path, query, header, cookie')],
    ],
    [
      'a parameter with neither schema nor content',
      (d) => delete d.components.parameters.Limit.schema,
      [schemaError(['components', 'parameters', 'Limit'], "must have one of the properties 'schema' or 'content'")],
    ],
    [
      'a parameter with both schema and content',
      (d) => (d.components.parameters.Limit.content = { 'text/plain': {} }),
      [schemaError(['components', 'parameters', 'Limit'], "must not have both 'schema' and 'content'")],
    ],
    ['a $ref that is not a string', (d) => (item(d).get.parameters[0] = { $ref: 5 }), [schemaError(['paths', '/pets/{petId}', 'get', 'parameters', '0', '$ref'], 'must be string')]],
    [
      'a $ref that is not a URI reference',
      (d) => (item(d).get.parameters[0] = { $ref: 'a b' }),
      [schemaError(['paths', '/pets/{petId}', 'get', 'parameters', '0', '$ref'], 'must be a valid uri-reference')],
    ],
    ['a short version string', (d) => (d.openapi = '3.0'), [schemaError(['openapi'], "must be a 3.0.x version such as 3.0.0, not '3.0'")]],
    [
      'a bad type inside a Schema Object',
      (d) => (d.components.schemas.Pet.properties.name.type = 'strng'),
      [schemaError(['components', 'schemas', 'Pet', 'properties', 'name', 'type'], 'must be one of: array, boolean, integer, number, object, string')],
    ],
    [
      'an out-of-range response code',
      (d) => (item(d).put.responses['600'] = { description: 'x' }),
      [schemaError(['paths', '/pets/{petId}', 'put', 'responses', '600'], "unexpected property '600'; expected 'default' or a name matching ^[1-5](?:\\d{2}|XX)$")],
    ],
    [
      'a misspelt response field',
      (d) => {
        const r = item(d).get.responses['200'];
        r.descripton = r.description;
        delete r.description;
      },
      [
        schemaError(['paths', '/pets/{petId}', 'get', 'responses', '200'], "missing required property 'description'"),
        schemaError(['paths', '/pets/{petId}', 'get', 'responses', '200', 'descripton'], "unexpected property 'descripton' (did you mean 'description'?)"),
      ],
    ],
    [
      'an http security scheme without scheme (branch chosen by `type`)',
      (d) => (d.components.securitySchemes.key = { type: 'http' }),
      [schemaError(['components', 'securitySchemes', 'key'], "missing required property 'scheme'")],
    ],
    [
      'example and examples together',
      (d) => {
        const mt = d.components.requestBodies.Pet.content['application/json'];
        mt.example = {};
        mt.examples = {};
      },
      [schemaError(['components', 'requestBodies', 'Pet', 'content', 'application/json'], "must not have both 'example' and 'examples'")],
    ],
  ];

  it.each(cases)('reports %s', (_label, edit, expected) => {
    expect(brief(variant(openapi30, edit), KIND)).toEqual(expected);
  });
});
