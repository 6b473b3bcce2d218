// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { parametersOf, pathOperations, rootOf } from './lib/doc.js';
import { kindsOf, opLabel, paramSchema, regexFrom, resolveSchema } from './lib/secperf.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Path parameters that identify a resource (name matching `namePattern`, default: `id` or ending
 * in Id/_id/-id/ID) are not integers: sequential ids invite enumeration (BOLA/IDOR).
 */
export default createRulesetFunction(
  {
    input: null,
    options: { type: ['object', 'null'], additionalProperties: false, properties: { namePattern: { type: 'string' } } },
  },
  /** @param {Json} _input @param {{ namePattern?: string } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function guessableIds(_input, opts, context) {
    const root = rootOf(context);
    const re = regexFrom(opts?.namePattern ?? '/(^id$|[a-z0-9](_id|-id|Id|ID)$|^[a-z]+id$)/', '');
    const results = [];
    const seen = new Set();
    for (const op of pathOperations(root)) {
      for (const entry of parametersOf(root, op)) {
        if (entry.param.in !== 'path' || !re || !re.test(entry.param.name)) continue;
        const ps = paramSchema(root, entry);
        if (!ps) continue;
        const { value } = resolveSchema(root, ps.schema, ps.path);
        if (!value) continue;
        const kinds = kindsOf(value);
        if (!kinds.includes('integer') && !kinds.includes('number')) continue;
        const key = entry.path.join('\u0000');
        if (seen.has(key)) continue;
        seen.add(key);
        results.push({
          message: `Path parameter '${entry.param.name}' (${opLabel(op)}) is a number: sequential ids are easy to enumerate. Prefer UUIDs or opaque strings, and check object-level authorization.`,
          path: [...entry.path, 'name'],
        });
      }
    }
    return results;
  },
);
