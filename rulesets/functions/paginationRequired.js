// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { requestBodyOf, rootOf } from './lib/doc.js';
import { mediaOf, nameIn, opLabel, propertiesOf, resolveSchema } from './lib/secperf.js';
import { collectionReads, ENVELOPE_PROPERTIES, pagingParams, queryParamsNamed } from './lib/performance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */
/** @typedef {import('./lib/doc.js').Operation} Operation */

/**
 * Collection reads (see lib/performance.js collectionOf) declare the style guide's paging query
 * parameters: one of `pageParams` (position; default page, offset, cursor; empty = not required)
 * and one of `sizeParams` (page size; default limit), compared ignoring case and separators.
 * Collections whose array declares maxItems ≤ `maxUnpagedItems` (default 100) are bounded and pass.
 * A 3.2 QUERY operation may carry the paging fields in its request body instead.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: {
        pageParams: { type: 'array', items: { type: 'string' } },
        sizeParams: { type: 'array', items: { type: 'string' } },
        envelopeProperties: { type: 'array', items: { type: 'string' } },
        maxUnpagedItems: { type: 'integer', minimum: 0 },
      },
    },
  },
  /**
   * @param {Json} _input
   * @param {{ pageParams?: string[], sizeParams?: string[], envelopeProperties?: string[], maxUnpagedItems?: number } | null} opts
   * @param {RuleContext} context
   * @returns {Finding[]}
   */
  function paginationRequired(_input, opts, context) {
    const root = rootOf(context);
    const pageParams = opts?.pageParams ?? ['page', 'offset', 'cursor'];
    const sizeParams = opts?.sizeParams ?? ['limit'];
    const cap = opts?.maxUnpagedItems ?? 100;
    const results = [];
    for (const { op, coll } of collectionReads(root, opts?.envelopeProperties ?? ENVELOPE_PROPERTIES)) {
      if (typeof coll.array.maxItems === 'number' && coll.array.maxItems <= cap) continue;
      const body = op.method === 'query' ? bodyFields(root, op) : [];
      const hasPage = pageParams.length === 0 || queryParamsNamed(root, op, pageParams).length > 0 || body.some((n) => nameIn(n, pageParams));
      const hasSize = sizeParams.length === 0 || queryParamsNamed(root, op, sizeParams).length > 0 || body.some((n) => nameIn(n, sizeParams));
      if (hasPage && hasSize) continue;
      const what = coll.arrayProp ? `a collection ('${coll.arrayProp}')` : 'an array';
      const expected = [pageParams.length ? pageParams.join('|') : '', sizeParams.length ? sizeParams.join('|') : ''].filter(Boolean).join(' and ');
      const other = pagingParams(root, op, [...pageParams, ...sizeParams]).map((p) => p.param.name);
      results.push({
        message: other.length
          ? `${opLabel(op)} returns ${what} and pages with ${other.join(', ')}, not the style guide's ${expected} (set pagination-required's pageParams/sizeParams if that is your convention).`
          : `${opLabel(op)} returns ${what} without paging parameters: add ${expected} so responses stay bounded.`,
        path: op.path,
      });
    }
    return results;
  },
);

/** Top-level property names of a request body (QUERY operations page in the body). @param {Json} root @param {Operation} op @returns {string[]} */
function bodyFields(root, op) {
  const rb = requestBodyOf(root, op);
  if (!rb) return [];
  const names = [];
  for (const m of mediaOf(root, rb.body, rb.path)) {
    if (!m.schema) continue;
    const { value, path } = resolveSchema(root, m.schema, m.schemaPath);
    if (value) names.push(...propertiesOf(root, value, path).keys());
  }
  return names;
}
