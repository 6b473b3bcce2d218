// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { responsesOf, rootOf } from './lib/doc.js';
import { allOperations, codeMatches, headerKey, responseSite } from './lib/compliance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Responses with one of `codes` declare the response header `header` (case-insensitive),
 * except for operations whose method is in `exceptMethods`. Reported once per response object.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['codes', 'header'],
      properties: {
        codes: { type: 'array', items: { type: 'string' }, minItems: 1 },
        header: { type: 'string' },
        exceptMethods: { type: 'array', items: { type: 'string' } },
        reason: { type: 'string' },
      },
    },
  },
  /** @param {Json} _input @param {{ codes: string[], header: string, exceptMethods?: string[], reason?: string }} options @param {RuleContext} context @returns {Finding[]} */
  function responseHeaderRequired(_input, options, context) {
    const root = rootOf(context);
    const except = (options.exceptMethods ?? []).map((m) => m.toLowerCase());
    const results = [];
    const reported = new Set();
    for (const op of allOperations(root)) {
      if (except.includes(op.method)) continue;
      for (const { code, response, path } of responsesOf(root, op)) {
        if (!codeMatches(code, options.codes) || headerKey(response.headers, options.header) !== undefined) continue;
        const at = responseSite(op, code, path);
        const key = at.join('\u0000');
        if (reported.has(key)) continue;
        reported.add(key);
        results.push({ message: `Response ${code} declares no ${options.header} header${options.reason ? ` (${options.reason})` : ''}`, path: at });
      }
    }
    return results;
  },
);
