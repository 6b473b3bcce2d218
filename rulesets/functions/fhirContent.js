import { createRulesetFunction } from './lib/define.js';
import { contentOf, FHIR_MEDIA_TYPES, fhirOps, opLabel, requestBodyOf, responsesOf, rootOf } from './lib/packs.js';

const PATCH_TYPES = new Set(['application/json-patch+json', 'application/fhir+json', 'application/fhir+xml', 'application/xml-patch+xml']);
const RESOURCE_KINDS = ['search-type', 'create', 'conditional', 'search-post', 'history-type', 'read', 'update', 'patch', 'delete', 'history-instance', 'vread', 'compartment', 'capabilities'];

/**
 * Media types of FHIR interactions:
 * - `media-type`: request and response bodies offer application/fhir+json (or fhir+xml); bodies of
 *   Binary, $operations, PATCH requests and POST _search forms are left alone;
 * - `patch-formats`: PATCH accepts JSON Patch (application/json-patch+json) or FHIRPath Patch
 *   (a Parameters resource in application/fhir+json).
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: ['media-type', 'patch-formats'] } } } },
  function fhirContent(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    const done = new Set();
    if (options.check === 'patch-formats') {
      for (const { op } of fhirOps(root, 'patch')) {
        const rb = requestBodyOf(root, op);
        if (!rb) continue;
        const types = contentOf(rb.body.content, []).map((m) => m.base);
        if (types.length > 0 && !types.some((t) => PATCH_TYPES.has(t))) {
          results.push({ message: `${opLabel(op)} accepts ${types.join(', ')}: FHIR patch is application/json-patch+json or FHIRPath Patch (application/fhir+json).`, path: [...rb.path, 'content'] });
        }
      }
      return results;
    }
    const check = (content, path, what) => {
      const key = path.join('/');
      if (done.has(key)) return;
      done.add(key);
      const types = contentOf(content, []).map((m) => m.base);
      if (types.length === 0 || types.some((t) => FHIR_MEDIA_TYPES.has(t))) return;
      results.push({ message: `${what} offers ${types.join(', ')} but not application/fhir+json.`, path });
    };
    for (const { op, it } of fhirOps(root, RESOURCE_KINDS)) {
      if (it.type === 'Binary') continue;
      if (it.kind !== 'patch' && it.kind !== 'search-post') {
        const rb = requestBodyOf(root, op);
        if (rb) check(rb.body.content, [...rb.path, 'content'], rb.path[0] === 'components' ? `Request body ${rb.path[rb.path.length - 1]}` : `The request body of ${opLabel(op)}`);
      }
      for (let rI = 0, rList = responsesOf(root, op); rI < rList.length; rI++) {
        const r = rList[rI];
        check(r.response.content, [...r.path, 'content'], r.path[0] === 'components' ? `Response ${r.path[r.path.length - 1]}` : `The ${r.code} response of ${opLabel(op)}`);
      }
    }
    return results;
  },
);
