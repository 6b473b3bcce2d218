/**
 * Performance rules: what a collection read is (shared by the paging and size rules), paging
 * options as packs set them, shared responses reported once, 3.2 QUERY paging in the body, and
 * that no performance function fails on odd input.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { lintSource, loadRuleset, type LoadedRuleset } from '../../src/lint/index.js';
// Plain-JS helpers of the rule functions.
// @ts-expect-error -- JavaScript module without type declarations
import { collectionOf } from '../../rulesets/functions/lib/performance.js';
// @ts-expect-error -- JavaScript module without type declarations
import { operations } from '../../rulesets/functions/lib/doc.js';

let rs: LoadedRuleset;
beforeAll(async () => {
  rs = await loadRuleset({ packs: [] });
});

interface Hit {
  code: string;
  message: string;
  path: string;
}

async function lint(text: string, ruleset: LoadedRuleset, ...codes: string[]): Promise<Hit[]> {
  const { findings } = await lintSource({ bytes: Buffer.from(text), displayPath: 'example.yaml' }, ruleset);
  return findings.filter((f) => codes.includes(f.code)).map((f) => ({ code: f.code, message: f.message, path: f.path.join('/') }));
}

const HEAD = `openapi: 3.1.0\ninfo: {title: T, version: 1.0.0}\n`;

/** collectionOf for the first operation of a one-path document whose GET answers `schema` (YAML). */
function collection(pathKey: string, schema: string, extra = ''): { arrayProp?: string } | undefined {
  const doc = parse(
    `${HEAD}${extra}paths:\n  '${pathKey}':\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: ${schema}\n`,
  );
  return collectionOf(doc, operations(doc)[0]);
}

describe('what a collection read is', () => {
  it('an array answer', () => {
    expect(collection('/pets', '{type: array, items: {type: string}}')).toMatchObject({ arrayProp: undefined });
  });
  it('an envelope with an array named like items, or like the path', () => {
    expect(collection('/pets', '{type: object, properties: {data: {type: array, items: {}}, total: {type: integer}}}')).toMatchObject({ arrayProp: 'data' });
    expect(collection('/v2/droplets', '{type: object, properties: {droplets: {type: array, items: {}}, links: {type: object}}}')).toMatchObject({ arrayProp: 'droplets' });
    expect(collection('/Accounts/{Sid}/Calls.json', '{type: object, properties: {calls: {type: array, items: {}}, next_page_uri: {type: string}}}')).toMatchObject({ arrayProp: 'calls' });
  });
  it('the only array next to page metadata', () => {
    expect(collection('/feed', '{type: object, properties: {stories: {type: array, items: {}}, has_more: {type: boolean}}}')).toMatchObject({ arrayProp: 'stories' });
  });
  it('an envelope composed with allOf and refs', () => {
    const extra = `components:\n  schemas:\n    Page: {type: object, properties: {meta: {type: object}}}\n`;
    expect(collection('/volumes', `{allOf: [{type: object, properties: {volumes: {type: array, items: {}}}}, {$ref: '#/components/schemas/Page'}]}`, extra)).toMatchObject({ arrayProp: 'volumes' });
  });
  it('not a single resource with a list inside, nor an item path', () => {
    expect(collection('/me', '{type: object, properties: {id: {type: string}, roles: {type: array, items: {}}}}')).toBeUndefined();
    expect(collection('/pets/{petId}', '{type: array, items: {}}')).toBeUndefined();
    expect(collection('/report', '{type: object, properties: {errors: {type: array}, warnings: {type: array}}}')).toBeUndefined();
  });
});

const LIST = (params: string) => `${HEAD}paths:
  /pets:
    get:
      parameters: ${params}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: object, properties: {data: {type: array, items: {type: string}}, next: {type: string}}}
`;

