// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { linkObjects, linkTarget } from './lib/links.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** A Link Object's operationId names an existing operation; a local operationRef points to an operation. */
export default createRulesetFunction({ input: null, options: null }, function linkOperationExists(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const { link, path } of linkObjects(root)) {
    const t = linkTarget(root, link);
    if (t.missing) results.push({ message: t.missing, path: [...path, t.field] });
  }
  return results;
});
