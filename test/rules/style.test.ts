/**
 * Unit tests of the style rules' custom functions and helpers (rulesets/functions/style*.js and
 * lib/{casing,paths,definitions,schemas,refs,style*}.js). The rule documentation examples (rule-docs.test.ts) prove each rule end to end;
 * these tables pin the decisions inside the functions: casing and acronyms, plurals, path
 * ambiguity, example validation semantics, aggregation of API-wide conventions, robustness.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { RULESETS_DIR } from '../../src/lint/paths.js';

type Result = { message: string; path: string[] };
type RuleFn = (input: unknown, options: unknown, context: unknown) => Result[] | undefined;

const FN_DIR = path.join(RULESETS_DIR, 'functions');
type Lib = Record<string, (...a: unknown[]) => unknown>;
const libModule = async (name: string): Promise<Lib> => (await import(path.join(FN_DIR, `lib/${name}.js`))) as Lib;
const [casingLib, pathsLib, styleLib, refsLib] = await Promise.all(['casing', 'paths', 'style', 'refs'].map(libModule));
const ex = (await import(path.join(FN_DIR, 'lib/style-examples.js'))) as { validateExample: (...a: unknown[]) => { path: string[]; message: string } | undefined };

async function fn(name: string): Promise<RuleFn> {
  return ((await import(path.join(FN_DIR, `${name}.js`))) as { default: RuleFn }).default;
}

/** Runs a style function on a document written as YAML; returns its findings. */
async function run(name: string, docYaml: string, options: unknown = null): Promise<Result[]> {
  const doc = parseYaml(docYaml) as unknown;
  const f = await fn(name);
  return f(doc, options, { document: { data: doc }, path: [], rule: { name } }) ?? [];
}

const doc = (body: string, version = '3.1.0') => `openapi: ${version}\ninfo: {title: T, version: 1.0.0}\n${body}`;

describe('casing helpers', () => {
  it.each([
    ['orderId', 'camel', [], true],
    ['OrderId', 'camel', [], false],
    ['userID', 'camel', [], false],
    ['userID', 'camel', ['ID'], true],
    ['externalIPs', 'camel', ['IP'], true],
    ['idToken', 'camel', ['ID'], true],
    ['HTTPRoute', 'pascal', ['HTTP'], true],
    ['HTTPRoute', 'pascal', [], false],
    ['payment_intent', 'snake', [], true],
    ['payment-intent', 'kebab', [], true],
    ['ORDER_STATUS', 'macro', [], true],
    ['X-RateLimit-Limit', 'header', [], true],
    ['ETag', 'header', [], true],
    ['x-request-id', 'header', [], false],
    ['Content_Type', 'header', [], false],
  ])('%s is %s (acronyms %j): %s', (name, casing, acronyms, want) => {
    expect(casingLib.matchesCasing(name, casing, acronyms)).toBe(want);
  });

  it.each([
    [['orderId', 'createdAt', 'total_amount', 'limit'], 'camel'],
    [['page_size', 'starting_after', 'pageSize'], 'snake'],
    [['limit', 'offset'], undefined],
  ])('dominant casing of %j is %s', (names, want) => {
    expect((casingLib.dominantCasing(names, []) as { casing?: string } | undefined)?.casing).toBe(want);
  });

  it('strips decorations that are not part of a name', () => {
    expect(['_links', '@type', '$ref', 'expand[]', 'created[gte]'].map((n) => casingLib.coreName(n))).toEqual(['links', 'type', 'ref', 'expand', 'created']);
  });
});

describe('plural collection names', () => {
  it.each([
    ['orders', true],
    ['order', false],
    ['payment-intents', true],
    ['people', true],
    ['status', true], // uncountable/exception handled by the caller's list, but 'us' ending is not plural
    ['addresses', true],
    ['topics', true],
    ['analysis', false],
    ['metadata', true],
    ['v1', true],
  ])('%s looks plural: %s', (seg, want) => {
    const exceptions = ['status'];
    expect(pathsLib.looksPlural(seg, exceptions)).toBe(want);
  });
});

describe('status keys', () => {
  it.each([
    [['200', '404'], ['404'], true],
    [['200', '4XX'], ['400', '4XX'], true],
    [['200', '503'], ['5xx'], true],
    [['200', '5XX'], ['5xx'], true],
    [['200', 'default'], ['5xx'], false],
    [['200', 'default'], ['default'], true],
  ])('keys %j satisfy %j: %s', (keys, want, ok) => {
    expect(styleLib.hasStatus(keys, want)).toBe(ok);
  });
});

