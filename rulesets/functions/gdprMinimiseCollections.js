// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, operations, responsesOf, rootOf, typesOf } from './lib/doc.js';
import { contentOf, opLabel, resolved } from './lib/pack-common.js';
import { personalFieldsIn } from './lib/gdpr.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * Collection GETs (path ending in a static segment, array result) do not return special-category
 * fields: those belong to the single-resource read.
 */
export default createRulesetFunction({ input: null, options: null }, function gdprMinimiseCollections(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const op of operations(root)) {
    if (op.method !== 'get' && op.method !== 'head') continue;
    if (/\}\/?$/.test(op.pathKey)) continue;
    for (const r of responsesOf(root, op)) {
      if (!/^2/.test(r.code)) continue;
      const media = contentOf(r.response.content, [...r.path, 'content']).filter((m) => m.schema !== undefined);
      for (const m of media) {
        const { schema } = resolved(root, m.schema, [...m.path, 'schema']);
        if (!schema) continue;
        const arrays = [];
        if (typesOf(schema).includes('array') && schema.items) arrays.push({ schema: schema.items, path: [...m.path, 'schema', 'items'] });
        else {
          for (const [k, s] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
            const d = deref(root, s, []).value;
            if (isObject(d) && typesOf(d).includes('array') && d.items) arrays.push({ schema: d.items, path: [...m.path, 'schema', 'properties', k, 'items'] });
          }
        }
        if (arrays.length === 0) continue;
        const special = personalFieldsIn(root, arrays).filter((f) => f.special);
        if (special.length === 0) continue;
        results.push({
          message: `The collection ${opLabel(op)} returns special-category data (${[...new Set(special.map((f) => f.name))].slice(0, 4).join(', ')}) for every item: return it from the single-resource read only (Art. 5(1)(c), 25(2)).`,
          path: [...m.path, 'schema'],
        });
      }
    }
  }
  return results;
});
