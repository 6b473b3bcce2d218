import { describe, expect, it } from 'vitest';
import { brief, variant } from './helpers.js';
import { openapi30, openapi31, openapi32, swagger20 } from './fixtures.js';

const item30 = (d: any) => d.paths['/pets/{petId}'];

describe('semantic check: duplicate operationId', () => {
  it('reports the second use and names the first', () => {
    const doc = variant(openapi30, (d) => (item30(d).put.operationId = 'getPet'));
    expect(brief(doc, 'openapi-3.0')).toEqual([
      {
        code: 'duplicate-operation-id',
        path: ['paths', '/pets/{petId}', 'put', 'operationId'],
        message: "operationId 'getPet' is already used by GET /pets/{petId} at #/paths/~1pets~1{petId}/get",
      },
    ]);
  });

  it('covers webhooks and operations of $ref-ed path items (3.1)', () => {
    const doc = variant(openapi31, (d) => (d.webhooks.newPet.post.operationId = 'listStores'));
    expect(brief(doc, 'openapi-3.1')).toEqual([
      {
        code: 'duplicate-operation-id',
        path: ['webhooks', 'newPet', 'post', 'operationId'],
        message: "operationId 'listStores' is already used by GET /stores at #/components/pathItems/Stores/get",
      },
    ]);
  });

  it('covers query and additionalOperations (3.2)', () => {
    const doc = variant(openapi32, (d) => (d.paths['/pets'].additionalOperations.COPY.operationId = 'searchPets'));
    expect(brief(doc, 'openapi-3.2')).toEqual([
      {
        code: 'duplicate-operation-id',
        path: ['paths', '/pets', 'additionalOperations', 'COPY', 'operationId'],
        message: "operationId 'searchPets' is already used by QUERY /pets at #/paths/~1pets/query",
      },
    ]);
  });

  it('does not count one path item reached from two paths twice', () => {
    const doc = variant(openapi31, (d) => (d.paths['/shops'] = { $ref: '#/components/pathItems/Stores' }));
    expect(brief(doc, 'openapi-3.1')).toEqual([]);
  });
});

describe('semantic checks: path parameters', () => {
  it('reports a template variable without an in: path parameter, per operation', () => {
    const doc = variant(openapi30, (d) => delete item30(d).parameters);
    expect(brief(doc, 'openapi-3.0')).toEqual([
      {
        code: 'path-param-undeclared',
        path: ['paths', '/pets/{petId}', 'get'],
        message: "GET /pets/{petId} has no 'in: path' parameter for the template variable '{petId}'",
      },
      {
        code: 'path-param-undeclared',
        path: ['paths', '/pets/{petId}', 'put'],
        message: "PUT /pets/{petId} has no 'in: path' parameter for the template variable '{petId}'",
      },
    ]);
  });

  it('reports an in: path parameter that is not in the template', () => {
    const doc = variant(openapi30, (d) => item30(d).get.parameters.push({ name: 'owner', in: 'path', required: true, schema: { type: 'string' } }));
    expect(brief(doc, 'openapi-3.0')).toEqual([
      {
        code: 'path-param-not-in-template',
        path: ['paths', '/pets/{petId}', 'get', 'parameters', '1'],
        message: "path parameter 'owner' does not appear in the path template '/pets/{petId}'",
      },
    ]);
  });

  it('reports a path parameter without required, instead of the schema error saying the same', () => {
    const doc = variant(openapi30, (d) => delete item30(d).parameters[0].required);
    expect(brief(doc, 'openapi-3.0')).toEqual([
      {
        code: 'path-param-not-required',
        path: ['paths', '/pets/{petId}', 'parameters', '0'],
        message: "path parameter 'petId' must have required: true",
      },
    ]);
  });

  it('points at required: false (3.1), once', () => {
    const doc = variant(openapi31, (d) => (d.paths['/pets/{petId}'].get.parameters[0].required = false));
    expect(brief(doc, 'openapi-3.1')).toEqual([
      {
        code: 'path-param-not-required',
        path: ['paths', '/pets/{petId}', 'get', 'parameters', '0', 'required'],
        message: "path parameter 'petId' must have required: true",
      },
    ]);
  });

  it('looks through $ref and reports at the referenced definition (2.0)', () => {
    const doc = variant(swagger20, (d) => {
      d.parameters.PetId = { name: 'petId', in: 'path', type: 'string' };
      d.paths['/pets/{petId}'].parameters = [{ $ref: '#/parameters/PetId' }];
    });
    expect(brief(doc, 'swagger-2.0')).toEqual([{ code: 'path-param-not-required', path: ['parameters', 'PetId'], message: "path parameter 'petId' must have required: true" }]);
  });

  it('accepts an operation-level parameter overriding a path-level one', () => {
    const doc = variant(openapi30, (d) => item30(d).get.parameters.push({ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }));
    expect(brief(doc, 'openapi-3.0')).toEqual([]);
  });
});

