// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { allProperties, effectiveTypes, resolved } from './lib/schemas.js';
import { optList } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** "string/uuid", "integer/int64", "boolean": the type and format of a scalar property. @param {Json} root @param {Json} raw */
function signature(root, raw) {
  const types = effectiveTypes(root, raw).filter((t) => t !== 'null');
  if (types.length !== 1) return undefined;
  const t = types[0];
  // Objects and arrays under one generic name (`status`, `data`) are usually different concepts.
  if (t === 'object' || t === 'array') return undefined;
  const s = resolved(root, raw);
  const fmt = typeof s.format === 'string' ? s.format : '';
  return fmt ? `${t}/${fmt}` : t;
}

/**
 * A property name means one thing across the API: where the same name is declared as a scalar
 * with different types or formats in several schemas, the places that differ from the most common
 * declaration are reported. Object and array properties are not compared (a generic name such as
 * `status` may hold a structure in one place and a code in another); names used fewer than
 * `minOccurrences` times, without a clear majority, or listed in `ignore` are skipped.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        minOccurrences: { type: 'integer', minimum: 2 },
        ignore: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  /** @param {Json} _input @param {{ minOccurrences?: number, ignore?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function stylePropertyTypes(_input, options, context) {
    const root = rootOf(context);
    const min = options.minOccurrences ?? 3;
    const ignore = new Set(optList(options, 'ignore', []));
    const byName = new Map();
    // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
    for (let pI = 0, pList = allProperties(root); pI < pList.length; pI++) {
      const p = pList[pI];
      if (ignore.has(p.name)) continue;
      const sig = signature(root, p.raw);
      if (sig === undefined) continue;
      const list = byName.get(p.name) ?? [];
      list.push({ sig, path: p.path });
      byName.set(p.name, list);
    }
    const results = [];
    for (const [name, list] of byName) {
      if (list.length < min) continue;
      const counts = new Map();
      for (const x of list) counts.set(x.sig, (counts.get(x.sig) ?? 0) + 1);
      if (counts.size < 2) continue;
      const [major, n] = [...counts].sort((a, b) => b[1] - a[1])[0];
      // Without a clear majority there is no convention to point to.
      if (n * 2 <= list.length) continue;
      const example = list.find((/** @type {{ sig: string }} */ x) => x.sig === major);
      for (const x of list) {
        if (x.sig === major) continue;
        results.push({ message: `Property '${name}' is ${x.sig} here but ${major} in ${n} of ${list.length} places (e.g. ${example.path.join('.')}).`, path: x.path });
      }
    }
    return results;
  },
);
