import { describe, expect, it } from 'vitest';
import { brief, variant, type Brief } from './helpers.js';
import { swagger20 } from './fixtures.js';

const KIND = 'swagger-2.0';
const item = (d: any) => d.paths['/pets/{petId}'];
const schemaError = (path: string[], message: string): Brief => ({ code: 'oas2-schema', path, message });

describe('validateDocument: Swagger 2.0 structure', () => {
  it('accepts the minimal valid document', () => {
    expect(brief(swagger20, KIND)).toEqual([]);
  });

  const cases: [string, (d: any) => void, Brief][] = [
    [
      'an unexpected property under an operation points at the property',
      (d) => (item(d).get.summery = 'x'),
      schemaError(['paths', '/pets/{petId}', 'get', 'summery'], "unexpected property 'summery' (did you mean 'summary'?)"),
    ],
    ['a missing info.version', (d) => delete d.info.version, schemaError(['info'], "missing required property 'version'")],
    [
      'a wrong `in` lists the locations of all parameter kinds',
      (d) => (d.parameters.Limit.in = 'cookie'),
      schemaError(['parameters', 'Limit', 'in'], 'must be one of: body, header, formData, query, path'),
    ],
    [
      'a $ref that is not a string (Reference branch chosen)',
      (d) => (item(d).get.parameters[0] = { $ref: 5 }),
      schemaError(['paths', '/pets/{petId}', 'get', 'parameters', '0', '$ref'], 'must be string'),
    ],
    [
      'a sibling of $ref (2.0 references allow none)',
      (d) => (item(d).get.parameters[0].description = 'x'),
      schemaError(['paths', '/pets/{petId}', 'get', 'parameters', '0', 'description'], "unexpected property 'description'"),
    ],
    [
      'a body parameter without schema (body branch chosen by `in: body`)',
      (d) => delete item(d).put.parameters[0].schema,
      schemaError(['paths', '/pets/{petId}', 'put', 'parameters', '0'], "missing required property 'schema'"),
    ],
    ['a wrong swagger version', (d) => (d.swagger = '2.1'), schemaError(['swagger'], "must be '2.0'")],
    ['empty responses', (d) => (item(d).get.responses = {}), schemaError(['paths', '/pets/{petId}', 'get', 'responses'], 'must have at least 1 property')],
    [
      'responses with only extensions',
      (d) => (item(d).get.responses = { 'x-note': 1 }),
      schemaError(['paths', '/pets/{petId}', 'get', 'responses'], 'must have at least one property not matching ^x-'),
    ],
    [
      'a response code that is not 3 digits',
      (d) => (item(d).get.responses['2000'] = { description: 'x' }),
      schemaError(['paths', '/pets/{petId}', 'get', 'responses', '2000'], "unexpected property '2000'; expected a name matching ^([0-9]{3})$|^(default)$"),
    ],
    ['a wrong type', (d) => (d.info.title = 5), schemaError(['info', 'title'], 'must be string')],
    ['a non-body parameter type outside the enum', (d) => (d.parameters.Limit.type = 'int'), schemaError(['parameters', 'Limit', 'type'], 'must be one of: string, number, boolean, integer, array')],
    ['a security definition branch chosen by `type`', (d) => (d.securityDefinitions.key.in = 'cookie'), schemaError(['securityDefinitions', 'key', 'in'], 'must be one of: header, query')],
    ['a path key without a leading slash', (d) => (d.paths.pets = {}), schemaError(['paths', 'pets'], "unexpected property 'pets'; expected a name matching ^/")],
    [
      'a value matching neither anyOf type (types merged)',
      (d) => (d.definitions.Pet.additionalProperties = 'yes'),
      schemaError(['definitions', 'Pet', 'additionalProperties'], 'must be object or boolean'),
    ],
    [
      'a bad type inside a Schema Object',
      (d) => (d.definitions.Pet.properties.name.type = 'strin'),
      schemaError(['definitions', 'Pet', 'properties', 'name', 'type'], 'must be one of: array, boolean, integer, null, number, object, string'),
    ],
  ];

  it.each(cases)('reports %s', (_label, edit, expected) => {
    expect(brief(variant(swagger20, edit), KIND)).toEqual([expected]);
  });
});
