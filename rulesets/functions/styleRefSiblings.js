// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { isOas31Plus } from './lib/style.js';
import { refIndex } from './lib/refs.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * Keywords next to `$ref` that the specification ignores. OpenAPI 3.0: a Reference Object cannot
 * have siblings (every one is ignored — a `nullable` or `description` there silently disappears).
 * 3.1+: schemas may have siblings (JSON Schema 2020-12), other Reference Objects only `summary` and
 * `description`. Path items may be combined with `$ref` in every version.
 */
export default createRulesetFunction({ input: null, options: null }, function styleRefSiblings(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const v31 = isOas31Plus(root);
  const results = [];
  for (const { node, path, inSchema } of refIndex(root).nodes) {
    const n = path.length;
    const isPathItem = (n === 2 && (path[0] === 'paths' || path[0] === 'webhooks')) || (n === 3 && path[0] === 'components' && path[1] === 'pathItems') || (n >= 3 && path[n - 3] === 'callbacks');
    if (isPathItem || (v31 && inSchema)) continue;
    const ignored = Object.keys(node).filter((k) => k !== '$ref' && !(v31 && (k === 'summary' || k === 'description')));
    if (ignored.length === 0) continue;
    const where = v31 ? 'next to a $ref outside a schema' : 'next to $ref in OpenAPI 3.0';
    results.push({ message: `${ignored.map((k) => `'${k}'`).join(', ')} ${ignored.length > 1 ? 'are' : 'is'} ignored ${where}.`, path: [...path, ignored[0]] });
  }
  return results;
});
