/** The pure planning core: selection, names, schemas, inputs, outputs, auth, overlay, config, versioning. */
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { envName, planAuth } from '../../src/mcp/auth.js';
import { NO_CONFIG, parseConfig } from '../../src/mcp/config.js';
import { bumpVersion, compareTools, manifestTool, type ManifestTool } from '../../src/mcp/manifest.js';
import { assignNames, nameFromMethodAndPath, sanitizeToolName } from '../../src/mcp/naming.js';
import { applyOverlay } from '../../src/mcp/overlay.js';
import { type McpPlan, planServer, type PlanInput } from '../../src/mcp/plan.js';
import { classify, parsePattern } from '../../src/mcp/select.js';
import { InputError } from '../../src/errors.js';
import type { OperationInfo } from '../../src/mcp/operations.js';

/** A minimal 3.0 document with the given paths and components. */
function doc(paths: Record<string, unknown>, components: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { openapi: '3.0.3', info: { title: 'T', version: '1' }, servers: [{ url: 'https://api.example/v1' }], paths, components, ...extra };
}

function plan(d: Record<string, unknown>, over: Partial<PlanInput> = {}): McpPlan {
  return planServer({
    document: d,
    kind: (String(d.openapi).startsWith('3.1') ? 'openapi-3.1' : 'openapi-3.0') as PlanInput['kind'],
    config: NO_CONFIG,
    include: [],
    exclude: [],
    allowWrites: false,
    spec: { title: 'T', version: '1', hash: 'h' },
    ...over,
  });
}

function tool(p: McpPlan, name: string) {
  const t = p.tools.find((x) => x.definition.name === name);
  if (!t) throw new Error(`no tool ${name} in ${p.tools.map((x) => x.definition.name).join(', ')}`);
  return t;
}

const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };

function op(method: string, path: string, extra: Partial<OperationInfo> = {}): OperationInfo {
  return { key: `${method.toUpperCase()} ${path}`, method, path, tags: [], deprecated: false, parameters: [], responses: {}, operation: {}, pointer: [], ...extra };
}

describe('selection', () => {
  it.each([
    ['get', '/pets', undefined, 'read'],
    ['post', '/pets', 'createPet', 'write'],
    ['post', '/pets/search', 'petsSearch', 'search'],
    ['post', '/pets', 'searchPets', 'search'],
    ['post', '/v1/things:search', undefined, 'search'],
    ['query', '/pets', undefined, 'search'],
    ['post', '/deployments', 'createDeployment', 'workflow'],
    ['post', '/repos/{r}/actions/workflows/{id}/dispatches', undefined, 'workflow'],
    ['post', '/jobs/{id}/run', undefined, 'workflow'],
    ['get', '/jobs', 'listJobs', 'read'],
    ['delete', '/pets/{id}', undefined, 'write'],
    ['head', '/pets', undefined, 'unsupported'],
    ['options', '/pets', undefined, 'unsupported'],
  ])('%s %s (%s) is a %s', (method, path, operationId, category) => {
    expect(classify(op(method, path, { operationId }), undefined, []).category).toBe(category);
  });

  it('detects workflow triggers by extension and by config, and lets the config unmark them', () => {
    expect(classify(op('post', '/x', { operation: { 'x-workflow-trigger': true } }), undefined, []).category).toBe('workflow');
    expect(classify(op('post', '/x'), { workflow: true }, []).category).toBe('workflow');
    expect(classify(op('post', '/deploy'), { workflow: false }, []).category).toBe('write');
    expect(classify(op('post', '/publish'), undefined, ['publish']).category).toBe('workflow');
  });

  it.each([
    ['tag:pets', op('get', '/a', { tags: ['Pets'] }), true],
    ['tag:pe*', op('get', '/a', { tags: ['pets'] }), true],
    ['path:/pets/**', op('get', '/pets/{id}/photos'), true],
    ['path:/pets/*', op('get', '/pets/{id}/photos'), false],
    ['/pets', op('get', '/pets'), true],
    ['method:DELETE', op('delete', '/a'), true],
    ['GET', op('get', '/a'), true],
    ['id:list*', op('get', '/a', { operationId: 'listPets' }), true],
    ['listPets', op('get', '/a', { operationId: 'listPets' }), true],
  ])('pattern %s', (pattern, operation, matches) => {
    expect(parsePattern(pattern, '--include').test(operation)).toBe(matches);
  });

  const d = doc({
    '/pets': { get: { operationId: 'listPets', tags: ['pets'], responses: ok }, post: { operationId: 'createPet', tags: ['pets'], responses: ok } },
    '/pets/{id}': { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], delete: { operationId: 'deletePet', tags: ['pets'], responses: ok } },
    '/deploy': { post: { operationId: 'deployNow', responses: ok } },
    '/admin': { get: { operationId: 'adminStats', tags: ['admin'], responses: ok } },
  });

  it('selects reads by default and says why for every operation', () => {
    const p = plan(d);
    expect(p.tools.map((t) => t.definition.name)).toEqual(['adminStats', 'listPets']);
    const reasons = Object.fromEntries(p.report.map((e) => [e.operationId, e.reason]));
    expect(reasons.createPet).toMatch(/--allow-writes/);
    expect(reasons.deployNow).toMatch(/workflow trigger.*named one by one/);
  });

  it('adds writes with --allow-writes but never workflow triggers; naming one opts it in', () => {
    expect(plan(d, { allowWrites: true }).tools.map((t) => t.definition.name)).toEqual(['adminStats', 'createPet', 'deletePet', 'listPets']);
    expect(plan(d, { include: ['id:deployNow'] }).tools.map((t) => t.definition.name)).toEqual(['deployNow']);
    expect(plan(d, { include: ['id:deploy*'] }).tools.map((t) => t.definition.name)).toEqual([]);
  });

  it('applies include and exclude by tag, path and method, from flags and config', () => {
    expect(plan(d, { include: ['tag:pets'], allowWrites: true, exclude: ['method:DELETE'] }).tools.map((t) => t.definition.name)).toEqual(['createPet', 'listPets']);
    const cfg = parseConfig('exclude: [tag:admin]\ntools:\n  createPet: { enabled: true }\n', 'mcp.yaml');
    expect(plan(d, { config: cfg }).tools.map((t) => t.definition.name)).toEqual(['createPet', 'listPets']);
  });

  it('warns about patterns and overrides that match nothing, at their config lines', () => {
    const cfg = parseConfig('include:\n  - tag:pets\n  - tag:nothing\ntools:\n  ghost:\n    title: x\n', 'mcp.yaml');
    const p = plan(d, { config: cfg, include: ['id:alsoNothing'] });
    expect(p.configWarnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'mcp-pattern-no-match', file: 'mcp.yaml', line: 3 }),
        expect.objectContaining({ code: 'mcp-override-no-match', file: 'mcp.yaml', line: 5 }),
      ]),
    );
    expect(p.warnings.map((w) => w.message)).toEqual(expect.arrayContaining([expect.stringMatching(/--include pattern id:alsoNothing matches no operation/)]));
  });

  it('warns when tools/list gets large and suggests splitting by tag', () => {
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 90; i++) paths[`/r${i}`] = { get: { operationId: `get${i}`, tags: [i % 2 ? 'odd' : 'even'], responses: ok } };
    const p = plan(doc(paths));
    const w = p.warnings.find((x) => x.code === 'mcp-large-tool-list');
    expect(w?.message).toMatch(/--include tag:(odd|even) → 45/);
  });

  it('suggests only selections that match something when operations have no tags', () => {
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 90; i++) paths[`/r${i}`] = { get: { operationId: `get${i}`, responses: ok } };
    const w = plan(doc(paths)).warnings.find((x) => x.code === 'mcp-large-tool-list')!;
    expect(w.message).not.toMatch(/untagged|by tag \(\)/);
    expect(w.message).toMatch(/Its operations have no tags: narrow the selection by path or operation \(--include path:\/prefix/);
  });
});

