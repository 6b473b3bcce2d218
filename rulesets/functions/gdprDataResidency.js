// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { gdprDoc, personalDataExample } from './lib/gdpr.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** Every server of an API that processes personal data declares x-data-residency (where the data is stored and processed). */
export default createRulesetFunction({ input: null, options: null }, function gdprDataResidency(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const doc = gdprDoc(root);
  if (!doc.processes) return [];
  const example = personalDataExample(doc);
  /** @type {Finding[]} */
  const results = [];
  /** @type {Json[]} */
  const servers = Array.isArray(root.servers) ? root.servers : [];
  servers.forEach((s, i) => {
    if (isObject(s) && typeof s['x-data-residency'] !== 'string' && !Array.isArray(s['x-data-residency'])) {
      results.push({ message: `Server ${String(s.url ?? i)} does not declare x-data-residency (e.g. EU) although the API processes personal data${example}.`, path: ['servers', String(i)] });
    }
  });
  return results;
});
