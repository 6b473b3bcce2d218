/**
 * Compliance rules (general): the parsers behind them (runtime expressions, media types, SPDX
 * expressions, name dictionaries), the cases the rule documentation does not show (callbacks,
 * webhooks, 3.2 operations, shared responses, Swagger 2.0 input reported at 2.0 lines), and that
 * no compliance function fails on odd input.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { lintSource, loadRuleset, type LoadedRuleset } from '../../src/lint/index.js';
// Plain-JS helpers of the rule functions.
// @ts-expect-error -- JavaScript module without type declarations
import * as lib from '../../rulesets/functions/lib/compliance.js';
import { parseMediaType } from '../../rulesets/functions/lib/http-syntax.js';
import { embeddedExpressions, parseRuntimeExpression } from '../../rulesets/functions/lib/links.js';
// @ts-expect-error -- JavaScript module without type declarations
import { checkSpdxExpression } from '../../rulesets/functions/licenseSpdx.js';

let rs: LoadedRuleset;
beforeAll(async () => {
  rs = await loadRuleset({ packs: [] });
});

interface Hit {
  code: string;
  message: string;
  path: string;
  line: number | undefined;
}

async function lint(text: string, ...codes: string[]): Promise<Hit[]> {
  const { findings } = await lintSource({ bytes: Buffer.from(text), displayPath: 'example.yaml' }, rs);
  return findings.filter((f) => codes.includes(f.code)).map((f) => ({ code: f.code, message: f.message, path: f.path.join('/'), line: f.range?.start.line }));
}

const HEAD = `info: {title: T, version: 1.0.0}\n`;

describe('runtime expressions', () => {
  it.each([
    ['$url', true],
    ['$method', true],
    ['$statusCode', true],
    ['$request.body', true],
    ['$request.body#/user/uuid', true],
    ['$request.body#/a~1b/~0c', true],
    ['$request.query.queryUrl', true],
    ['$request.path.id', true],
    ['$request.header.X-Request-ID', true],
    ['$response.header.Location', true],
    ['$response.body#/id', true],
    ['$request.body.callbackUrl', false],
    ['$request.body#user', false],
    ['$request.body#/a~2', false],
    ['$request.header.bad header', false],
    ['$request.cookie.session', false],
    ['$response.query.x', false],
    ['$requests.path.id', false],
    ['$request.path.', false],
  ])('%s → valid %s', (expr, ok) => {
    expect(parseRuntimeExpression(expr).ok).toBe(ok);
  });

  it('finds embedded expressions and unbalanced braces', () => {
    expect(embeddedExpressions('http://h?id={$request.body#/id}&e={$request.body#/email}').found.map((f: { expr: string }) => f.expr)).toEqual(['$request.body#/id', '$request.body#/email']);
    expect(embeddedExpressions('{$request.body#/url').error).toBeTruthy();
  });
});

describe('media types', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['application/json;stream=watch', true],
    ['multipart/form-data; boundary="a b"', true],
    ['application/vnd.github.v3+json', true],
    ['text/*', true],
    ['*/*', true],
    ['json', false],
    ['*/json', false],
    ['application/json; charset', false],
    ['application/ json', false],
    [' application/json', false],
  ])('%s → valid %s', (value, ok) => {
    expect(parseMediaType(value).error === undefined).toBe(ok);
  });
});

describe('SPDX license expressions', () => {
  it.each([
    ['MIT', 0],
    ['Apache-2.0', 0],
    ['apache-2.0', 0],
    ['MIT OR Apache-2.0', 0],
    ['(MIT AND BSD-3-Clause) OR GPL-3.0-only WITH Classpath-exception-2.0', 0],
    ['LicenseRef-Acme-Commercial', 0],
    ['GPL-2.0+', 1],
    ['Apache2', 1],
    ['Proprietary', 1],
    ['MIT AND', 1],
    ['(MIT', 1],
  ])('%s → %i problem(s)', (expr, n) => {
    expect(checkSpdxExpression(expr)).toHaveLength(n);
  });
});

describe('name dictionaries', () => {
  it('splits names into words whatever the casing', () => {
    expect(lib.nameWords('beneficiary_date_of_birth')).toEqual(['beneficiary', 'date', 'of', 'birth']);
    expect(lib.nameWords('IPv4Address')).toEqual(['ipv4', 'address']);
    expect(lib.nameWords('HTTPServerURL')).toEqual(['http', 'server', 'url']);
    expect(lib.nameWords('e-mail')).toEqual(['e', 'mail']);
  });

  it('matches on the last words, preferring the longest entry', () => {
    const names = ['address', 'emailAddress', 'email'];
    expect(lib.matchTerm('billingAddress', names)).toBe('address');
    expect(lib.matchTerm('customer_email_address', names)).toBe('emailAddress');
    expect(lib.matchTerm('emailVerified', names)).toBeUndefined();
    expect(lib.matchTerm('addresses', names)).toBeUndefined();
  });
});