describe('tool names', () => {
  it.each([
    ['listPets', 'listPets'],
    ['pets.list', 'pets_list'],
    ['get /pets/{id}', 'get_pets_id'],
    ['weird"name`with*/${x}', 'weird_name_with_x'],
    ['__lead', 'lead'],
  ])('%s → %s', (raw, name) => {
    expect(sanitizeToolName(raw, 64)).toBe(name);
  });

  it('shortens long names in the middle, keeping the end that tells them apart', () => {
    const a = sanitizeToolName('repos_get_branch_protection_required_status_checks_contexts_for_organization_members', 64);
    const b = sanitizeToolName('repos_get_branch_protection_required_status_checks_contexts_for_organization_owners', 64);
    expect(a.length).toBeLessThanOrEqual(64);
    expect(a).toMatch(/^repos_get_branch_[0-9a-f]{8}_.*organization_members$/);
    expect(b).toMatch(/organization_owners$/);
    expect(a).not.toBe(b);
  });

  it('shortens long names with a stable hash, within the limit', () => {
    const long = 'a'.repeat(100);
    const n = sanitizeToolName(long, 64);
    expect(n.length).toBeLessThanOrEqual(64);
    expect(n).toBe(sanitizeToolName(long, 64));
    expect(sanitizeToolName(long + 'b', 64)).not.toBe(n);
  });

  it('makes readable names without operationId, unique case-insensitively, and keeps recorded names', () => {
    expect(nameFromMethodAndPath('get', '/pets/{id}/photos')).toBe('get_pets_by_id_photos');
    const names = assignNames(
      [
        { key: 'GET /a', method: 'get', path: '/a', operationId: 'getThing' },
        { key: 'GET /b', method: 'get', path: '/b', operationId: 'GetThing' },
        { key: 'GET /c', method: 'get', path: '/c' },
      ],
      64,
    );
    expect([...names.values()]).toEqual(['getThing', 'GetThing_2', 'get_c']);
    // A new operation that would take the old name does not rename the recorded tool.
    const again = assignNames(
      [
        { key: 'GET /new', method: 'get', path: '/new', operationId: 'GetThing' },
        { key: 'GET /b', method: 'get', path: '/b', operationId: 'GetThing' },
      ],
      64,
      new Map([['GET /b', { name: 'GetThing', operationId: 'GetThing' }]]),
    );
    expect(again.get('GET /b')).toBe('GetThing');
    expect(again.get('GET /new')).toBe('GetThing_2');
  });
});

describe('input schemas', () => {
  const d = doc(
    {
      '/pets/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        put: {
          operationId: 'replacePet',
          parameters: [
            { name: 'id', in: 'query', schema: { type: 'integer' } },
            { name: 'X-Request-Id', in: 'header', schema: { type: 'string', format: 'uuid' } },
            { name: 'Authorization', in: 'header', schema: { type: 'string' } },
            { name: 'X-API-Key', in: 'header', schema: { type: 'string' } },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
          responses: ok,
        },
        patch: {
          operationId: 'patchPet',
          requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, name: { type: 'string' } } } } } },
          responses: ok,
        },
      },
      '/tree': {
        post: { operationId: 'putTree', requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } }, responses: ok },
      },
    },
    {
      securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      schemas: {
        Pet: {
          type: 'object',
          required: ['id', 'name'],
          properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', nullable: true }, age: { type: 'integer', minimum: 0, exclusiveMinimum: true } },
        },
        Node: { type: 'object', properties: { value: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } },
      },
    },
  );
  const p = plan(d, { allowWrites: true });

  it('keeps a path id and a query id distinct, skips Authorization and credential headers, flattens an unambiguous body', () => {
    const t = tool(p, 'replacePet');
    const props = t.definition.inputSchema.properties as Record<string, any>;
    expect(Object.keys(props)).toEqual(['id', 'query_id', 'X-Request-Id', 'name', 'age']);
    expect(t.definition.inputSchema.required).toEqual(['id', 'name']);
    expect(t.request.params.map((x) => [x.in, x.name, x.arg])).toEqual([
      ['path', 'id', 'id'],
      ['query', 'id', 'query_id'],
      ['header', 'X-Request-Id', 'X-Request-Id'],
    ]);
    expect(t.request.body).toMatchObject({ mode: 'fields', fields: { name: 'name', age: 'age' } });
    // readOnly id left out of the body; 3.0 nullable and boolean exclusiveMinimum converted.
    expect(props.name.type).toEqual(['string', 'null']);
    expect(props.age).toMatchObject({ type: 'integer', exclusiveMinimum: 0 });
    expect(props.age.minimum).toBeUndefined();
  });

  it('keeps the body whole when its fields collide with parameters or its required fields cannot be stated', () => {
    const t = tool(p, 'patchPet');
    expect(t.request.body).toMatchObject({ mode: 'property', arg: 'body' });
    expect(Object.keys(t.definition.inputSchema.properties as object)).toEqual(['id', 'body']);
  });

  it('keeps recursive schemas recursive through $defs, and inlines them boundedly on request', () => {
    const t = tool(p, 'putTree');
    const s = t.definition.inputSchema as any;
    expect(s.properties.children.items.$ref).toBe('#/$defs/Node');
    expect(s.$defs.Node.properties.children.items.$ref).toBe('#/$defs/Node');
    const inline = tool(plan(d, { allowWrites: true, inlineSchemas: true }), 'putTree').definition.inputSchema;
    expect(JSON.stringify(inline)).not.toContain('$ref');
    expect(JSON.stringify(inline).length).toBeLessThan(20_000);
  });

  it('produces schemas every tool validator compiles', () => {
    const ajv = new Ajv2020({ strict: false, logger: false });
    for (const t of p.tools) {
      ajv.compile(t.definition.inputSchema);
      if (t.definition.outputSchema) ajv.compile(t.definition.outputSchema);
    }
  });

  it('drops and pins parameters from the config, and warns about names that match nothing', () => {
    const cfg = parseConfig('tools:\n  replacePet:\n    dropParameters: [X-Request-Id, nope]\n    pinParameters: { "query:id": 5 }\n', 'c.yaml');
    const t = tool(plan(d, { allowWrites: true, config: cfg }), 'replacePet');
    expect(Object.keys(t.definition.inputSchema.properties as object)).toEqual(['id', 'name', 'age']);
    expect(t.request.params.find((x) => x.in === 'query')).toMatchObject({ name: 'id', pinned: 5 });
    expect(plan(d, { allowWrites: true, config: cfg }).configWarnings.map((w) => w.code)).toContain('mcp-drop-no-match');
  });

  it('uses an empty object schema for tools without inputs', () => {
    const t = tool(plan(doc({ '/ping': { get: { operationId: 'ping', responses: ok } } })), 'ping');
    expect(t.definition.inputSchema).toEqual({ type: 'object', additionalProperties: false });
  });
});

