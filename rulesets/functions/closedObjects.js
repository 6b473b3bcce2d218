// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf, specVersion } from './lib/doc.js';
import { hasEnumOrConst } from './lib/secperf.js';
import { allOfMembers, limitNodes, limitOptions, limitReporter } from './lib/limits.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Objects an API receives (side `request`; request bodies only unless `bodiesOnly: false`) refuse
 * undeclared properties (additionalProperties: false, unevaluatedProperties: false in 3.1) or bound
 * them (maxProperties); allOf members, and allOf composites in 3.0, cannot be closed and are skipped.
 */
export default createRulesetFunction(
  {
    input: null,
    options: limitOptions(),
  },
  /** @param {Json} _input @param {{ side: 'request' | 'response', bodiesOnly?: boolean }} options @param {RuleContext} context @returns {Finding[]} */
  function closedObjects(_input, options, context) {
    const root = rootOf(context);
    /** @type {Finding[]} */
    const results = [];
    const report = limitReporter(options.side, results);
    const v3 = specVersion(root);
    const members = allOfMembers(root);
    // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
    for (let nodeI = 0, nodeList = limitNodes(root, options.side, 'closedObject', options.bodiesOnly ?? true); nodeI < nodeList.length; nodeI++) {
      const node = nodeList[nodeI];
      const s = node.schema;
      if (members.has(s) || hasEnumOrConst(s)) continue;
      if (s.additionalProperties === false || s.unevaluatedProperties === false || typeof s.maxProperties === 'number') continue;
      const composite = Array.isArray(s.allOf) && s.allOf.length > 0;
      if (composite && v3 === '3.0') continue;
      if (Array.isArray(s.oneOf) || Array.isArray(s.anyOf)) continue;
      const hasProps = isObject(s.properties) && Object.keys(s.properties).length > 0;
      const map = isObject(s.additionalProperties) || s.additionalProperties === true;
      if (composite) report(node, 'combines allOf parts but accepts undeclared properties: add `unevaluatedProperties: false`.');
      else if (hasProps) report(node, 'accepts undeclared properties: add `additionalProperties: false` (or bound them with maxProperties).');
      else if (map) report(node, 'is a map without maxProperties.');
      else report(node, 'is a free-form object: declare its properties and `additionalProperties: false`, or bound it with maxProperties.');
    }
    return results;
  },
);
