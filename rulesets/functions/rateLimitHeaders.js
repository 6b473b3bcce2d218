// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { pathOperations, responsesOf, rootOf } from './lib/doc.js';
import { headersOf, isSuccess, opLabel } from './lib/secperf.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const DEFAULT_SETS = [
  ['X-RateLimit-Limit', 'X-RateLimit-Remaining'],
  ['RateLimit', 'RateLimit-Policy'],
  ['RateLimit-Limit', 'RateLimit-Remaining'],
];

/**
 * Success responses (2xx) tell clients their quota: every header of at least one of `headerSets`
 * is declared (default: `X-RateLimit-Limit` + `X-RateLimit-Remaining`, IETF `RateLimit` +
 * `RateLimit-Policy`, or the earlier IETF draft's `RateLimit-Limit` + `RateLimit-Remaining`).
 * One finding per operation, at its first success response that lacks them (a shared
 * components.responses entry is reported once).
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: { headerSets: { type: 'array', minItems: 1, items: { type: 'array', minItems: 1, items: { type: 'string' } } } },
    },
  },
  /** @param {Json} _input @param {{ headerSets?: string[][] } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function rateLimitHeaders(_input, opts, context) {
    const root = rootOf(context);
    const sets = opts?.headerSets ?? DEFAULT_SETS;
    const results = [];
    const seen = new Set();
    for (const op of pathOperations(root)) {
      for (const r of responsesOf(root, op)) {
        if (!isSuccess(r.code)) continue;
        const key = r.path.join('\u0000');
        if (seen.has(key)) break;
        seen.add(key);
        const hs = headersOf(root, r);
        if (sets.some((set) => set.every((h) => hs.has(h.toLowerCase())))) continue;
        const partial = sets.find((set) => set.some((h) => hs.has(h.toLowerCase())));
        const missing = partial ? partial.filter((h) => !hs.has(h.toLowerCase())) : [];
        const expected = sets.map((s) => s.join(' + ')).join(', or ');
        results.push({
          message: partial
            ? `${opLabel(op)} response ${r.code} declares ${partial.filter((h) => hs.has(h.toLowerCase())).join(', ')} but not ${missing.join(', ')}.`
            : `${opLabel(op)} response ${r.code} declares no rate-limit headers (expected ${expected}).`,
          path: r.path,
        });
        break;
      }
    }
    return results;
  },
);