describe('personal-data-marked', () => {
  const doc = (props: string, extra = '') => `openapi: 3.1.0
${HEAD}paths: {}
components:
  schemas:
    Contact:
      type: object${extra}
      properties:
${props}
    Address:
      type: object
      x-personal-data: {category: contact}
      properties:
        city: {type: string}
`;

  it('flags dictionary names, skips booleans, technical addresses and unrelated names', async () => {
    const hits = await lint(
      doc(`        email: {type: string}
        billing_address: {type: string}
        hasEmail: {type: boolean}
        serverAddress: {type: string}
        MacAddress: {type: string}
        emailTemplate: {type: string}`),
      'personal-data-marked',
    );
    expect(hits.map((h) => h.path.split('/').pop())).toEqual(['email', 'billing_address']);
  });

  it('accepts a marker on the field, on the referenced schema or on an enclosing object', async () => {
    expect(await lint(doc(`        email: {type: string, x-pii: true}\n        address: {$ref: '#/components/schemas/Address'}`), 'personal-data-marked')).toEqual([]);
    expect(await lint(doc(`        email: {type: string}\n        phone: {type: string}`, `\n      x-personal-data: {category: contact}`), 'personal-data-marked')).toEqual([]);
  });

  it("decides by the names around a property: a repository's full_name is not a person's, its owner's email is", async () => {
    const text = `openapi: 3.1.0
${HEAD}paths: {}
components:
  schemas:
    minimal-repository:
      type: object
      properties:
        full_name: {type: string}
        owner:
          type: object
          properties:
            email: {type: string}
            full_name: {type: string}
    Organization:
      type: object
      properties:
        address: {type: string}
    simple-user:
      type: object
      properties:
        full_name: {type: string}
`;
    expect((await lint(text, 'personal-data-marked')).map((h) => [h.path, h.line, h.message])).toEqual([
      ['components/schemas/minimal-repository/properties/owner/properties/email', 13, "Property 'email' looks like personal data ('email') but is not marked with x-personal-data or x-pii"],
      ['components/schemas/minimal-repository/properties/owner/properties/full_name', 14, "Property 'full_name' looks like personal data ('fullName') but is not marked with x-personal-data or x-pii"],
      ['components/schemas/simple-user/properties/full_name', 22, "Property 'full_name' looks like personal data ('fullName') but is not marked with x-personal-data or x-pii"],
    ]);
  });

  it('checks parameters too', async () => {
    const hits = await lint(
      `openapi: 3.1.0
${HEAD}paths:
  /users:
    get:
      operationId: findUsers
      parameters:
        - {name: email, in: query, schema: {type: string}}
      responses:
        '200': {description: ok}
`,
      'personal-data-marked',
    );
    expect(hits).toHaveLength(1);
    expect(hits[0]!.path).toBe('paths//users/get/parameters/0/name');
  });
});

describe('servers', () => {
  it('checks servers of path items, operations and links, not only the root', async () => {
    const hits = await lint(
      `openapi: 3.1.0
${HEAD}servers: [{url: 'https://api.example.com'}]
paths:
  /a:
    servers: [{url: 'https://{tenant}.example.com'}]
    get:
      operationId: a
      servers:
        - url: https://{region}.example.com
          variables:
            region: {default: xx, enum: [eu, us]}
      responses:
        '200':
          description: ok
          links:
            next:
              operationId: a
              server: {url: 'https://{zone}.example.com'}
`,
      'server-variables-defined',
      'server-variable-default-in-enum',
    );
    expect(hits.map((h) => `${h.code} ${h.path}`).sort()).toEqual([
      'server-variable-default-in-enum paths//a/get/servers/0/variables/region/default',
      'server-variables-defined paths//a/get/responses/200/links/next/server/url',
      'server-variables-defined paths//a/servers/0/url',
    ]);
  });

  it.each([
    ['https://api.example.com/v1', 0],
    ['/v1', 0],
    ['{scheme}://api.example.com', 0],
    ['https://api.example.com/v1?x=1', 1],
    ['https://api.example.com/#top', 1],
    ['https://{a}.example.com/{a}', 1],
    ['https://api.example.com/{v', 1],
    ['https://', 1],
    ['https://api example.com', 1],
  ])('server-url-valid on %s → %i', async (url, n) => {
    const vars = url.includes('{scheme}') ? `\n    variables: {scheme: {default: https}}` : url.includes('{a}') ? `\n    variables: {a: {default: x}}` : '';
    expect(await lint(`openapi: 3.1.0\n${HEAD}servers:\n  - url: '${url}'${vars}\npaths: {}\n`, 'server-url-valid')).toHaveLength(n);
  });

  it('servers-defined skips documents without paths (webhooks or components only)', async () => {
    expect(await lint(`openapi: 3.1.0\n${HEAD}webhooks: {}\n`, 'servers-defined')).toEqual([]);
    expect(await lint(`openapi: 3.1.0\n${HEAD}paths: {}\nservers: []\n`, 'servers-defined')).toHaveLength(1);
  });
});

