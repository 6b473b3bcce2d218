import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf, specVersion } from './lib/doc.js';

const CHECKS = {
  /** Each tag name in the root `tags` list is unique. */
  unique(tags, root) {
    const first = new Map();
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
  },
  /** 3.2 `parent` names a declared tag, and parents do not form a cycle. */
  parent(tags) {
    const byName = new Map();
    for (const t of tags) if (isObject(t) && typeof t.name === 'string' && !byName.has(t.name)) byName.set(t.name, t);
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
  },
};

/** Checks the root `tags` list. */
export default createRulesetFunction(
  {
    input: null,
    options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: Object.keys(CHECKS) } } },
  },
  function tagNames(_input, options, context) {
    const root = rootOf(context);
    if (!isObject(root) || !Array.isArray(root.tags)) return [];
    return CHECKS[options.check](root.tags, root);
  },
);
