// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { paramSchema, squash } from './lib/pack-common.js';
import { PSD2_PAYMENT_SERVICES, psd2Parameters } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * In an XS2A document, the {payment-service} path parameter is an enum of payments, bulk-payments
 * and periodic-payments (each parameter reported once, where it is defined).
 */
export default createRulesetFunction({ input: null, options: null }, function psd2PaymentServiceEnum(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const { param, path } of psd2Parameters(root)) {
    if (param.in !== 'path' || squash(param.name) !== 'paymentservice') continue;
    const { schema, path: sp } = paramSchema(root, param, path);
    if (!schema) continue;
    if (!Array.isArray(schema.enum)) results.push({ message: `${param.name} has no enum: use payments, bulk-payments, periodic-payments.`, path: sp });
    else {
      const bad = schema.enum.filter((v) => !PSD2_PAYMENT_SERVICES.includes(v));
      if (bad.length > 0) results.push({ message: `${param.name} values ${bad.join(', ')} are not Berlin Group payment services (payments, bulk-payments, periodic-payments).`, path: sp });
    }
  }
  return results;
});
