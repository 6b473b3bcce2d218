// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { allOperations } from './lib/compliance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** Request Body Objects list at least one media type in `content` (OAS 3.2: "SHOULD have at least one entry"). */
export default createRulesetFunction({ input: null, options: null }, function requestBodyContent(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  if (!isObject(root)) return [];
  const sites = [];
  const comps = isObject(root.components) && isObject(root.components.requestBodies) ? root.components.requestBodies : {};
  for (const k of Object.keys(comps)) sites.push([comps[k], ['components', 'requestBodies', k]]);
  for (const op of allOperations(root)) sites.push([op.operation.requestBody, [...op.path, 'requestBody']]);
  const results = [];
  for (const [rb, path] of sites) {
    if (isObject(rb) && typeof rb.$ref !== 'string' && isObject(rb.content) && Object.keys(rb.content).length === 0) {
      results.push({ message: 'Request body has an empty content map: no media type, so clients cannot know what to send', path: [...path, 'content'] });
    }
  }
  return results;
});
