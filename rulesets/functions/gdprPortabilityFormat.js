// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { responsesOf, rootOf } from './lib/doc.js';
import { contentOf, opLabel } from './lib/pack-common.js';
import { gdprRights } from './lib/gdpr.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** @param {string} mt @returns {boolean} */
const STRUCTURED = (mt) => mt === 'application/json' || mt.endsWith('+json') || mt === 'text/csv' || mt === 'application/xml' || mt.endsWith('+xml') || mt === 'application/x-ndjson';

/** Operations marked x-data-subject-rights access or portability return a structured, machine-readable format (Art. 20). */
export default createRulesetFunction({ input: null, options: null }, function gdprPortabilityFormat(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  const rights = gdprRights(root);
  const ops = new Set([...(rights.get('access') ?? []), ...(rights.get('portability') ?? [])]);
  for (const op of ops) {
    const types = responsesOf(root, op)
      .filter((r) => /^2/.test(r.code))
      .flatMap((r) => contentOf(r.response.content, []).map((m) => m.base));
    if (types.length > 0 && !types.some(STRUCTURED))
      results.push({ message: `${opLabel(op)} exports personal data only as ${types.join(', ')}: offer a structured, machine-readable format (JSON, CSV, XML).`, path: [...op.path, 'responses'] });
  }
  return results;
});
