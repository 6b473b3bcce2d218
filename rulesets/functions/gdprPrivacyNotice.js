// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { gdprDoc, personalDataExample } from './lib/gdpr.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** An API that processes personal data links its privacy notice (info.x-privacy-policy). */
export default createRulesetFunction({ input: null, options: null }, function gdprPrivacyNotice(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const doc = gdprDoc(root);
  if (!doc.processes) return [];
  const info = isObject(root.info) ? root.info : {};
  const p = info['x-privacy-policy'];
  if (typeof p === 'string' && p.trim() !== '') return [];
  return [{ message: `The API processes personal data${personalDataExample(doc)} but info.x-privacy-policy does not link the privacy notice.`, path: ['info'] }];
});
