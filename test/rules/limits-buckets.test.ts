/**
 * The request-body lists of the size-limit rules (requestBodyBuckets) are the lists of a walk of
 * the request bodies alone, whether they are filtered from the whole request walk or walked again
 * (a body schema a parameter reached first, readOnly parts, nothing built yet).
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// Plain-JS helpers of the rule functions.
// @ts-expect-error -- JavaScript module without type declarations
import { requestBodyBuckets, sideBuckets } from '../../rulesets/functions/lib/limits.js';
// @ts-expect-error -- JavaScript module without type declarations
import { sideNodes } from '../../rulesets/functions/lib/schema-trees.js';

type Node = { path: string[]; depth: number; name?: string; entry: { path: string[]; mediaType?: string; param?: unknown }; op: { path: string[] } };
type Buckets = Record<string, Node[]>;

/** What a rule can see of each node, per list. */
const view = (b: Buckets) =>
  Object.fromEntries(Object.entries(b).map(([k, list]) => [k, list.map((n) => [n.path.join('/'), n.depth, n.name, n.entry.path.join('/'), n.entry.mediaType, n.op.path.join('/')])]));

/** requestBodyBuckets after building the whole request walk (or not), and a separate bodies walk of a copy. */
function compare(text: string, buildAllFirst = true) {
  const doc = parse(text);
  const copy = structuredClone(doc);
  const all = buildAllFirst ? sideNodes(doc, 'request') : undefined;
  const derived = view(requestBodyBuckets(doc));
  const walked = view(sideBuckets(copy, 'request', { variant: 'bodies', filterRoot: (e: { param?: unknown }) => e.param === undefined }));
  return { derived, walked, separable: all?.bodiesSeparable };
}

const doc = (components: string, params: string, body: string) => `
openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /a/{id}:
    parameters:
${params}
    post:
      requestBody:
        content:
          application/json:
            schema: ${body}
      responses: {'204': {description: ok}}
    put:
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Thing'}
          application/xml:
            schema: {type: object, properties: {x: {type: string}, y: {$ref: '#/components/schemas/Thing'}}}
      responses: {'204': {description: ok}}
components:
  schemas:
${components}
`;

const THING = `    Thing:
      type: object
      properties:
        name: {type: string}
        secret: {type: string, readOnly: true, pattern: '^a'}
        tags: {type: array, items: {$ref: '#/components/schemas/Tag'}}
        extra: {additionalProperties: {type: integer}}
    Tag: {type: string, maxLength: 10}
    Id: {type: string, format: uuid}`;

describe('requestBodyBuckets', () => {
  it('filters the whole request walk when parameters and bodies share no schema', () => {
    const r = compare(doc(THING, "      - {name: id, in: path, required: true, schema: {$ref: '#/components/schemas/Id'}}", "{$ref: '#/components/schemas/Thing'}"));
    expect(r.separable).toBe(true);
    expect(r.derived).toEqual(r.walked);
    expect(r.walked.string.length).toBeGreaterThan(0);
  });

  it('walks the bodies again when a body reaches a schema a parameter reached first', () => {
    // The parameter walks Tag first: in the whole walk the body's `tags` items stop there.
    const text = doc(THING, "      - {name: id, in: path, required: true, schema: {$ref: '#/components/schemas/Tag'}}", "{$ref: '#/components/schemas/Thing'}");
    const r = compare(text);
    expect(r.separable).toBe(false);
    expect(r.derived).toEqual(r.walked);
    expect(r.walked.string.map((x) => x[0])).toContain('components/schemas/Tag');
  });

  it('walks the bodies when the whole request walk was not built', () => {
    const r = compare(doc(THING, "      - {name: id, in: path, required: true, schema: {$ref: '#/components/schemas/Id'}}", '{type: object, properties: {a: {type: number}}}'), false);
    expect(r.derived).toEqual(r.walked);
  });
});
