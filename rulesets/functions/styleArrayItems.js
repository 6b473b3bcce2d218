// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf, typesOf } from './lib/doc.js';
import { allSchemas } from './lib/style.js';

/** Array schemas declare `items` (or `prefixItems`): without them every element is "anything". */
export default createRulesetFunction({ input: null, options: null }, function styleArrayItems(_input, _options, context) {
  const results = [];
  for (const e of allSchemas(rootOf(context))) {
    const s = e.schema;
    if (!typesOf(s).includes('array') || s.items !== undefined || s.prefixItems !== undefined) continue;
    results.push({ message: 'Array schema has no items.', path: e.path });
  }
  return results;
});
