// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { hasCode, opLabel } from './lib/pack-common.js';
import { fhirOps } from './lib/fhir.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** A FHIR read declares 410 Gone when the resource can be deleted (HL7 FHIR RESTful API, read and delete). */
export default createRulesetFunction({ input: null, options: null }, function fhirReadGone(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const { op } of fhirOps(root, 'read')) {
    if (op.method !== 'get' || !op.pathItem.delete || hasCode(op, '410', false)) continue;
    results.push({
      message: `${opLabel(op)} does not declare 410 Gone, although ${op.pathKey} supports DELETE: clients cannot tell a deleted resource from an unknown one.`,
      path: [...op.path, 'responses'],
    });
  }
  return results;
});
