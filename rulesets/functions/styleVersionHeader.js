// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, pathOperations, rootOf } from './lib/doc.js';
import { STRATEGIES, strategyOf, versionSignals } from './lib/style-versioning.js';
import { opLabel } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** With the header strategy, every operation declares the version header (`header`, or the name most operations use). */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, properties: { strategy: { enum: ['auto', ...STRATEGIES] }, header: { type: 'string' } } } },
  /** @param {Json} _input @param {{ strategy?: string, header?: string }} options @param {RuleContext} context @returns {Finding[]} */
  function styleVersionHeader(_input, options, context) {
    const root = rootOf(context);
    if (!isObject(root)) return [];
    const signals = versionSignals(root);
    const strategy = strategyOf(signals, options.strategy);
    const results = [];
    if (strategy !== 'header') return [];
    const headers = signals.filter((s) => s.strategy === 'header').sort((a, b) => b.count - a.count);
    const name = (options.header ?? headers[0]?.name ?? 'Api-Version').toLowerCase();
    for (const op of pathOperations(root)) {
      let found = false;
      for (const l of [op.pathItem.parameters, op.operation.parameters]) {
        if (!Array.isArray(l)) continue;
        for (const p of l) {
          const v = deref(root, p, []).value;
          if (isObject(v) && v.in === 'header' && typeof v.name === 'string' && v.name.toLowerCase() === name) found = true;
        }
      }
      if (!found) results.push({ message: `${opLabel(op)} does not declare the version header '${options.header ?? headers[0]?.name ?? 'Api-Version'}'.`, path: op.path });
    }
    return results;
  },
);
