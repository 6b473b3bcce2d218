import { createRulesetFunction } from './lib/define.js';
import { effectiveParameters, paramSchema, PSD2_PAYMENT_SERVICES, psd2Doc, rootOf, squash } from './lib/packs.js';

/**
 * Berlin Group parameters in an XS2A document (each parameter reported once, where it is defined):
 * - `payment-service`: the {payment-service} path parameter is an enum of payments,
 *   bulk-payments, periodic-payments;
 * - `psu-data-in-query`: PSU and consent identifiers (PSU-ID, PSU-Corporate-ID, Consent-ID …)
 *   are never query parameters (they are headers in XS2A).
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: ['payment-service', 'psu-data-in-query'] } } } },
  function psd2Parameters(_input, options, context) {
    const root = rootOf(context);
    const doc = psd2Doc(root);
    if (!doc.isXs2a) return [];
    const results = [];
    const seen = new Set();
    for (const { op } of doc.ops) {
      for (const { param, path } of effectiveParameters(root, op)) {
        const key = path.join('/');
        if (seen.has(key)) continue;
        seen.add(key);
        const name = squash(param.name);
        if (options.check === 'payment-service') {
          if (param.in !== 'path' || name !== 'paymentservice') continue;
          const { schema, path: sp } = paramSchema(root, param, path);
          if (!schema) continue;
          if (!Array.isArray(schema.enum)) results.push({ message: `${param.name} has no enum: use payments, bulk-payments, periodic-payments.`, path: sp });
          else {
            const bad = schema.enum.filter((v) => !PSD2_PAYMENT_SERVICES.includes(v));
            if (bad.length > 0) results.push({ message: `${param.name} values ${bad.join(', ')} are not Berlin Group payment services (payments, bulk-payments, periodic-payments).`, path: sp });
          }
        } else if (param.in === 'query' && (name.startsWith('psu') || name === 'consentid')) {
          results.push({ message: `${param.name} is a query parameter: PSU and consent identifiers travel in headers (URLs end up in logs).`, path });
        }
      }
    }
    return results;
  },
);