describe('example validation', () => {
  const root30 = parseYaml(
    doc(
      `paths: {}
components:
  schemas:
    Order:
      type: object
      required: [id, total]
      properties:
        id: {type: string, readOnly: true}
        total: {type: number, minimum: 0, exclusiveMinimum: true}
        note: {type: string, nullable: true}
        customer: {$ref: '#/components/schemas/Customer', nullable: true}
      additionalProperties: false
    Customer:
      type: object
      properties:
        name: {type: string}
    Pet:
      oneOf:
        - $ref: '#/components/schemas/Cat'
        - $ref: '#/components/schemas/Dog'
      discriminator: {propertyName: kind, mapping: {cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog'}}
    Cat: {type: object, required: [kind, lives], properties: {kind: {type: string}, lives: {type: integer}}}
    Dog: {type: object, required: [kind], properties: {kind: {type: string}, bark: {type: boolean}}}
    When: {type: string, format: date-time}
    Ref30: {$ref: '#/components/schemas/Customer', maxLength: 1}
`,
      '3.0.3',
    ),
  ) as { components: { schemas: Record<string, unknown> } };
  const S = root30.components.schemas;

  it.each([
    ['a request may omit a required readOnly property', 'Order', { total: 1 }, 'request', undefined],
    ['a response may not', 'Order', { total: 1 }, 'response', "(root) must have the required property 'id'"],
    ['3.0 boolean exclusiveMinimum', 'Order', { id: 'a', total: 0 }, 'response', '/total must be > 0'],
    ['3.0 nullable with type', 'Order', { id: 'a', total: 1, note: null }, 'response', undefined],
    ['nullable next to $ref is taken at its word', 'Order', { id: 'a', total: 1, customer: null }, 'response', undefined],
    ['additionalProperties false', 'Order', { id: 'a', total: 1, extra: 1 }, 'response', "(root) must not have the additional property 'extra'"],
    ['nested type error has its instance path', 'Order', { id: 'a', total: 1, customer: { name: 3 } }, 'response', '/customer/name must be string (is integer)'],
    ['discriminator picks the mapped alternative', 'Pet', { kind: 'cat' }, 'any', "(root) must have the required property 'lives'"],
    ['discriminator: the right one passes', 'Pet', { kind: 'dog', bark: true }, 'any', undefined],
    ['date-time format', 'When', '2024-06-05', 'any', '(root) must be a valid date-time'],
    ['date-time ok', 'When', '2024-06-05T10:00:00Z', 'any', undefined],
    ['3.0 ignores keywords next to $ref', 'Ref30', { name: 'long name' }, 'any', undefined],
  ])('%s', (_label, name, value, mode, want) => {
    const r = ex.validateExample(root30, S[name], value, mode);
    expect(r?.message).toBe(want);
  });

  it('3.1: type arrays with null, $ref siblings apply, prefixItems', () => {
    const root31 = parseYaml(
      doc(`paths: {}
components:
  schemas:
    A: {type: [string, 'null']}
    B: {$ref: '#/components/schemas/A', maxLength: 2}
    T: {type: array, prefixItems: [{type: integer}, {type: string}]}
`),
    ) as { components: { schemas: Record<string, unknown> } };
    const s = root31.components.schemas;
    expect(ex.validateExample(root31, s.A, null, 'any')).toBeUndefined();
    expect(ex.validateExample(root31, s.B, 'abc', 'any')?.message).toBe('(root) must have at most 2 characters');
    expect(ex.validateExample(root31, s.T, [1, 2], 'any')?.message).toBe('/1 must be string (is integer)');
  });

  it('parameter values written as text are coerced', () => {
    const root = parseYaml(doc('paths: {}')) as object;
    expect(ex.validateExample(root, { type: 'boolean' }, 'true', 'request', true)).toBeUndefined();
    expect(ex.validateExample(root, { type: 'integer', maximum: 10 }, '42', 'request', true)?.message).toBe('(root) must be <= 10');
    expect(ex.validateExample(root, { type: 'array', items: { type: 'integer' } }, '1,2', 'request', true)).toBeUndefined();
    expect(ex.validateExample(root, { type: 'boolean' }, 'true', 'request', false)?.message).toBe('(root) must be boolean (is string)');
  });

  it('an unresolvable $ref or an invalid pattern never produces a finding', () => {
    const root = parseYaml(doc('paths: {}')) as object;
    expect(ex.validateExample(root, { $ref: '#/nowhere' }, 1, 'any')).toBeUndefined();
    expect(ex.validateExample(root, { type: 'string', pattern: '([' }, 'x', 'any')).toBeUndefined();
  });
});

describe('reference index', () => {
  it('finds references where they are, skips example data, knows schema positions', () => {
    const root = parseYaml(
      doc(`paths:
  /a:
    get:
      responses:
        '200': {$ref: '#/components/responses/R'}
components:
  responses:
    R:
      description: r
      content:
        application/json:
          schema: {$ref: '#/components/schemas/A'}
          examples:
            e: {value: {$ref: 'not-a-reference'}}
  schemas:
    A:
      type: object
      properties:
        example: {$ref: '#/components/schemas/B'}
      example: {$ref: 'data'}
    B: {type: string}
`),
    );
    const idx = refsLib.refIndex(root) as { nodes: Array<{ path: string[]; inSchema: boolean }>; targets: Set<string> };
    expect(idx.nodes.map((n) => [n.path.join('/'), n.inSchema]).sort()).toEqual([
      ['components/responses/R/content/application/json/schema', true],
      ['components/schemas/A/properties/example', true],
      ['paths//a/get/responses/200', false],
    ]);
    expect([...idx.targets].sort()).toEqual(['#/components/responses/R', '#/components/schemas/A', '#/components/schemas/B']);
  });
});

