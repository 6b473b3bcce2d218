// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { requestBodyOf, responsesOf, rootOf } from './lib/doc.js';
import { contentOf, opLabel } from './lib/pack-common.js';
import { FHIR_MEDIA_TYPES, fhirOps } from './lib/fhir.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const RESOURCE_KINDS = ['search-type', 'create', 'conditional', 'search-post', 'history-type', 'read', 'update', 'patch', 'delete', 'history-instance', 'vread', 'compartment', 'capabilities'];

/**
 * Request and response bodies of FHIR interactions offer application/fhir+json (or fhir+xml);
 * bodies of Binary, $operations, PATCH requests and POST _search forms are left alone.
 */
export default createRulesetFunction({ input: null, options: null }, function fhirMediaType(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  /** @type {Finding[]} */
  const results = [];
  const done = new Set();
  /** @param {Json} content @param {Path} path @param {string} what */
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
    for (const r of responsesOf(root, op)) {
      check(r.response.content, [...r.path, 'content'], r.path[0] === 'components' ? `Response ${r.path[r.path.length - 1]}` : `The ${r.code} response of ${opLabel(op)}`);
    }
  }
  return results;
});
