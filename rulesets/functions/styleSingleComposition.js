// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { allSchemas } from './lib/schemas.js';
import { isOas31Plus } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * allOf/anyOf/oneOf with a single member say nothing a plain schema (or `$ref`) would not. In
 * OpenAPI 3.0 a single-member composition is the accepted way to put keywords next to a reference
 * (`allOf: [$ref]` + `nullable`/`description`), so it is reported there only when it has no
 * sibling keywords; 3.1 allows siblings next to `$ref` directly.
 */
export default createRulesetFunction({ input: null, options: null }, function styleSingleComposition(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const v31 = isOas31Plus(root);
  const results = [];
  // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
  for (let eI = 0, eList = allSchemas(root); eI < eList.length; eI++) {
    const e = eList[eI];
    const s = e.schema;
    for (const k of ['allOf', 'anyOf', 'oneOf']) {
      if (!Array.isArray(s[k]) || s[k].length !== 1) continue;
      if (!v31 && Object.keys(s).some((x) => x !== k)) continue;
      results.push({ message: `${k} has a single member; use the member itself${v31 ? ' (3.1 allows keywords next to $ref)' : ''}.`, path: [...e.path, k] });
    }
  }
  return results;
});
