// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf, typesOf } from './lib/doc.js';
import { list, opLabel, paramSchema, paramsIn } from './lib/pack-common.js';
import { fhirOps } from './lib/fhir.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').JsonObject} JsonObject */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** FHIR history interactions accept _since and _count (an integer page size). */
export default createRulesetFunction({ input: null, options: null }, function fhirHistoryParams(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  /** @type {Finding[]} */
  const results = [];
  /** @param {string} message @param {Path} path */
  const add = (message, path) => results.push({ message, path });
  const kinds = ['history-type', 'history-instance'];
  const needed = ['_since', '_count'];
  for (const { op } of fhirOps(root, kinds)) {
    if (op.method !== 'get') continue;
    const q = new Map(paramsIn(root, op, 'query').map((p) => [p.param.name, p]));
    const missing = needed.filter((n) => !q.has(n));
    if (missing.length > 0) {
      add(`${opLabel(op)} does not accept ${list(missing)}.`, [...op.path, 'parameters']);
      continue;
    }
    const c = /** @type {{ param: JsonObject, path: Path }} */ (q.get('_count'));
    const { schema, path } = paramSchema(root, c.param, c.path);
    if (schema && typesOf(schema).length > 0 && !typesOf(schema).includes('integer')) add('_count must be an integer (a page size).', path);
  }
  return results;
});
