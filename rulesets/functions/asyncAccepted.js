// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { pathOperations, rootOf } from './lib/doc.js';
import { hasHeader, mediaOf, opLabel, propertiesOf, resolveSchema, responseFor, squash } from './lib/secperf.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

const LOCATION = ['Location', 'Operation-Location', 'Content-Location', 'Azure-AsyncOperation'];

/**
 * 202 Accepted responses tell the client where to follow the work: a status location header
 * (Location, Operation-Location, Content-Location, Azure-AsyncOperation) or a body that is a
 * status resource or identifies the accepted resource (a status/state property, an id, self link
 * or metadata by which it can be fetched).
 */
export default createRulesetFunction({ input: null, options: null }, function asyncAccepted(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  const seen = new Set();
  for (const op of pathOperations(root)) {
    const r = responseFor(root, op, '202');
    if (!r) continue;
    const key = r.path.join('\u0000');
    if (seen.has(key)) continue;
    seen.add(key);
    if (hasHeader(root, r, LOCATION)) continue;
    const statusBody = mediaOf(root, r.response, r.path).some((m) => {
      if (!m.schema) return false;
      const { value, path } = resolveSchema(root, m.schema, m.schemaPath);
      if (!value) return false;
      for (const k of propertiesOf(root, value, path).keys())
        if (/^(status|state|statusurl|statuslink|links|_links|self|selflink|href|id|metadata|operation|operationid|jobid|job|task|taskid)$/.test(squash(k))) return true;
      return false;
    });
    if (statusBody) continue;
    results.push({
      message: `${opLabel(op)} answers 202 without a status location (Location or Operation-Location header) or a status body: clients cannot follow the accepted work. Add Retry-After to pace polling.`,
      path: r.path,
    });
  }
  return results;
});