describe('HTTP semantics over every kind of operation', () => {
  it('covers webhooks, callbacks and 3.2 additionalOperations', async () => {
    const hits = await lint(
      `openapi: 3.2.0
${HEAD}paths:
  /subscriptions:
    post:
      operationId: subscribe
      requestBody:
        content:
          application/json:
            schema: {type: object, properties: {url: {type: string, format: uri}}}
      responses:
        '201': {description: ok, headers: {Location: {schema: {type: string}}}}
      callbacks:
        event:
          '{$request.body#/url}':
            post:
              responses:
                '204': {description: ok, content: {application/json: {schema: {type: object}}}}
    additionalOperations:
      PURGE:
        operationId: purge
        responses:
          '204': {description: ok, content: {text/plain: {schema: {type: string}}}}
webhooks:
  created:
    post:
      responses:
        '304': {description: ok, content: {application/json: {schema: {type: object}}}}
`,
      'http-no-content-204-304',
    );
    expect(hits.map((h) => h.path).sort()).toEqual([
      'paths//subscriptions/additionalOperations/PURGE/responses/204/content',
      'paths//subscriptions/post/callbacks/event/{$request.body#~1url}/post/responses/204/content'.replace('~1', '/'),
      'webhooks/created/post/responses/304/content',
    ]);
  });

  it('reports a shared response used for HEAD at the HEAD operation, not at the shared definition', async () => {
    const hits = await lint(
      `openapi: 3.1.0
${HEAD}paths:
  /report:
    get:
      operationId: getReport
      responses:
        '200': {$ref: '#/components/responses/Report'}
    head:
      operationId: headReport
      responses:
        '200': {$ref: '#/components/responses/Report'}
components:
  responses:
    Report:
      description: The report.
      content: {text/csv: {schema: {type: string}}}
`,
      'http-no-content-204-304',
    );
    expect(hits.map((h) => h.path)).toEqual(['paths//report/head/responses/200']);
  });

  it('does not ask PUT for a Location on 201, and accepts Location in any case', async () => {
    const hits = await lint(
      `openapi: 3.1.0
${HEAD}paths:
  /a/{id}:
    parameters: [{name: id, in: path, required: true, schema: {type: string}}]
    put:
      operationId: putA
      responses: {'201': {description: created}}
  /a:
    post:
      operationId: postA
      responses: {'201': {description: created, headers: {location: {schema: {type: string}}}}}
`,
      'http-201-location',
    );
    expect(hits).toEqual([]);
  });

  it('accepts patch formats named by their subtype (Kubernetes strategic merge patch)', async () => {
    const hits = await lint(
      `openapi: 3.1.0
${HEAD}paths:
  /a:
    patch:
      operationId: patchA
      requestBody:
        content:
          application/strategic-merge-patch+json: {schema: {type: object}}
          application/apply-patch+yaml: {schema: {type: object}}
          application/json: {schema: {type: object}}
      responses: {'200': {description: ok}}
`,
      'http-patch-media-type',
    );
    expect(hits.map((h) => h.path)).toEqual(['paths//a/patch/requestBody/content/application/json']);
  });

  it('counts 2XX, 3xx and 101 as success responses, and default alone as none', async () => {
    const doc = (code: string) => `openapi: 3.1.0\n${HEAD}paths:\n  /a:\n    get:\n      operationId: a\n      responses:\n        '${code}': {description: x}\n`;
    for (const ok of ['2XX', '302', '101', '204']) expect(await lint(doc(ok), 'operation-success-response'), ok).toEqual([]);
    expect(await lint(doc('default'), 'operation-success-response')).toHaveLength(1);
  });
});

