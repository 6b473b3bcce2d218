// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { gdprDoc } from './lib/gdpr.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * Fields named like special-category data (Art. 9: health, diagnosis, biometric, genetic,
 * ethnicity, religion, political opinion, trade-union membership, sexual orientation …) are marked
 * `x-personal-data: {category: special}` (or `x-sap-dpp-is-potentially-sensitive: true`).
 */
export default createRulesetFunction({ input: null, options: null }, function gdprSpecialCategory(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const f of gdprDoc(root).fields) {
    if (!f.special) continue;
    const m = f.marker;
    if (m && (m.key === 'x-sap-dpp-is-potentially-sensitive' || (isObject(m.value) && m.value.category === 'special'))) continue;
    const what = f.kind === 'property' ? 'Property' : 'Parameter';
    results.push({
      message: m
        ? `${what} '${f.name}' looks like special-category data ('${f.special}') but its ${m.key} does not say category: special.`
        : `${what} '${f.name}' looks like special-category data ('${f.special}') and is not marked x-personal-data with category: special.`,
      path: m && isObject(m.value) ? [...f.path, m.key] : f.path,
    });
  }
  return results;
});
