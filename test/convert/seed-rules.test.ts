/** The six seed rules of the 2.0 → 3.0 conversion, plus the hazards apictl reports. */
import { describe, expect, it } from 'vitest';
import { convert, ok, swagger, swaggerParserError, type Json } from './helpers.js';

describe('seed rules', () => {
  it('1. host/basePath/schemes → one server per scheme', async () => {
    const r = await convert(swagger({}, { schemes: ['http', 'https'], basePath: '/v1/' }));
    expect(r.document.servers).toEqual([{ url: 'http://api.example.com/v1' }, { url: 'https://api.example.com/v1' }]);
    expect(r.notes.filter((n) => n.code === 'convert-relative-server')).toEqual([]);
    expect(r.origin.originOf(['servers', '1', 'url'])).toEqual(['host']);
  });

  it('1. without host: a relative server, with a note', async () => {
    const d = swagger({});
    delete d.host;
    delete d.schemes;
    const r = await convert(d);
    expect(r.document.servers).toEqual([{ url: '/v1' }]);
    const note = r.notes.find((n) => n.code === 'convert-relative-server');
    expect(note).toMatchObject({ severity: 'info', source: ['basePath'] });
  });

  it('1. without schemes: a scheme-relative server, with a note', async () => {
    const d = swagger({});
    delete d.schemes;
    const r = await convert(d);
    expect(r.document.servers).toEqual([{ url: '//api.example.com/v1' }]);
    expect(r.notes.find((n) => n.code === 'convert-relative-server')?.source).toEqual(['host']);
  });

  it('2. definitions → components.schemas, refs rewritten (names sanitised like swagger2openapi)', async () => {
    const d = swagger(
      { '/a': { get: { responses: { 200: { description: 'ok', schema: { type: 'array', items: { $ref: '#/definitions/Pet' } } } } } } },
      {
        definitions: {
          Pet: { type: 'object', properties: { owner: { $ref: '#/definitions/Person' }, tags: { type: 'array', items: { $ref: '#/definitions/Tag List' } } } },
          Person: { type: 'object' },
          'Tag List': { type: 'string' },
        },
      },
    );
    const r = await convert(d);
    const c = r.document.components as Json;
    expect(Object.keys(c.schemas).sort()).toEqual(['Person', 'Pet', 'Tag_List']);
    expect(c.schemas.Pet.properties.owner).toEqual({ $ref: '#/components/schemas/Person' });
    expect(c.schemas.Pet.properties.tags.items).toEqual({ $ref: '#/components/schemas/Tag_List' });
    expect((r.document.paths as Json)['/a'].get.responses['200'].content['*/*'].schema.items).toEqual({ $ref: '#/components/schemas/Pet' });
    expect(r.origin.originOf(['components', 'schemas', 'Tag_List', 'type'])).toEqual(['definitions', 'Tag List', 'type']);
    expect(await swaggerParserError(r.document)).toBeUndefined();
  });

  it('3. securityDefinitions → components.securitySchemes', async () => {
    const d = swagger(
      {},
      {
        securityDefinitions: {
          basic: { type: 'basic' },
          key: { type: 'apiKey', name: 'X-Key', in: 'header' },
          imp: { type: 'oauth2', flow: 'implicit', authorizationUrl: 'https://a.example/auth', scopes: { read: 'read it' } },
          pw: { type: 'oauth2', flow: 'password', tokenUrl: 'https://a.example/token', scopes: {} },
          app: { type: 'oauth2', flow: 'application', tokenUrl: 'https://a.example/token', scopes: { admin: 'all' } },
          code: { type: 'oauth2', flow: 'accessCode', authorizationUrl: 'https://a.example/auth', tokenUrl: 'https://a.example/token', scopes: { w: 'write' } },
        },
        security: [{ code: ['w'] }],
      },
    );
    const r = await convert(d);
    expect((r.document.components as Json).securitySchemes).toEqual({
      basic: { type: 'http', scheme: 'basic' },
      key: { type: 'apiKey', name: 'X-Key', in: 'header' },
      imp: { type: 'oauth2', flows: { implicit: { authorizationUrl: 'https://a.example/auth', scopes: { read: 'read it' } } } },
      pw: { type: 'oauth2', flows: { password: { tokenUrl: 'https://a.example/token', scopes: {} } } },
      app: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://a.example/token', scopes: { admin: 'all' } } } },
      code: {
        type: 'oauth2',
        flows: { authorizationCode: { authorizationUrl: 'https://a.example/auth', tokenUrl: 'https://a.example/token', scopes: { w: 'write' } } },
      },
    });
    expect(r.document.security).toEqual([{ code: ['w'] }]);
    expect(r.origin.originOf(['components', 'securitySchemes', 'code', 'flows', 'authorizationCode', 'scopes', 'w'])).toEqual(['securityDefinitions', 'code', 'scopes', 'w']);
    expect(r.origin.originOf(['components', 'securitySchemes', 'basic', 'scheme'])).toEqual(['securityDefinitions', 'basic', 'type']);
  });

  it('4. in: body → requestBody, one content entry per consumes type, name/description/required kept', async () => {
    const d = swagger(
      {
        '/pets': {
          post: {
            parameters: [{ name: 'pet', in: 'body', description: 'the pet', required: true, schema: { $ref: '#/definitions/Pet' } }],
            responses: ok,
          },
        },
      },
      { consumes: ['application/json', 'application/xml'], definitions: { Pet: { type: 'object' } } },
    );
    const r = await convert(d);
    const op = (r.document.paths as Json)['/pets'].post;
    expect(op.requestBody).toEqual({
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/Pet' } },
        'application/xml': { schema: { $ref: '#/components/schemas/Pet' } },
      },
      description: 'the pet',
      required: true,
    });
    expect(op['x-codegen-request-body-name']).toBe('pet');
    expect(op.parameters).toBeUndefined();
    expect(r.origin.originOf(['paths', '/pets', 'post', 'requestBody', 'content', 'application/xml', 'schema', '$ref'])).toEqual(['paths', '/pets', 'post', 'parameters', '0', 'schema', '$ref']);
  });

  it('5. formData file → multipart/form-data with a binary string property', async () => {
    const d = swagger({
      '/up': {
        post: {
          consumes: ['multipart/form-data'],
          parameters: [
            { name: 'file', in: 'formData', type: 'file', description: 'the file' },
            { name: 'meta', in: 'formData', type: 'string', required: true },
          ],
          responses: ok,
        },
      },
    });
    const r = await convert(d);
    expect((r.document.paths as Json)['/up'].post.requestBody.content).toEqual({
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { file: { description: 'the file', type: 'string', format: 'binary' }, meta: { type: 'string' } },
          required: ['meta'],
        },
      },
    });
    expect(r.notes.filter((n) => n.code === 'convert-form-file-multipart')).toEqual([]);
    expect(r.origin.originOf(['paths', '/up', 'post', 'requestBody', 'content', 'multipart/form-data', 'schema', 'properties', 'meta', 'type'])).toEqual([
      'paths',
      '/up',
      'post',
      'parameters',
      '1',
      'type',
    ]);
  });

  it('6. consumes/produces → per-operation content (operation level overrides global)', async () => {
    const d = swagger(
      {
        '/a': {
          get: { responses: { 200: { description: 'ok', schema: { type: 'string' } } } },
          put: {
            consumes: ['text/plain'],
            produces: ['application/xml'],
            parameters: [{ name: 'b', in: 'body', schema: { type: 'string' } }],
            responses: { 200: { description: 'ok', schema: { type: 'string' } } },
          },
        },
      },
      { consumes: ['application/json'], produces: ['application/json', 'text/csv'] },
    );
    const r = await convert(d);
    const a = (r.document.paths as Json)['/a'];
    expect(Object.keys(a.get.responses['200'].content)).toEqual(['application/json', 'text/csv']);
    expect(Object.keys(a.put.requestBody.content)).toEqual(['text/plain']);
    expect(Object.keys(a.put.responses['200'].content)).toEqual(['application/xml']);
    expect(r.document.consumes).toBeUndefined();
    expect(r.document.produces).toBeUndefined();
  });
});

