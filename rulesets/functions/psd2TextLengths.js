// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf, typesOf } from './lib/doc.js';
import { psd2NodeName, psd2SchemaNodes } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** @type {Record<string, number>} */
const LENGTHS = {
  remittanceInformationUnstructured: 140,
  creditorName: 70,
  debtorName: 70,
  ultimateCreditor: 70,
  ultimateDebtor: 70,
  endToEndIdentification: 35,
  psuMessage: 500,
};

/**
 * In an XS2A document, free-text fields that declare maxLength stay within the Berlin Group
 * Max*Text bound (a missing maxLength is the core string-bounded rules' concern). Every schema is
 * checked once, where it is written.
 */
export default createRulesetFunction({ input: null, options: null }, function psd2TextLengths(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const n of psd2SchemaNodes(root)) {
    const name = psd2NodeName(n);
    const s = n.schema;
    if (name && Object.hasOwn(LENGTHS, name) && typesOf(s).includes('string')) {
      const max = LENGTHS[name];
      if (typeof s.maxLength === 'number' && s.maxLength > max)
        results.push({ message: `${name} allows ${s.maxLength} characters: the Berlin Group bound is ${max} (Max${max}Text).`, path: [...n.path, 'maxLength'] });
    }
  }
  return results;
});
