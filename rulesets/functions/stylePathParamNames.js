// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { pathSegments } from './lib/paths.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * The same resource is addressed with the same parameter name everywhere: for each path prefix up to
 * a template (`/orders/{…}`), the first path's parameter name is the name; later paths that name the
 * same position differently (`/orders/{id}/items` next to `/orders/{orderId}`) are reported.
 */
export default createRulesetFunction({ input: null, options: null }, function stylePathParamNames(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  if (!isObject(root) || !isObject(root.paths)) return [];
  const first = new Map();
  const results = [];
  for (const key of Object.keys(root.paths)) {
    if (!key.startsWith('/')) continue;
    const segs = pathSegments(key);
    const prefix = [];
    for (const s of segs) {
      if (s.template) {
        const k = prefix.join('/');
        const name = s.params[0];
        const prior = first.get(k);
        if (!prior) first.set(k, { name, key });
        else if (prior.name !== name) {
          results.push({ message: `Path ${key} names the parameter after /${k} '{${name}}', but ${prior.key} names it '{${prior.name}}'; use one name for one resource.`, path: ['paths', key] });
          break;
        }
        prefix.push('{}');
      } else {
        prefix.push(s.text);
      }
    }
  }
  return results;
});
