// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { hasCode, headerParams, list, opLabel } from './lib/pack-common.js';
import { fhirOps } from './lib/fhir.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** FHIR update and patch accept If-Match and declare 412 Precondition Failed (versioned updates, no lost update). */
export default createRulesetFunction({ input: null, options: null }, function fhirVersionedUpdate(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const { op } of fhirOps(root, ['update', 'patch'])) {
    const missing = [];
    if (!headerParams(root, op).has('if-match')) missing.push('the If-Match header');
    if (!hasCode(op, '412', false)) missing.push('a 412 Precondition Failed response');
    if (missing.length > 0)
      results.push({
        message: `${opLabel(op)} lacks ${list(missing)}: concurrent updates overwrite each other (lost update).`,
        path: [...op.path, missing[0].startsWith('the') ? 'parameters' : 'responses'],
      });
  }
  return results;
});
