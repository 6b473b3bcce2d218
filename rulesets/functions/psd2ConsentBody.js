// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { requestBodyOf, rootOf, typesOf } from './lib/doc.js';
import { contentOf, list, objectShape, opLabel } from './lib/pack-common.js';
import { psd2Ops } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** @type {Record<string, { type: string, format?: string }>} */
const FIELDS = {
  access: { type: 'object' },
  recurringIndicator: { type: 'boolean' },
  validUntil: { type: 'string', format: 'date' },
  frequencyPerDay: { type: 'integer' },
  combinedServiceIndicator: { type: 'boolean' },
};

/** The account-information consent request (POST /v1/consents) has the Berlin Group body. */
export default createRulesetFunction({ input: null, options: null }, function psd2ConsentBody(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const { op } of psd2Ops(root, 'consent-creation')) {
    if (op.pathKey.replace(/\/+$/, '').endsWith('confirmation-of-funds')) continue;
    const rb = requestBodyOf(root, op);
    const json = rb ? contentOf(rb.body.content, [...rb.path, 'content']).filter((m) => m.base === 'application/json' && m.schema !== undefined) : [];
    if (json.length === 0) {
      results.push({ message: `${opLabel(op)} has no application/json consent request body.`, path: rb ? rb.path : op.path });
      continue;
    }
    for (const m of json) {
      const shape = objectShape(root, m.schema, [...m.path, 'schema']);
      const missing = Object.keys(FIELDS).filter((k) => !shape.required.has(k));
      if (missing.length > 0) results.push({ message: `The consent request must require ${list(missing)}.`, path: [...m.path, 'schema'] });
      for (const [name, want] of Object.entries(FIELDS)) {
        const p = shape.props.get(name);
        if (!p) continue;
        const types = typesOf(p.schema);
        const typeOk = types.length === 0 ? name === 'access' && (p.schema.properties !== undefined || p.schema.allOf !== undefined) : types.includes(want.type);
        if (!typeOk) results.push({ message: `Consent field ${name} must be of type ${want.type}${want.format ? ` (format ${want.format})` : ''}.`, path: p.path });
        else if (want.format && p.schema.format !== want.format) results.push({ message: `Consent field ${name} must have format ${want.format}.`, path: p.path });
      }
    }
  }
  return results;
});
