// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf, specVersion } from './lib/doc.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** Each tag name in the root `tags` list is unique. */
export default createRulesetFunction({ input: null, options: null }, function tagsUnique(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  if (!isObject(root) || !Array.isArray(root.tags)) return [];
  /** @type {Json[]} */
  const tags = root.tags;
  const first = new Map();
  /** @type {Finding[]} */
  const out = [];
  // The 3.0 schema's uniqueItems already reports entries identical to an earlier one.
  const identicalReported = specVersion(root) === '3.0';
  tags.forEach((t, i) => {
    if (!isObject(t) || typeof t.name !== 'string') return;
    if (!first.has(t.name)) {
      first.set(t.name, i);
      return;
    }
    const j = first.get(t.name);
    if (identicalReported && JSON.stringify(tags[j]) === JSON.stringify(t)) return;
    out.push({ message: `Tag '${t.name}' is declared twice (first at tags[${j}])`, path: ['tags', String(i), 'name'] });
  });
  return out;
});
