// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf, typesOf } from './lib/doc.js';
import { psd2NodeName, psd2SchemaNodes } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** In an XS2A document, iban and bban strings carry a pattern. Every schema is checked once, where it is written. */
export default createRulesetFunction({ input: null, options: null }, function psd2IbanPattern(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const n of psd2SchemaNodes(root)) {
    const name = psd2NodeName(n);
    const s = n.schema;
    if ((name === 'iban' || name === 'bban') && typesOf(s).includes('string') && typeof s.pattern !== 'string') {
      results.push({ message: `${name} has no pattern (${name === 'iban' ? '^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{1,30}$' : '^[a-zA-Z0-9]{1,30}$'}).`, path: n.path });
    }
  }
  return results;
});