describe('OpenAPI 3.2 operations', () => {
  it('additionalOperations: lower-case fixed methods and non-upper-case names', async () => {
    const hits = await lint(
      `openapi: 3.2.0
${HEAD}paths:
  /a:
    additionalOperations:
      get: {operationId: a1, responses: {'200': {description: ok}}}
      Link: {operationId: a2, responses: {'204': {description: ok}}}
      COPY: {operationId: a3, responses: {'204': {description: ok}}}
`,
      'additional-operations-method-name',
    );
    expect(hits.map((h) => h.message)).toEqual([
      "'get' in additionalOperations is the GET method: define it with the 'get' field",
      "Method 'Link' is not upper case: methods are case-sensitive and registered methods are upper case (did you mean 'LINK'?)",
    ]);
  });

  it('querystring: path-level query parameters count', async () => {
    const hits = await lint(
      `openapi: 3.2.0
${HEAD}paths:
  /a:
    parameters:
      - {name: limit, in: query, schema: {type: integer}}
    get:
      operationId: a
      parameters:
        - name: q
          in: querystring
          content: {application/x-www-form-urlencoded: {schema: {type: object}}}
      responses: {'200': {description: ok}}
`,
      'querystring-parameter-exclusive',
    );
    expect(hits).toHaveLength(1);
    expect(hits[0]!.path).toBe('paths//a/parameters/0');
  });
});

describe('links and runtime expressions', () => {
  const doc = (link: string, params = `[{name: id, in: path, required: true, schema: {type: string}}]`) => `openapi: 3.1.0
${HEAD}paths:
  /users/{id}:
    parameters: ${params}
    get:
      operationId: getUser
      responses:
        '200':
          description: ok
          links:
            self:
${link}
`;

  it('resolves local operationRefs (escaped and percent-encoded) and reports dangling ones', async () => {
    expect(await lint(doc(`              operationRef: '#/paths/~1users~1%7Bid%7D/get'`), 'link-operation-exists')).toEqual([]);
    expect(await lint(doc(`              operationRef: '#/paths/~1users~1{id}/get'`), 'link-operation-exists')).toEqual([]);
    expect(await lint(doc(`              operationRef: '#/paths/~1users~1{id}/post'`), 'link-operation-exists')).toHaveLength(1);
    expect(await lint(doc(`              operationRef: 'https://example.com/openapi.yaml#/paths/~1x/get'`), 'link-operation-exists')).toEqual([]);
  });

  it('checks that request parameters read by a link are declared by its operation', async () => {
    const hits = await lint(
      doc(`              operationId: getUser
              parameters:
                id: $request.path.id
                other: $request.query.missing`),
      'runtime-expression-valid',
    );
    expect(hits.map((h) => h.message)).toEqual(["'$request.query.missing' reads the query parameter 'missing', which the operation does not declare (it cannot be evaluated)"]);
  });

  it('rejects callback keys that are neither expressions nor absolute URLs', async () => {
    const hits = await lint(
      `openapi: 3.1.0
${HEAD}paths:
  /s:
    post:
      operationId: s
      responses: {'201': {description: ok}}
      callbacks:
        a:
          onEvent:
            post: {responses: {'204': {description: ok}}}
        b:
          'https://hooks.example.com/{$request.query.topic}':
            post: {responses: {'204': {description: ok}}}
`,
      'runtime-expression-valid',
    );
    expect(hits.map((h) => h.message)).toEqual([
      "Callback key 'onEvent' is neither a runtime expression (e.g. {$request.body#/callbackUrl}) nor an absolute URL",
      "'$request.query.topic' reads the query parameter 'topic', which the operation does not declare (it cannot be evaluated)",
    ]);
  });
});

describe('names and tags', () => {
  it('components-key-format leaves 3.1 to the schema', async () => {
    const doc = (v: string) => `openapi: ${v}\n${HEAD}paths: {}\ncomponents:\n  schemas:\n    'Page«Order»': {type: object}\n`;
    expect(await lint(doc('3.0.3'), 'components-key-format')).toHaveLength(1);
    expect(await lint(doc('3.1.0'), 'components-key-format')).toEqual([]);
  });

  it('tag-parent-exists reports cycles once per member, not the tags hanging below them', async () => {
    const hits = await lint(
      `openapi: 3.2.0
${HEAD}tags:
  - {name: a, parent: b}
  - {name: b, parent: a}
  - {name: c, parent: a}
  - {name: d, parent: d}
paths: {}
`,
      'tag-parent-exists',
    );
    expect(hits.map((h) => h.path)).toEqual(['tags/0/parent', 'tags/1/parent', 'tags/3/parent']);
  });
});

