/**
 * Security rules: the helpers behind them (pattern anchoring, credential names, server URL
 * expansion) and the cases the rule documentation does not show: 3.2 `query` and
 * additionalOperations, webhooks, shared components, Swagger 2.0 input reported at 2.0 lines, the
 * public-operation escape hatch, options, and that no security function fails on odd input.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { lintSource, loadRuleset, type LoadedRuleset } from '../../src/lint/index.js';
// Plain-JS helpers of the rule functions.
// @ts-expect-error -- JavaScript module without type declarations
import { isAnchored, isLengthBoundingPattern, looselyAnchored } from '../../rulesets/functions/lib/patterns.js';
// @ts-expect-error -- JavaScript module without type declarations
import { isCredentialName } from '../../rulesets/functions/lib/credentials.js';
// @ts-expect-error -- JavaScript module without type declarations
import { expandServer, urlParts } from '../../rulesets/functions/lib/servers.js';

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

const HEAD = `openapi: 3.1.0\ninfo: {title: T, version: 1.0.0}\n`;
const BEARER = `components:\n  securitySchemes:\n    bearer: {type: http, scheme: bearer, bearerFormat: JWT}\n`;

describe('pattern anchoring', () => {
  it.each([
    ['^[a-z]+$', []],
    ['^(a|b)$', []],
    ['^https://', []],
    ['\\.json$', []],
    ['^do:(droplet|volume):.*', []],
    ['.+\\.jsonl$', []],
    ['[a-z]+', ['[a-z]+']],
    ['^[a-z]+', ['^[a-z]+']],
    ['[0-9]+$', ['[0-9]+$']],
    ['^a|b$', ['^a', 'b$']],
    ['^$|[0-9a-f]{8}', ['[0-9a-f]{8}']],
    ['^x\\$', []],
  ])('%s → %j', (p, loose) => {
    expect(looselyAnchored(p)).toEqual(loose);
  });

  it('bounds length only with anchors and bounded quantifiers', () => {
    expect(isLengthBoundingPattern('^[A-Z]{2}$')).toBe(true);
    expect(isLengthBoundingPattern('^\\d{1,5}$')).toBe(true);
    expect(isLengthBoundingPattern('^[A-Z]{2,}$')).toBe(false);
    expect(isLengthBoundingPattern('^[a-z]+$')).toBe(false);
    expect(isLengthBoundingPattern('[a-z]{3}')).toBe(false);
    expect(isLengthBoundingPattern('^[+*]{3}$')).toBe(true);
    expect(isAnchored('^(a|b)$')).toBe(true);
  });
});

describe('credential names', () => {
  it.each([
    ['password', true],
    ['adminPassword', true],
    ['api_key', true],
    ['X-Api-Key', true],
    ['access_token', true],
    ['client_secret', true],
    ['token', true],
    ['page_token', false],
    ['next_token', false],
    ['continuation_token', false],
    ['key', false],
    ['author', false],
    ['passage', false],
  ])('%s → %s', (name, expected) => {
    expect(isCredentialName(name)).toBe(expected);
  });
});

describe('server URLs', () => {
  it('expands variables with their default and every enum value', () => {
    const urls = expandServer({ url: '{scheme}://{host}/v1', variables: { scheme: { default: 'https', enum: ['https', 'http'] }, host: { default: 'api.example.com' } } }).map(
      (c: { url: string }) => c.url,
    );
    expect(urls).toEqual(['https://api.example.com/v1', 'http://api.example.com/v1']);
  });
  it('parses userinfo, host and query', () => {
    expect(urlParts('https://u:p@API.example.com:8443/v1?key=1')).toMatchObject({ scheme: 'https', userinfo: 'u:p', host: 'api.example.com', port: '8443', query: '?key=1' });
    expect(urlParts('/v1')).toBeUndefined();
  });
});

describe('operation security', () => {
  it('covers 3.2 query and additionalOperations, not webhooks', async () => {
    const hits = await lint(
      `openapi: 3.2.0
info: {title: T, version: 1.0.0}
paths:
  /pets:
    query:
      operationId: searchPets
      responses: {'200': {description: ok}}
    additionalOperations:
      PURGE:
        operationId: purgePets
        responses: {'204': {description: purged}}
webhooks:
  adopted:
    post:
      operationId: adopted
      responses: {'204': {description: ok}}
`,
      'security-write-ops-protected',
      'security-read-ops-protected',
    );
    expect(hits.map((h) => [h.code, h.path])).toEqual(
      expect.arrayContaining([
        ['security-read-ops-protected', 'paths//pets/query'],
        ['security-write-ops-protected', 'paths//pets/additionalOperations/PURGE'],
      ]),
    );
    expect(hits).toHaveLength(2);
    expect(hits[0]!.message).toMatch(/possibly an unintentionally open endpoint/);
  });

  it('says why: missing, security: [], inherited empty global', async () => {
    const doc = `${HEAD}${BEARER}security: []
paths:
  /a:
    post:
      responses: {'201': {description: ok}}
  /b:
    post:
      security: []
      responses: {'201': {description: ok}}
`;
    const msgs = (await lint(doc, 'security-write-ops-protected')).map((h) => h.message);
    expect(msgs.some((m) => m.includes('inherits an empty global `security: []`'))).toBe(true);
    expect(msgs.some((m) => m.includes('turns authentication off with `security: []`'))).toBe(true);
  });

  it('accepts x-public on the operation or path item, and the publicPaths option', async () => {
    const doc = `${HEAD}paths:
  /health:
    x-public: true
    get:
      responses: {'200': {description: ok}}
  /status:
    get:
      responses: {'200': {description: ok}}
`;
    expect(await lint(doc, 'security-read-ops-protected')).toHaveLength(1);
    const tuned = await loadRuleset({ packs: [], rules: { 'security-read-ops-protected': { options: { publicPaths: ['^/status$'] } } } });
    const { findings } = await lintSource({ bytes: Buffer.from(doc), displayPath: 'x.yaml' }, tuned);
    expect(findings.filter((f) => f.code === 'security-read-ops-protected')).toEqual([]);
  });

  it('reports an optional global alternative once', async () => {
    const doc = `${HEAD}${BEARER}security:
  - bearer: []
  - {}
paths:
  /a: {get: {responses: {'200': {description: ok}}}}
  /b: {get: {responses: {'200': {description: ok}}}}
`;
    const hits = await lint(doc, 'security-empty-requirement');
    expect(hits).toHaveLength(1);
    expect(hits[0]!.path).toBe('security/1');
    expect(hits[0]!.message).toMatch(/2 operation\(s\)/);
  });
});

describe('scopes and credentials', () => {
  it('names undeclared scopes where they are written', async () => {
    const doc = `${HEAD}components:
  securitySchemes:
    oauth:
      type: oauth2
      flows:
        authorizationCode:
          authorizationUrl: https://a.example.com/authorize
          tokenUrl: https://a.example.com/token
          scopes: {read: Read}
paths:
  /a:
    get:
      security: [{oauth: [read, write]}]
      responses: {'200': {description: ok}}
`;
    const hits = await lint(doc, 'oauth2-scopes-defined');
    expect(hits.map((h) => h.path)).toEqual(['paths//a/get/security/0/oauth/1']);
  });

  it('does not take resource identifiers for credentials', async () => {
    const doc = `${HEAD}paths:
  /tokens/{token}:
    get:
      parameters: [{name: token, in: path, required: true, schema: {type: string, maxLength: 40}}]
      responses: {'200': {description: ok}}
  /password-resets/{token}:
    get:
      parameters: [{name: token, in: path, required: true, schema: {type: string, maxLength: 40}}]
      responses: {'200': {description: ok}}
`;
    const hits = await lint(doc, 'no-credentials-in-url-params');
    expect(hits.map((h) => h.path)).toEqual(['paths//password-resets/{token}/get/parameters/0/name']);
  });

  it('does not flag secrets shown once by a creating operation, but flags them on reads', async () => {
    const doc = `${HEAD}components:
  schemas:
    Key:
      type: object
      properties:
        id: {type: string}
        secret_key: {type: string}
paths:
  /keys:
    post:
      responses: {'201': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Key'}}}}}
`;
    expect(await lint(doc, 'no-secrets-in-responses')).toEqual([]);
    const withRead = `${doc}  /keys/{id}:
    get:
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Key'}}}}}
`;
    const hits = await lint(withRead, 'no-secrets-in-responses', 'secret-fields-write-only');
    expect(hits.map((h) => [h.code, h.path])).toEqual([['no-secrets-in-responses', 'components/schemas/Key/properties/secret_key']]);
  });
});

describe('request bounds', () => {
  it('closes 3.1 allOf composites with unevaluatedProperties and skips their members', async () => {
    const doc = `${HEAD}components:
  schemas:
    Base: {type: object, properties: {id: {type: string, format: uuid}}}
paths:
  /a:
    post:
      requestBody:
        content:
          application/json:
            schema:
              allOf:
                - $ref: '#/components/schemas/Base'
                - {type: object, properties: {name: {type: string, maxLength: 10}}}
      responses: {'201': {description: ok}}
`;
    const hits = await lint(doc, 'request-body-closed-schema');
    expect(hits).toHaveLength(1);
    expect(hits[0]!.message).toMatch(/unevaluatedProperties: false/);
    expect(await lint(doc.replace('openapi: 3.1.0', 'openapi: 3.0.3'), 'request-body-closed-schema')).toEqual([]);
  });

  it('treats unique enum arrays, bounded formats and timestamps as bounded; skips readOnly', async () => {
    const doc = `${HEAD}paths:
  /a:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              additionalProperties: false
              properties:
                roles: {type: array, uniqueItems: true, items: {type: string, enum: [a, b]}}
                since: {type: string, format: date-time}
                at: {type: integer, format: unix-time}
                id: {type: string, readOnly: true}
      responses: {'201': {description: ok}}
`;
    expect(await lint(doc, 'request-array-bounded', 'request-string-bounded', 'request-number-bounded')).toEqual([]);
  });

  it('reports a shared schema once, where it is defined', async () => {
    const doc = `${HEAD}components:
  schemas:
    Name: {type: string}
paths:
  /a:
    post:
      parameters: [{name: n, in: query, schema: {$ref: '#/components/schemas/Name'}}]
      responses: {'201': {description: ok}}
  /b:
    post:
      parameters: [{name: n, in: query, schema: {$ref: '#/components/schemas/Name'}}]
      responses: {'201': {description: ok}}
`;
    const hits = await lint(doc, 'request-string-bounded');
    expect(hits.map((h) => h.path)).toEqual(['components/schemas/Name']);
  });
});

describe('active content', () => {
  it('reads the prose of `default` responses and of properties named like data keywords, not data values', async () => {
    const doc = `${HEAD}paths:
  /a:
    get:
      responses:
        default: {description: '<script>alert(1)</script>'}
components:
  responses:
    default: {description: '<iframe src=x>'}
  schemas:
    S:
      type: object
      properties:
        example: {type: string, description: 'javascript:void(0)'}
        responses:
          type: object
          default: {description: '<script>data</script>'}
      example: {description: '<script>data</script>'}
      default: {description: '<script>data</script>'}
`;
    const hits = await lint(doc, 'markdown-no-active-content');
    expect(hits.map((h) => [h.path, h.line]).sort()).toEqual([
      ['components/responses/default/description', 10],
      ['components/schemas/S/properties/example/description', 15],
      ['paths//a/get/responses/default/description', 7],
    ]);
  });
});

describe('Swagger 2.0 input', () => {
  it('reports conversion results at the 2.0 lines (1-based)', async () => {
    const doc = `swagger: '2.0'
info: {title: T, version: 1.0.0}
host: api.example.com
schemes: [http]
securityDefinitions:
  key: {type: apiKey, in: query, name: api_key}
security:
  - key: []
paths:
  /a:
    get:
      responses: {'200': {description: ok}}
`;
    const hits = await lint(doc, 'api-key-not-in-query', 'servers-https-only');
    expect(hits.map((h) => [h.code, h.line])).toEqual(
      expect.arrayContaining([
        ['api-key-not-in-query', 6],
        ['servers-https-only', 3],
      ]),
    );
  });
});

describe('odd input', () => {
  it('no security function fails on malformed or unusual documents', async () => {
    const docs = [
      `${HEAD}paths:\n  /a: {get: null, post: 7}\n`,
      `${HEAD}security: {bearer: []}\npaths:\n  /a:\n    get:\n      security: [null, 3, {x: null}]\n      responses: {'200': null}\n`,
      `${HEAD}servers: [{url: 7}, {url: '{a}://{b}', variables: {a: {enum: [1, null]}}}, null]\npaths: {}\n`,
      `${HEAD}components:\n  securitySchemes:\n    a: {type: oauth2, flows: {implicit: null, password: {scopes: null}}}\n    b: {$ref: '#/nowhere'}\npaths: {}\n`,
      `${HEAD}components:\n  securitySchemes:\n    e: null\n    f: 7\n    b: {type: http, scheme: bearer}\npaths: {}\n`,
      `${HEAD}paths:\n  /a:\n    post:\n      parameters: [{$ref: '#/x'}, {name: 3, in: query}, {name: q, in: query, schema: {pattern: 7}}]\n      requestBody: {content: {application/json: {schema: {properties: {p: null, q: {items: null}}}}}}\n      responses: {'200': {description: ok, headers: {Retry-After: null}}}\n`,
    ];
    for (const d of docs) {
      const { findings } = await lintSource({ bytes: Buffer.from(d), displayPath: 'odd.yaml' }, rs);
      const failed = findings.filter(
        (f) =>
          f.code === 'rule-failed' &&
          /security|oauth|servers|credential|rate-limit|request-|secret|admin|cors|markdown|callbacks|pattern|guessable|url-input|trace|cookie|response-40|bearer|jwt|auth-urls|api-key|http-basic|insecure/.test(
            f.message,
          ),
      );
      expect(failed.map((f) => f.message)).toEqual([]);
    }
  });
});

describe('jwt-best-practices', () => {
  const RFC = 'they follow RFC 8725 (JWT Best Current Practices: fixed algorithms, audience and issuer checks).';
  const doc = `${HEAD}components:
  securitySchemes:
    bearerAuth: {type: http, scheme: bearer, bearerFormat: JWT}
    lowerJwt:
      type: http
      scheme: Bearer
      bearerFormat: jwt
      description: Signed token.
    opaque: {type: http, scheme: bearer, bearerFormat: opaque}
    oauth:
      type: oauth2
      description: Access tokens follow rfc8725.
      flows:
        clientCredentials: {tokenUrl: 'https://auth.example.com/token', scopes: {}}
    oauthBare:
      type: oauth2
      flows:
        clientCredentials: {tokenUrl: 'https://auth.example.com/token', scopes: {}}
    oidc:
      type: openIdConnect
      openIdConnectUrl: https://auth.example.com/.well-known/openid-configuration
      description: ID tokens from our provider.
    ok: {type: http, scheme: bearer, bearerFormat: JWT, description: 'JWTs per RFC 8725.'}
    key: {type: apiKey, in: header, name: X-Key}
    alias: {$ref: '#/components/securitySchemes/bearerAuth'}
paths: {}
`;

  it('reports JWT bearer, oauth2 and openIdConnect schemes whose description does not cite RFC 8725, once each', async () => {
    expect(await lint(doc, 'jwt-best-practices')).toEqual([
      {
        code: 'jwt-best-practices',
        path: 'components/securitySchemes/bearerAuth',
        line: 5,
        message: `Security scheme 'bearerAuth' carries JWTs (bearerFormat JWT) but has no description saying ${RFC}`,
      },
      {
        code: 'jwt-best-practices',
        path: 'components/securitySchemes/lowerJwt/description',
        line: 10,
        message: `Security scheme 'lowerJwt' carries JWTs (bearerFormat jwt) but its description does not say ${RFC}`,
      },
      {
        code: 'jwt-best-practices',
        path: 'components/securitySchemes/oauthBare',
        line: 17,
        message: `Security scheme 'oauthBare' issues OAuth 2.0 access tokens (JWTs in practice) but has no description saying ${RFC}`,
      },
      {
        code: 'jwt-best-practices',
        path: 'components/securitySchemes/oidc/description',
        line: 24,
        message: `Security scheme 'oidc' issues OpenID Connect ID tokens (JWTs) but its description does not say ${RFC}`,
      },
    ]);
  });

  it('takes the accepted wording from the pattern option', async () => {
    const tuned = await loadRuleset({ packs: [], rules: { 'jwt-best-practices': { options: { pattern: 'signed token|provider' } } } });
    const { findings } = await lintSource({ bytes: Buffer.from(doc), displayPath: 'x.yaml' }, tuned);
    expect(findings.filter((f) => f.code === 'jwt-best-practices').map((f) => f.path.join('/'))).toEqual([
      'components/securitySchemes/bearerAuth',
      'components/securitySchemes/oauth/description',
      'components/securitySchemes/oauthBare',
      'components/securitySchemes/ok/description',
    ]);
  });

  it('reports a Swagger 2.0 oauth2 definition at its 2.0 line', async () => {
    const hits = await lint(
      `swagger: '2.0'
info: {title: T, version: 1.0.0}
securityDefinitions:
  oauth:
    type: oauth2
    flow: application
    tokenUrl: https://auth.example.com/token
    scopes: {read: Read}
paths: {}
`,
      'jwt-best-practices',
    );
    expect(hits.map((h) => [h.path, h.line])).toEqual([['components/securitySchemes/oauth', 4]]);
  });
});

describe('servers-not-placeholder', () => {
  const MARK = 'give the real host, or mark the server `x-internal: true`.';
  it('reports reserved example and test hosts and scheme-relative URLs; leaves localhost to servers-no-internal-hosts', async () => {
    const doc = `${HEAD}servers:
  - url: https://api.example.com/v1
  - url: https://example.org
  - url: https://pets.test/v1
  - url: https://{env}.example.net
    variables:
      env: {default: api}
  - url: http://localhost:8080
  - url: //api.example.org/v1
  - url: //api.petstore.io/v1
  - url: https://sandbox.example.com
    description: Sandbox
  - url: https://mock.example
    x-environment: mock
  - url: https://dev.example.com
    x-internal: true
  - url: https://auth.invalid
  - url: https://app.localhost
  - url: https://example.community
  - url: https://myexample.com
paths:
  /a:
    servers:
      - url: https://a.example.com
    get:
      servers:
        - url: https://b.example.com
      responses: {'200': {description: ok}}
`;
    expect(await lint(doc, 'servers-not-placeholder', 'servers-no-internal-hosts', 'servers-https-only')).toEqual([
      { code: 'servers-https-only', path: 'servers/4/url', line: 10, message: 'Server URL http://localhost:8080 uses http://, not https.' },
      {
        code: 'servers-no-internal-hosts',
        path: 'servers/4/url',
        line: 10,
        message: "Server URL http://localhost:8080 points to the internal host 'localhost': list public endpoints, or mark a development server `x-internal: true`.",
      },
      {
        code: 'servers-no-internal-hosts',
        path: 'servers/11/url',
        line: 20,
        message: "Server URL https://app.localhost points to the internal host 'app.localhost': list public endpoints, or mark a development server `x-internal: true`.",
      },
      {
        code: 'servers-not-placeholder',
        path: 'servers/0/url',
        line: 4,
        message: `Server https://api.example.com/v1 points to a placeholder host (example.com is reserved for documentation, RFC 2606): ${MARK}`,
      },
      {
        code: 'servers-not-placeholder',
        path: 'servers/1/url',
        line: 5,
        message: `Server https://example.org points to a placeholder host (example.org is reserved for documentation, RFC 2606): ${MARK}`,
      },
      {
        code: 'servers-not-placeholder',
        path: 'servers/2/url',
        line: 6,
        message: `Server https://pets.test/v1 points to a placeholder host (names under .test are reserved for testing, RFC 6761): ${MARK}`,
      },
      {
        code: 'servers-not-placeholder',
        path: 'servers/3/url',
        line: 7,
        message: `Server https://{env}.example.net (with env=api) points to a placeholder host (example.net is reserved for documentation, RFC 2606): ${MARK}`,
      },
      {
        code: 'servers-not-placeholder',
        path: 'servers/5/url',
        line: 11,
        message: 'Server //api.example.org/v1 points to a placeholder host (example.org is reserved for documentation, RFC 2606) and has no scheme: give the real host as an https:// URL.',
      },
      {
        code: 'servers-not-placeholder',
        path: 'servers/6/url',
        line: 12,
        message: 'Server URL //api.petstore.io/v1 has no scheme: clients use the scheme the description was fetched with (http, or none for a local file); write https://api.petstore.io/v1.',
      },
      {
        code: 'servers-not-placeholder',
        path: 'servers/10/url',
        line: 19,
        message: `Server https://auth.invalid points to a placeholder host (names under .invalid never resolve, RFC 6761): ${MARK}`,
      },
      {
        code: 'servers-not-placeholder',
        path: 'paths//a/servers/0/url',
        line: 26,
        message: `Server https://a.example.com points to a placeholder host (example.com is reserved for documentation, RFC 2606): ${MARK}`,
      },
      {
        code: 'servers-not-placeholder',
        path: 'paths//a/get/servers/0/url',
        line: 29,
        message: `Server https://b.example.com points to a placeholder host (example.com is reserved for documentation, RFC 2606): ${MARK}`,
      },
    ]);
  });

  it('reports a Swagger 2.0 host at the 2.0 host line, with and without schemes', async () => {
    const doc = `swagger: '2.0'
info: {title: T, version: 1.0.0}
host: api.example.com
basePath: /v1
paths:
  /a:
    get:
      responses: {'200': {description: ok}}
`;
    expect(await lint(doc, 'servers-not-placeholder', 'servers-https-only')).toEqual([
      {
        code: 'servers-not-placeholder',
        path: 'servers/0/url',
        line: 3,
        message: 'Server //api.example.com/v1 points to a placeholder host (example.com is reserved for documentation, RFC 2606) and has no scheme: give the real host as an https:// URL.',
      },
    ]);
    expect(await lint(doc.replace('basePath: /v1', 'schemes: [https]\nbasePath: /v1'), 'servers-not-placeholder', 'servers-https-only')).toEqual([
      {
        code: 'servers-not-placeholder',
        path: 'servers/0/url',
        line: 3,
        message: `Server https://api.example.com/v1 points to a placeholder host (example.com is reserved for documentation, RFC 2606): ${MARK}`,
      },
    ]);
    expect(await lint(doc.replace('api.example.com', 'api.petstore.io'), 'servers-not-placeholder')).toEqual([
      {
        code: 'servers-not-placeholder',
        path: 'servers/0/url',
        line: 3,
        message: 'Server URL //api.petstore.io/v1 has no scheme: clients use the scheme the description was fetched with (http, or none for a local file); write https://api.petstore.io/v1.',
      },
    ]);
  });
});