describe('output schemas and descriptions', () => {
  const d = doc({
    '/items': {
      get: {
        operationId: 'listItems',
        summary: 'List items',
        responses: { '200': { description: 'The items', content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } }, 'text/csv': { schema: { type: 'string' } } } } },
      },
    },
    '/items/{id}': {
      get: {
        operationId: 'getItem',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'One', content: { 'application/hal+json': { schema: { type: 'object', properties: { _links: { type: 'object' } } } } } } },
      },
    },
    '/csv': { get: { operationId: 'exportCsv', responses: { '200': { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } } } } },
  });
  const p = plan(d);

  it('wraps non-object responses in { result } and says that JSON was chosen among several formats', () => {
    const t = tool(p, 'listItems');
    expect(t.definition.outputSchema).toEqual({ type: 'object', properties: { result: { type: 'array', items: { type: 'string' } } }, required: ['result'] });
    expect(t.output).toEqual({ structured: true, wrap: true });
    expect(t.request.accept).toBe('application/json');
    expect(p.report.find((e) => e.operationId === 'listItems')!.notes.map((n) => n.code)).toContain('mcp-several-formats');
  });

  it('reports hypermedia and non-JSON operations instead of mapping them silently', () => {
    expect(p.report.find((e) => e.operationId === 'getItem')!.notes.map((n) => n.code)).toContain('mcp-hypermedia');
    const csv = tool(p, 'exportCsv');
    expect(csv.definition.outputSchema).toBeUndefined();
    expect(csv.request.accept).toBe('text/csv');
  });

  it('writes descriptions for agents: when to use it, and the better tool otherwise', () => {
    expect(tool(p, 'listItems').definition.description).toMatch(/list or page through items.*use `getItem` instead/s);
    expect(tool(p, 'getItem').definition.description).toMatch(/already know the item's identifier.*use `listItems` instead/s);
    expect(tool(p, 'getItem').definition.description).toMatch(/Read-only/);
  });

  it('keeps descriptions within the budget', () => {
    const long = doc({ '/x': { get: { operationId: 'x', description: 'Word '.repeat(2000), responses: ok } } });
    expect(tool(plan(long), 'x').definition.description.length).toBeLessThanOrEqual(1024);
  });

  it('keeps big component graphs under the schema budget, describing far components loosely', () => {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 60; i++) {
      schemas[`S${i}`] = { type: 'object', description: 'x'.repeat(250), properties: { next: { $ref: `#/components/schemas/S${i + 1}` }, v: { type: 'string', description: 'y'.repeat(250) } } };
    }
    schemas.S60 = { type: 'object' };
    const big = doc(
      { '/s': { get: { operationId: 's', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } } } } } } },
      { schemas },
    );
    const bp = plan(big);
    const out = tool(bp, 's').definition.outputSchema!;
    expect(JSON.stringify(out).length).toBeLessThanOrEqual(12 * 1024 + 2048);
    expect(bp.report[0]!.notes.map((n) => n.code)).toContain('mcp-schema-pruned');
    new Ajv2020({ strict: false, logger: false }).compile(out);
    const inline = tool(plan(big, { inlineSchemas: true }), 's').definition.outputSchema!;
    expect(JSON.stringify(inline)).not.toContain('$ref');
    expect(JSON.stringify(inline).length).toBeLessThanOrEqual(12 * 1024);
  });
});

describe('auth', () => {
  it.each([
    ['api_key', 'API_KEY'],
    ['bearerAuth', 'BEARER_AUTH'],
    ['petstore-auth', 'PETSTORE_AUTH'],
    ['1st', 'API_1ST'],
  ])('env name of %s is %s', (raw, name) => expect(envName(raw)).toBe(name));

  it('plans every scheme kind with its variables', () => {
    const a = planAuth(
      doc(
        {},
        {
          securitySchemes: {
            api_key: { type: 'apiKey', in: 'query', name: 'key' },
            bearer: { type: 'http', scheme: 'bearer' },
            basic: { type: 'http', scheme: 'basic' },
            cc: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://idp/token', scopes: {} } } },
            code: { type: 'oauth2', flows: { authorizationCode: { authorizationUrl: 'x', tokenUrl: 'y', scopes: {} } } },
            oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://idp/.well-known/openid-configuration' },
            tls: { type: 'mutualTLS' },
          },
        },
      ),
    );
    expect(a.schemes.api_key!.env).toEqual({ key: 'API_KEY' });
    expect(a.schemes.bearer!.env).toEqual({ token: 'BEARER_TOKEN' });
    expect(a.schemes.basic!.env).toEqual({ username: 'BASIC_USERNAME', password: 'BASIC_PASSWORD' });
    expect(a.schemes.cc).toMatchObject({ type: 'oauth2-client-credentials', tokenUrl: 'https://idp/token', env: { clientId: 'CC_CLIENT_ID', clientSecret: 'CC_CLIENT_SECRET' } });
    expect(a.schemes.code).toMatchObject({ type: 'oauth2-token', env: { token: 'CODE_ACCESS_TOKEN' } });
    expect(a.schemes.oidc).toMatchObject({ type: 'openIdConnect-token', env: { token: 'OIDC_ACCESS_TOKEN' } });
    expect(a.notes.map((n) => n.code)).toEqual(['mcp-auth-unsupported']);
    expect(a.credentialParams.has('query:key')).toBe(true);
  });
});

describe('overlay', () => {
  const base = doc({ '/a': { get: { summary: 'A', responses: ok } }, '/b': { get: { summary: 'B', responses: ok } } }, {}, { tags: [{ name: 't1' }] });

  it('updates (deep merge), appends to arrays, removes, and warns about targets that match nothing at their line', () => {
    const text = [
      'overlay: 1.0.0',
      'info: { title: o, version: "1" }',
      'actions:',
      "  - target: $.paths['/a'].get",
      '    update: { summary: A2, x-extra: { deep: true } }',
      '  - target: $.tags',
      '    update: { name: t2 }',
      "  - target: $.paths['/b']",
      '    remove: true',
      "  - target: $.paths['/zzz']",
      '    update: { summary: none }',
    ].join('\n');
    const r = applyOverlay(base, text, 'o.yaml');
    const paths = r.document.paths as any;
    expect(paths['/a'].get).toMatchObject({ summary: 'A2', 'x-extra': { deep: true }, responses: ok });
    expect(paths['/b']).toBeUndefined();
    expect(r.document.tags).toEqual([{ name: 't1' }, { name: 't2' }]);
    expect(r.applied).toBe(3);
    expect(r.warnings).toEqual([expect.objectContaining({ code: 'mcp-overlay-no-match', file: 'o.yaml', line: 10 })]);
    expect((base.paths as any)['/b']).toBeDefined(); // the input is not changed
  });

  it('refuses malformed overlays with their position', () => {
    expect(() => applyOverlay(base, 'overlay: 2.0.0\nactions: []\n', 'o.yaml')).toThrow(InputError);
    expect(() => applyOverlay(base, 'overlay: 1.0.0\nactions:\n  - target: $[\n    remove: true\n', 'o.yaml')).toThrow(/invalid JSONPath/);
  });
});

