// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { pathOperations, responsesOf, rootOf } from './lib/doc.js';
import { findParam, hasHeader, isSuccess, mediaOf, opLabel } from './lib/secperf.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * Cacheable (GET) success responses that vary by content negotiation (more than one media type, or
 * an Accept-Language parameter) declare a Vary header, so shared caches key them correctly.
 */
export default createRulesetFunction({ input: null, options: null }, function varyHeader(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  const seen = new Set();
  for (const op of pathOperations(root)) {
    if (op.method !== 'get') continue;
    const byLanguage = Boolean(findParam(root, op, 'header', ['Accept-Language']));
    for (const r of responsesOf(root, op)) {
      if (!isSuccess(r.code)) continue;
      const types = mediaOf(root, r.response, r.path).map((m) => m.mediaType);
      if (types.length < 2 && !byLanguage) continue;
      const key = r.path.join('\u0000');
      if (seen.has(key)) continue;
      seen.add(key);
      if (hasHeader(root, r, ['Vary'])) continue;
      const why = types.length >= 2 ? `is offered as ${types.slice(0, 3).join(', ')}${types.length > 3 ? ', …' : ''}` : 'depends on Accept-Language';
      results.push({ message: `${opLabel(op)} response ${r.code} ${why} but declares no Vary header: caches may serve the wrong representation.`, path: r.path });
    }
  }
  return results;
});
