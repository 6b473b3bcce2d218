// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { isTemplate } from './lib/pack-common.js';
import { fhirDoc, fhirTypeLike } from './lib/fhir.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * Below [type] and [type]/{id} of a FHIR server only _history, _search, compartment resource types
 * and $-prefixed operations appear (/Patient/{id}/$everything, not /Patient/{id}/merge). Once per path.
 */
export default createRulesetFunction({ input: null, options: null }, function fhirOperationNaming(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const { ops } = fhirDoc(root);
  const results = [];
  const seen = new Set();
  for (const { op, it } of ops) {
    if (seen.has(op.pathKey) || !(it && it.kind === 'other' && it.type)) continue;
    seen.add(op.pathKey);
    const where = op.path.slice(0, op.path[op.path.length - 2] === 'additionalOperations' ? -2 : -1);
    const odd = it.rest.find((/** @type {string} */ s, /** @type {number} */ i) => !isTemplate(s) && !(s === '_history' || s === '_search' || s.startsWith('$') || (i === 1 && fhirTypeLike(s) === s)));
    results.push({
      message: odd
        ? `'${odd}' in ${op.pathKey} is not a FHIR interaction: custom operations are $-prefixed (e.g. ${op.pathKey.replace(odd, `$${odd}`)}).`
        : `${op.method.toUpperCase()} ${op.pathKey} is not a FHIR interaction for this URL pattern.`,
      path: where,
    });
  }
  return results;
});
