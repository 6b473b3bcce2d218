// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, operations, rootOf } from './lib/doc.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').JsonObject} JsonObject */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * Every tag an operation uses is declared in the top-level `tags` list. Each undeclared tag is
 * reported once, where it is first used, with the number of operations using it.
 */
export default createRulesetFunction({ input: null, options: null }, function styleTagsDefined(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const declared = new Set(isObject(root) && Array.isArray(root.tags) ? root.tags.filter(isObject).map((/** @type {JsonObject} */ t) => t.name) : []);
  const undeclared = new Map();
  for (const op of operations(root)) {
    const tags = op.operation.tags;
    if (!Array.isArray(tags)) continue;
    tags.forEach((t, i) => {
      if (typeof t !== 'string' || declared.has(t)) return;
      const u = undeclared.get(t);
      if (u) u.count++;
      else undeclared.set(t, { count: 1, path: [...op.path, 'tags', String(i)] });
    });
  }
  return [...undeclared].map(([t, u]) => ({
    message: `Tag '${t}' (used by ${u.count} operation${u.count > 1 ? 's' : ''}) is not declared in the top-level tags.`,
    path: u.path,
  }));
});