describe('examples-present', () => {
  it('accepts examples on nested properties and on array items, reporting once per operation', async () => {
    const doc = (schema: string) => `openapi: 3.1.0
${HEAD}paths:
  /a:
    post:
      operationId: a
      requestBody:
        content:
          application/json:
            schema: ${schema}
          application/xml:
            schema: ${schema}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: ${schema}
`;
    expect(await lint(doc(`{type: object, properties: {data: {type: object, properties: {id: {type: string, example: x1}}}}}`), 'examples-present')).toEqual([]);
    expect(await lint(doc(`{type: array, items: {type: string, example: x}}`), 'examples-present')).toEqual([]);
    const hits = await lint(doc(`{type: object, properties: {id: {type: string}}}`), 'examples-present');
    expect(hits).toHaveLength(1);
    expect(hits[0]!.message).toBe('POST /a has no example for request application/json, request application/xml, 200 application/json');
  });
});

describe('Swagger 2.0 input', () => {
  it('is checked after conversion and reported at the lines of the 2.0 file', async () => {
    const text = `swagger: '2.0'
info: {title: T, version: 1.0.0}
host: api.example.com
basePath: /v1
schemes: [https]
paths:
  /orders/{id}:
    delete:
      operationId: deleteOrder
      parameters:
        - {name: id, in: path, required: true, type: string}
      responses:
        '204':
          description: Deleted.
          schema: {type: object}
definitions:
  Contact:
    type: object
    properties:
      email: {type: string}
`;
    const hits = await lint(text, 'http-no-content-204-304', 'well-known-formats');
    expect(hits.map((h) => `${h.code}@${h.line}`).sort()).toEqual(['http-no-content-204-304@15', 'well-known-formats@20']);
    expect(hits.find((h) => h.code === 'well-known-formats')!.path).toBe('components/schemas/Contact/properties/email');
  });
});

describe('well-known-formats', () => {
  it('asks a URI template for format: uri-template, not uri; a URI for uri; a declared uri-template passes', async () => {
    const text = `openapi: 3.1.0
${HEAD}paths: {}
components:
  schemas:
    User:
      type: object
      properties:
        gists_url: {type: string, example: 'https://api.github.com/users/octocat/gists{/gist_id}'}
        followers_url: {type: string, example: 'https://api.github.com/users/octocat/followers'}
        starred_url: {type: string, format: uri-template, example: 'https://api.github.com/users/octocat/starred{/owner}{/repo}'}
        search_url: {type: string, default: 'https://api.github.com/search{?q,page}'}
`;
    expect(await lint(text, 'well-known-formats')).toEqual([
      {
        code: 'well-known-formats',
        path: 'components/schemas/User/properties/gists_url',
        line: 9,
        message: "Property 'gists_url' is a free string: declare format: uri-template (its example is a URI template, not a URI)",
      },
      { code: 'well-known-formats', path: 'components/schemas/User/properties/followers_url', line: 10, message: "Property 'followers_url' is a free string: declare format: uri (or uri-reference)" },
      {
        code: 'well-known-formats',
        path: 'components/schemas/User/properties/search_url',
        line: 12,
        message: "Property 'search_url' is a free string: declare format: uri-template (its example is a URI template, not a URI)",
      },
    ]);
  });
});

describe('robustness', () => {
  const odd = [
    `openapi: 3.1.0\n${HEAD}paths: []\nservers: x\ntags: [null, 1, {name: 3}]\ncomponents: []\n`,
    `openapi: 3.2.0\n${HEAD}paths:\n  /a: null\n  /b: {get: null, additionalOperations: [1], parameters: {x: 1}}\nwebhooks: {w: 1}\n`,
    `openapi: 3.0.3\n${HEAD}paths:\n  /a:\n    get:\n      callbacks: {c: {'{$url}': {post: {responses: 1}}}}\n      responses: {'200': {content: {'': {encoding: 1}}, links: {l: {operationRef: '#', parameters: [1]}}}}\n      requestBody: {content: null}\n`,
    `openapi: 3.1.0\n${HEAD}paths: {}\ncomponents:\n  schemas:\n    A: {properties: {b: {$ref: '#/components/schemas/A'}, c: {items: [true, {properties: 1}]}}}\n  callbacks:\n    c: {$ref: '#/components/callbacks/c'}\n`,
  ];
  it.each(odd.map((d, i) => [i, d]))('odd document %i fails no compliance rule', async (_i, text) => {
    const { findings } = await lintSource({ bytes: Buffer.from(text as string), displayPath: 'odd.yaml' }, rs);
    const failed = findings.filter((f) => f.code === 'rule-failed').map((f) => f.message);
    expect(failed.filter((m) => rs.meta.get(/rule '([^']+)'/.exec(m)?.[1] ?? '')?.category === 'compliance')).toEqual([]);
  });
});
