// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { pathSegments } from './lib/paths.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Paths stay shallow: at most `maxSegments` segments, and at most `maxSubResourceLevels` static
 * segments after the first path parameter (`/carts/{id}/items/{itemId}` is one sub-resource level).
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        maxSegments: { type: 'integer', minimum: 1 },
        maxSubResourceLevels: { type: 'integer', minimum: 0 },
      },
    },
  },
  /** @param {Json} _input @param {{ maxSegments?: number, maxSubResourceLevels?: number }} options @param {RuleContext} context @returns {Finding[]} */
  function stylePathDepth(_input, options, context) {
    const root = rootOf(context);
    if (!isObject(root) || !isObject(root.paths)) return [];
    const maxSegments = options.maxSegments ?? 8;
    const maxLevels = options.maxSubResourceLevels ?? 3;
    const results = [];
    for (const key of Object.keys(root.paths)) {
      if (!key.startsWith('/')) continue;
      const segs = pathSegments(key).filter((s) => s.text !== '');
      const firstParam = segs.findIndex((s) => s.template);
      const levels = firstParam < 0 ? 0 : segs.slice(firstParam + 1).filter((s) => !s.template).length;
      if (segs.length > maxSegments) {
        results.push({ message: `Path ${key} has ${segs.length} segments (at most ${maxSegments}).`, path: ['paths', key] });
      } else if (levels > maxLevels) {
        results.push({ message: `Path ${key} nests ${levels} sub-resource levels (at most ${maxLevels}); expose deep resources at their own root.`, path: ['paths', key] });
      }
    }
    return results;
  },
);
