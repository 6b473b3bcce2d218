// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, rootOf, typesOf } from './lib/doc.js';
import { psd2SchemaNodes } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * In an XS2A document, objects with amount and currency carry amount as a string with a pattern
 * (never a JSON number); currency codes are the core iso-codes-for-locale-fields rule's. Every
 * schema is checked once, where it is written.
 */
export default createRulesetFunction({ input: null, options: null }, function psd2AmountString(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const n of psd2SchemaNodes(root)) {
    const s = n.schema;
    if (!isObject(s.properties) || s.properties.amount === undefined || s.properties.currency === undefined) continue;
    const amount = deref(root, s.properties.amount, [...n.path, 'properties', 'amount']);
    const at = isObject(amount.value) ? typesOf(amount.value) : [];
    if (at.includes('number') || at.includes('integer'))
      results.push({
        message: 'amount is a JSON number: Berlin Group amounts are strings (pattern ^-?[0-9]{1,14}(\\.[0-9]{1,3})?$) to keep decimals exact.',
        path: amount.path ?? [...n.path, 'properties', 'amount'],
      });
    else if (isObject(amount.value) && at.includes('string') && typeof amount.value.pattern !== 'string')
      results.push({ message: 'amount string has no pattern (^-?[0-9]{1,14}(\\.[0-9]{1,3})?$).', path: amount.path });
  }
  return results;
});
