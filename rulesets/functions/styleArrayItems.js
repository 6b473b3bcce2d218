// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf, typesOf } from './lib/doc.js';
import { allSchemas } from './lib/schemas.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** Array schemas declare `items` (or `prefixItems`): without them every element is "anything". */
export default createRulesetFunction({ input: null, options: null }, function styleArrayItems(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const results = [];
  for (const e of allSchemas(rootOf(context))) {
    const s = e.schema;
    if (!typesOf(s).includes('array') || s.items !== undefined || s.prefixItems !== undefined) continue;
    results.push({ message: 'Array schema has no items.', path: e.path });
  }
  return results;
});
