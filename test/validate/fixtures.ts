/**
 * Minimal valid documents for each version, written for these tests (not copied from anywhere).
 * Each exercises the features of its version that the schema checks, so invalid variants can
 * be made by one small edit.
 */

/** Swagger 2.0: path-level and referenced parameters, body and formData/file, security. */
export const swagger20 = {
  swagger: '2.0',
  info: { title: 'Pets', version: '1.0.0' },
  host: 'api.example.com',
  basePath: '/v1',
  schemes: ['https'],
  consumes: ['application/json'],
  produces: ['application/json'],
  securityDefinitions: { key: { type: 'apiKey', name: 'X-Key', in: 'header' } },
  security: [{ key: [] }],
  paths: {
    '/pets/{petId}': {
      parameters: [{ name: 'petId', in: 'path', required: true, type: 'string' }],
      get: {
        operationId: 'getPet',
        parameters: [{ $ref: '#/parameters/Limit' }],
        responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/Pet' } } },
      },
      put: {
        operationId: 'putPet',
        parameters: [{ name: 'pet', in: 'body', required: true, schema: { $ref: '#/definitions/Pet' } }],
        responses: { default: { description: 'error' } },
      },
    },
    '/pets/{petId}/photo': {
      post: {
        operationId: 'uploadPhoto',
        consumes: ['multipart/form-data'],
        parameters: [
          { name: 'petId', in: 'path', required: true, type: 'string' },
          { name: 'file', in: 'formData', type: 'file' },
        ],
        responses: { '204': { description: 'stored' } },
      },
    },
  },
  parameters: { Limit: { name: 'limit', in: 'query', type: 'integer', minimum: 1 } },
  definitions: {
    Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, tag: { type: 'string', 'x-nullable': true } } },
  },
};

/** OpenAPI 3.0: Reference-or-X everywhere, requestBody, components, security. */
export const openapi30 = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1.0.0' },
  servers: [{ url: 'https://api.example.com/v1' }],
  security: [{ key: [] }],
  paths: {
    '/pets/{petId}': {
      parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'getPet',
        parameters: [{ $ref: '#/components/parameters/Limit' }],
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
        },
      },
      put: {
        operationId: 'putPet',
        requestBody: { $ref: '#/components/requestBodies/Pet' },
        responses: { '2XX': { description: 'stored' }, default: { $ref: '#/components/responses/Error' } },
      },
    },
  },
  components: {
    schemas: {
      Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, tag: { type: 'string', nullable: true } } },
    },
    parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } } },
    requestBodies: {
      Pet: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
    },
    responses: { Error: { description: 'error' } },
    securitySchemes: { key: { type: 'apiKey', name: 'X-Key', in: 'header' } },
  },
};

/** OpenAPI 3.1: webhooks, components.pathItems, license identifier, JSON Schema 2020-12 schemas. */
export const openapi31 = {
  openapi: '3.1.0',
  info: { title: 'Pets', summary: 'Pet store', version: '1.0.0', license: { name: 'MIT', identifier: 'MIT' } },
  jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
  paths: {
    '/pets/{petId}': {
      get: {
        operationId: 'getPet',
        parameters: [
          { name: 'petId', in: 'path', required: true, schema: { type: 'string' } },
          { $ref: '#/components/parameters/Limit', description: 'page size' },
        ],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
      },
    },
    '/stores': { $ref: '#/components/pathItems/Stores' },
  },
  webhooks: {
    newPet: {
      post: {
        operationId: 'newPetHook',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
        responses: { '200': { description: 'received' } },
      },
    },
  },
  components: {
    schemas: {
      Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, tag: { type: ['string', 'null'] }, kind: { const: 'pet' } } },
    },
    parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } } },
    pathItems: {
      Stores: { get: { operationId: 'listStores', responses: { default: { description: 'stores' } } } },
    },
    securitySchemes: { mtls: { type: 'mutualTLS' } },
  },
};

/** OpenAPI 3.2: $self, tag parent/kind/summary, `query` method, additionalOperations, querystring, server name, device flow. */
export const openapi32 = {
  openapi: '3.2.0',
  $self: 'https://api.example.com/openapi.json',
  info: { title: 'Pets', version: '1.0.0' },
  servers: [{ url: 'https://api.example.com/v1', name: 'production' }],
  tags: [
    { name: 'pets', summary: 'Pets', kind: 'nav' },
    { name: 'cats', parent: 'pets', kind: 'nav' },
  ],
  paths: {
    '/pets': {
      query: {
        operationId: 'searchPets',
        tags: ['pets'],
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
        responses: { '200': { description: 'matches', content: { 'application/jsonl': { itemSchema: { $ref: '#/components/schemas/Pet' } } } } },
      },
      additionalOperations: {
        COPY: { operationId: 'copyPets', responses: { '201': { description: 'copied' } } },
      },
    },
    '/pets/{petId}': {
      get: {
        operationId: 'getPet',
        tags: ['cats'],
        parameters: [
          { name: 'petId', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'filter', in: 'querystring', content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } } },
        ],
        security: [{ oauth: ['read'] }],
        responses: { '200': { summary: 'the pet', description: 'ok' } },
      },
    },
  },
  webhooks: {
    petAdopted: { post: { operationId: 'petAdoptedHook', responses: { '204': { description: 'ack' } } } },
  },
  components: {
    schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } } },
    securitySchemes: {
      oauth: {
        type: 'oauth2',
        oauth2MetadataUrl: 'https://auth.example.com/.well-known/oauth-authorization-server',
        flows: {
          deviceAuthorization: {
            deviceAuthorizationUrl: 'https://auth.example.com/device',
            tokenUrl: 'https://auth.example.com/token',
            scopes: { read: 'read pets' },
          },
        },
      },
    },
  },
};