describe('hazards and other repairs', () => {
  it('circular definitions are noted once per cycle', async () => {
    const d = swagger(
      {},
      {
        definitions: {
          Node: { type: 'object', properties: { child: { $ref: '#/definitions/Node' } } },
          A: { type: 'object', properties: { b: { $ref: '#/definitions/B' } } },
          B: { type: 'object', properties: { a: { $ref: '#/definitions/A' } } },
          Leaf: { type: 'object', properties: { n: { $ref: '#/definitions/Node' } } },
          P: { $ref: '#/definitions/Q' },
          Q: { $ref: '#/definitions/P' },
        },
      },
    );
    const r = await convert(d);
    const notes = r.notes.filter((n) => n.code === 'convert-circular-ref');
    expect(notes.map((n) => n.source)).toEqual([
      ['definitions', 'Node'],
      ['definitions', 'A'],
      ['definitions', 'P'],
    ]);
    expect(notes[1]!.message).toContain('A, B');
    expect(notes[2]!.message).toContain('unresolvable');
  });

  it('unresolved and external refs are noted', async () => {
    const d = swagger(
      { '/a': { get: { responses: { 200: { description: 'ok', schema: { $ref: '#/definitions/Missing' } }, 201: { description: 'ok', schema: { $ref: 'other.yaml#/Thing' } } } } } },
      {},
    );
    const r = await convert(d);
    expect(r.notes.filter((n) => n.code === 'convert-unresolved-ref').map((n) => n.source)).toEqual([['paths', '/a', 'get', 'responses', '200', 'schema']]);
    expect(r.notes.filter((n) => n.code === 'convert-external-ref').map((n) => n.source)).toEqual([['paths', '/a', 'get', 'responses', '201', 'schema']]);
  });

  it('a response schema referencing a Response Object uses that response’s schema', async () => {
    const d = swagger(
      {
        '/a': {
          get: {
            responses: {
              400: { description: 'bad', schema: { $ref: '#/responses/Err' } },
              404: { description: 'missing', schema: { $ref: '#/responses/Empty' } },
            },
          },
        },
      },
      { responses: { Err: { description: 'error', schema: { type: 'object', properties: { msg: { type: 'string' } } } }, Empty: { description: 'nothing' } } },
    );
    const r = await convert(d);
    const res = (r.document.paths as Json)['/a'].get.responses;
    expect(res['400'].content['*/*'].schema).toEqual({ type: 'object', properties: { msg: { type: 'string' } } });
    expect(res['404']).toEqual({ description: 'missing' });
    expect(r.notes.filter((n) => n.code === 'convert-schema-ref-to-response')).toHaveLength(2);
    expect(await swaggerParserError(r.document)).toBeUndefined();
  });

  it('allowEmptyValue outside query is dropped with a warning; x-nullable on a parameter reaches its schema', async () => {
    const d = swagger({
      '/a': {
        post: {
          consumes: ['application/x-www-form-urlencoded'],
          parameters: [
            { name: 'q', in: 'query', type: 'string', allowEmptyValue: true, 'x-nullable': true },
            { name: 'h', in: 'header', type: 'string', allowEmptyValue: true },
            { name: 'f', in: 'formData', type: 'string', allowEmptyValue: true },
          ],
          responses: ok,
        },
      },
    });
    const r = await convert(d);
    const [q, h] = (r.document.paths as Json)['/a'].post.parameters;
    expect(q).toEqual({ name: 'q', in: 'query', allowEmptyValue: true, schema: { type: 'string', nullable: true } });
    expect(h.allowEmptyValue).toBeUndefined();
    expect(r.notes.filter((n) => n.code === 'convert-allow-empty-value').map((n) => n.source)).toEqual([
      ['paths', '/a', 'post', 'parameters', '1', 'allowEmptyValue'],
      ['paths', '/a', 'post', 'parameters', '2', 'allowEmptyValue'],
    ]);
  });

  it('an unused global body parameter is noted (3.0 has no place for it)', async () => {
    const d = swagger({ '/a': { get: { responses: ok } } }, { parameters: { Orphan: { name: 'o', in: 'body', schema: { type: 'string' } } } });
    const r = await convert(d);
    expect(r.notes.filter((n) => n.code === 'convert-unused-body-parameter').map((n) => n.source)).toEqual([['parameters', 'Orphan']]);
  });

  it('swagger2openapi warnings become notes and leave no x-s2o-* keys behind', async () => {
    const d = swagger({
      '/a': {
        post: {
          operationId: 'twoBodies',
          parameters: [
            { name: 'one', in: 'body', schema: { type: 'string' } },
            { name: 'two', in: 'body', schema: { type: 'integer' } },
          ],
          responses: ok,
        },
      },
    });
    const r = await convert(d);
    const w = r.notes.filter((n) => n.code === 'convert-s2o-warning');
    expect(w).toHaveLength(1);
    expect(w[0]).toMatchObject({ severity: 'warn', source: ['paths', '/a', 'post'] });
    expect(w[0]!.message).toMatch(/multiple requestBodies/);
    expect(JSON.stringify(r.document)).not.toMatch(/x-s2o-/);
  });
});
