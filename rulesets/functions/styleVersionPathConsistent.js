// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { majorOf, STRATEGIES, strategyOf, versionSignals } from './lib/style-versioning.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** With the path strategy, all paths carry the same major version. */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, properties: { strategy: { enum: ['auto', ...STRATEGIES] } } } },
  /** @param {Json} _input @param {{ strategy?: string }} options @param {RuleContext} context @returns {Finding[]} */
  function styleVersionPathConsistent(_input, options, context) {
    const root = rootOf(context);
    if (!isObject(root)) return [];
    const signals = versionSignals(root);
    const strategy = strategyOf(signals, options.strategy);
    const results = [];
    if (strategy !== 'path') return [];
    const byMajor = new Map();
    for (const s of signals) {
      if (s.strategy !== 'path' || s.path[0] !== 'paths' || /^\d{4}-/.test(s.name)) continue;
      const m = majorOf(s.name);
      if (m === undefined) continue;
      const e = byMajor.get(m) ?? { count: 0, first: s };
      e.count += s.count;
      byMajor.set(m, e);
    }
    if (byMajor.size < 2) return [];
    const sorted = [...byMajor].sort((a, b) => b[1].count - a[1].count);
    const [major, main] = sorted[0];
    for (const [m, e] of sorted.slice(1))
      results.push({
        message: `Paths mix major versions: ${e.count} path${e.count > 1 ? 's' : ''} use v${m} (e.g. ${e.first.path[1]}) while ${main.count} use v${major}; describe one major version per document.`,
        path: e.first.path,
      });
    return results;
  },
);
