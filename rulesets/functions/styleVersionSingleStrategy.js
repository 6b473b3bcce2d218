// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { LABEL, STRATEGIES, strategyOf, versionSignals } from './lib/style-versioning.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * The API versions in one way only (path, header, query parameter or media type): the configured
 * `strategy` or, with `auto`, whichever it uses most; other signals are reported.
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, properties: { strategy: { enum: ['auto', ...STRATEGIES] } } } },
  /** @param {Json} _input @param {{ strategy?: string }} options @param {RuleContext} context @returns {Finding[]} */
  function styleVersionSingleStrategy(_input, options, context) {
    const root = rootOf(context);
    if (!isObject(root)) return [];
    const signals = versionSignals(root);
    const strategy = strategyOf(signals, options.strategy);
    const results = [];
    if (!strategy) return [];
    for (const s of signals) {
      if (s.strategy === strategy) continue;
      results.push({
        message: `The API versions by ${LABEL[strategy]}, but ${LABEL[s.strategy]} '${s.name}' also carries a version${s.count > 1 ? ` (${s.count} places)` : ''}; use one strategy.`,
        path: s.path,
      });
    }
    return results;
  },
);