describe('config', () => {
  it.each([
    ['allowWrites: yes-please\n', /allowWrites: must be true or false/, 1],
    ['tools:\n  x:\n    name: "bad name!"\n', /tools.x.name: a tool name may hold only/, 3],
    ['nope: 1\n', /unknown setting 'nope'/, 1],
    ['maxNameLength: 500\n', /at most 128/, 1],
  ])('rejects %j with a located message', (text, message, line) => {
    try {
      parseConfig(text, 'mcp.yaml');
      throw new Error('accepted');
    } catch (err) {
      expect(err).toBeInstanceOf(InputError);
      expect((err as InputError).message).toMatch(message);
      expect((err as InputError).position?.line).toBe(line);
    }
  });

  it('applies overrides: name, title, description, annotations, metadata, classification', () => {
    const d = doc({ '/a': { get: { operationId: 'getA', 'x-data-sensitivity': 'pii', responses: ok } } });
    const cfg = parseConfig(
      'classification: { process: billing }\ntools:\n  getA:\n    name: fetch_a\n    title: Fetch A\n    description: Custom words.\n    annotations: { openWorldHint: false }\n    meta: { owner: team-a }\n',
      'c.yaml',
    );
    const t = tool(plan(d, { config: cfg }), 'fetch_a');
    expect(t.definition).toMatchObject({ title: 'Fetch A', description: 'Custom words.', annotations: { openWorldHint: false, readOnlyHint: true } });
    expect(t.definition._meta).toMatchObject({ owner: 'team-a', 'apictl/tool': { classification: { sensitivity: 'pii', process: 'billing' } } });
  });
});

describe('versioning', () => {
  const mt = (name: string, inputs: ManifestTool['inputs'], version = 'v1', output?: string): ManifestTool => ({ name, key: `GET /${name}`, version, inputs, ...(output ? { output } : {}) });
  const a = { required: true, shape: 's1' };
  const b = { required: false, shape: 's2' };

  it.each([
    ['nothing changed', [mt('t', { a })], [mt('t', { a })], 'none'],
    ['a tool disappears', [mt('t', { a }), mt('u', {})], [mt('t', { a })], 'major'],
    ['an input changes type', [mt('t', { a })], [mt('t', { a: { ...a, shape: 'other' } })], 'major'],
    ['a new required input', [mt('t', { a })], [mt('t', { a, c: { required: true, shape: 'x' } })], 'major'],
    ['an optional input becomes required', [mt('t', { b })], [mt('t', { b: { ...b, required: true } })], 'major'],
    ['an input is removed', [mt('t', { a, b })], [mt('t', { a })], 'major'],
    ['a tool is added', [mt('t', { a })], [mt('t', { a }), mt('u', {})], 'minor'],
    ['an optional input is added', [mt('t', { a })], [mt('t', { a, b })], 'minor'],
    ['only the description changed', [mt('t', { a }, 'v1')], [mt('t', { a }, 'v2')], 'patch'],
  ])('%s → %s', (_what, prev, next, level) => {
    expect(compareTools(prev, next).level).toBe(level);
  });

  it.each([
    ['1.2.3', 'major', '2.0.0'],
    ['1.2.3', 'minor', '1.3.0'],
    ['1.2.3', 'patch', '1.2.4'],
    ['1.2.3', 'none', '1.2.3'],
  ] as const)('bumps %s by %s to %s', (v, level, out) => expect(bumpVersion(v, level)).toBe(out));

  it('hashes input shapes without annotations, so a description change is a patch', () => {
    const d1 = doc({ '/a': { get: { operationId: 'a', parameters: [{ name: 'q', in: 'query', description: 'one', schema: { type: 'string' } }], responses: ok } } });
    const d2 = doc({ '/a': { get: { operationId: 'a', parameters: [{ name: 'q', in: 'query', description: 'two', schema: { type: 'string' } }], responses: ok } } });
    const d3 = doc({ '/a': { get: { operationId: 'a', parameters: [{ name: 'q', in: 'query', schema: { type: 'integer' } }], responses: ok } } });
    const m = (x: Record<string, unknown>) => plan(x).tools.map((t) => manifestTool(t, 'GET /a', 'a'));
    expect(compareTools(m(d1), m(d2)).level).toBe('patch');
    expect(compareTools(m(d1), m(d3)).level).toBe('major');
  });
});

describe('argument names', () => {
  it('stay distinct and valid when parameter names are long or full of odd characters', () => {
    const long = 'p'.repeat(80);
    const d = doc({
      '/x/{a}': {
        get: {
          operationId: 'x',
          parameters: [
            { name: 'a', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'a', in: 'query', schema: { type: 'string' } },
            { name: 'a', in: 'header', schema: { type: 'string' } },
            { name: `${long}1`, in: 'query', schema: { type: 'string' } },
            { name: `${long}2`, in: 'query', schema: { type: 'string' } },
            { name: 'filter[status]', in: 'query', schema: { type: 'string' } },
            { name: 'filter_status_', in: 'query', schema: { type: 'string' } },
          ],
          responses: ok,
        },
      },
    });
    const t = tool(plan(d), 'x');
    const args = Object.keys(t.definition.inputSchema.properties as object);
    expect(new Set(args).size).toBe(7);
    for (const a of args) expect(a).toMatch(/^[A-Za-z0-9_.-]{1,64}$/);
    expect(t.request.params.map((p) => p.name)).toContain('filter[status]');
  });
});

describe('requests the API can receive', () => {
  it('gives a GET no body argument (the description declares one) and says so; a DELETE keeps its body', () => {
    const body = { content: { 'application/json': { schema: { type: 'object', properties: { q: { type: 'string' } } } } } };
    const p = plan(
      doc({
        '/search': { get: { operationId: 'search', requestBody: body, responses: ok } },
        '/items': { delete: { operationId: 'deleteItems', requestBody: body, responses: ok } },
      }),
      { allowWrites: true },
    );
    const search = tool(p, 'search');
    expect(search.request.body).toBeUndefined();
    expect(Object.keys((search.definition.inputSchema as { properties?: object }).properties ?? {})).toEqual([]);
    expect(p.report.find((e) => e.path === '/search')!.notes).toContainEqual({
      code: 'mcp-body-dropped',
      severity: 'warn',
      message: 'the description gives GET a request body, which HTTP clients cannot send on GET: the tool has no body argument',
    });
    expect(tool(p, 'deleteItems').request.body).toBeDefined();
  });

  it('leaves out a header parameter whose name no client can send, and says so', () => {
    const p = plan(
      doc({
        '/a': {
          get: {
            operationId: 'getA',
            parameters: [
              { name: 'X Bad Name', in: 'header', schema: { type: 'string' } },
              { name: 'X-Good', in: 'header', schema: { type: 'string' } },
            ],
            responses: ok,
          },
        },
      }),
    );
    expect(tool(p, 'getA').request.params.map((x) => x.name)).toEqual(['X-Good']);
    expect(p.report[0]!.notes).toContainEqual({
      code: 'mcp-invalid-header-name',
      severity: 'warn',
      message: "header parameter 'X Bad Name' is not a valid HTTP header name (RFC 9110 token): no client can send it, so the tool leaves it out",
    });
  });
});

