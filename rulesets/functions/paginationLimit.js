// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { pathOperations, rootOf } from './lib/doc.js';
import { kindsOf, opLabel, paramSchema, resolveSchema } from './lib/secperf.js';
import { queryParamsNamed } from './lib/performance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Page-size query parameters (`sizeParams`, default limit) of read operations are integers with
 * minimum ≥ 1, a maximum ≤ `maxCap` (default 100) and a default, so one request cannot ask for
 * everything. Reported once per parameter definition.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: {
        sizeParams: { type: 'array', items: { type: 'string' } },
        maxCap: { type: 'integer', minimum: 1 },
        requireDefault: { type: 'boolean' },
      },
    },
  },
  /** @param {Json} _input @param {{ sizeParams?: string[], maxCap?: number, requireDefault?: boolean } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function paginationLimit(_input, opts, context) {
    const root = rootOf(context);
    const names = opts?.sizeParams ?? ['limit'];
    const cap = opts?.maxCap ?? 100;
    const requireDefault = opts?.requireDefault ?? true;
    const results = [];
    const seen = new Set();
    for (const op of pathOperations(root)) {
      if (op.method !== 'get' && op.method !== 'query') continue;
      for (const entry of queryParamsNamed(root, op, names)) {
        const key = entry.path.join('\u0000');
        if (seen.has(key)) continue;
        seen.add(key);
        const ps = paramSchema(root, entry);
        const { value: s, path } = ps ? resolveSchema(root, ps.schema, ps.path) : { value: undefined, path: entry.path };
        const problems = [];
        if (!s || !kindsOf(s).includes('integer')) problems.push('is not an integer');
        const min = s && (typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : undefined);
        if (min === undefined || min < 1) problems.push('has no minimum of 1');
        const max = s && (typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : undefined);
        if (max === undefined) problems.push('has no maximum');
        else if (max > cap) problems.push(`allows up to ${max} (cap ${cap})`);
        if (requireDefault && (!s || s.default === undefined)) problems.push('has no default');
        if (problems.length === 0) continue;
        results.push({ message: `Page-size parameter '${entry.param.name}' (${opLabel(op)}) ${problems.join(', ')}.`, path: ps ? path : [...entry.path, 'name'] });
      }
    }
    return results;
  },
);
