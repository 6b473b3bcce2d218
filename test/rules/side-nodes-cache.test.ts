/**
 * sideNodes caches its walks per document, side and variant name. A filtered walk without a
 * variant name is computed afresh: it must neither return the unfiltered list cached under 'all'
 * nor leave its filtered list there for later unfiltered callers.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// Plain-JS helpers of the rule functions.
// @ts-expect-error -- JavaScript module without type declarations
import { sideNodes, sideNodesIfBuilt, walkSide } from '../../rulesets/functions/lib/schema-trees.js';

type Node = { path: string[]; entry: { param?: unknown } };

const text = `
openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /a:
    post:
      parameters:
        - {name: q, in: query, schema: {type: string}}
      requestBody:
        content:
          application/json:
            schema: {type: object, properties: {x: {type: string}}}
      responses:
        '200': {description: ok}
`;
const bodiesOnly = (e: { param?: unknown }) => e.param === undefined;
const paths = (list: Node[]) => list.map((n) => n.path.join('/'));

describe('sideNodes cache', () => {
  it('a filtered walk without a variant name is not cached under "all"', () => {
    const doc = parse(text);
    const filtered: Node[] = sideNodes(doc, 'request', undefined, undefined, bodiesOnly);
    expect(paths(filtered)).not.toContain('paths/~1a/post/parameters/0/schema');
    expect(filtered.every((n) => n.entry.param === undefined)).toBe(true);
    expect(sideNodesIfBuilt(doc, 'request')).toBeUndefined();
    const all: Node[] = sideNodes(doc, 'request');
    expect(all.some((n) => n.entry.param !== undefined)).toBe(true);
    expect(all).not.toBe(filtered);
  });

  it('a filtered walk without a variant name does not get the unfiltered list', () => {
    const doc = parse(text);
    const all: Node[] = sideNodes(doc, 'request');
    const filtered: Node[] = sideNodes(doc, 'request', undefined, undefined, bodiesOnly);
    expect(filtered).not.toBe(all);
    expect(filtered.length).toBeLessThan(all.length);
    const seen: Node[] = [];
    walkSide(doc, 'request', (_s: unknown, n: Node) => seen.push(n), { filterRoot: bodiesOnly });
    expect(seen.every((n) => n.entry.param === undefined)).toBe(true);
    expect(sideNodesIfBuilt(doc, 'request')).toBe(all);
  });
});
