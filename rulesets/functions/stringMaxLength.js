// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { hasEnumOrConst } from './lib/secperf.js';
import { isBinaryString, limitNodes, limitOptions, limitReporter } from './lib/limits.js';
import { isLengthBoundingPattern } from './lib/patterns.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const BOUNDED_FORMATS = ['date', 'date-time', 'time', 'uuid', 'email', 'idn-email', 'ipv4', 'ipv6', 'duration', 'int32', 'int64'];

/**
 * Strings an API receives (side `request`) or sends (side `response`) declare maxLength, or are
 * bounded by enum/const, a bounded `format` (option `boundedFormats`) or an anchored pattern without
 * unbounded quantifiers; binary strings are binaryMaxLength's.
 */
export default createRulesetFunction(
  {
    input: null,
    options: limitOptions({ boundedFormats: { type: 'array', items: { type: 'string' } } }),
  },
  /** @param {Json} _input @param {{ side: 'request' | 'response', bodiesOnly?: boolean, boundedFormats?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function stringMaxLength(_input, options, context) {
    const root = rootOf(context);
    /** @type {Finding[]} */
    const results = [];
    const report = limitReporter(options.side, results);
    const formats = new Set(options.boundedFormats ?? BOUNDED_FORMATS);
    // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
    for (let nodeI = 0, nodeList = limitNodes(root, options.side, 'string', options.bodiesOnly ?? false); nodeI < nodeList.length; nodeI++) {
      const node = nodeList[nodeI];
      const s = node.schema;
      if (isBinaryString(s) || typeof s.maxLength === 'number' || hasEnumOrConst(s)) continue;
      if (typeof s.format === 'string' && formats.has(s.format)) continue;
      if (isLengthBoundingPattern(s.pattern)) continue;
      report(node, 'is a string without maxLength (nor enum, const, bounded format or bounded pattern).');
    }
    return results;
  },
);
