// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { requestBodyOf, rootOf } from './lib/doc.js';
import { contentOf, opLabel } from './lib/pack-common.js';
import { fhirOps } from './lib/fhir.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

const PATCH_TYPES = new Set(['application/json-patch+json', 'application/fhir+json', 'application/fhir+xml', 'application/xml-patch+xml']);

/** FHIR PATCH accepts JSON Patch (application/json-patch+json) or FHIRPath Patch (a Parameters resource in application/fhir+json). */
export default createRulesetFunction({ input: null, options: null }, function fhirPatchFormats(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const { op } of fhirOps(root, 'patch')) {
    const rb = requestBodyOf(root, op);
    if (!rb) continue;
    const types = contentOf(rb.body.content, []).map((m) => m.base);
    if (types.length > 0 && !types.some((t) => PATCH_TYPES.has(t))) {
      results.push({ message: `${opLabel(op)} accepts ${types.join(', ')}: FHIR patch is application/json-patch+json or FHIRPath Patch (application/fhir+json).`, path: [...rb.path, 'content'] });
    }
  }
  return results;
});
