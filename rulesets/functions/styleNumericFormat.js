// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf, typesOf } from './lib/doc.js';
import { allSchemas } from './lib/schemas.js';
import { optList } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * integer and number schemas declare a `format` (int32, int64, float, double, decimal, or a
 * custom one) so that clients pick a type that holds every value. Enumerations and schemas whose `minimum`/`maximum`
 * already bound the range to int32 are accepted.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        formats: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  /** @param {Json} _input @param {{ formats?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function styleNumericFormat(_input, options, context) {
    const formats = new Set(optList(options, 'formats', ['int32', 'int64', 'float', 'double', 'decimal']));
    const results = [];
    for (const e of allSchemas(rootOf(context))) {
      const s = e.schema;
      const types = typesOf(s).filter((t) => t !== 'null');
      if (types.length !== 1 || (types[0] !== 'integer' && types[0] !== 'number')) continue;
      if (typeof s.format === 'string' && s.format !== '') continue;
      if (s.enum !== undefined || s.const !== undefined) continue;
      const bounded = typeof s.minimum === 'number' && typeof s.maximum === 'number' && s.minimum >= -2147483648 && s.maximum <= 2147483647;
      if (types[0] === 'integer' && bounded) continue;
      const what = e.via === 'properties' ? `Property '${e.name}'` : `${types[0] === 'integer' ? 'Integer' : 'Number'} schema`;
      results.push({ message: `${what} (${types[0]}) has no format; declare one of ${[...formats].join(', ')}.`, path: e.path });
    }
    return results;
  },
);
