// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { limitNodes, limitOptions, limitReporter } from './lib/limits.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** Maps (additionalProperties schema or true) an API receives (side `request`) or sends (side `response`) declare maxProperties. */
export default createRulesetFunction(
  {
    input: null,
    options: limitOptions(),
  },
  /** @param {Json} _input @param {{ side: 'request' | 'response', bodiesOnly?: boolean }} options @param {RuleContext} context @returns {Finding[]} */
  function mapMaxProperties(_input, options, context) {
    const root = rootOf(context);
    /** @type {Finding[]} */
    const results = [];
    const report = limitReporter(options.side, results);
    // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
    for (let nodeI = 0, nodeList = limitNodes(root, options.side, 'object', options.bodiesOnly ?? false); nodeI < nodeList.length; nodeI++) {
      const node = nodeList[nodeI];
      const s = node.schema;
      const map = isObject(s.additionalProperties) || s.additionalProperties === true;
      if (map && typeof s.maxProperties !== 'number') report(node, 'is a map (additionalProperties) without maxProperties.');
    }
    return results;
  },
);
