// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { isTemplate, segmentsOf } from './lib/pack-common.js';
import { fhirDoc, fhirTypeLike } from './lib/fhir.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * In a FHIR server, every path addresses [base]/[type]/…, where [type] is a FHIR resource type
 * written exactly (Patient, not patients), or is a system-level path (metadata, _history, _search,
 * $op). Once per path.
 */
export default createRulesetFunction({ input: null, options: null }, function fhirResourceTypePaths(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const { ops } = fhirDoc(root);
  const results = [];
  const seen = new Set();
  for (const { op, it } of ops) {
    if (seen.has(op.pathKey) || it) continue;
    seen.add(op.pathKey);
    const where = op.path.slice(0, op.path[op.path.length - 2] === 'additionalOperations' ? -2 : -1);
    const like = segmentsOf(op.pathKey)
      .filter((s) => !isTemplate(s))
      .map((s) => [s, fhirTypeLike(s)])
      .find(([, t]) => t);
    results.push({
      message: like
        ? `Path ${op.pathKey} uses '${like[0]}' for the resource type ${like[1]}: FHIR URLs are [base]/${like[1]}/….`
        : `Path ${op.pathKey} is not a FHIR interaction: [base]/[type]/… with a FHIR resource type, or a system-level path (metadata, _history, _search, $operation).`,
      path: where,
    });
  }
  return results;
});