describe('paging', () => {
  it('follows the paging names a pack sets (PSD2: pageIndex, itemsPerPage)', async () => {
    const doc = LIST(`[{name: pageIndex, in: query, schema: {type: integer}}, {name: itemsPerPage, in: query, schema: {type: integer}}]`);
    const hits = await lint(doc, rs, 'pagination-required');
    expect(hits[0]!.message).toMatch(/pages with pageIndex, itemsPerPage, not the style guide's page\|offset\|cursor and limit/);
    const psd2 = await loadRuleset({ packs: [], rules: { 'pagination-required': { options: { pageParams: ['pageIndex'], sizeParams: ['itemsPerPage'] } } } });
    expect(await lint(doc, psd2, 'pagination-required')).toEqual([]);
  });

  it('reports missing paging, and other names with a hint at the options', async () => {
    const none = await lint(LIST('[]'), rs, 'pagination-required');
    expect(none[0]!.message).toMatch(/without paging parameters: add page\|offset\|cursor and limit/);
    const other = await lint(LIST(`[{name: per_page, in: query, schema: {type: integer}}, {name: page, in: query, schema: {type: integer}}]`), rs, 'pagination-required');
    expect(other[0]!.message).toMatch(/pages with per_page, page, not the style guide's/);
    const tuned = await loadRuleset({ packs: [], rules: { 'pagination-required': { options: { pageParams: ['page'], sizeParams: ['per_page'] } } } });
    expect(await lint(LIST(`[{name: per_page, in: query, schema: {type: integer}}, {name: page, in: query, schema: {type: integer}}]`), tuned, 'pagination-required')).toEqual([]);
  });

  it('lets a bounded collection go unpaged', async () => {
    const doc = `${HEAD}paths:\n  /countries:\n    get:\n      responses:\n        '200': {description: ok, content: {application/json: {schema: {type: array, maxItems: 60, items: {type: string}}}}}\n`;
    expect(await lint(doc, rs, 'pagination-required', 'response-array-bounded')).toEqual([]);
  });

  it('accepts paging fields in the body of a 3.2 QUERY', async () => {
    const doc = `openapi: 3.2.0
info: {title: T, version: 1.0.0}
paths:
  /pets:
    query:
      requestBody:
        content:
          application/json:
            schema: {type: object, properties: {page: {type: integer}, limit: {type: integer}}}
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: array, items: {type: string}}}}}
`;
    expect(await lint(doc, rs, 'pagination-required')).toEqual([]);
  });

  it('exempts the item array of a collection paged with a bounded size', async () => {
    const doc = LIST(`[{name: page, in: query, schema: {type: integer, minimum: 1}}, {name: limit, in: query, schema: {type: integer, minimum: 1, maximum: 50, default: 10}}]`);
    expect(await lint(doc, rs, 'response-array-bounded', 'pagination-limit-bounded', 'pagination-required')).toEqual([]);
    const unbounded = doc.replace('maximum: 50, ', '');
    expect((await lint(unbounded, rs, 'response-array-bounded', 'pagination-limit-bounded')).map((h) => h.code).sort()).toEqual(['pagination-limit-bounded', 'response-array-bounded']);
  });
});

describe('headers on responses', () => {
  it('reports a shared response once', async () => {
    const doc = `${HEAD}components:
  responses:
    Busy: {description: slow down}
paths:
  /a: {get: {responses: {'200': {description: ok}, '429': {$ref: '#/components/responses/Busy'}}}}
  /b: {get: {responses: {'200': {description: ok}, '429': {$ref: '#/components/responses/Busy'}}}}
`;
    const hits = await lint(doc, rs, 'retry-after-on-429-503');
    expect(hits.map((h) => h.path)).toEqual(['components/responses/Busy']);
  });

  it('accepts either rate-limit family and names a half-declared one', async () => {
    const doc = (h: string) => `${HEAD}paths:\n  /a: {get: {responses: {'200': {description: ok, headers: {${h}}}}}}\n`;
    expect(await lint(doc(`X-RateLimit-Limit: {schema: {type: integer}}, X-RateLimit-Remaining: {schema: {type: integer}}`), rs, 'rate-limit-headers')).toEqual([]);
    expect(await lint(doc(`RateLimit: {schema: {type: string}}, RateLimit-Policy: {schema: {type: string}}`), rs, 'rate-limit-headers')).toEqual([]);
    const half = await lint(doc(`X-RateLimit-Limit: {schema: {type: integer}}`), rs, 'rate-limit-headers');
    expect(half[0]!.message).toMatch(/declares X-RateLimit-Limit but not X-RateLimit-Remaining/);
  });
});

describe('response shape', () => {
  it('does not count expandable references (id or object) as nesting', async () => {
    const deep = (n: number) => {
      let s = '{type: string}';
      for (let i = 0; i < n; i++) s = `{type: object, properties: {p${i}: ${s}}}`;
      return s;
    };
    const doc = (schema: string) => `${HEAD}paths:\n  /a/{id}:\n    get:\n      responses:\n        '200': {description: ok, content: {application/json: {schema: ${schema}}}}\n`;
    expect(await lint(doc(deep(8)), rs, 'response-nesting-depth')).toHaveLength(1);
    expect(await lint(doc(`{type: object, properties: {customer: {anyOf: [{type: string}, ${deep(8)}]}}}`), rs, 'response-nesting-depth')).toEqual([]);
  });

  it('asks for 413 on uploads only', async () => {
    const doc = (mt: string) => `${HEAD}paths:\n  /a:\n    post:\n      requestBody: {content: {'${mt}': {schema: {type: object}}}}\n      responses: {'201': {description: ok}}\n`;
    expect(await lint(doc('application/json'), rs, 'payload-too-large-documented')).toEqual([]);
    expect(await lint(doc('multipart/form-data'), rs, 'payload-too-large-documented')).toHaveLength(1);
  });
});

describe('odd input', () => {
  it('no performance function fails on malformed or unusual documents', async () => {
    const docs = [
      `${HEAD}paths:\n  /a: {get: {parameters: [null, {name: limit, in: query}], responses: {'200': {content: {application/json: {schema: {properties: {data: {items: null}}}}}}}}}\n`,
      `${HEAD}paths:\n  /a:\n    get:\n      responses:\n        '200': {headers: null, content: {application/json: null, text/csv: {schema: 3}}}\n        '202': {content: {application/json: {schema: {$ref: '#/nowhere'}}}}\n`,
      `${HEAD}components:\n  schemas:\n    A: {type: object, properties: {a: {$ref: '#/components/schemas/A'}}}\npaths:\n  /a/{id}:\n    get:\n      responses: {'200': {content: {application/json: {schema: {$ref: '#/components/schemas/A'}}}}}\n`,
    ];
    for (const d of docs) {
      const { findings } = await lintSource({ bytes: Buffer.from(d), displayPath: 'odd.yaml' }, rs);
      const failed = findings.filter(
        (f) => f.code === 'rule-failed' && /pagination|cache|etag|conditional|vary|response-|partial|binary|payload|range|expand|sort|retry|long-running|idempotency/.test(f.message),
      );
      expect(failed.map((f) => f.message)).toEqual([]);
    }
  });
});
