/**
 * One test per known swagger2openapi defect: each shows the bare swagger2openapi behaviour (so the
 * test would fail without apictl's repair) and then apictl's output and note.
 */
import { describe, expect, it } from 'vitest';
import type { ConversionResult } from '../../src/convert/index.js';
import { bare, convert, ok, schemaErrors30, swagger, swaggerParserError, type Json } from './helpers.js';

const notesOf = (r: ConversionResult, code: string) => r.notes.filter((n) => n.code === code);

describe('defect 1: path-level body/formData parameters', () => {
  const doc = swagger({
    '/a': {
      parameters: [
        { name: 'id', in: 'query', type: 'string' },
        { name: 'payload', in: 'body', required: true, description: 'the payload', schema: { type: 'object', properties: { x: { type: 'string' } } } },
      ],
      post: { responses: ok },
      put: { parameters: [{ name: 'q', in: 'query', type: 'string' }], responses: ok },
      patch: { parameters: [{ name: 'other', in: 'body', schema: { type: 'string' } }], responses: ok },
    },
    '/form': {
      parameters: [
        { name: 'a', in: 'formData', type: 'string' },
        { name: 'b', in: 'formData', type: 'integer' },
      ],
      post: { consumes: ['application/x-www-form-urlencoded'], responses: ok },
      put: { consumes: ['application/x-www-form-urlencoded'], parameters: [{ name: 'b', in: 'formData', type: 'string', description: 'override' }], responses: ok },
    },
  });

  it('bare swagger2openapi drops the body of operations without their own parameters', async () => {
    const out = await bare(doc);
    expect(out.paths['/a'].post.requestBody).toBeUndefined();
    expect(out.paths['/form'].post.requestBody).toBeUndefined();
  });

  it('apictl gives every operation its request body; operation-level parameters override', async () => {
    const r = await convert(doc);
    const a = r.document.paths as Json;
    for (const m of ['post', 'put']) {
      expect(a['/a'][m].requestBody).toEqual({
        content: { 'application/json': { schema: { type: 'object', properties: { x: { type: 'string' } } } } },
        description: 'the payload',
        required: true,
      });
      expect(a['/a'][m]['x-codegen-request-body-name']).toBe('payload');
    }
    // an operation-level body replaces the path-level one
    expect(a['/a'].patch.requestBody.content['application/json'].schema).toEqual({ type: 'string' });
    expect(a['/a'].patch['x-codegen-request-body-name']).toBe('other');
    // the non-body path-level parameter stays at the path level
    expect(a['/a'].parameters).toEqual([{ name: 'id', in: 'query', schema: { type: 'string' } }]);

    const form = (m: string) => a['/form'][m].requestBody.content['application/x-www-form-urlencoded'].schema.properties;
    expect(Object.keys(form('post')).sort()).toEqual(['a', 'b']);
    expect(form('put').b).toEqual({ description: 'override', type: 'string' });
    expect(form('put').a).toEqual({ type: 'string' });
    expect(a['/form'].parameters).toBeUndefined();

    const notes = notesOf(r, 'convert-path-level-body');
    expect(notes.map((n) => n.source)).toEqual([
      ['paths', '/a', 'parameters', '1'],
      ['paths', '/form', 'parameters', '0'],
      ['paths', '/form', 'parameters', '1'],
    ]);
    expect(notes[0]!.message).toContain('POST, PUT');
    expect(await swaggerParserError(r.document)).toBeUndefined();
  });

  it('a path-level $ref to a global body parameter is applied too', async () => {
    const d = swagger(
      { '/r': { parameters: [{ $ref: '#/parameters/Body' }], post: { responses: ok } } },
      { parameters: { Body: { name: 'body', in: 'body', schema: { $ref: '#/definitions/Thing' } } }, definitions: { Thing: { type: 'object' } } },
    );
    expect((await bare(d)).paths['/r'].post.requestBody).toBeUndefined();
    const r = await convert(d);
    expect((r.document.paths as Json)['/r'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Thing' });
  });
});

describe('defect 2: response header array with collectionFormat csv', () => {
  const doc = swagger({
    '/a': { get: { responses: { 200: { description: 'ok', headers: { 'X-List': { type: 'array', items: { type: 'string' }, collectionFormat: 'csv' } } } } } },
  });

  it('bare swagger2openapi throws in strict mode and writes a bogus warning with warnOnly', async () => {
    await expect(bare(doc, { warnOnly: false })).rejects.toThrow(/Nested collectionFormats/);
    expect((await bare(doc)).paths['/a'].get.responses['200'].headers['X-List']['x-s2o-warning']).toBeDefined();
  });

  it('apictl converts it to style simple without warnings', async () => {
    const r = await convert(doc);
    expect((r.document.paths as Json)['/a'].get.responses['200'].headers['X-List']).toEqual({
      schema: { type: 'array', items: { type: 'string' } },
      style: 'simple',
    });
    expect(notesOf(r, 'convert-s2o-warning')).toEqual([]);
    expect(notesOf(r, 'convert-header-collection-format')[0]!.source).toEqual(['paths', '/a', 'get', 'responses', '200', 'headers', 'X-List', 'collectionFormat']);
  });
});

describe('defect 3: collectionFormat tsv and nested collection formats', () => {
  const doc = swagger({
    '/a': {
      get: {
        parameters: [
          { name: 't', in: 'query', type: 'array', items: { type: 'string' }, collectionFormat: 'tsv' },
          { name: 'n', in: 'query', type: 'array', collectionFormat: 'csv', items: { type: 'array', items: { type: 'integer' }, collectionFormat: 'pipes' } },
        ],
        responses: ok,
      },
    },
  });

  it('bare swagger2openapi rejects both in strict mode', async () => {
    await expect(bare({ ...doc, paths: { '/a': { get: { ...doc.paths['/a'].get, parameters: [doc.paths['/a'].get.parameters[0]] } } } }, { warnOnly: false })).rejects.toThrow(/tsv/);
    await expect(bare({ ...doc, paths: { '/a': { get: { ...doc.paths['/a'].get, parameters: [doc.paths['/a'].get.parameters[1]] } } } }, { warnOnly: false })).rejects.toThrow(/Nested/);
  });

  it('apictl maps tsv like csv, keeps x-collectionFormat and notes the hazard', async () => {
    const r = await convert(doc);
    const [t, n] = (r.document.paths as Json)['/a'].get.parameters;
    expect(t).toEqual({ name: 't', in: 'query', style: 'form', explode: false, schema: { type: 'array', items: { type: 'string' } }, 'x-collectionFormat': 'tsv' });
    expect(n.style).toBe('form');
    expect(n.explode).toBe(false);
    expect(n.schema.items).toEqual({ type: 'array', items: { type: 'integer' }, 'x-collectionFormat': 'pipes' });
    const tsv = notesOf(r, 'convert-collection-format');
    expect(tsv).toHaveLength(1);
    expect(tsv[0]!.severity).toBe('warn');
    expect(tsv[0]!.source).toEqual(['paths', '/a', 'get', 'parameters', '0', 'collectionFormat']);
    const nested = notesOf(r, 'convert-nested-collection-format');
    expect(nested.map((x) => x.source)).toEqual([['paths', '/a', 'get', 'parameters', '1', 'items', 'collectionFormat']]);
    expect(notesOf(r, 'convert-s2o-warning')).toEqual([]);
    expect(schemaErrors30(r.document)).toEqual([]);
  });
});

describe('defect 4: operation-level schemes', () => {
  const doc = swagger(
    {
      '/a': {
        get: { schemes: ['https'], responses: ok },
        put: { schemes: ['wss'], responses: ok },
        post: { schemes: ['https', 'http'], responses: ok },
      },
    },
    { schemes: ['http', 'https'] },
  );

  it('bare swagger2openapi duplicates servers and ignores a subset of the global schemes', async () => {
    const out = await bare(doc);
    expect(out.paths['/a'].put.servers).toEqual([{ url: 'wss://api.example.com/v1' }, { url: 'wss://api.example.com/v1' }]);
    expect(out.paths['/a'].get.servers).toBeUndefined();
  });

  it('apictl emits one server per operation scheme, omitted when equal to the global servers', async () => {
    const r = await convert(doc);
    const a = (r.document.paths as Json)['/a'];
    expect(r.document.servers).toEqual([{ url: 'http://api.example.com/v1' }, { url: 'https://api.example.com/v1' }]);
    expect(a.get.servers).toEqual([{ url: 'https://api.example.com/v1' }]);
    expect(a.put.servers).toEqual([{ url: 'wss://api.example.com/v1' }]);
    expect(a.post.servers).toBeUndefined();
    expect(notesOf(r, 'convert-operation-schemes').map((n) => n.source)).toEqual([
      ['paths', '/a', 'get', 'schemes'],
      ['paths', '/a', 'put', 'schemes'],
    ]);
    expect(r.origin.originOf(['paths', '/a', 'put', 'servers', '0', 'url'])).toEqual(['paths', '/a', 'put', 'schemes']);
  });
});

describe('defect 5: formData file without multipart consumes', () => {
  const fileOp = (consumes?: string[]) => ({
    ...(consumes ? { consumes } : {}),
    parameters: [
      { name: 'file', in: 'formData', type: 'file', required: true },
      { name: 'note', in: 'formData', type: 'string' },
    ],
    responses: ok,
  });
  const doc = swagger({ '/none': { post: fileOp() }, '/urlencoded': { post: fileOp(['application/x-www-form-urlencoded']) } });

  it('bare swagger2openapi produces application/x-www-form-urlencoded', async () => {
    const out = await bare(doc, { resolveInternal: true }); // keep both bodies inline
    expect(Object.keys(out.paths['/none'].post.requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
    expect(Object.keys(out.paths['/urlencoded'].post.requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
  });

  it('apictl produces multipart/form-data with a binary string property', async () => {
    const r = await convert(doc);
    for (const p of ['/none', '/urlencoded']) {
      const content = (r.document.paths as Json)[p].post.requestBody.content;
      expect(Object.keys(content)).toEqual(['multipart/form-data']);
      expect(content['multipart/form-data'].schema).toEqual({
        type: 'object',
        properties: { file: { type: 'string', format: 'binary' }, note: { type: 'string' } },
        required: ['file'],
      });
    }
    expect(notesOf(r, 'convert-form-file-multipart').map((n) => n.source)).toEqual([
      ['paths', '/none', 'post', 'parameters', '0'],
      ['paths', '/urlencoded', 'post', 'parameters', '0'],
    ]);
  });
});

describe('defect 6: x-nullable and description beside $ref', () => {
  const doc = swagger(
    {
      '/a': {
        get: {
          responses: {
            200: { description: 'ok', schema: { $ref: '#/definitions/Pet', 'x-nullable': true, description: 'maybe a pet' } },
          },
        },
      },
    },
    {
      definitions: {
        Pet: { type: 'object', properties: { name: { type: 'string' } } },
        Owner: {
          type: 'object',
          properties: {
            pet: { $ref: '#/definitions/Pet', 'x-nullable': true, description: 'the pet' },
            best: { $ref: '#/definitions/Pet', description: 'described only' },
          },
        },
      },
    },
  );

  it('bare swagger2openapi keeps only the $ref', async () => {
    const out = await bare(doc);
    expect(out.components.schemas.Owner.properties.pet).toEqual({ $ref: '#/components/schemas/Pet' });
    expect(out.paths['/a'].get.responses['200'].content['*/*'].schema).toEqual({ $ref: '#/components/schemas/Pet' });
  });

  it('apictl (3.0) keeps them with allOf, with the target type beside nullable (3.0.3 needs one)', async () => {
    const r = await convert(doc);
    const props = (r.document.components as Json).schemas.Owner.properties;
    expect(props.pet).toEqual({ allOf: [{ $ref: '#/components/schemas/Pet' }], nullable: true, description: 'the pet', type: 'object' });
    expect(props.best).toEqual({ allOf: [{ $ref: '#/components/schemas/Pet' }], description: 'described only' });
    expect((r.document.paths as Json)['/a'].get.responses['200'].content['*/*'].schema).toEqual({
      allOf: [{ $ref: '#/components/schemas/Pet' }],
      nullable: true,
      description: 'maybe a pet',
      type: 'object',
    });
    expect(notesOf(r, 'convert-ref-siblings').map((n) => n.source)).toEqual([
      ['definitions', 'Owner', 'properties', 'pet'],
      ['definitions', 'Owner', 'properties', 'best'],
      ['paths', '/a', 'get', 'responses', '200', 'schema'],
    ]);
    expect(await swaggerParserError(r.document)).toBeUndefined();
  });

  it('apictl (3.1) uses $ref siblings and a null union', async () => {
    const r = await convert(doc, '3.1');
    const props = (r.document.components as Json).schemas.Owner.properties;
    expect(props.pet).toEqual({ anyOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'null' }], description: 'the pet' });
    expect(props.best).toEqual({ $ref: '#/components/schemas/Pet', description: 'described only' });
  });
});

describe('defect 7: x-example and x-examples', () => {
  const doc = swagger({
    '/a': {
      post: {
        consumes: ['application/json', 'application/xml'],
        parameters: [
          { name: 'limit', in: 'query', type: 'integer', 'x-example': 10 },
          {
            name: 'body',
            in: 'body',
            schema: { type: 'object' },
            'x-examples': { 'application/json': { id: 1 }, 'application/xml': '<a id="1"/>', 'text/plain': 'id=1' },
          },
        ],
        responses: ok,
      },
    },
    '/b': {
      post: {
        parameters: [
          {
            name: 'body',
            in: 'body',
            schema: { type: 'object' },
            'x-examples': { small: { id: 1 }, documented: { summary: 'a big one', value: { id: 2 } } },
          },
        ],
        responses: ok,
      },
    },
    '/c': { post: { parameters: [{ name: 'body', in: 'body', schema: { type: 'string' }, 'x-example': 'hello' }], responses: ok } },
  });

  it('bare swagger2openapi leaves x-examples as an extension of the request body', async () => {
    const out = await bare(doc);
    expect(out.paths['/a'].post.requestBody['x-examples']).toBeDefined();
    expect(out.paths['/a'].post.requestBody.content['application/json'].example).toBeUndefined();
  });

  it('apictl turns them into media type examples / named examples and notes the renames', async () => {
    const r = await convert(doc);
    const p = r.document.paths as Json;
    const a = p['/a'].post;
    expect(a.parameters[0]).toMatchObject({ name: 'limit', example: 10 });
    expect(a.requestBody.content['application/json'].example).toEqual({ id: 1 });
    expect(a.requestBody.content['application/xml'].example).toBe('<a id="1"/>');
    // not a consumed media type: kept, with a warning
    expect(a.requestBody['x-examples']).toEqual({ 'text/plain': 'id=1' });
    expect(p['/b'].post.requestBody.content['application/json'].examples).toEqual({
      small: { value: { id: 1 } },
      documented: { summary: 'a big one', value: { id: 2 } },
    });
    expect(p['/c'].post.requestBody.content['application/json'].example).toBe('hello');

    const renamed = notesOf(r, 'convert-example-renamed').map((n) => n.source);
    expect(renamed).toContainEqual(['paths', '/a', 'post', 'parameters', '0', 'x-example']);
    expect(renamed).toContainEqual(['paths', '/a', 'post', 'parameters', '1', 'x-examples', 'application/json']);
    expect(renamed).toContainEqual(['paths', '/b', 'post', 'parameters', '0', 'x-examples', 'small']);
    expect(renamed).toContainEqual(['paths', '/c', 'post', 'parameters', '0', 'x-example']);
    expect(notesOf(r, 'convert-example-dropped').map((n) => n.source)).toEqual([['paths', '/a', 'post', 'parameters', '1', 'x-examples', 'text/plain']]);
    expect(await swaggerParserError(r.document)).toBeUndefined();
  });

  it('form field examples keep every value, nulls and falsy ones included', async () => {
    // swagger2openapi drops falsy x-examples of form fields and deletes nulls inside the values of
    // its working copy; apictl keeps its own copy of each value from before the conversion
    const d = swagger({
      '/f': {
        post: {
          consumes: ['application/x-www-form-urlencoded'],
          parameters: [
            { name: 'tags', in: 'formData', type: 'array', items: { type: 'string' }, 'x-example': ['a', null] },
            { name: 'meta', in: 'formData', type: 'string', 'x-example': { keep: null, n: 0 } },
            { name: 'count', in: 'formData', type: 'integer', 'x-example': 0 },
          ],
          responses: ok,
        },
      },
    });
    const r = await convert(d);
    const props = (r.document.paths as Json)['/f'].post.requestBody.content['application/x-www-form-urlencoded'].schema.properties;
    expect(props.tags.example).toEqual(['a', null]);
    expect(props.meta.example).toEqual({ keep: null, n: 0 });
    expect(props.count.example).toBe(0);
  });

  it('response examples become the named example "response", noted as renamed', async () => {
    const d = swagger({ '/r': { get: { produces: ['application/json'], responses: { 200: { description: 'ok', schema: { type: 'object' }, examples: { 'application/json': { a: 1 } } } } } } });
    const r = await convert(d);
    expect((r.document.paths as Json)['/r'].get.responses['200'].content['application/json'].examples).toEqual({ response: { value: { a: 1 } } });
    expect(notesOf(r, 'convert-example-renamed').map((n) => n.source)).toEqual([['paths', '/r', 'get', 'responses', '200', 'examples', 'application/json']]);
  });
});

describe('defect 8: collectionFormat → style/explode', () => {
  const arr = (name: string, loc: string, cf?: string, extra: Json = {}) => ({
    name,
    in: loc,
    type: 'array',
    items: { type: 'string' },
    ...(cf ? { collectionFormat: cf } : {}),
    ...(loc === 'path' ? { required: true } : {}),
    ...extra,
  });
  const doc = swagger({
    '/a/{p}/{p2}': {
      get: {
        parameters: [
          arr('qdefault', 'query'),
          arr('qcsv', 'query', 'csv'),
          arr('qssv', 'query', 'ssv'),
          arr('qpipes', 'query', 'pipes'),
          arr('qmulti', 'query', 'multi'),
          arr('p', 'path', 'csv'),
          arr('p2', 'path', 'pipes'),
          arr('hcsv', 'header', 'csv'),
          arr('hssv', 'header', 'ssv'),
        ],
        responses: ok,
      },
      post: {
        consumes: ['application/x-www-form-urlencoded'],
        parameters: [arr('p', 'path'), arr('p2', 'path'), arr('fcsv', 'formData', 'csv'), arr('fmulti', 'formData', 'multi'), arr('fpipes', 'formData', 'pipes'), arr('fdefault', 'formData')],
        responses: ok,
      },
    },
  });

  it('bare swagger2openapi leaves ssv headers without a style and loses form field formats', async () => {
    const out = await bare(doc);
    const hssv = out.paths['/a/{p}/{p2}'].get.parameters.find((p: Json) => p.name === 'hssv');
    expect(hssv.style).toBeUndefined();
    expect(out.paths['/a/{p}/{p2}'].post.requestBody.content['application/x-www-form-urlencoded'].encoding).toBeUndefined();
  });

  it('apictl maps every format', async () => {
    const r = await convert(doc);
    const op = (r.document.paths as Json)['/a/{p}/{p2}'];
    const style = Object.fromEntries(op.get.parameters.map((p: Json) => [p.name, [p.style, p.explode, p['x-collectionFormat']]]));
    expect(style).toEqual({
      qdefault: ['form', false, undefined],
      qcsv: ['form', false, undefined],
      qssv: ['spaceDelimited', false, undefined],
      qpipes: ['pipeDelimited', false, undefined],
      qmulti: ['form', true, undefined],
      p: ['simple', undefined, undefined],
      p2: ['simple', undefined, 'pipes'],
      hcsv: ['simple', undefined, undefined],
      hssv: ['simple', undefined, 'ssv'],
    });
    expect(op.post.requestBody.content['application/x-www-form-urlencoded'].encoding).toEqual({
      fcsv: { style: 'form', explode: false },
      fmulti: { style: 'form', explode: true },
      fpipes: { style: 'pipeDelimited', explode: false },
      fdefault: { style: 'form', explode: false },
    });
    expect(notesOf(r, 'convert-collection-format').map((n) => n.source)).toEqual([
      ['paths', '/a/{p}/{p2}', 'get', 'parameters', '6', 'collectionFormat'],
      ['paths', '/a/{p}/{p2}', 'get', 'parameters', '8', 'collectionFormat'],
    ]);
    expect(r.origin.originOf(['paths', '/a/{p}/{p2}', 'post', 'requestBody', 'content', 'application/x-www-form-urlencoded', 'encoding', 'fpipes'])).toEqual([
      'paths',
      '/a/{p}/{p2}',
      'post',
      'parameters',
      '4',
      'collectionFormat',
    ]);
    expect(await swaggerParserError(r.document)).toBeUndefined();
  });
});
