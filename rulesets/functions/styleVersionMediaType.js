// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { MEDIA_VERSION, STRATEGIES, strategyOf, versionSignals } from './lib/style-versioning.js';
import { allMediaTypes } from './lib/definitions.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** With the media-type strategy, every JSON request and response media type carries the version. */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, properties: { strategy: { enum: ['auto', ...STRATEGIES] } } } },
  /** @param {Json} _input @param {{ strategy?: string }} options @param {RuleContext} context @returns {Finding[]} */
  function styleVersionMediaType(_input, options, context) {
    const root = rootOf(context);
    if (!isObject(root)) return [];
    const signals = versionSignals(root);
    const strategy = strategyOf(signals, options.strategy);
    const results = [];
    if (strategy !== 'media-type') return [];
    for (const m of allMediaTypes(root)) {
      const base = m.mediaType.split(';')[0].trim().toLowerCase();
      if (!(base === 'application/json' || base.endsWith('+json')) || MEDIA_VERSION.test(m.mediaType)) continue;
      results.push({ message: `Media type '${m.mediaType}' carries no version, but the API versions by media type (e.g. application/vnd.example.v1+json).`, path: m.path });
    }
    return results;
  },
);
