// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { onceReporter, rootOf } from './lib/doc.js';
import { objectShape } from './lib/pack-common.js';
import { fhirJsonResponseBodies, withArticle } from './lib/fhir.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** 4xx, 5xx and default bodies of FHIR interactions are OperationOutcome resources (schemas told by `$ref` name or `resourceType`). */
export default createRulesetFunction({ input: null, options: null }, function fhirErrorOperationOutcome(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  /** @type {Finding[]} */
  const results = [];
  const add = onceReporter(results);
  for (const b of fhirJsonResponseBodies(root, undefined, (code) => /^[45]/.test(code) || code === 'default')) {
    const t = b.type;
    if (t === 'OperationOutcome' || t === 'oneOf') continue;
    if (!t && objectShape(root, b.schema, b.path).props.has('issue')) continue;
    add(`${b.what} is ${t ? withArticle(t) : 'not an OperationOutcome'}: FHIR errors are OperationOutcome resources (issue[] with severity and code).`, b.path);
  }
  return results;
});
