// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { headersOf, kindsOf, opLabel, propertiesOf, resolveSchema, squash } from './lib/secperf.js';
import { collectionReads, ENVELOPE_PROPERTIES, pagingParams } from './lib/performance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const NAV =
  /^(next|nextpage|nextpageuri|nextpageurl|nextlink|nexturl|nextcursor|nextpagetoken|nexttoken|cursor|endcursor|hasmore|hasnextpage|continue|continuationtoken|pagetoken|total|totalcount|totalitems|totalresults|totalsize|count|remainingitemcount)$/;
const CONTAINERS = /^(links|_links|link|meta|metadata|pagination|paging|pageinfo|page|cursor|cursors)$/;
const HEADERS = ['link', 'x-total-count', 'x-next-page', 'x-next-cursor', 'x-pagination', 'x-continuation-token'];

/**
 * Paginated collection reads tell clients how to get the next page: a next link, cursor, has-more
 * flag or total in the body (directly or one level down in links/meta/pagination/…), or a Link
 * header (RFC 8288) or X-Total-Count / X-Next-* header.
 */
export default createRulesetFunction(
  { input: null, options: { type: ['object', 'null'], additionalProperties: false, properties: { envelopeProperties: { type: 'array', items: { type: 'string' } } } } },
  /** @param {Json} _input @param {{ envelopeProperties?: string[] } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function paginationLinks(_input, opts, context) {
    const root = rootOf(context);
    const results = [];
    for (const { op, coll } of collectionReads(root, opts?.envelopeProperties ?? ENVELOPE_PROPERTIES)) {
      if (pagingParams(root, op).length === 0) continue;
      const hs = headersOf(root, coll.response);
      if (HEADERS.some((h) => hs.has(h)) || [...hs.keys()].some((h) => /pagination|next/i.test(h))) continue;
      if (coll.arrayProp !== undefined && bodyNavigates(root, coll)) continue;
      results.push({
        message: `${opLabel(op)} is paginated but its ${coll.code} response has no next link, cursor or total (in the body or a Link header): clients cannot tell how to continue.`,
        path: coll.response.path,
      });
    }
    return results;
  },
);

/** @param {Json} root @param {{ schema: Json, schemaPath: Path }} coll @returns {boolean} */
function bodyNavigates(root, coll) {
  const props = propertiesOf(root, coll.schema, coll.schemaPath);
  for (const [name, p] of props) {
    const n = squash(name);
    if (NAV.test(n)) return true;
    if (!CONTAINERS.test(name.toLowerCase())) continue;
    const { value, path } = resolveSchema(root, p.schema, p.path);
    if (!value || kindsOf(value).includes('array')) continue;
    for (const inner of propertiesOf(root, value, path).keys()) if (NAV.test(squash(inner)) || /next|cursor|total/.test(squash(inner))) return true;
  }
  return false;
}
