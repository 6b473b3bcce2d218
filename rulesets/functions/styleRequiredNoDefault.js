// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { allParameters } from './lib/definitions.js';
import { allSchemas } from './lib/schemas.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * A required parameter or a required property does not declare a `default`: a value that must be
 * sent never falls back to a default, so the default misleads readers and generators. Only defaults
 * written inline are reported (a shared schema's default is not this property's fault).
 */
export default createRulesetFunction({ input: null, options: null }, function styleRequiredNoDefault(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const { param, path } of allParameters(root)) {
    if (param.required !== true || !isObject(param.schema) || param.schema.default === undefined) continue;
    results.push({ message: `Required parameter '${param.name}' declares a default, which can never apply.`, path: [...path, 'schema', 'default'] });
  }
  // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
  for (let eI = 0, eList = allSchemas(root); eI < eList.length; eI++) {
    const e = eList[eI];
    const s = e.schema;
    if (!Array.isArray(s.required) || !isObject(s.properties)) continue;
    for (const r of s.required) {
      const p = typeof r === 'string' && Object.hasOwn(s.properties, r) ? s.properties[r] : undefined;
      if (!isObject(p) || p.$ref !== undefined || p.default === undefined) continue;
      results.push({ message: `Required property '${r}' declares a default, which can never apply.`, path: [...e.path, 'properties', r, 'default'] });
    }
  }
  return results;
});
