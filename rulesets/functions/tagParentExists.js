// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** A tag's `parent` (OpenAPI 3.2) names a tag declared in the root `tags` list, and parents do not form a cycle. */
export default createRulesetFunction({ input: null, options: null }, function tagParentExists(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  if (!isObject(root) || !Array.isArray(root.tags)) return [];
  /** @type {Json[]} */
  const tags = root.tags;
  const byName = new Map();
  for (const t of tags) if (isObject(t) && typeof t.name === 'string' && !byName.has(t.name)) byName.set(t.name, t);
  /** @type {Finding[]} */
  const out = [];
  tags.forEach((t, i) => {
    if (!isObject(t) || typeof t.parent !== 'string') return;
    const path = ['tags', String(i), 'parent'];
    if (!byName.has(t.parent)) {
      out.push({ message: `Tag '${t.name}' names parent '${t.parent}', which is not declared in tags`, path });
      return;
    }
    const seen = new Set([t.name]);
    let cur = byName.get(t.parent);
    while (cur) {
      if (cur.name === t.name) {
        out.push({ message: `Tag '${t.name}' is its own ancestor (parent chain ${[...seen, cur.name].join(' → ')})`, path });
        return;
      }
      if (seen.has(cur.name) || typeof cur.parent !== 'string') return;
      seen.add(cur.name);
      cur = byName.get(cur.parent);
    }
  });
  return out;
});
