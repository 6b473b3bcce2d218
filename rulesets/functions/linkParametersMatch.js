// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, parametersOf, rootOf } from './lib/doc.js';
import { linkObjects, linkTarget } from './lib/links.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').JsonObject} JsonObject */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

const LOCATIONS = ['path', 'query', 'header', 'cookie', 'querystring'];

/** Each parameter name of a Link Object (optionally qualified `path.id`) is a parameter of the operation it targets. */
export default createRulesetFunction({ input: null, options: null }, function linkParametersMatch(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const { link, path } of linkObjects(root)) {
    if (!isObject(link.parameters)) continue;
    const { op } = linkTarget(root, link);
    if (!op) continue;
    const params = parametersOf(root, op).map((p) => p.param);
    for (const key of Object.keys(link.parameters)) {
      const dot = key.indexOf('.');
      const qualified = dot > 0 && LOCATIONS.includes(key.slice(0, dot));
      const where = qualified ? key.slice(0, dot) : undefined;
      const name = qualified ? key.slice(dot + 1) : key;
      /** @param {JsonObject} p */
      const match = (p) => (where === undefined || p.in === where) && (p.in === 'header' ? String(p.name).toLowerCase() === name.toLowerCase() : p.name === name);
      if (params.some(match) || (!qualified && params.some((p) => p.name === key))) continue;
      const id = typeof op.operation.operationId === 'string' ? `'${op.operation.operationId}'` : `${op.method.toUpperCase()} ${op.pathKey}`;
      results.push({ message: `Link parameter '${key}' is not a parameter of the target operation ${id}`, path: [...path, 'parameters', key] });
    }
  }
  return results;
});
