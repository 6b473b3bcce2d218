// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { operations, rootOf } from './lib/doc.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** Reports the second and later operations that reuse an operationId, naming the first. */
export default createRulesetFunction({ input: null, options: null }, function operationIdUnique(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const seen = new Map();
  const results = [];
  for (const op of operations(rootOf(context))) {
    const id = op.operation.operationId;
    if (typeof id !== 'string') continue;
    const first = seen.get(id);
    if (first) {
      results.push({ message: `operationId '${id}' is already used by ${first.method.toUpperCase()} ${first.pathKey}`, path: [...op.path, 'operationId'] });
    } else {
      seen.set(id, op);
    }
  }
  return results;
});
