// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf, typesOf } from './lib/doc.js';
import { allSchemas } from './lib/schemas.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').JsonObject} JsonObject */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** @param {Json} v */
function typeOfValue(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** @param {Json} v @param {string[]} types */
function fits(v, types) {
  const t = typeOfValue(v);
  return types.includes(t) || (t === 'integer' && types.includes('number'));
}

/**
 * Enum values match the schema's declared type(s) (null only when the schema is nullable) and are
 * unique. Schemas without a declared type are checked for duplicates only.
 */
export default createRulesetFunction({ input: null, options: null }, function styleEnumValid(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  /** @type {Finding[]} */
  const results = [];
  for (const e of allSchemas(rootOf(context))) {
    /** @type {JsonObject} */
    const s = e.schema;
    if (!Array.isArray(s.enum)) continue;
    const types = typesOf(s);
    if (types.length > 0 && s.nullable === true) types.push('null');
    const seen = new Map();
    s.enum.forEach((v, i) => {
      const key = isObject(v) || Array.isArray(v) ? JSON.stringify(v) : `${typeOfValue(v)}:${String(v)}`;
      if (seen.has(key)) {
        results.push({ message: `Enum value ${JSON.stringify(v)} is listed twice (first at index ${seen.get(key)}).`, path: [...e.path, 'enum', String(i)] });
        return;
      }
      seen.set(key, i);
      if (types.length > 0 && !fits(v, types)) {
        results.push({
          message: `Enum value ${JSON.stringify(v)} is not of the schema's type ${types.filter((t) => t !== 'null' || s.nullable !== true).join('|')}.`,
          path: [...e.path, 'enum', String(i)],
        });
      }
    });
  }
  return results;
});