describe('style rule functions', () => {
  it('path ambiguity: only pairs where neither path is more specific', async () => {
    const r = await run(
      'stylePathAmbiguity',
      doc(`paths:
  /users/me: {}
  /users/{id}: {}
  /{entity}/me: {}
  /books/{id}: {}
  /books/{id}/pages: {}
`),
    );
    expect(r.map((x) => x.path[1])).toEqual(['/books/{id}']);
    expect(r[0]!.message).toContain('/{entity}/me');
  });

  it('path ambiguity: the same findings as comparing every pair, on random path sets', async () => {
    // the definition, pair by pair: a request can match both, and each is more specific somewhere
    const pairwise = (keys: string[]): string[] => {
      const segs = (k: string) =>
        k
          .slice(1)
          .split('/')
          .map((x) => (/^\{[^}]*\}$/.test(x) ? null : x));
      const shapes = new Set(
        keys.map((k) =>
          segs(k)
            .map((x) => x ?? '{}')
            .join('/'),
        ),
      );
      const out: string[] = [];
      const reported = new Set<string>();
      const lengths = [...new Set(keys.map((k) => segs(k).length))];
      for (const len of lengths) {
        const list = keys.filter((k) => segs(k).length === len && segs(k).includes(null));
        for (let i = 0; i < list.length; i++) {
          for (let j = i + 1; j < list.length; j++) {
            const a = segs(list[i]!);
            const b = segs(list[j]!);
            const overlap = a.every((x, k) => x === null || b[k] === null || x === b[k]);
            const aMore = a.some((x, k) => x !== null && b[k] === null);
            const bMore = a.some((x, k) => x === null && b[k] !== null);
            if (!overlap || !aMore || !bMore || reported.has(list[j]!)) continue;
            if (shapes.has(a.map((x, k) => x ?? b[k] ?? '{}').join('/'))) continue;
            reported.add(list[j]!);
            out.push(`${list[j]} ~ ${list[i]}`);
          }
        }
      }
      return out;
    };
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const words = ['a', 'b', 'me', 'users'];
    for (let t = 0; t < 300; t++) {
      const keys = [
        ...new Set(
          Array.from({ length: 1 + Math.floor(rnd() * 14) }, () => {
            const n = 1 + Math.floor(rnd() * 3);
            return '/' + Array.from({ length: n }, () => (rnd() < 0.4 ? `{p${Math.floor(rnd() * 2)}}` : words[Math.floor(rnd() * words.length)])).join('/');
          }),
        ),
      ];
      const r = await run('stylePathAmbiguity', doc(`paths:\n${keys.map((k) => `  ${k}: {}`).join('\n')}\n`));
      const got = r.map((x) => `${x.path[1]} ~ ${/ambiguous with (\S+):/.exec(x.message)![1]}`);
      expect(got, keys.join(' ')).toEqual(pairwise(keys));
    }
  });

  it('path parameter names: same position under the same prefix, path-level and $ref params alike', async () => {
    const r = await run(
      'stylePathParamNames',
      doc(`paths:
  /orders/{orderId}: {}
  /orders/{orderId}/items/{itemId}: {}
  /orders/{id}/notes: {}
  /customers/{id}: {}
`),
    );
    expect(r.map((x) => x.path[1])).toEqual(['/orders/{id}/notes']);
  });

  it('name casing covers path-level and referenced parameters, once each', async () => {
    const r = await run(
      'styleNameCasing',
      doc(`paths:
  /orders/{orderId}/items/{item_id}:
    parameters:
      - {name: orderId, in: path, required: true, schema: {type: string}}
      - $ref: '#/components/parameters/ItemId'
    get:
      parameters:
        - $ref: '#/components/parameters/ItemId'
      responses: {'200': {description: ok}}
    delete:
      responses: {'204': {description: ok}}
components:
  parameters:
    ItemId: {name: item_id, in: path, required: true, schema: {type: string}}
`),
      { targets: ['path-params'], casing: 'camel' },
    );
    expect(r).toEqual([{ message: "Path parameter 'item_id' is not camelCase; use camelCase.", path: ['components', 'parameters', 'ItemId', 'name'] }]);
  });

  it('name casing auto follows the majority and names it', async () => {
    const r = await run(
      'styleNameCasing',
      doc(`paths: {}
components:
  schemas:
    A:
      type: object
      properties: {created_at: {type: string}, updated_at: {type: string}, deletedAt: {type: string}, _links: {type: object}}
`),
      { targets: ['properties'], casing: 'auto' },
    );
    expect(r.map((x) => x.path.at(-1))).toEqual(['deletedAt']);
    expect(r[0]!.message).toBe("Property 'deletedAt' is camelCase; use snake_case like most names of its kind in this API (2 of 3 multi-word names).");
  });

  it('required properties: allOf, oneOf branches and the composing schema count', async () => {
    const r = await run(
      'styleRequiredDefined',
      doc(`paths: {}
components:
  schemas:
    Base: {type: object, properties: {id: {type: string}}}
    Ext:
      allOf:
        - $ref: '#/components/schemas/Base'
        - type: object
          required: [id, name, ghost]
          properties: {name: {type: string}}
    Either:
      type: object
      properties: {email: {type: string}, phone: {type: string}}
      oneOf:
        - required: [email]
        - required: [phone]
`),
    );
    expect(r.map((x) => x.message)).toEqual(["Required property 'ghost' is not defined in properties."]);
  });

  it('required properties: not, if/then/else and dependentSchemas name the properties of the schema holding them', async () => {
    const r = await run(
      'styleRequiredDefined',
      doc(`paths: {}
components:
  schemas:
    Contact:
      type: object
      properties: {email: {type: string}, phone: {type: string}, country: {type: string}, zip: {type: string}}
      not: {required: [email, phone]}
      if: {required: [country]}
      then: {required: [zip]}
      else: {required: [ghost]}
      dependentSchemas:
        phone: {required: [country]}
`),
    );
    expect(r.map((x) => [x.path.join('/'), x.message])).toEqual([['components/schemas/Contact/else/required/0', "Required property 'ghost' is not defined in properties."]]);
  });

  it('discriminator: property required in each member; mapping targets exist', async () => {
    const r = await run(
      'styleDiscriminator',
      doc(`paths: {}
components:
  schemas:
    Pet:
      oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}]
      discriminator: {propertyName: kind, mapping: {cat: Cat, dog: '#/components/schemas/Dog', bird: Bird}}
    Cat: {type: object, required: [kind], properties: {kind: {type: string}}}
    Dog: {type: object, properties: {kind: {type: string}}}
`),
    );
    expect(r.map((x) => x.message)).toEqual(["Dog does not require the discriminator property 'kind'.", "Discriminator mapping 'bird' points to 'Bird', which does not exist."]);
  });

  it('error schema: minority reported against a majority; no majority gives one finding', async () => {
    const responses = (refs: string[]) =>
      refs.map((r, i) => `        '${400 + i}':\n          description: e\n          content:\n            application/json:\n              schema: {$ref: '#/components/schemas/${r}'}`).join('\n');
    const schemas = `components:\n  schemas:\n    Problem: {type: object}\n    Other: {type: object}\n    Third: {type: object}\n    Ext: {allOf: [{$ref: '#/components/schemas/Problem'}, {type: object}]}\n`;
    const withMajority = await run('styleErrorSchemaShared', doc(`paths:\n  /a:\n    get:\n      responses:\n${responses(['Problem', 'Ext', 'Problem', 'Other'])}\n${schemas}`), {});
    expect(withMajority.map((x) => x.message)).toEqual(["Error response 403 uses the schema Other; the API's error schema is Problem."]);
    const none = await run('styleErrorSchemaShared', doc(`paths:\n  /a:\n    get:\n      responses:\n${responses(['Problem', 'Other', 'Third'])}\n${schemas}`), {});
    expect(none).toHaveLength(1);
    expect(none[0]!.message).toMatch(/^No shared error schema: the 3 error bodies use 3 different schemas/);
  });

  it('expected responses: one finding for an API-wide convention, per operation otherwise', async () => {
    const ops = (codes: string[][]) => `paths:\n${codes.map((c, i) => `  /r${i}/{id}:\n    get:\n      responses:\n${c.map((k) => `        '${k}': {description: x}`).join('\n')}`).join('\n')}`;
    const all = await run('styleExpectedResponses', doc(ops([['200'], ['200'], ['200']])), { when: 'itemPath', expect: ['404'] });
    expect(all).toEqual([{ message: 'None of the 3 operations this applies to documents a 404 response.', path: ['paths'] }]);
    const some = await run('styleExpectedResponses', doc(ops([['200', '404'], ['200'], ['200', '4XX']])), { when: 'itemPath', expect: ['404', '4XX'] });
    expect(some.map((x) => x.path)).toEqual([['paths', '/r1/{id}', 'get', 'responses']]);
    const set = await run('styleExpectedResponses', doc(ops([['200', '500'], ['200', 'default'], ['200']])), { when: 'serverErrors', expectAll: ['500', '502', '503'] });
    expect(set.map((x) => x.message)).toEqual(['GET /r0/{id} does not document 502, 503 (has 200, 500).']);
  });

  it('POST on a collection must create with 201; actions are not judged', async () => {
    const r = await run(
      'styleCreateResponse',
      doc(`paths:
  /orders:
    get: {responses: {'200': {description: ok}}}
    post: {responses: {'200': {description: ok}}}
  /orders/{id}/cancel:
    post: {responses: {'200': {description: ok}}}
  /search:
    post: {responses: {'200': {description: ok}}}
  /invoices:
    post: {responses: {'201': {description: ok}}}
  /invoices/{id}:
    get: {responses: {'200': {description: ok}}}
`),
      {},
    );
    expect(r.map((x) => x.path.slice(0, 3))).toEqual([['paths', '/orders', 'post']]);
  });

  it('POST on one existing resource is an action: a verb-led segment, or a GET that answers with one object', async () => {
    const obj = "{'200': {description: ok, content: {application/json: {schema: {type: object, properties: {enabled: {type: boolean}}}}}}}";
    const page = "{'200': {description: ok, content: {application/json: {schema: {type: object, properties: {items: {type: array, items: {type: object}}}}}}}}";
    const r = await run(
      'styleCreateResponse',
      doc(`paths:
  /repos/{owner}/{repo}/branches/{branch}/protection/enforce_admins:
    get: {responses: ${obj}}
    post: {responses: ${obj}}
  /repos/{owner}/{repo}/required_signatures:
    get: {responses: ${obj}}
    post: {responses: ${obj}}
  /repos/{owner}/{repo}/hooks:
    get: {responses: ${page}}
    post: {responses: ${obj}}
`),
      {},
    );
    expect(r.map((x) => [x.path.join('/'), x.message])).toEqual([
      ['paths//repos/{owner}/{repo}/hooks/post/responses', 'POST /repos/{owner}/{repo}/hooks creates a member of a collection but documents no 201 Created (or 202 Accepted) response (has 200).'],
    ]);
  });

  it('GET whose only success is 204 (an existence check answering 204 or 404) needs no 200', async () => {
    const r = await run(
      'styleExpectedResponses',
      doc(`paths:
  /orgs/{org}/members/{username}:
    get: {responses: {'204': {description: member}, '404': {description: not a member}}}
  /orgs/{org}/teams:
    get: {responses: {'201': {description: odd}, '404': {description: none}}}
`),
      { methods: ['get', 'query'], expect: ['200'], exemptRedirects: true, exemptNoContent: true, onlyWithSuccess: true, what: '200 OK' },
    );
    expect(r.map((x) => [x.path.join('/'), x.message])).toEqual([['paths//orgs/{org}/teams/get/responses', 'GET /orgs/{org}/teams documents no 200 OK response (has 201, 404).']]);
  });

  it('versioning: strategies detected and the minority reported', async () => {
    const r = await run(
      'styleVersionSingleStrategy',
      doc(`servers: [{url: 'https://api.example.com/v1'}]
paths:
  /orders:
    get:
      parameters: [{name: Api-Version, in: header, schema: {type: string}}]
      responses: {'200': {description: ok}}
  /customers:
    get:
      parameters: [{name: api-version, in: query, schema: {type: string}}]
      responses: {'200': {description: ok}}
  /v1/things:
    get: {responses: {'200': {description: ok}}}
`),
      { strategy: 'auto' },
    );
    expect(r.map((x) => x.path.join('/')).sort()).toEqual(['paths//customers/get/parameters/0/name', 'paths//orders/get/parameters/0/name']);
    const fmt = await run('styleVersionPathFormat', doc(`servers: [{url: 'https://x.example.com/api/v1'}]\npaths:\n  /v1.2/a: {}\n`), {});
    expect(fmt.map((x) => x.message)).toEqual([
      "Version segment 'v1.2' does not match ^v[0-9]+((alpha|beta)[0-9]*)?$; use the major version only, e.g. 'v1'.",
      "The version is in the server URL ('v1') and in paths ('v1.2'); put it in one place.",
    ]);
  });

  it('$ref siblings: all ignored in 3.0; in 3.1 only outside schemas; path items exempt', async () => {
    const body = `paths:
  /a:
    $ref: '#/components/pathItems/A'
    summary: path items may combine
components:
  pathItems:
    A: {get: {responses: {'200': {$ref: '#/components/responses/R', description: d, x-note: n}}}}
  responses:
    R: {description: r}
  schemas:
    S:
      type: object
      properties:
        c: {$ref: '#/components/schemas/T', nullable: true}
    T: {type: object}
`;
    const r30 = await run('styleRefSiblings', doc(body, '3.0.3'));
    expect(r30.map((x) => x.message).sort()).toEqual(["'description', 'x-note' are ignored next to $ref in OpenAPI 3.0.", "'nullable' is ignored next to $ref in OpenAPI 3.0."]);
    const r31 = await run('styleRefSiblings', doc(body, '3.1.0'));
    expect(r31.map((x) => x.message)).toEqual(["'x-note' is ignored next to a $ref outside a schema."]);
  });

  it('unused components: referenced, discriminator-mapped and library documents', async () => {
    const r = await run(
      'styleUnusedComponents',
      doc(`paths:
  /a: {get: {responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}}}}
components:
  schemas:
    Pet: {oneOf: [{$ref: '#/components/schemas/Cat'}], discriminator: {propertyName: k, mapping: {dog: Dog}}}
    Cat: {type: object}
    Dog: {type: object}
    Lost: {type: object}
  securitySchemes:
    key: {type: apiKey, in: header, name: Key}
`),
      {},
    );
    expect(r.map((x) => x.path.join('/'))).toEqual(['components/schemas/Lost']);
    expect(await run('styleUnusedComponents', doc('components: {schemas: {Lost: {type: object}}}'), {})).toEqual([]);
  });

  it('unused components: a schema or response referenced only from a `default` response is used', async () => {
    // `default` is a data keyword in a schema, but a Response in a Responses Object.
    const r = await run(
      'styleUnusedComponents',
      doc(`paths:
  /a:
    get:
      responses:
        default: {$ref: '#/components/responses/Failure'}
    post:
      responses:
        default:
          description: failed
          content: {application/json: {schema: {$ref: '#/components/schemas/Error'}}}
components:
  responses:
    Failure: {description: f}
    default:
      description: a response named default
      content: {application/json: {schema: {$ref: '#/components/schemas/Detail'}}}
  schemas:
    Error: {type: object}
    Detail: {type: object}
    Value: {type: object, default: {$ref: '#/components/schemas/Lost'}}
    Lost: {type: object}
`),
      {},
    );
    expect(r.map((x) => x.path.join('/')).sort()).toEqual(['components/responses/default', 'components/schemas/Lost', 'components/schemas/Value']);
  });

  it('unused components: every place a component of each type is referenced from counts, whatever the names in its map', async () => {
    // `default`, `example`, `enum` and `const` are data keywords in a schema, and names chosen by the
    // author in maps of examples, headers, links, content, callbacks, encodings and components.
    const r = await run(
      'styleUnusedComponents',
      doc(`paths:
  /pets/{id}:
    parameters: [{$ref: '#/components/parameters/default'}]
    get:
      parameters:
        - name: q
          in: query
          schema: {type: string}
          examples:
            default: {$ref: '#/components/examples/Q'}
      requestBody: {$ref: '#/components/requestBodies/example'}
      callbacks:
        const: {$ref: '#/components/callbacks/Ev'}
      responses:
        '200':
          description: ok
          headers:
            example: {$ref: '#/components/headers/Rate'}
            X-Other:
              schema: {type: string}
              examples: {enum: {$ref: '#/components/examples/H'}}
          links:
            default: {$ref: '#/components/links/Self'}
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Pet'}
              examples:
                default: {$ref: '#/components/examples/Cat'}
                enum: {$ref: '#/components/examples/Dog'}
        default: {$ref: '#/components/responses/enum'}
webhooks:
  example: {$ref: '#/components/pathItems/Hook'}
components:
  schemas:
    Pet: {type: object}
  parameters:
    default: {name: id, in: path, required: true, schema: {type: string}}
  examples:
    Q: {value: x}
    H: {value: '1'}
    Cat: {value: {}}
    Dog: {value: {}}
    Unused: {value: {}}
  requestBodies:
    example: {content: {application/json: {schema: {type: object}}}}
  headers:
    Rate: {schema: {type: integer}}
  links:
    Self: {operationId: getPet}
  callbacks:
    Ev:
      '{$request.body#/url}':
        post: {responses: {'200': {description: ok}}}
  responses:
    enum: {description: err}
  pathItems:
    Hook: {post: {responses: {'200': {description: ok}}}}
`),
      {},
    );
    expect(r.map((x) => [x.path.join('/'), x.message])).toEqual([['components/examples/Unused', "Example 'Unused' is never referenced."]]);
  });

  it('enum casing: consistent within each enum; codes of other standards and acronyms accepted', async () => {
    const body = `paths: {}
components:
  schemas:
    Status: {type: string, enum: [open, in_progress, DONE]}
    Locale: {type: string, enum: [en-GB, de-DE, fr]}
    Kind: {type: string, enum: [OutboundAPI, InboundCall]}
    Zone: {type: string, enum: [Europe/Berlin, America/New_York, Cuba]}
    Unit: {type: string, enum: [bytes, GB]}
`;
    const r = await run('styleEnumCasing', doc(body), { casing: 'auto', scope: 'enum' });
    expect(r.map((x) => [x.path.join('/'), x.message])).toEqual([['components/schemas/Status/enum', "Enum value 'DONE' is not snake_case like the other values of this enum."]]);
    const pinned = await run('styleEnumCasing', doc(body), { casing: 'macro' });
    expect(pinned.map((x) => x.path[2]).sort()).toEqual(['Kind', 'Status']);
  });

  it('OpenAPI 3.2: QUERY and additionalOperations are operations; webhooks are not judged for status codes', async () => {
    const body = `paths:
  /orders/{id}:
    query:
      requestBody: {content: {application/json: {schema: {type: object}}}}
      responses: {'201': {description: odd}}
    additionalOperations:
      LINK:
        summary: Link an order
        responses: {'204': {description: linked}}
webhooks:
  orderShipped:
    get: {responses: {'201': {description: ok}}}
`;
    const get200 = await run('styleExpectedResponses', doc(body, '3.2.0'), { methods: ['get', 'query'], expect: ['200'], onlyWithSuccess: true });
    expect(get200.map((x) => x.path.slice(0, 3))).toEqual([['paths', '/orders/{id}', 'query']]);
    const input = await run('styleExpectedResponses', doc(body, '3.2.0'), { when: 'input', expect: ['400'] });
    expect(input.map((x) => x.path[2])).toEqual(['query']);
    const summaries = await run('styleOperationField', doc(body, '3.2.0'), { field: 'summary' });
    expect(summaries.map((x) => x.path.join('/')).sort()).toEqual(['paths//orders/{id}/query', 'webhooks/orderShipped/get']);
  });

  it('status codes: registered codes, ranges and default are fine', async () => {
    const r = await run(
      'styleStatusCodes',
      doc(`paths:\n  /a:\n    get:\n      responses: {'200': {description: a}, '4XX': {description: b}, '420': {description: c}, default: {description: d}}\n`),
      {},
    );
    expect(r.map((x) => x.path.at(-1))).toEqual(['420']);
  });
});

