// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf, typesOf } from './lib/doc.js';
import { opLabel, paramSchema, paramsIn } from './lib/pack-common.js';
import { psd2Ops } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

const BOOKING = new Set(['booked', 'pending', 'both', 'information', 'all']);

/**
 * Transaction reports (GET …/accounts/{account-id}/transactions): bookingStatus is a required query
 * parameter with Berlin Group values, dateFrom is declared, dates have format date, withBalance is boolean.
 */
export default createRulesetFunction({ input: null, options: null }, function psd2TransactionParams(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const { op, res } of psd2Ops(root, 'account-reads')) {
    if (res.rest[res.rest.length - 1] !== 'transactions') continue;
    const q = new Map(paramsIn(root, op, 'query').map((p) => [p.param.name, p]));
    const booking = q.get('bookingStatus');
    if (!booking) results.push({ message: `${opLabel(op)} does not declare the bookingStatus query parameter.`, path: [...op.path, 'parameters'] });
    else {
      if (booking.param.required !== true) results.push({ message: 'bookingStatus must be required (required: true).', path: booking.path });
      const { schema, path } = paramSchema(root, booking.param, booking.path);
      const bad = schema && Array.isArray(schema.enum) ? schema.enum.filter((v) => !BOOKING.has(v)) : [];
      if (bad.length > 0) results.push({ message: `bookingStatus values ${bad.join(', ')} are not Berlin Group values (booked, pending, both, information, all).`, path });
    }
    if (!q.has('dateFrom')) results.push({ message: `${opLabel(op)} does not declare the dateFrom query parameter.`, path: [...op.path, 'parameters'] });
    for (const name of ['dateFrom', 'dateTo']) {
      const p = q.get(name);
      if (!p) continue;
      const { schema, path } = paramSchema(root, p.param, p.path);
      if (schema && schema.format !== 'date') results.push({ message: `${name} must be a string with format date.`, path });
    }
    const wb = q.get('withBalance');
    if (wb) {
      const { schema, path } = paramSchema(root, wb.param, wb.path);
      if (schema && !typesOf(schema).includes('boolean')) results.push({ message: 'withBalance must be a boolean.', path });
    }
  }
  return results;
});
