// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { parametersOf, pathOperations, rootOf } from './lib/doc.js';
import { hasEnumOrConst, isObject, kindsOf, nameIn, opLabel, paramSchema, resolveSchema } from './lib/secperf.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Query parameters named in `names` (compared ignoring case and separators) take their values from
 * a closed set: an enum or const (on the schema or its array items), or, when `allowPattern`, an
 * anchored pattern. Reported once per parameter definition.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['names'],
      properties: { names: { type: 'array', minItems: 1, items: { type: 'string' } }, allowPattern: { type: 'boolean' }, what: { type: 'string' } },
    },
  },
  /** @param {Json} _input @param {{ names: string[], allowPattern?: boolean, what?: string }} options @param {RuleContext} context @returns {Finding[]} */
  function enumeratedParams(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    const seen = new Set();
    /** @param {Json} s @param {Path} path @returns {boolean} */
    const closed = (s, path) => {
      if (!s) return false;
      if (hasEnumOrConst(s)) return true;
      if (options.allowPattern && typeof s.pattern === 'string' && /^\^/.test(s.pattern) && /\$$/.test(s.pattern)) return true;
      if (kindsOf(s).includes('array') && isObject(s.items)) {
        const { value } = resolveSchema(root, s.items, [...path, 'items']);
        return closed(value, [...path, 'items']);
      }
      return false;
    };
    for (const op of pathOperations(root)) {
      for (const entry of parametersOf(root, op)) {
        if (entry.param.in !== 'query' || !nameIn(entry.param.name, options.names)) continue;
        const key = entry.path.join('\u0000');
        if (seen.has(key)) continue;
        seen.add(key);
        const ps = paramSchema(root, entry);
        const { value, path } = ps ? resolveSchema(root, ps.schema, ps.path) : { value: undefined, path: entry.path };
        if (closed(value, path ?? entry.path)) continue;
        results.push({
          message: `${options.what ?? 'Parameter'} '${entry.param.name}' (${opLabel(op)}) accepts free text: list the allowed values in an enum${options.allowPattern ? ' (or an anchored pattern)' : ''} so clients cannot request unbounded or unindexed work.`,
          path: [...entry.path, 'name'],
        });
      }
    }
    return results;
  },
);