describe('robustness: style functions never throw on odd documents', async () => {
  const names = readdirSync(FN_DIR)
    .filter((f) => /^style[A-Z]\w*\.js$/.test(f))
    .map((f) => f.slice(0, -3));
  const styleYaml = parseYaml((await import('node:fs')).readFileSync(path.join(RULESETS_DIR, 'core/style.yaml'), 'utf8')) as {
    rules: Record<string, { then: { function: string; functionOptions?: unknown } | Array<{ function: string; functionOptions?: unknown }> }>;
  };
  const optionsOf = new Map<string, unknown[]>();
  for (const r of Object.values(styleYaml.rules))
    for (const t of Array.isArray(r.then) ? r.then : [r.then]) optionsOf.set(t.function, [...(optionsOf.get(t.function) ?? []), t.functionOptions ?? null]);
  const odd: unknown[] = [
    null,
    {},
    { openapi: '3.0.0', paths: [] },
    { openapi: '3.1.0', paths: { '/a': null, '/b/{': { get: 'x' }, x: { get: {} } }, components: { schemas: { A: null, B: { $ref: '#/components/schemas/B' }, C: { properties: { $ref: 5 } } } } },
    {
      openapi: '3.0.0',
      paths: { '/a': { get: { parameters: [null, { $ref: '#/nope' }, { name: 5, in: 'query' }], responses: { 200: null, 400: { content: { 'application/json': { schema: { type: 'array' } } } } } } } },
    },
    { openapi: '3.1.0', info: { version: 3 }, servers: [{ url: 7 }], tags: 'x', webhooks: { w: { post: { responses: [] } } } },
  ];
  it.each(names)('%s', async (name) => {
    const f = await fn(name);
    for (const d of odd) {
      for (const o of optionsOf.get(name) ?? [null]) {
        expect(() => f(d, o, { document: { data: d }, path: [], rule: { name } })).not.toThrow();
      }
    }
  });
});

