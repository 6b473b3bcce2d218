// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { callbackOperations } from './lib/secperf.js';
import { requirementLists, securitySchemes } from './lib/security.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** Security schemes that no requirement (global, operations, webhooks, callbacks) uses. */
export default createRulesetFunction({ input: null, options: null }, function securitySchemeUnused(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const schemes = securitySchemes(root);
  if (schemes.size === 0) return [];
  const used = new Set();
  /** @param {Json} list */
  const use = (list) => {
    if (!Array.isArray(list)) return;
    for (const req of list) if (req && typeof req === 'object') for (const k of Object.keys(req)) used.add(k);
  };
  for (const { list } of requirementLists(root)) use(list);
  for (const cb of callbackOperations(root)) use(cb.operation.security);
  const results = [];
  for (const name of schemes.keys()) {
    if (used.has(name)) continue;
    results.push({ message: `Security scheme '${name}' is declared but no security requirement uses it.`, path: ['components', 'securitySchemes', name] });
  }
  return results;
});
