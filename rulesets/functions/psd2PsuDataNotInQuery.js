// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { squash } from './lib/pack-common.js';
import { psd2Parameters } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * In an XS2A document, PSU and consent identifiers (PSU-ID, PSU-Corporate-ID, Consent-ID …) are
 * never query parameters: they are headers in XS2A (each parameter reported once, where it is defined).
 */
export default createRulesetFunction({ input: null, options: null }, function psd2PsuDataNotInQuery(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const { param, path } of psd2Parameters(root)) {
    const name = squash(param.name);
    if (param.in === 'query' && (name.startsWith('psu') || name === 'consentid')) {
      results.push({ message: `${param.name} is a query parameter: PSU and consent identifiers travel in headers (URLs end up in logs).`, path });
    }
  }
  return results;
});