describe('new rules', async () => {
  const styleRules = (
    parseYaml((await import('node:fs')).readFileSync(path.join(RULESETS_DIR, 'core/style.yaml'), 'utf8')) as {
      rules: Record<string, { then: { function: string; functionOptions?: unknown } }>;
    }
  ).rules;
  const configured = (id: string) => styleRules[id].then;
  const pinned = (r: Result[]) => r.map((x) => [x.path.join('/'), x.message]);

  it('schema-keywords-consistent: type vs object/array keywords, bounds, default/const vs enum, identical oneOf branches', async () => {
    expect(configured('schema-keywords-consistent').function).toBe('styleSchemaKeywords');
    const body = `paths: {}
components:
  schemas:
    Cat:
      type: object
      properties:
        name: {type: string}
    Dog:
      type: object
      properties:
        bark: {type: boolean}
    Pet:
      oneOf:
        - $ref: '#/components/schemas/Cat'
        - $ref: '#/components/schemas/Dog'
        - $ref: '#/components/schemas/Cat'
        - type: object
          properties:
            name: {type: string}
    Text:
      type: string
      properties:
        a: {type: string}
      required: [a]
      additionalProperties: false
    Tags:
      type: [string, 'null']
      items: {type: string}
    Range:
      type: object
      properties:
        qty: {type: integer, minimum: 10, maximum: 5}
        open: {type: number, exclusiveMinimum: 5, maximum: 5}
        upper: {type: number, minimum: 2, exclusiveMaximum: 2}
        code: {type: string, minLength: 8, maxLength: 4}
        list: {type: array, items: {type: string}, minItems: 3, maxItems: 2}
        bag: {type: object, minProperties: 4, maxProperties: 1}
        status: {type: string, enum: [open, shipped], default: pending}
        kind: {type: string, enum: [a, b], const: c}
`;
    const r = await run('styleSchemaKeywords', doc(body));
    expect(pinned(r).sort()).toEqual(
      [
        [
          'components/schemas/Pet/oneOf/2',
          "oneOf branch 2 ($ref '#/components/schemas/Cat') is identical to branch 0 ($ref '#/components/schemas/Cat'): a value that matches one matches both, so oneOf rejects it.",
        ],
        ['components/schemas/Pet/oneOf/3', "oneOf branch 3 (inline schema) is identical to branch 0 ($ref '#/components/schemas/Cat'): a value that matches one matches both, so oneOf rejects it."],
        ['components/schemas/Text/properties', "type 'string' excludes objects, so 'properties' never applies."],
        ['components/schemas/Text/required', "type 'string' excludes objects, so 'required' never applies."],
        ['components/schemas/Text/additionalProperties', "type 'string' excludes objects, so 'additionalProperties' never applies."],
        ['components/schemas/Tags/items', "type [string, null] excludes arrays, so 'items' never applies."],
        ['components/schemas/Range/properties/qty/minimum', 'minimum 10 is greater than maximum 5: no value satisfies both.'],
        ['components/schemas/Range/properties/open/exclusiveMinimum', 'exclusiveMinimum 5 is not below maximum 5: no value satisfies both.'],
        ['components/schemas/Range/properties/upper/minimum', 'minimum 2 is not below exclusiveMaximum 2: no value satisfies both.'],
        ['components/schemas/Range/properties/code/minLength', 'minLength 8 is greater than maxLength 4: no value satisfies both.'],
        ['components/schemas/Range/properties/list/minItems', 'minItems 3 is greater than maxItems 2: no value satisfies both.'],
        ['components/schemas/Range/properties/bag/minProperties', 'minProperties 4 is greater than maxProperties 1: no value satisfies both.'],
        ['components/schemas/Range/properties/status/default', 'default "pending" is not one of the enum values ["open", "shipped"].'],
        ['components/schemas/Range/properties/kind/const', 'const "c" is not one of the enum values ["a", "b"].'],
      ].sort(),
    );
  });

  it('schema-keywords-consistent: the 3.0 boolean exclusive bounds', async () => {
    const body = `paths: {}
components:
  schemas:
    Above: {type: number, minimum: 5, exclusiveMinimum: true, maximum: 5}
    Below: {type: number, minimum: 5, maximum: 5, exclusiveMaximum: true}
    Point: {type: number, minimum: 5, maximum: 5, exclusiveMinimum: false}
`;
    const r = await run('styleSchemaKeywords', doc(body, '3.0.3'));
    expect(pinned(r).sort()).toEqual([
      ['components/schemas/Above/minimum', 'minimum 5 (exclusiveMinimum: true) is not below maximum 5: no value satisfies both.'],
      ['components/schemas/Below/minimum', 'minimum 5 is not below maximum 5 (exclusiveMaximum: true): no value satisfies both.'],
    ]);
  });

  it('schema-keywords-consistent: consistent schemas do not fire', async () => {
    const body = `paths: {}
components:
  schemas:
    Cat: {type: object, properties: {name: {type: string}}}
    Dog: {type: object, properties: {bark: {type: boolean}}}
    Pet:
      oneOf:
        - $ref: '#/components/schemas/Cat'
        - $ref: '#/components/schemas/Dog'
        - {$ref: '#/components/schemas/Cat', description: a $ref with a sibling is not bare}
    Never:
      oneOf: [false, false, {type: string}]
    Flexible: {type: [object, array], properties: {a: {type: string}}, required: [a], items: {type: string}}
    Point: {type: number, minimum: 3, maximum: 3}
    Window: {type: number, exclusiveMinimum: 1, exclusiveMaximum: 2}
    Code: {type: string, minLength: 4, maxLength: 4}
    Choice: {type: object, enum: [{a: 1}, {b: [1, 2]}], default: {b: [1, 2]}}
    Fixed: {type: string, enum: [a, b], const: b}
    Loose: {type: string, required: true}
`;
    expect(await run('styleSchemaKeywords', doc(body))).toEqual([]);
    // 3.0: a nullable enum's default null is left alone
    expect(await run('styleSchemaKeywords', doc(`paths: {}\ncomponents:\n  schemas:\n    S: {type: string, nullable: true, enum: [a, b], default: null}\n`, '3.0.3'))).toEqual([]);
  });

  it('example-value-or-external: Example Objects with both value and externalValue, everywhere, once each', async () => {
    expect(configured('example-value-or-external').function).toBe('styleExampleValueExternal');
    const body = `paths:
  /a:
    parameters:
      - name: q
        in: query
        schema: {type: string}
        examples:
          both: {value: x, externalValue: https://example.com/q.txt}
          ok: {value: y}
    get:
      parameters:
        - name: f
          in: query
          content:
            application/json:
              schema: {type: object}
              examples:
                both: {value: {}, externalValue: https://example.com/f.json}
      responses:
        '200':
          description: ok
          headers:
            X-Rate:
              schema: {type: integer}
              examples:
                both: {value: 1, externalValue: https://example.com/r.txt}
          content:
            application/json:
              schema: {type: object}
              examples:
                shared: {$ref: '#/components/examples/Shared'}
                inline: {value: {a: 1}, externalValue: https://example.com/a.json}
                external: {externalValue: https://example.com/b.json}
    post:
      requestBody: {$ref: '#/components/requestBodies/Body'}
      responses:
        '201':
          description: ok
          content:
            application/json:
              examples:
                shared: {$ref: '#/components/examples/Shared'}
components:
  examples:
    Shared: {value: {a: 1}, externalValue: https://example.com/s.json}
    Fine: {summary: fine, value: 1}
  requestBodies:
    Body:
      content:
        application/json:
          examples:
            nullValue: {value: null, externalValue: https://example.com/n.json}
    Unused:
      content:
        application/json:
          examples:
            both: {value: 1, externalValue: https://example.com/u.json}
  headers:
    H:
      schema: {type: string}
      examples:
        both: {value: a, externalValue: https://example.com/h.txt}
`;
    // 3.0: the schemas of 3.1 and 3.2 refuse both already (oas3-schema), so the rule stays quiet there
    expect(await run('styleExampleValueExternal', doc(body))).toEqual([]);
    const r = await run('styleExampleValueExternal', doc(body, '3.0.3'));
    const msg = (name: string) => `Example '${name}' has both value and externalValue: they are mutually exclusive.`;
    expect(pinned(r).sort()).toEqual(
      [
        ['components/examples/Shared', msg('Shared')],
        ['components/requestBodies/Body/content/application/json/examples/nullValue', msg('nullValue')],
        ['components/requestBodies/Unused/content/application/json/examples/both', msg('both')],
        ['paths//a/get/responses/200/content/application/json/examples/inline', msg('inline')],
        ['paths//a/parameters/0/examples/both', msg('both')],
        ['paths//a/get/parameters/0/content/application/json/examples/both', msg('both')],
        ['paths//a/get/responses/200/headers/X-Rate/examples/both', msg('both')],
        ['components/headers/H/examples/both', msg('both')],
      ].sort(),
    );
    const fine = `paths: {}\ncomponents:\n  examples:\n    A: {value: 1}\n    B: {externalValue: https://example.com/b.json}\n    C: {$ref: '#/components/examples/A'}\n`;
    expect(await run('styleExampleValueExternal', doc(fine, '3.0.3'))).toEqual([]);
  });

  it('component-description: one finding per component, or one per kind when none has a description', async () => {
    const { function: name, functionOptions } = configured('component-description');
    expect(name).toBe('styleComponentDescription');
    const body = `paths: {}
components:
  schemas:
    A: {type: string, title: A thing}
    B: {type: string, description: '  '}
    C: {type: string}
    D: {$ref: '#/components/schemas/C'}
    E: {type: string, x-apictl-ignore: {styleComponentDescription: generated}}
  parameters:
    P1: {name: a, in: query, schema: {type: string}}
    P2: {name: b, in: query, schema: {type: string}, description: The b filter.}
  responses:
    R1: {description: ''}
    R2: {description: ''}
    R3: {description: ''}
    R4: {$ref: '#/components/responses/R1'}
  requestBodies:
    Q1: {content: {application/json: {schema: {type: object}}}}
    Q2: {content: {application/json: {schema: {type: object}}}}
  headers:
    H1: {schema: {type: string}, description: Rate limit.}
  securitySchemes:
    key: {type: apiKey, name: k, in: header}
`;
    expect(pinned(await run(name, doc(body), functionOptions))).toEqual([
      // E is ignored by its author: the convention counts A, B and C; E's own finding is suppressed later
      ['components/schemas', 'No schema component has a description (3 schemas).'],
      ['components/schemas/E', "Schema component 'E' has no description."],
      // parameters and responses are left to parameter-description and response-description-not-empty
      ['components/requestBodies/Q1', "Request body component 'Q1' has no description."],
      ['components/requestBodies/Q2', "Request body component 'Q2' has no description."],
    ]);
    const fine = `paths: {}\ncomponents:\n  schemas:\n    A: {type: string, description: An identifier.}\n    B: {$ref: '#/components/schemas/A'}\n  headers:\n    H: {schema: {type: string}, description: Rate limit.}\n`;
    expect(await run(name, doc(fine), functionOptions)).toEqual([]);
  });

  it('description-duplicated: each operation after the first with the same text, white space collapsed', async () => {
    const { function: name, functionOptions } = configured('description-duplicated');
    expect(name).toBe('styleDescriptionDuplicated');
    const body = `paths:
  /a:
    get:
      description: Returns the list of all resources in the account.
      responses: {'200': {description: ok}}
    post:
      description: Short text here.
      responses: {'200': {description: ok}}
  /b:
    get:
      description: "  Returns the list of all\\n  resources in the account.  "
      responses: {'200': {description: ok}}
    put:
      description: Short text here.
      responses: {'200': {description: ok}}
    delete:
      description: Returns the list of all resources in the account
      responses: {'200': {description: ok}}
webhooks:
  hook:
    post:
      description: Returns the list of all resources in the account.
      responses: {'200': {description: ok}}
`;
    expect(pinned(await run(name, doc(body), functionOptions))).toEqual([
      ['paths//b/get/description', 'GET /b repeats the description of GET /a: say what this operation does.'],
      ['webhooks/hook/post/description', 'POST hook (webhook) repeats the description of GET /a: say what this operation does.'],
    ]);
    const fine = `paths:\n  /a:\n    get:\n      description: Lists the orders of the current customer.\n      responses: {'200': {description: ok}}\n    post:\n      description: Places an order for the current customer.\n      responses: {'201': {description: ok}}\n`;
    expect(await run(name, doc(fine), functionOptions)).toEqual([]);
  });

  it('operation-4xx-response: styleExpectedResponses with 4xx or default; one finding when no operation has one', async () => {
    const { function: name, functionOptions } = configured('operation-4xx-response');
    expect(name).toBe('styleExpectedResponses');
    const body = `paths:
  /a:
    get:
      responses: {'200': {description: ok}}
    post:
      responses: {'201': {description: ok}, '422': {description: invalid}}
    put:
      responses: {'200': {description: ok}, 4XX: {description: rejected}}
    delete:
      responses: {'204': {description: ok}, default: {description: error}}
    patch:
      responses: {'200': {description: ok}, '500': {description: error}}
webhooks:
  hook:
    post: {responses: {'200': {description: ok}}}
`;
    expect(pinned(await run(name, doc(body), functionOptions))).toEqual([
      ['paths//a/get/responses', 'GET /a documents no 4xx (client error) response (has 200).'],
      ['paths//a/patch/responses', 'PATCH /a documents no 4xx (client error) response (has 200, 500).'],
    ]);
    const none = `paths:
  /a:
    get: {responses: {'200': {description: ok}}}
    post: {responses: {'201': {description: ok}}}
  /b:
    get: {responses: {'200': {description: ok}}}
    delete:
      x-apictl-ignore: {styleExpectedResponses: internal, never called by clients}
      responses: {'204': {description: ok}}
`;
    expect(pinned(await run(name, doc(none), functionOptions))).toEqual([
      ['paths', 'None of the 3 operations this applies to documents a 4xx (client error) response.'],
      ['paths//b/delete/responses', 'DELETE /b documents no 4xx (client error) response (has 204).'],
    ]);
  });
});
