// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { hasEnumOrConst, kindsOf, resolveSchema } from './lib/secperf.js';
import { limitNodes, limitOptions, limitReporter } from './lib/limits.js';
import { collectionReads, PAGE_SIZE_NAMES, pagingParams, paramMaximum } from './lib/performance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Arrays an API receives (side `request`) or sends (side `response`) declare maxItems (unique items
 * from an enum, and closed 3.1 tuples, are bounded by construction); with
 * `exemptPagedCollections`, the item array of a collection read whose page-size parameter has a
 * maximum is bounded by paging and passes.
 */
export default createRulesetFunction(
  {
    input: null,
    options: limitOptions({ exemptPagedCollections: { type: 'boolean' } }),
  },
  /** @param {Json} _input @param {{ side: 'request' | 'response', bodiesOnly?: boolean, exemptPagedCollections?: boolean }} options @param {RuleContext} context @returns {Finding[]} */
  function arrayMaxItems(_input, options, context) {
    const root = rootOf(context);
    /** @type {Finding[]} */
    const results = [];
    const report = limitReporter(options.side, results);
    const paged = new Set();
    if (options.exemptPagedCollections) {
      for (const { op, coll } of collectionReads(root)) {
        const size = pagingParams(root, op).find((p) => PAGE_SIZE_NAMES.includes(p.param.name.toLowerCase().replace(/[^a-z0-9]/g, '')));
        if (size && paramMaximum(root, size) !== undefined) paged.add(coll.array);
      }
    }
    // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
    for (let nodeI = 0, nodeList = limitNodes(root, options.side, 'array', options.bodiesOnly ?? false); nodeI < nodeList.length; nodeI++) {
      const node = nodeList[nodeI];
      const s = node.schema;
      if (typeof s.maxItems === 'number' || hasEnumOrConst(s) || paged.has(s)) continue;
      // Bounded by construction: unique items from a closed set, or a closed tuple (3.1).
      if (s.items === false && Array.isArray(s.prefixItems)) continue;
      if (s.uniqueItems === true && isObject(s.items)) {
        const { value: it } = resolveSchema(root, s.items, undefined);
        if (it && (hasEnumOrConst(it) || (kindsOf(it).length > 0 && kindsOf(it).every((k) => k === 'boolean' || k === 'null')))) continue;
      }
      report(node, 'is an array without maxItems.');
    }
    return results;
  },
);
