/** OpenAPI 3.0 → 3.1 upgrade (upgradeTo31) and convertSwagger2 with target 3.1. */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { upgradeTo31 } from '../../src/convert/index.js';
import { bare, convert, metaSchemaErrors2020, ok, schemaErrors31, schemasOf, swagger, type Json } from './helpers.js';

const doc30 = (): Json => ({
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/a': {
      parameters: [{ name: 'p', in: 'query', example: 'kept', schema: { type: 'string', nullable: true, example: 'x' } }],
      post: {
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' }, data: { type: 'string', format: 'byte' } } },
            },
            'image/png': { schema: { type: 'string', format: 'binary' } },
            'application/json': { example: { media: 'type example' }, schema: { $ref: '#/components/schemas/Pet' } },
          },
        },
        responses: {
          200: {
            description: 'ok',
            headers: { 'X-Rate': { schema: { type: 'integer', minimum: 0, exclusiveMinimum: true } } },
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        example: { name: 'Rex' },
        properties: {
          name: { type: 'string', nullable: true },
          kind: { type: 'string', enum: ['cat', 'dog'], nullable: true },
          owner: { allOf: [{ $ref: '#/components/schemas/Person' }], nullable: true, description: 'the owner' },
          loose: { nullable: true, properties: { a: { type: 'integer' } }, description: 'no type' },
          anything: { nullable: true, description: 'no constraints' },
          age: { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 30, exclusiveMaximum: false },
          weird: { type: 'number', exclusiveMaximum: true },
          notNull: { type: 'string', nullable: false },
          nullable: { type: 'boolean' },
        },
      },
      Person: { type: 'object', nullable: true, oneOf: [{ type: 'object' }], discriminator: { propertyName: 'kind' } },
    },
  },
});

describe('upgradeTo31', () => {
  it('rewrites 3.0-only schema keywords and nothing else', () => {
    const input = doc30();
    const before = structuredClone(input);
    const { document: d, notes } = upgradeTo31(input);
    expect(input).toEqual(before); // not modified
    expect(d.openapi).toBe('3.1.0');
    const pet = (d.components as Json).schemas.Pet;
    expect(pet.examples).toEqual([{ name: 'Rex' }]);
    expect(pet.example).toBeUndefined();
    expect(pet.properties.name).toEqual({ type: ['string', 'null'] });
    expect(pet.properties.kind).toEqual({ type: ['string', 'null'], enum: ['cat', 'dog', null] });
    expect(pet.properties.owner).toEqual({ anyOf: [{ $ref: '#/components/schemas/Person' }, { type: 'null' }], description: 'the owner' });
    expect(pet.properties.loose).toEqual({ description: 'no type', anyOf: [{ properties: { a: { type: 'integer' } } }, { type: 'null' }] });
    expect(pet.properties.anything).toEqual({ description: 'no constraints' });
    expect(pet.properties.age).toEqual({ type: 'integer', exclusiveMinimum: 0, maximum: 30 });
    expect(pet.properties.weird).toEqual({ type: 'number' });
    expect(pet.properties.notNull).toEqual({ type: 'string' });
    expect(pet.properties.nullable).toEqual({ type: 'boolean' }); // a property *named* nullable stays
    expect((d.components as Json).schemas.Person).toEqual({
      anyOf: [{ type: 'object', oneOf: [{ type: 'object' }], discriminator: { propertyName: 'kind' } }, { type: 'null' }],
    });

    const a = (d.paths as Json)['/a'];
    // Parameter and Media Type examples are not schema examples
    expect(a.parameters[0].example).toBe('kept');
    expect(a.parameters[0].schema).toEqual({ type: ['string', 'null'], examples: ['x'] });
    expect(a.post.requestBody.content['application/json'].example).toEqual({ media: 'type example' });
    const form = a.post.requestBody.content['multipart/form-data'].schema.properties;
    expect(form.file).toEqual({ type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' });
    expect(form.data).toEqual({ type: 'string', format: 'byte', contentEncoding: 'base64' });
    expect(a.post.requestBody.content['image/png'].schema.contentMediaType).toBe('image/png');
    // only request bodies get contentMediaType
    expect(a.post.responses['200'].content['application/octet-stream'].schema).toEqual({ type: 'string', format: 'binary' });
    expect(a.post.responses['200'].headers['X-Rate'].schema).toEqual({ type: 'integer', exclusiveMinimum: 0 });

    // notes point into the 3.0 input
    const src = (code: string) => notes.filter((n) => n.code === code).map((n) => n.source.join('/'));
    expect(src('upgrade-31-nullable')).toContain('components/schemas/Pet/properties/kind');
    expect(src('upgrade-31-exclusive-bound')).toContain('components/schemas/Pet/properties/age');
    expect(src('upgrade-31-exclusive-bound')).toContain('components/schemas/Pet/properties/weird/exclusiveMaximum');
    expect(notes.filter((n) => n.code === 'upgrade-31-example').map((n) => n.source)).toEqual([
      ['components', 'schemas', 'Pet'],
      ['paths', '/a', 'parameters', '0', 'schema'],
    ]);
    expect(src('upgrade-31-content-media-type')).toHaveLength(3);
    for (const n of notes) {
      let cur: unknown = input;
      for (const s of n.source) cur = (cur as Json)?.[s];
      expect(cur, n.source.join('/')).toBeDefined();
    }

    expect(schemaErrors31(d)).toEqual([]);
    for (const [s, p] of schemasOf(d)) {
      expect(metaSchemaErrors2020(s), p.join('/')).toEqual([]);
      expect(Object.hasOwn(s, 'nullable'), p.join('/')).toBe(false);
    }
  });

  it('returns a 3.1 document unchanged, with a note', () => {
    const d = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas: { A: { type: 'string', nullable: true } } } };
    const r = upgradeTo31(d);
    expect(r.document).toEqual(d);
    expect(r.document).not.toBe(d);
    expect(r.notes).toEqual([{ code: 'upgrade-31-unchanged', severity: 'info', message: expect.stringContaining('already'), source: ['openapi'] }]);
  });

  it('rejects anything that is not 3.0 or 3.1', () => {
    expect(() => upgradeTo31({ swagger: '2.0' })).toThrow(InputError);
    expect(() => upgradeTo31({ openapi: '3.2.0' })).toThrow(/3\.0\.x/);
    expect(() => upgradeTo31({})).toThrow(InputError);
  });
});