describe('semantic check: duplicate parameters', () => {
  it('reports the second (name, in) in one list, instead of the schema uniqueItems error', () => {
    const doc = variant(openapi30, (d) => item30(d).get.parameters.push({ $ref: '#/components/parameters/Limit' }));
    expect(brief(doc, 'openapi-3.0')).toEqual([
      {
        code: 'duplicate-parameter',
        path: ['paths', '/pets/{petId}', 'get', 'parameters', '1'],
        message: "duplicate parameter 'limit' (in: query); first declared at #/paths/~1pets~1{petId}/get/parameters/0",
      },
    ]);
  });

  it('reports duplicates in a path-level list (2.0)', () => {
    const doc = variant(swagger20, (d) => d.paths['/pets/{petId}'].parameters.push({ name: 'petId', in: 'path', required: true, type: 'integer' }));
    expect(brief(doc, 'swagger-2.0')).toEqual([
      {
        code: 'duplicate-parameter',
        path: ['paths', '/pets/{petId}', 'parameters', '1'],
        message: "duplicate parameter 'petId' (in: path); first declared at #/paths/~1pets~1{petId}/parameters/0",
      },
    ]);
  });

  it('accepts the same name in different locations', () => {
    const doc = variant(openapi30, (d) => item30(d).get.parameters.push({ name: 'limit', in: 'header', schema: { type: 'string' } }));
    expect(brief(doc, 'openapi-3.0')).toEqual([]);
  });
});

describe('semantic check: equivalent paths', () => {
  it('reports a path that differs from another only in variable names', () => {
    const doc = variant(openapi30, (d) => {
      d.paths['/pets/{id}'] = {
        delete: {
          operationId: 'deletePet',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '204': { description: 'gone' } },
        },
      };
    });
    expect(brief(doc, 'openapi-3.0')).toEqual([
      {
        code: 'equivalent-paths',
        path: ['paths', '/pets/{id}'],
        message: "path '/pets/{id}' is equivalent to '/pets/{petId}': the templates differ only in variable names",
      },
    ]);
  });
});

describe('semantic checks: Swagger 2.0 parameters', () => {
  const photo = (d: any) => d.paths['/pets/{petId}/photo'].post;
  const put = (d: any) => d.paths['/pets/{petId}'].put;

  it('reports a file parameter outside formData, instead of the schema type enum error', () => {
    const doc = variant(swagger20, (d) => (photo(d).parameters[1].in = 'query'));
    expect(brief(doc, 'swagger-2.0')).toEqual([
      {
        code: 'oas2-file-param-location',
        path: ['paths', '/pets/{petId}/photo', 'post', 'parameters', '1', 'in'],
        message: "'type: file' parameter 'file' must be 'in: formData', not 'in: query'",
      },
    ]);
  });

  it('reports a file parameter on an operation consuming JSON', () => {
    const doc = variant(swagger20, (d) => (photo(d).consumes = ['application/json']));
    expect(brief(doc, 'swagger-2.0')).toEqual([
      {
        code: 'oas2-file-param-consumes',
        path: ['paths', '/pets/{petId}/photo', 'post', 'consumes'],
        message: "POST /pets/{petId}/photo has a file parameter 'file' but consumes neither multipart/form-data nor application/x-www-form-urlencoded",
      },
    ]);
  });

  it('uses the document consumes when the operation has none', () => {
    const doc = variant(swagger20, (d) => delete photo(d).consumes);
    expect(brief(doc, 'swagger-2.0')).toEqual([
      {
        code: 'oas2-file-param-consumes',
        path: ['paths', '/pets/{petId}/photo', 'post', 'parameters', '1'],
        message: "POST /pets/{petId}/photo has a file parameter 'file' but consumes neither multipart/form-data nor application/x-www-form-urlencoded",
      },
    ]);
  });

  it('accepts urlencoded forms with parameters in the media type', () => {
    const doc = variant(swagger20, (d) => (photo(d).consumes = ['Application/X-WWW-Form-Urlencoded; charset=utf-8']));
    expect(brief(doc, 'swagger-2.0')).toEqual([]);
  });

  it('reports a second body parameter', () => {
    const doc = variant(swagger20, (d) => put(d).parameters.push({ name: 'extra', in: 'body', schema: { type: 'object' } }));
    expect(brief(doc, 'swagger-2.0')).toEqual([
      {
        code: 'oas2-multiple-body-params',
        path: ['paths', '/pets/{petId}', 'put', 'parameters', '1'],
        message: "PUT /pets/{petId} has more than one 'in: body' parameter; the first is at #/paths/~1pets~1{petId}/put/parameters/0",
      },
    ]);
  });

  it('reports body and formData together', () => {
    const doc = variant(swagger20, (d) => {
      put(d).consumes = ['multipart/form-data'];
      put(d).parameters.push({ name: 'note', in: 'formData', type: 'string' });
    });
    expect(brief(doc, 'swagger-2.0')).toEqual([
      {
        code: 'oas2-body-and-formdata',
        path: ['paths', '/pets/{petId}', 'put', 'parameters', '1'],
        message: "PUT /pets/{petId} mixes 'in: formData' and 'in: body' parameters (body at #/paths/~1pets~1{petId}/put/parameters/0); use one or the other",
      },
    ]);
  });
});

