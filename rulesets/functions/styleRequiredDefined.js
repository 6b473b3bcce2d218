// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, rootOf } from './lib/doc.js';
import { allSchemas, collectProperties } from './lib/schemas.js';
import { regexList } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').JsonObject} JsonObject */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

// Subschemas that apply to the same instance as the schema holding them: `not: {required: [a, b]}`
// ("not both"), `if: {required: [x]}`, a dependentSchemas entry name the holder's properties.
const SAME_INSTANCE = new Set(['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas']);

/** Names a schema can hold: its own and allOf properties, and those of every oneOf/anyOf branch. @param {Json} root @param {JsonObject} schema @param {Path} path @param {Set<string>} acc */
function namesOf(root, schema, path, acc) {
  for (const k of collectProperties(root, schema, path).keys()) acc.add(k);
  for (const kw of ['oneOf', 'anyOf']) {
    if (!Array.isArray(schema[kw])) continue;
    for (const m of schema[kw]) for (const k of collectProperties(root, deref(root, m, []).value, []).keys()) acc.add(k);
  }
  return acc;
}

/**
 * Every name listed in `required` is a declared property: of the schema itself, its allOf members,
 * its oneOf/anyOf branches, or — for a subschema that applies to the same instance (a member of a
 * composition, `not`, `if`/`then`/`else`, a dependentSchemas entry) — of the schema holding it
 * and its other allOf members. Names matching a `patternProperties` pattern are accepted.
 */
export default createRulesetFunction({ input: null, options: null }, function styleRequiredDefined(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  /** @type {Finding[]} */
  const results = [];
  // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
  for (let eI = 0, eList = allSchemas(root); eI < eList.length; eI++) {
    const e = eList[eI];
    /** @type {JsonObject} */
    const s = e.schema;
    if (!Array.isArray(s.required) || s.required.length === 0) continue;
    const names = namesOf(root, s, e.path, new Set());
    let up = e;
    for (let i = 0; i < 5 && up.parent && SAME_INSTANCE.has(up.via); i++) {
      namesOf(root, up.parent.schema, up.parent.path, names);
      up = up.parent;
    }
    const patterns = isObject(s.patternProperties) ? regexList(Object.keys(s.patternProperties), 'u') : [];
    s.required.forEach((r, i) => {
      if (typeof r !== 'string' || names.has(r) || patterns.some((re) => re.test(r))) return;
      results.push({ message: `Required property '${r}' is not defined in properties.`, path: [...e.path, 'required', String(i)] });
    });
  }
  return results;
});
