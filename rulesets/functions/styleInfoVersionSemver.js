// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { majorOf, STRATEGIES, strategyOf, versionSignals } from './lib/style-versioning.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** info.version is MAJOR.MINOR.PATCH, and, with the path strategy, its major matches the path version. */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, properties: { strategy: { enum: ['auto', ...STRATEGIES] } } } },
  /** @param {Json} _input @param {{ strategy?: string }} options @param {RuleContext} context @returns {Finding[]} */
  function styleInfoVersionSemver(_input, options, context) {
    const root = rootOf(context);
    if (!isObject(root)) return [];
    const signals = versionSignals(root);
    const strategy = strategyOf(signals, options.strategy);
    const results = [];
    const info = isObject(root.info) ? root.info : undefined;
    const v = info ? info.version : undefined;
    if (typeof v !== 'string') return [];
    if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/.test(v)) {
      return [{ message: `info.version '${v}' is not a semantic version (MAJOR.MINOR.PATCH).`, path: ['info', 'version'] }];
    }
    if (strategy === 'path') {
      const majors = new Set(signals.filter((s) => s.strategy === 'path' && !/^\d{4}-/.test(s.name)).map((s) => majorOf(s.name)));
      const major = Number(v.split('.')[0]);
      if (majors.size === 1 && !majors.has(major)) results.push({ message: `info.version '${v}' has major ${major}, but the path version is v${[...majors][0]}.`, path: ['info', 'version'] });
    }
    return results;
  },
);
