import { createRulesetFunction } from './lib/define.js';
import { fhirDoc, fhirTypeLike, isTemplate, segmentsOf, rootOf } from './lib/packs.js';

/**
 * FHIR URL patterns, once per path:
 * - `resource-type`: every path addresses [base]/[type]/…, where [type] is a FHIR resource type
 *   written exactly (Patient, not patients), or is a system-level path (metadata, _history, _search, $op);
 * - `operation-naming`: below [type] and [type]/{id} only _history, _search, compartment resource
 *   types and $-prefixed operations appear (/Patient/{id}/$everything, not /Patient/{id}/merge).
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: ['resource-type', 'operation-naming'] } } } },
  function fhirPaths(_input, options, context) {
    const root = rootOf(context);
    const { ops } = fhirDoc(root);
    const results = [];
    const seen = new Set();
    for (const { op, it } of ops) {
      if (seen.has(op.pathKey)) continue;
      const where = op.path.slice(0, op.path[op.path.length - 2] === 'additionalOperations' ? -2 : -1);
      if (options.check === 'resource-type') {
        if (it) continue;
        seen.add(op.pathKey);
        const like = segmentsOf(op.pathKey)
          .filter((s) => !isTemplate(s))
          .map((s) => [s, fhirTypeLike(s)])
          .find(([, t]) => t);
        results.push({ message: like ? `Path ${op.pathKey} uses '${like[0]}' for the resource type ${like[1]}: FHIR URLs are [base]/${like[1]}/….` : `Path ${op.pathKey} is not a FHIR interaction: [base]/[type]/… with a FHIR resource type, or a system-level path (metadata, _history, _search, $operation).`, path: where });
      } else if (it && it.kind === 'other' && it.type) {
        seen.add(op.pathKey);
        const odd = it.rest.find((s, i) => !isTemplate(s) && !(s === '_history' || s === '_search' || s.startsWith('$') || (i === 1 && fhirTypeLike(s) === s)));
        results.push({ message: odd ? `'${odd}' in ${op.pathKey} is not a FHIR interaction: custom operations are $-prefixed (e.g. ${op.pathKey.replace(odd, `$${odd}`)}).` : `${op.method.toUpperCase()} ${op.pathKey} is not a FHIR interaction for this URL pattern.`, path: where });
      }
    }
    return results;
  },
);
