// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { hasEnumOrConst, nameIn } from './lib/secperf.js';
import { limitNodes, limitOptions, limitReporter } from './lib/limits.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Integers and numbers an API receives (side `request`) or sends (side `response`) declare the
 * bounds listed in `require` (default minimum and maximum; exclusive forms count), unless
 * enum/const, a format in `exemptFormats` (default unix-time, timestamp) or a query parameter named
 * in `exemptParams` (default limit: page sizes are pagination-limit-bounded's).
 */
export default createRulesetFunction(
  {
    input: null,
    options: limitOptions({
      require: { type: 'array', items: { enum: ['minimum', 'maximum'] } },
      exemptFormats: { type: 'array', items: { type: 'string' } },
      exemptParams: { type: 'array', items: { type: 'string' } },
    }),
  },
  /**
   * @param {Json} _input
   * @param {{ side: 'request' | 'response', bodiesOnly?: boolean, require?: ('minimum' | 'maximum')[], exemptFormats?: string[], exemptParams?: string[] }} options
   * @param {RuleContext} context
   * @returns {Finding[]}
   */
  function numberRange(_input, options, context) {
    const root = rootOf(context);
    /** @type {Finding[]} */
    const results = [];
    const report = limitReporter(options.side, results);
    const need = options.require ?? ['minimum', 'maximum'];
    const exemptFormats = new Set(options.exemptFormats ?? ['unix-time', 'timestamp']);
    const exemptParams = options.exemptParams ?? ['limit'];
    // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
    for (let nodeI = 0, nodeList = limitNodes(root, options.side, 'number', options.bodiesOnly ?? false); nodeI < nodeList.length; nodeI++) {
      const node = nodeList[nodeI];
      const s = node.schema;
      if (hasEnumOrConst(s)) continue;
      if (typeof s.format === 'string' && exemptFormats.has(s.format)) continue;
      if (node.entry.param && node.entry.param.in === 'query' && node.depth === 0 && nameIn(node.entry.param.name, exemptParams)) continue;
      const lower = typeof s.minimum === 'number' || typeof s.exclusiveMinimum === 'number';
      const upper = typeof s.maximum === 'number' || typeof s.exclusiveMaximum === 'number';
      const missing = need.filter((b) => (b === 'minimum' ? !lower : !upper));
      if (missing.length > 0) report(node, `is a number without ${missing.join(' and ')}.`);
    }
    return results;
  },
);
