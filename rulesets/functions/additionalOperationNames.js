// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, METHODS, rootOf } from './lib/doc.js';
import { allOperations } from './lib/compliance.js';
import { isToken } from './lib/http-syntax.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * OpenAPI 3.2 `additionalOperations` keys are the method exactly as sent: an RFC 9110 token, not a
 * method that has its own fixed field in any capitalisation (`get`, `Post`, `QUERY` — the schema
 * only rejects the upper-case forms), and upper case like every registered method.
 */
export default createRulesetFunction({ input: null, options: null }, function additionalOperationNames(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  const items = new Set();
  for (const op of allOperations(root)) {
    const item = op.pathItem;
    if (items.has(item) || !isObject(item.additionalOperations)) continue;
    items.add(item);
    const base = op.path.slice(0, op.path[op.path.length - 2] === 'additionalOperations' ? -2 : -1);
    for (const key of Object.keys(item.additionalOperations)) {
      const path = [...base, 'additionalOperations', key];
      if (METHODS.includes(key.toLowerCase())) {
        if (key !== key.toUpperCase()) results.push({ message: `'${key}' in additionalOperations is the ${key.toUpperCase()} method: define it with the '${key.toLowerCase()}' field`, path });
      } else if (!isToken(key)) {
        results.push({ message: `'${key}' is not a valid HTTP method name (RFC 9110 token)`, path });
      } else if (key !== key.toUpperCase()) {
        results.push({ message: `Method '${key}' is not upper case: methods are case-sensitive and registered methods are upper case (did you mean '${key.toUpperCase()}'?)`, path });
      }
    }
  }
  return results;
});