describe('a 2.0 basePath without host', () => {
  it('keeps the base path in the server data and tells the operator how to set the base URL', () => {
    const d = {
      swagger: undefined,
      openapi: '3.0.0',
      info: { title: 'Docker', version: '1.33' },
      servers: [{ url: '/v1.33' }],
      paths: { '/containers/json': { get: { operationId: 'list', responses: ok } } },
    };
    const p = plan(d);
    expect(p.server).toMatchObject({ baseUrl: '', basePath: '/v1.33' });
    expect(p.warnings).toContainEqual({
      code: 'mcp-relative-server',
      severity: 'warn',
      message: "the server URL '/v1.33' has no host: set API_BASE_URL to the API's origin followed by /v1.33 (e.g. https://api.example.com/v1.33)",
    });
  });
});

describe('selection of retiring operations', () => {
  it('does not select a deprecated operation by default, says why, and selects it when named', () => {
    const d = doc({
      '/old': { get: { operationId: 'getOld', deprecated: true, responses: ok } },
      '/new': { get: { operationId: 'getNew', responses: ok } },
    });
    const p = plan(d);
    expect(p.tools.map((t) => t.definition.name)).toEqual(['getNew']);
    expect(p.report.find((e) => e.path === '/old')).toMatchObject({
      selected: false,
      reason: 'deprecated by the API: not selected by default (name it to include it: --include id:getOld, or tools.getOld.enabled: true)',
    });
    const named = plan(d, { include: ['id:getOld'] });
    expect(named.tools.map((t) => t.definition.name)).toEqual(['getOld']);
  });
});

describe('a description without security', () => {
  it('warns that the server sends no credentials and points at an Overlay', () => {
    const p = plan(doc({ '/a': { get: { operationId: 'getA', responses: ok } } }));
    expect(p.warnings).toContainEqual({
      code: 'mcp-no-security',
      severity: 'warn',
      message:
        'the description declares no security scheme, so the server sends no credentials; if the API needs them, add a scheme with an Overlay (the generated README shows one) and generate again',
    });
    const secured = plan(doc({ '/a': { get: { operationId: 'getA', responses: ok } } }, { securitySchemes: { k: { type: 'apiKey', in: 'header', name: 'X-Key' } } }, { security: [{ k: [] }] }));
    expect(secured.warnings.map((w) => w.code)).not.toContain('mcp-no-security');
  });
});

describe('schemas shrunk to their size budget', () => {
  it('read a loosened oneOf as anyOf, so a real answer still validates', () => {
    const big = (n: number) => Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`field_${n}_${i}`, { type: 'string', description: 'x'.repeat(40) }]));
    const d = doc(
      {
        '/pets/{id}': {
          get: {
            operationId: 'getPet',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
          },
        },
      },
      {
        schemas: {
          Pet: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }] },
          Cat: { type: 'object', properties: { kind: { type: 'string', enum: ['cat'] }, ...big(1) }, required: ['kind'] },
          Dog: { type: 'object', properties: { kind: { type: 'string', enum: ['dog'] }, ...big(2) }, required: ['kind'] },
        },
      },
    );
    const p = plan(d, { config: { ...NO_CONFIG, config: { outputSchemaMaxBytes: 600 } } });
    const out = tool(p, 'getPet').definition.outputSchema as Record<string, unknown>;
    expect(JSON.stringify(out)).not.toContain('"oneOf"');
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(out);
    expect(validate({ kind: 'cat', field_1_0: 'a' })).toBe(true);
    // unshrunk, the same answer validates too
    const exact = tool(plan(d), 'getPet').definition.outputSchema as Record<string, unknown>;
    expect(new Ajv2020({ strict: false }).compile(exact)({ kind: 'cat', field_1_0: 'a' })).toBe(true);
  });
});

