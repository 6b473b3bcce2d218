import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, psd2SchemaNodes, rootOf, typesOf } from './lib/packs.js';

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
 * Berlin Group field formats in an XS2A document (every schema checked once, where it is written):
 * - `amount`: objects with amount and currency carry amount as a string with a pattern (never a JSON
 *   number); currency codes are the core iso-codes-for-locale-fields rule's;
 * - `iban`: iban and bban strings carry a pattern;
 * - `text-lengths`: free-text fields that declare maxLength stay within the Berlin Group Max*Text
 *   bound (a missing maxLength is the core string-bounded rules' concern).
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: ['amount', 'iban', 'text-lengths'] } } } },
  function psd2SchemaFields(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    for (const n of psd2SchemaNodes(root)) {
      const name = n.name ?? (n.path.length === 3 && n.path[0] === 'components' && n.path[1] === 'schemas' ? n.path[2] : undefined);
      const s = n.schema;
      if (options.check === 'amount') {
        if (!isObject(s.properties) || s.properties.amount === undefined || s.properties.currency === undefined) continue;
        const amount = deref(root, s.properties.amount, [...n.path, 'properties', 'amount']);
        const at = isObject(amount.value) ? typesOf(amount.value) : [];
        if (at.includes('number') || at.includes('integer')) results.push({ message: 'amount is a JSON number: Berlin Group amounts are strings (pattern ^-?[0-9]{1,14}(\\.[0-9]{1,3})?$) to keep decimals exact.', path: amount.path ?? [...n.path, 'properties', 'amount'] });
        else if (isObject(amount.value) && at.includes('string') && typeof amount.value.pattern !== 'string') results.push({ message: 'amount string has no pattern (^-?[0-9]{1,14}(\\.[0-9]{1,3})?$).', path: amount.path });
      } else if (options.check === 'iban') {
        if ((name === 'iban' || name === 'bban') && typesOf(s).includes('string') && typeof s.pattern !== 'string') {
          results.push({ message: `${name} has no pattern (${name === 'iban' ? '^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{1,30}$' : '^[a-zA-Z0-9]{1,30}$'}).`, path: n.path });
        }
      } else if (name && Object.hasOwn(LENGTHS, name) && typesOf(s).includes('string')) {
        const max = LENGTHS[name];
        if (typeof s.maxLength === 'number' && s.maxLength > max) results.push({ message: `${name} allows ${s.maxLength} characters: the Berlin Group bound is ${max} (Max${max}Text).`, path: [...n.path, 'maxLength'] });
      }
    }
    return results;
  },
);
