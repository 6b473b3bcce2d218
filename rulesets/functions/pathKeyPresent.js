// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Some key of `paths` matches `pattern` (e.g. a health endpoint). Reported once, at `paths`;
 * documents without `paths` (webhooks or components only) are skipped.
 */
export default createRulesetFunction(
  {
    input: null,
    options: { type: 'object', additionalProperties: false, required: ['pattern'], properties: { pattern: { type: 'string' }, what: { type: 'string' } } },
  },
  /** @param {Json} _input @param {{ pattern: string, what?: string }} options @param {RuleContext} context @returns {Finding[]} */
  function pathKeyPresent(_input, options, context) {
    const root = rootOf(context);
    if (!isObject(root) || !isObject(root.paths)) return [];
    let re;
    try {
      re = new RegExp(options.pattern);
    } catch {
      return [];
    }
    if (Object.keys(root.paths).some((k) => re.test(k))) return [];
    return [{ message: `No path matches ${options.what ?? options.pattern}`, path: ['paths'] }];
  },
);
