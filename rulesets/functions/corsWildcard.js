// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, pathOperations, responsesOf, rootOf } from './lib/doc.js';
import { headersOf, opLabel, resolveSchema } from './lib/secperf.js';
import { securityOf } from './lib/security.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').JsonObject} JsonObject */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** @param {Json} root @param {{ header: JsonObject, path: Path }} h @returns {boolean} */
function documentsWildcard(root, h) {
  const values = [];
  /** @param {Json} x */
  const collect = (x) => {
    if (!isObject(x)) return;
    if (x.example !== undefined) values.push(x.example);
    if (isObject(x.examples)) for (const e of Object.values(x.examples)) values.push(isObject(e) ? e.value : e);
    if (Array.isArray(x.examples)) values.push(...x.examples);
  };
  collect(h.header);
  const { value: s } = resolveSchema(root, h.header.schema, [...h.path, 'schema']);
  if (s) {
    collect(s);
    if (s.default !== undefined) values.push(s.default);
    if (s.const !== undefined) values.push(s.const);
    if (Array.isArray(s.enum)) values.push(...s.enum);
  }
  return values.some((v) => typeof v === 'string' && v.trim() === '*');
}

/** Authenticated operations do not document `Access-Control-Allow-Origin: *` on their responses. */
export default createRulesetFunction({ input: null, options: null }, function corsWildcard(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  const seen = new Set();
  for (const op of pathOperations(root)) {
    if (securityOf(root, op).open) continue;
    for (const r of responsesOf(root, op)) {
      const h = headersOf(root, r).get('access-control-allow-origin');
      if (!h || !documentsWildcard(root, h)) continue;
      const key = h.path.join('\u0000');
      if (seen.has(key)) continue;
      seen.add(key);
      results.push({
        message: `${opLabel(op)} requires authentication but documents Access-Control-Allow-Origin: * on ${r.code}: list the allowed origins instead.`,
        path: h.path,
      });
    }
  }
  return results;
});