describe('semantic check: requestBody on GET/HEAD/DELETE (3.x)', () => {
  it('warns on GET', () => {
    const doc = variant(openapi30, (d) => (item30(d).get.requestBody = { $ref: '#/components/requestBodies/Pet' }));
    expect(brief(doc, 'openapi-3.0', true)).toEqual([
      {
        code: 'oas3-request-body-method',
        severity: 'warn',
        path: ['paths', '/pets/{petId}', 'get', 'requestBody'],
        message: 'GET /pets/{petId} has a requestBody; HTTP defines no meaning for a body on GET, and many clients and proxies drop it',
      },
    ]);
  });

  it('warns on DELETE in a webhook (3.1)', () => {
    const doc = variant(openapi31, (d) => (d.webhooks.petGone = { delete: { requestBody: { content: {} }, responses: { '200': { description: 'ok' } } } }));
    expect(brief(doc, 'openapi-3.1', true)).toEqual([
      {
        code: 'oas3-request-body-method',
        severity: 'warn',
        path: ['webhooks', 'petGone', 'delete', 'requestBody'],
        message: "DELETE of webhook 'petGone' has a requestBody; HTTP defines no meaning for a body on DELETE, and many clients and proxies drop it",
      },
    ]);
  });

  it('accepts a requestBody on PUT and on QUERY (3.2)', () => {
    expect(brief(openapi30, 'openapi-3.0')).toEqual([]);
    expect(brief(openapi32, 'openapi-3.2')).toEqual([]);
  });
});

describe('semantic check: security requirements', () => {
  it('reports an undefined scheme on an operation, with a suggestion at top level', () => {
    const doc = variant(openapi30, (d) => {
      item30(d).get.security = [{ nope: [] }];
      d.security = [{ keys: [] }];
    });
    expect(brief(doc, 'openapi-3.0')).toEqual([
      {
        code: 'security-scheme-undefined',
        path: ['security', '0', 'keys'],
        message: "security scheme 'keys' is not defined in components.securitySchemes (did you mean 'key'?)",
      },
      {
        code: 'security-scheme-undefined',
        path: ['paths', '/pets/{petId}', 'get', 'security', '0', 'nope'],
        message: "security scheme 'nope' is not defined in components.securitySchemes",
      },
    ]);
  });

  it('uses securityDefinitions for 2.0', () => {
    const doc = variant(swagger20, (d) => (d.security = [{ oauth: ['read'] }]));
    expect(brief(doc, 'swagger-2.0')).toEqual([{ code: 'security-scheme-undefined', path: ['security', '0', 'oauth'], message: "security scheme 'oauth' is not defined in securityDefinitions" }]);
  });

  it('accepts 3.2 scheme URIs that resolve, reports internal ones that do not', () => {
    const ok = variant(openapi32, (d) => (d.paths['/pets/{petId}'].get.security = [{ '#/components/securitySchemes/oauth': ['read'] }]));
    expect(brief(ok, 'openapi-3.2')).toEqual([]);
    const bad = variant(openapi32, (d) => (d.paths['/pets/{petId}'].get.security = [{ '#/components/securitySchemes/nope': [] }]));
    expect(brief(bad, 'openapi-3.2')).toEqual([
      {
        code: 'security-scheme-undefined',
        path: ['paths', '/pets/{petId}', 'get', 'security', '0', '#/components/securitySchemes/nope'],
        message: "security scheme '#/components/securitySchemes/nope' is not defined in components.securitySchemes",
      },
    ]);
  });
});
