// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf, specVersion } from './lib/doc.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const MAPS = ['schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers', 'securitySchemes', 'links', 'callbacks', 'pathItems', 'mediaTypes'];

/**
 * Component names (keys of components.schemas, .responses, …) match `pattern`. By default only
 * OpenAPI 3.0 is checked: the official 3.1 and 3.2 schemas already enforce the pattern, and the
 * 3.0 schema silently skips non-matching keys.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        pattern: { type: 'string' },
        versions: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  /** @param {Json} _input @param {{ pattern?: string, versions?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function componentKeys(_input, options, context) {
    const root = rootOf(context);
    const versions = options?.versions ?? ['3.0'];
    if (!isObject(root) || !isObject(root.components) || !versions.includes(specVersion(root) ?? '')) return [];
    let re;
    try {
      re = new RegExp(options?.pattern ?? '^[a-zA-Z0-9._-]+$');
    } catch {
      return [];
    }
    const results = [];
    for (const map of MAPS) {
      const m = root.components[map];
      if (!isObject(m)) continue;
      for (const key of Object.keys(m)) {
        if (!re.test(key)) results.push({ message: `Component name '${key}' in components.${map} does not match ${re.source}`, path: ['components', map, key] });
      }
    }
    return results;
  },
);
