// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, pathOperations, rootOf } from './lib/doc.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** A document with operations declares a global `security` with a non-empty alternative. */
export default createRulesetFunction({ input: null, options: null }, function securityGlobal(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  if (!isObject(root) || pathOperations(root).length === 0) return [];
  const list = root.security;
  if (Array.isArray(list) && list.some((r) => isObject(r) && Object.keys(r).length > 0)) return [];
  return [
    {
      message: Array.isArray(list)
        ? 'The global `security` has no non-empty requirement: operations that do not declare their own are open by default.'
        : 'No global `security` requirement: every operation that does not declare its own is open by default.',
      path: Array.isArray(list) ? ['security'] : [],
    },
  ];
});
