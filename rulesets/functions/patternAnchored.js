// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { describeNode } from './lib/secperf.js';
import { limitNodes, limitOptions } from './lib/limits.js';
import { looselyAnchored } from './lib/patterns.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Patterns of the schemas an API receives (side `request`) or sends (side `response`) are anchored
 * with ^…$ in every top-level alternative; prefix or suffix checks ending in a literal
 * (`^https://`) and explicit wildcards (`^do:.*`) pass.
 */
export default createRulesetFunction(
  {
    input: null,
    options: limitOptions(),
  },
  /** @param {Json} _input @param {{ side: 'request' | 'response', bodiesOnly?: boolean }} options @param {RuleContext} context @returns {Finding[]} */
  function patternAnchored(_input, options, context) {
    const root = rootOf(context);
    const where = options.side === 'request' ? 'Request' : 'Response';
    const results = [];
    // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
    for (let nodeI = 0, nodeList = limitNodes(root, options.side, 'pattern', options.bodiesOnly ?? false); nodeI < nodeList.length; nodeI++) {
      const node = nodeList[nodeI];
      const s = node.schema;
      const loose = looselyAnchored(s.pattern);
      if (loose.length > 0) {
        results.push({
          message: `${where} ${describeNode(node.path, node)} has the pattern ${JSON.stringify(s.pattern)}, whose ${JSON.stringify(loose[0])} is not anchored at both ends: it accepts strings that merely contain a match. Anchor it with ^…$ (group alternatives: ^(a|b)$).`,
          path: [...node.path, 'pattern'],
        });
      }
    }
    return results;
  },
);
