// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { requestBodyOf, rootOf } from './lib/doc.js';
import { contentOf } from './lib/pack-common.js';
import { fhirOps, normalisePath } from './lib/fhir.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** Every type-level GET search has its POST [type]/_search twin accepting application/x-www-form-urlencoded. */
export default createRulesetFunction({ input: null, options: null }, function fhirSearchPost(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const posts = new Map(fhirOps(root, 'search-post').map((x) => [normalisePath(x.op.pathKey), x]));
  const results = [];
  for (const { op } of fhirOps(root, 'search-type')) {
    if (op.method !== 'get') continue;
    const twin = posts.get(`${normalisePath(op.pathKey)}/_search`);
    if (!twin) {
      results.push({
        message: `GET ${op.pathKey} has no POST ${op.pathKey.replace(/\/+$/, '')}/_search: servers that support search shall support POST search (parameters in a form body, not in logged URLs).`,
        path: op.path.slice(0, -1),
      });
      continue;
    }
    const rb = requestBodyOf(root, twin.op);
    const types = rb ? contentOf(rb.body.content, []).map((m) => m.base) : [];
    if (!types.includes('application/x-www-form-urlencoded'))
      results.push({ message: `POST ${twin.op.pathKey} does not accept application/x-www-form-urlencoded search parameters.`, path: rb ? [...rb.path, 'content'] : twin.op.path });
  }
  return results;
});
