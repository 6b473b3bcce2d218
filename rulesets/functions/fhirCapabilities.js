// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { bodySchemas } from './lib/pack-common.js';
import { fhirDoc, fhirSchemaType } from './lib/fhir.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** A FHIR server has GET [base]/metadata, and it returns a CapabilityStatement. */
export default createRulesetFunction({ input: null, options: null }, function fhirCapabilities(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const { isFhir, ops } = fhirDoc(root);
  if (!isFhir) return [];
  const caps = ops.filter((x) => x.it && x.it.kind === 'capabilities');
  if (caps.length === 0) return [{ message: 'The FHIR server has no GET [base]/metadata (capabilities interaction returning its CapabilityStatement).', path: ['paths'] }];
  const results = [];
  for (const { op } of caps) {
    for (const b of bodySchemas(root, op, { request: false })) {
      const t = fhirSchemaType(root, b.schema, b.path);
      if (t && t !== 'CapabilityStatement' && t !== 'oneOf') results.push({ message: `GET ${op.pathKey} returns ${t}, not a CapabilityStatement.`, path: b.path });
    }
  }
  return results;
});
