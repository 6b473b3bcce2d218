// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { allSchemas } from './lib/schemas.js';
import { isOas31Plus } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * `nullable` works only with a `type` next to it (OpenAPI 3.0.3: without one it has no effect, even
 * beside allOf/anyOf/oneOf or $ref), and it is not a keyword at all in 3.1+, where `null` is
 * added to `type` instead.
 */
export default createRulesetFunction({ input: null, options: null }, function styleNullable(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const v31 = isOas31Plus(root);
  const results = [];
  // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
  for (let eI = 0, eList = allSchemas(root); eI < eList.length; eI++) {
    const e = eList[eI];
    const s = e.schema;
    if (s.nullable === undefined) continue;
    if (v31) results.push({ message: "'nullable' is not a keyword in OpenAPI 3.1 and is ignored; add 'null' to type instead.", path: [...e.path, 'nullable'] });
    else if (s.nullable === true && s.type === undefined) results.push({ message: "'nullable: true' has no effect without a 'type' in the same schema.", path: [...e.path, 'nullable'] });
  }
  return results;
});