describe('oneOf', () => {
  const feature = (value: unknown) =>
    doc(
      { '/features': { get: { operationId: 'getFeature', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Feature' } } } } } } } },
      { schemas: { Feature: { type: 'object', properties: { value } } } },
    );

  it('is served as anyOf, so overlapping branches accept the real answer, and the report says so once', () => {
    // DigitalOcean's add-on feature value: two string branches, so oneOf rejects every string
    const p = plan(feature({ oneOf: [{ type: 'string' }, { type: 'boolean' }, { type: 'string', title: 'allowance_value' }] }));
    const out = tool(p, 'getFeature').definition.outputSchema as Record<string, unknown>;
    expect(JSON.stringify(out)).not.toContain('"oneOf"');
    const validate = new Ajv2020({ strict: false }).compile(out);
    expect(validate({ value: 'Unlimited' })).toBe(true);
    expect(validate({ value: true })).toBe(true);
    expect(validate({ value: 3 })).toBe(false);
    expect(p.warnings.filter((w) => w.code === 'mcp-schema-oneof')).toEqual([
      {
        code: 'mcp-schema-oneof',
        severity: 'info',
        message: 'oneOf is served as anyOf: branches that overlap (as some here may) would make oneOf reject valid values; the API still checks exclusivity',
      },
    ]);
  });

  it('says nothing when the branches exclude each other (distinct types, or a required tag with distinct values)', () => {
    const byType = plan(feature({ oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'array', items: { type: 'string' } }] }));
    const byTag = plan(
      feature({
        oneOf: [
          { type: 'object', required: ['kind'], properties: { kind: { const: 'a' } } },
          { type: 'object', required: ['kind'], properties: { kind: { enum: ['b', 'c'] } } },
        ],
      }),
    );
    for (const p of [byType, byTag]) expect(p.warnings.map((w) => w.code)).not.toContain('mcp-schema-oneof');
    const out = tool(byTag, 'getFeature').definition.outputSchema as Record<string, unknown>;
    expect(out.properties).toEqual({
      value: {
        anyOf: [
          { type: 'object', required: ['kind'], properties: { kind: { const: 'a' } } },
          { type: 'object', required: ['kind'], properties: { kind: { enum: ['b', 'c'] } } },
        ],
      },
    });
  });

  it('beside an anyOf of its own joins the allOf, so neither is lost', () => {
    const p = plan(feature({ oneOf: [{ type: 'string' }, { type: 'boolean' }], anyOf: [{ type: 'string' }] }));
    const validate = new Ajv2020({ strict: false }).compile(tool(p, 'getFeature').definition.outputSchema as Record<string, unknown>);
    expect(validate({ value: 'x' })).toBe(true);
    expect(validate({ value: true })).toBe(false);
  });
});

describe('schemas every tool can compile', () => {
  it('keeps each name of a repeated required list once, and says so', () => {
    const d = doc({
      '/a': {
        get: {
          operationId: 'getA',
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id', 'id'] } } } } },
        },
      },
    });
    const p = plan(d);
    expect(tool(p, 'getA').definition.outputSchema).toMatchObject({ required: ['id'] });
    expect(p.warnings).toContainEqual({ code: 'mcp-schema-required-repeated', severity: 'warn', message: "a schema lists 'id' more than once in required; each is kept once" });
  });

  it('leaves out a tool whose schema no validator can compile, with the reason', () => {
    const d = doc({
      '/a': { get: { operationId: 'getA', parameters: [{ name: 'q', in: 'query', schema: { type: 'strin' } }], responses: ok } },
      '/b': { get: { operationId: 'getB', responses: ok } },
    });
    const p = plan(d);
    expect(p.tools.map((t) => t.definition.name)).toEqual(['getB']);
    const entry = p.report.find((e) => e.path === '/a')!;
    expect(entry.selected).toBe(false);
    expect(entry.reason).toMatch(/^left out: its schema cannot be compiled \(schema is invalid: data\/properties\/q\/type must be equal to one of the allowed values/);
  });
});

describe('destructive operations by their words', () => {
  it('marks a POST that cancels, voids or rejects destructive and says why; a plain POST is not', () => {
    const d = doc({
      '/invoices/{id}/void': { post: { operationId: 'voidInvoice', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: ok } },
      '/subscriptions/{id}/cancel': { post: { operationId: 'postSubscriptionsIdCancel', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: ok } },
      '/invitations/{id}': {
        post: { summary: 'Reject an invitation', operationId: 'answerInvitation', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: ok },
      },
      '/pets': { post: { operationId: 'createPet', responses: ok } },
    });
    const p = plan(d, { allowWrites: true });
    expect(['voidInvoice', 'postSubscriptionsIdCancel', 'answerInvitation', 'createPet'].map((n) => tool(p, n).definition.annotations.destructiveHint)).toEqual([true, true, true, false]);
    expect(p.report.find((e) => e.operationId === 'voidInvoice')!.notes).toContainEqual({
      code: 'mcp-destructive-words',
      severity: 'info',
      message: "marked destructive: the operation's own words say 'void' although its method is POST",
    });
  });
});

describe('descriptions that tell an agent something', () => {
  it('drops empty success words, repeated parameter locations and links into a documentation renderer', () => {
    const d = doc({
      '/pets/{id}': {
        get: {
          operationId: 'getPet',
          description: 'Fetches one pet. See [listing pets](#operation/listPets) and [Pets](#tag/pets).',
          parameters: [{ name: 'id', in: 'path', required: true, description: 'The id path parameter', schema: { type: 'string' } }],
          responses: { '200': { description: 'Success - no content', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
      '/pets': { get: { operationId: 'listPets', responses: { '200': { description: 'No error, a page of pets', content: { 'application/json': { schema: { type: 'object' } } } } } } },
    });
    const p = plan(d);
    const get = tool(p, 'getPet').definition;
    expect(get.description).toContain('Fetches one pet. See listing pets and Pets.');
    expect(get.description).not.toMatch(/Returns: Success|\(#|no content/);
    expect((get.inputSchema.properties as Record<string, { description: string }>).id!.description).toBe('The id path parameter');
    expect(tool(p, 'listPets').definition.description).toContain('Returns: A page of pets (JSON).');
  });
});

describe('versioning of outputs', () => {
  const withOutput = (props: Record<string, unknown>, required: string[] = []) =>
    plan(doc({ '/a': { get: { operationId: 'getA', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: props, required } } } } } } } }))
      .manifestTools;

  it('makes a retyped, removed or no longer guaranteed output field a major change, a new one minor', () => {
    const before = withOutput({ id: { type: 'string' }, name: { type: 'string' } }, ['id']);
    expect(compareTools(before, withOutput({ id: { type: 'integer' }, name: { type: 'string' } }, ['id']))).toEqual({
      level: 'major',
      changes: [{ level: 'major', text: '`getA`: output field `id` changed type or constraints' }],
    });
    expect(compareTools(before, withOutput({ id: { type: 'string' } }, ['id'])).level).toBe('major');
    expect(compareTools(before, withOutput({ id: { type: 'string' }, name: { type: 'string' } })).changes).toEqual([{ level: 'major', text: '`getA`: output field `id` may now be absent' }]);
    expect(compareTools(before, withOutput({ id: { type: 'string' }, name: { type: 'string' }, tag: { type: 'string' } }, ['id']))).toEqual({
      level: 'minor',
      changes: [{ level: 'minor', text: '`getA`: new output field `tag`' }],
    });
  });
});

describe('streaming operations', () => {
  it('are not selected by default (a streaming media type, or a stream/follow parameter on by default), and say why', () => {
    const d = doc({
      '/events': { get: { operationId: 'events', responses: { '200': { description: 'ok', content: { 'text/event-stream': { schema: { type: 'string' } } } } } } },
      '/logs': { get: { operationId: 'logs', parameters: [{ name: 'follow', in: 'query', schema: { type: 'boolean', default: true } }], responses: ok } },
      '/items': { get: { operationId: 'items', parameters: [{ name: 'stream', in: 'query', schema: { type: 'boolean', default: false } }], responses: ok } },
    });
    const p = plan(d);
    expect(p.tools.map((t) => t.definition.name)).toEqual(['items']);
    expect(p.report.find((e) => e.operationId === 'events')!.reason).toBe(
      'streams (text/event-stream): not selected by default (name it to include it; the tool then returns a bounded start of the stream)',
    );
    expect(p.report.find((e) => e.operationId === 'logs')!.reason).toMatch(/^streams \(follow defaults to true\)/);
    expect(plan(d, { include: ['id:events'] }).tools.map((t) => t.definition.name)).toEqual(['events']);
  });
});

describe('OAuth scopes per tool (the same permissions as a human consumer)', () => {
  const secured = doc(
    {
      '/pets': {
        get: { operationId: 'listPets', tags: ['pets'], responses: ok },
        post: { operationId: 'createPet', tags: ['pets'], security: [{ oauth: ['pets:write'] }], responses: ok },
      },
      '/pets/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        // alternatives are OR; schemes within one requirement AND (the key adds no scope)
        get: { operationId: 'getPet', tags: ['pets'], security: [{ oauth: ['pets:read'] }, { oidc: ['admin'], key: [] }], responses: ok },
        delete: { operationId: 'deletePet', tags: ['admin'], security: [{ oauth: ['pets:write', 'admin', 'pets:write'] }], responses: ok },
      },
      '/status': { get: { operationId: 'getStatus', security: [{ key: [] }], responses: ok } },
      '/public': { get: { operationId: 'getPublic', security: [{}, { oauth: ['pets:read'] }], responses: ok } },
    },
    {
      securitySchemes: {
        oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://id.example/token', scopes: { 'pets:read': 'r', 'pets:write': 'w', admin: 'a' } } } },
        oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id.example/.well-known/openid-configuration' },
        key: { type: 'apiKey', in: 'header', name: 'X-Key' },
      },
    },
    { security: [{ oauth: ['pets:read'] }] },
  );

  it('come from the security requirements: OR of alternatives, AND within one, none where an alternative needs no OAuth scope', () => {
    const p = plan(secured, { allowWrites: true });
    const scopes = Object.fromEntries(p.tools.map((t) => [t.definition.name, t.scopes]));
    expect(scopes).toEqual({
      listPets: [['pets:read']],
      createPet: [['pets:write']],
      getPet: [['admin'], ['pets:read']],
      deletePet: [['admin', 'pets:write']],
      getStatus: undefined,
      getPublic: undefined,
    });
    expect(p.report.find((e) => e.tool === 'deletePet')?.scopes).toEqual({ alternatives: [['admin', 'pets:write']], source: 'description' });
    expect(p.report.find((e) => e.tool === 'getStatus')?.scopes).toBeUndefined();
  });

  it('are overridden in mcp.yaml per tool, then per tag', () => {
    const config = parseConfig('tagScopes:\n  pets: [pets:all]\n  admin: [[root], [admin, audit]]\ntools:\n  createPet:\n    scopes: [pets:create]\n', 'mcp.yaml');
    const p = plan(secured, { allowWrites: true, config });
    const scopes = Object.fromEntries(p.tools.map((t) => [t.definition.name, t.scopes]));
    expect(scopes.createPet).toEqual([['pets:create']]);
    expect(scopes.listPets).toEqual([['pets:all']]);
    expect(scopes.deletePet).toEqual([['root'], ['admin', 'audit']]);
    expect(p.report.find((e) => e.tool === 'deletePet')?.scopes?.source).toBe('tag config');
    expect(p.report.find((e) => e.tool === 'createPet')?.scopes?.source).toBe('tool config');
  });

  it('refuses a malformed scope setting at its line', () => {
    expect(() => parseConfig('tools:\n  createPet:\n    scopes: "pets:write"\n', 'mcp.yaml')).toThrow(/tools\.createPet\.scopes: must be a list of scopes/);
    expect(() => parseConfig('tagScopes:\n  pets: [["a b"]]\n', 'mcp.yaml')).toThrow(/tagScopes: must be a list of scopes/);
  });
});

describe('upstream credentials per security scheme (no token passthrough)', () => {
  const d = doc(
    { '/a': { get: { operationId: 'getA', responses: ok } } },
    {
      securitySchemes: {
        oauth: { type: 'oauth2', flows: { authorizationCode: { authorizationUrl: 'https://id.example/auth', tokenUrl: 'https://id.example/token', scopes: {} } } },
        oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id.example/.well-known/openid-configuration' },
        key: { type: 'apiKey', in: 'header', name: 'X-Key' },
        basic: { type: 'http', scheme: 'basic' },
      },
    },
  );

  it('default to token exchange for OAuth 2.0 and OpenID Connect (at their own authorization server), the server’s own credentials otherwise', () => {
    const schemes = plan(d).server.securitySchemes;
    const modes = Object.fromEntries(Object.entries(schemes).map(([n, s]) => [n, [s.upstream, s.authorizationServer]]));
    expect(modes).toEqual({ oauth: ['token-exchange', 'https://id.example'], oidc: ['token-exchange', 'https://id.example'], key: ['service', undefined], basic: ['service', undefined] });
    // chosen explicitly, it applies whatever the issuer
    expect(plan(d, { config: parseConfig('upstreamCredentials:\n  oauth: token-exchange\n', 'mcp.yaml') }).server.securitySchemes.oauth!.authorizationServer).toBeUndefined();
  });

  it('are chosen per scheme in mcp.yaml; token exchange for a non-OAuth scheme is refused with a warning at its line', () => {
    const config = parseConfig('upstreamCredentials:\n  oauth: service\n  key: token-exchange\n  nope: service\n', 'mcp.yaml');
    const p = plan(d, { config });
    expect(p.server.securitySchemes.oauth!.upstream).toBe('service');
    expect(p.server.securitySchemes.key!.upstream).toBe('service');
    expect(p.configWarnings.map((w) => [w.code, w.line, w.message])).toEqual([
      ['mcp-upstream-not-oauth', 3, "upstreamCredentials: 'key' is not an OAuth 2.0 or OpenID Connect scheme, so the API cannot accept an exchanged token; it keeps 'service'"],
      ['mcp-upstream-unknown-scheme', 4, "upstreamCredentials: the description has no security scheme 'nope'"],
    ]);
    expect(() => parseConfig('upstreamCredentials:\n  oauth: passthrough\n', 'mcp.yaml')).toThrow(/must map security scheme names to 'token-exchange' or 'service'/);
  });
});

describe('toolsets', () => {
  const d = doc({
    '/pets': { get: { operationId: 'listPets', tags: ['Pets'], responses: ok } },
    '/pets/{id}': { get: { operationId: 'getPet', tags: ['Pets', 'Admin'], parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: ok } },
    '/users': { get: { operationId: 'listUsers', tags: ['User Accounts'], responses: ok } },
    '/health': { get: { operationId: 'getHealth', responses: ok } },
  });

  it('group tools by their first tag (untagged: default), with sizes, and list all when they fit the budget', () => {
    const p = plan(d);
    expect(Object.fromEntries(p.tools.map((t) => [t.definition.name, t.toolset]))).toEqual({ getHealth: 'default', getPet: 'pets', listPets: 'pets', listUsers: 'user-accounts' });
    expect(p.server.toolsets.map((t) => [t.name, t.tools])).toEqual([
      ['default', 1],
      ['pets', 2],
      ['user-accounts', 1],
    ]);
    expect(p.server.toolsets.every((t) => t.tokens > 20)).toBe(true);
    expect(p.server.defaultToolsets).toEqual(['default', 'pets', 'user-accounts']);
    expect(p.warnings.map((w) => w.code)).not.toContain('mcp-toolsets-default');
  });

  it('come from mcp.yaml by tool or tag; over the budget only what fits is listed by default, and the report says so', () => {
    const config = parseConfig(
      'toolsListBudget: 400\ntoolsets:\n  admin:\n    description: Administration\n    tags: [Admin, User Accounts]\n  ops:\n    tools: [getHealth]\n  ghost:\n    tags: [Nothing]\n',
      'mcp.yaml',
    );
    const p = plan(d, { config });
    expect(Object.fromEntries(p.tools.map((t) => [t.definition.name, t.toolset]))).toEqual({ getHealth: 'ops', getPet: 'admin', listPets: 'pets', listUsers: 'admin' });
    expect(p.server.toolsets.map((t) => t.name)).toEqual(['admin', 'ops', 'pets']);
    expect(p.server.toolsets[0]!.description).toBe('Administration');
    const sizes = Object.fromEntries(p.server.toolsets.map((t) => [t.name, t.tokens]));
    // name order, skipping what would exceed the budget
    const expected: string[] = [];
    let used = 0;
    for (const n of ['admin', 'ops', 'pets']) if (used + sizes[n]! <= 400) expected.push(n), (used += sizes[n]!);
    expect(p.server.defaultToolsets).toEqual(expected);
    expect(expected.length).toBeLessThan(3);
    expect(p.warnings.find((w) => w.code === 'mcp-toolsets-default')?.message).toMatch(
      new RegExp(
        `^3 toolsets; ${expected.length} listed by default \\(tools/list ≈ \\d+ tokens, budget 400\\): ${expected.join(', ')}\\. Operators enable others with MCP_TOOLSETS, tokens with their toolsets$`,
      ),
    );
    expect(p.configWarnings.map((w) => [w.code, w.line])).toEqual([['mcp-toolset-empty', 8]]);
  });

  it('refuses a malformed toolset at its line', () => {
    expect(() => parseConfig('toolsets:\n  Admin Tools:\n    tags: [a]\n', 'mcp.yaml')).toThrow(/toolset name 'Admin Tools' must be lower-case/);
    expect(() => parseConfig('toolsets:\n  admin:\n    tag: [a]\n', 'mcp.yaml')).toThrow(/toolset 'admin': unknown setting 'tag' \(known: description, tags, tools\)/);
  });
});

describe('quotas in mcp.yaml', () => {
  const d = doc({
    '/pets': { get: { operationId: 'listPets', tags: ['pets'], responses: ok } },
    '/admin/stats': { get: { operationId: 'getStats', tags: ['admin'], responses: ok } },
  });

  it('reach server.json with tools named as the server names them; unknown tools and toolsets are warned about at their lines', () => {
    const config = parseConfig('quotas:\n  perCaller: [1000/day, 60/min]\n  tools:\n    listPets: [10/min]\n    nope: [1/s]\n  toolsets:\n    admin: [100/hour]\n    ghost: [1/day]\n', 'mcp.yaml');
    const p = plan(d, { config });
    expect(p.server.quotas).toEqual({ perCaller: ['1000/day', '60/min'], tools: { listPets: ['10/min'] }, toolsets: { admin: ['100/hour'] } });
    expect(p.configWarnings.map((w) => [w.code, w.line, w.message])).toEqual([
      ['mcp-quota-no-tool', 5, "quotas.tools: 'nope' is not a selected tool"],
      ['mcp-quota-no-toolset', 8, "quotas.toolsets: there is no toolset 'ghost'"],
    ]);
    expect(plan(d).server.quotas).toBeUndefined();
  });

  it('refuses a limit that is not count/unit at its line', () => {
    expect(() => parseConfig('quotas:\n  perCaller: [1000 per day]\n', 'mcp.yaml')).toThrow(/quotas: perCaller has '1000 per day', which is not a limit like 60\/min or 1000\/day/);
    expect(() => parseConfig('quotas:\n  perUser: [1/day]\n', 'mcp.yaml')).toThrow(/quotas: unknown setting 'perUser' \(known: perCaller, tools, toolsets\)/);
  });
});

describe('prompts in mcp.yaml and the API description resource', () => {
  const d = doc({ '/pets': { get: { operationId: 'listPets', responses: ok } } });
  const withPrompt = (template: string, args = '[{name: kind, required: true}, {name: limit}]') =>
    parseConfig(`prompts:\n  find-pets:\n    description: Find pets of a kind\n    arguments: ${args}\n    template: "${template}"\n`, 'mcp.yaml');

  it('are planned with a version, and the spec resource is versioned by the description hash', () => {
    const p = plan(d, { config: withPrompt('List the {{kind}} pets, at most {{limit}}.') });
    expect(p.prompts).toEqual([
      {
        name: 'find-pets',
        description: 'Find pets of a kind',
        arguments: [
          { name: 'kind', required: true },
          { name: 'limit', required: false },
        ],
        template: 'List the {{kind}} pets, at most {{limit}}.',
        version: expect.stringMatching(/^[0-9a-f]{12}$/),
      },
    ]);
    expect(p.resources).toEqual([{ uri: 'apictl://spec/openapi.json', version: 'h' }]);
  });

  it('refuses a template that uses an undeclared argument, at its line', () => {
    expect(() => withPrompt('List {{species}}.')).toThrow(/prompts: prompt 'find-pets': the template uses \{\{species\}\}, which is not one of its arguments/);
    expect(() => withPrompt('x', '[{name: a}, {name: a}]')).toThrow(/argument 'a' is listed twice/);
  });

  it('bump the version like tools: a new required argument is major, a new prompt minor, new text patch, a changed description patch', () => {
    const first = plan(d, { config: withPrompt('List the {{kind}} pets.', '[{name: kind, required: true}]') });
    const manifest = (p: McpPlan) =>
      ({
        manifestVersion: 1,
        generator: { name: 'apictl', version: '0' },
        server: { name: p.server.name, version: p.server.version },
        spec: p.server.spec,
        toolsHash: p.toolsHash,
        tools: p.manifestTools,
        prompts: p.prompts.map((x) => ({ name: x.name, version: x.version, arguments: Object.fromEntries(x.arguments.map((a) => [a.name, { required: a.required === true }])) })),
        resources: p.resources,
        files: {},
      }) as never;
    const text = plan(d, { config: withPrompt('Show the {{kind}} pets.', '[{name: kind, required: true}]'), previous: manifest(first) });
    expect(text.versioning).toEqual({ previous: '1.0.0', level: 'patch', changes: [{ level: 'patch', text: 'prompt `find-pets`: text or descriptions changed' }] });
    const required = plan(d, { config: withPrompt('List {{kind}} {{owner}}.', '[{name: kind, required: true}, {name: owner, required: true}]'), previous: manifest(first) });
    expect(required.versioning.level).toBe('major');
    expect(required.versioning.changes).toContainEqual({ level: 'major', text: 'prompt `find-pets`: new required argument `owner`' });
    const spec = plan(d, { config: withPrompt('List the {{kind}} pets.', '[{name: kind, required: true}]'), previous: manifest(first), spec: { title: 'T', version: '2', hash: 'other' } });
    expect(spec.versioning.changes).toContainEqual({ level: 'patch', text: 'resource `apictl://spec/openapi.json` changed' });
    const gone = plan(d, { previous: manifest(first) });
    expect(gone.versioning.changes).toContainEqual({ level: 'major', text: 'removed prompt `find-pets`' });
  });
});

describe('a changed data classification', () => {
  it('is named in the versioning (minor: tokens limited to classifications gain or lose the tool)', () => {
    const d = (sensitivity: string) => doc({ '/pets': { get: { operationId: 'listPets', 'x-data-classification': sensitivity, responses: ok } } });
    const first = plan(d('internal'));
    const previous = {
      manifestVersion: 1,
      generator: { name: 'apictl', version: '0' },
      server: { name: first.server.name, version: first.server.version },
      spec: first.server.spec,
      toolsHash: first.toolsHash,
      tools: first.manifestTools,
      files: {},
    } as never;
    expect(first.manifestTools[0]!.classification).toEqual({ sensitivity: 'internal' });
    const next = plan(d('confidential'), { previous });
    expect(next.versioning).toEqual({ previous: '1.0.0', level: 'minor', changes: [{ level: 'minor', text: '`listPets`: data classification internal → confidential' }] });
    expect(next.server.version).toBe('1.1.0');
  });
});

describe('the business process of a tool', () => {
  it('is the description’s, else the config’s, else the operation’s first tag', () => {
    const d = doc({
      '/a': { get: { operationId: 'getA', tags: ['Billing', 'Reports'], responses: ok } },
      '/b': { get: { operationId: 'getB', tags: ['Billing'], 'x-business-process': 'invoicing', responses: ok } },
      '/c': { get: { operationId: 'getC', responses: ok } },
    });
    const processOf = (p: McpPlan, name: string) => (tool(p, name).definition._meta['apictl/tool'] as { classification?: { process?: string } }).classification?.process;
    const p = plan(d);
    expect([processOf(p, 'getA'), processOf(p, 'getB'), processOf(p, 'getC')]).toEqual(['Billing', 'invoicing', undefined]);
    const configured = plan(d, { config: parseConfig('classification: { process: retail }\n', 'mcp.yaml') });
    expect([processOf(configured, 'getA'), processOf(configured, 'getB')]).toEqual(['retail', 'invoicing']);
  });
});