describe('convertSwagger2 with target 3.1', () => {
  const doc = swagger(
    {
      '/a': {
        post: {
          consumes: ['multipart/form-data'],
          parameters: [
            { name: 'n', in: 'query', type: 'integer', minimum: 1, exclusiveMinimum: true, 'x-nullable': true },
            { name: 'f', in: 'formData', type: 'file' },
          ],
          responses: { 200: { description: 'ok', schema: { $ref: '#/definitions/Pet' } } },
        },
      },
    },
    {
      definitions: {
        Pet: {
          type: 'object',
          example: { id: 1 },
          properties: {
            id: { type: 'integer', 'x-nullable': true },
            status: { type: 'string', enum: ['a', 'b'], 'x-nullable': true },
            parent: { $ref: '#/definitions/Pet', 'x-nullable': true },
          },
        },
      },
    },
  );

  it('bare swagger2openapi only relabels (nullable stays)', async () => {
    const out = await bare(doc, { targetVersion: '3.1.0' });
    expect(out.openapi).toBe('3.1.0');
    expect(out.components.schemas.Pet.properties.id.nullable).toBe(true);
  });

  it('apictl produces real 3.1 and maps upgrade notes to the 2.0 input', async () => {
    const r = await convert(doc, '3.1');
    const d = r.document as Json;
    expect(d.openapi).toBe('3.1.0');
    const pet = d.components.schemas.Pet;
    expect(pet.examples).toEqual([{ id: 1 }]);
    expect(pet.properties.id).toEqual({ type: ['integer', 'null'] });
    expect(pet.properties.status).toEqual({ type: ['string', 'null'], enum: ['a', 'b', null] });
    expect(pet.properties.parent).toEqual({ anyOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'null' }] });
    const n = d.paths['/a'].post.parameters[0];
    expect(n.schema).toEqual({ type: ['integer', 'null'], exclusiveMinimum: 1 });
    expect(d.paths['/a'].post.requestBody.content['multipart/form-data'].schema.properties.f).toEqual({
      type: 'string',
      format: 'binary',
      contentMediaType: 'application/octet-stream',
    });
    const nullable = r.notes.filter((x) => x.code === 'upgrade-31-nullable').map((x) => x.source);
    expect(nullable).toContainEqual(['definitions', 'Pet', 'properties', 'status']);
    expect(nullable).toContainEqual(['paths', '/a', 'post', 'parameters', '0']);
    expect(r.notes.find((x) => x.code === 'upgrade-31-exclusive-bound')?.source).toEqual(['paths', '/a', 'post', 'parameters', '0']);
    expect(schemaErrors31(d)).toEqual([]);
    for (const [s, p] of schemasOf(d)) expect(Object.hasOwn(s, 'nullable'), p.join('/')).toBe(false);
  });

  it('a plain request stays free of 3.1-only keywords', async () => {
    const r = await convert(swagger({ '/x': { get: { responses: ok } } }), '3.1');
    expect(r.document.openapi).toBe('3.1.0');
    expect(r.notes.filter((n) => n.code.startsWith('upgrade-'))).toEqual([]);
  });
});
