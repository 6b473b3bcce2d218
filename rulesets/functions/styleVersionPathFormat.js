// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { STRATEGIES, strategyOf, versionSignals } from './lib/style-versioning.js';
import { regex } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * With the path strategy, version segments match `pathFormat` (default `^v\d+$`, a major version
 * only, `alpha`/`beta` suffixes allowed), and the version sits in the server URLs or in the paths,
 * not both.
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, properties: { strategy: { enum: ['auto', ...STRATEGIES] }, pathFormat: { type: 'string' } } } },
  /** @param {Json} _input @param {{ strategy?: string, pathFormat?: string }} options @param {RuleContext} context @returns {Finding[]} */
  function styleVersionPathFormat(_input, options, context) {
    const root = rootOf(context);
    if (!isObject(root)) return [];
    const signals = versionSignals(root);
    const strategy = strategyOf(signals, options.strategy);
    const results = [];
    if (strategy !== 'path') return [];
    const format = regex(options.pathFormat ?? '^v[0-9]+((alpha|beta)[0-9]*)?$') ?? /^v[0-9]+$/;
    const paths = signals.filter((s) => s.strategy === 'path');
    for (const s of paths) if (!format.test(s.name)) results.push({ message: `Version segment '${s.name}' does not match ${format.source}; use the major version only, e.g. 'v1'.`, path: s.path });
    const inServers = paths.find((s) => s.path[0] === 'servers');
    const inPaths = paths.find((s) => s.path[0] === 'paths');
    if (inServers && inPaths) results.push({ message: `The version is in the server URL ('${inServers.name}') and in paths ('${inPaths.name}'); put it in one place.`, path: inPaths.path });
    return results;
  },
);
