// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, responsesOf, rootOf } from './lib/doc.js';
import { allOperations, codeMatches, operationLabel, responseSite } from './lib/compliance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Responses that cannot carry content declare none: the status codes in `codes` (default 1XX,
 * 204, 205, 304) and every response to the methods in `methods` (default HEAD). RFC 9110
 * sections 9.3.2, 15.3.5, 15.3.6, 15.4.5.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        codes: { type: 'array', items: { type: 'string' } },
        methods: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  /** @param {Json} _input @param {{ codes?: string[], methods?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function responseContentForbidden(_input, options, context) {
    const root = rootOf(context);
    const codes = options?.codes ?? ['1XX', '204', '205', '304'];
    const methods = (options?.methods ?? ['head']).map((m) => m.toLowerCase());
    const results = [];
    const reported = new Set();
    for (const op of allOperations(root)) {
      for (const { code, response, path } of responsesOf(root, op)) {
        if (!isObject(response.content) || Object.keys(response.content).length === 0) continue;
        const byCode = codeMatches(code, codes);
        const byMethod = !byCode && methods.includes(op.method);
        if (!byCode && !byMethod) continue;
        // A response referenced for HEAD is reported at the operation's reference: the same
        // response may be right for GET.
        const site = responseSite(op, code, path);
        const inline = site === path && path[0] !== 'components';
        const at = byCode ? (site === path ? [...path, 'content'] : site) : inline ? [...path, 'content'] : [...op.path, 'responses', code];
        const key = at.join('\u0000');
        if (reported.has(key)) continue;
        reported.add(key);
        results.push({
          message: byCode
            ? `Response ${code} declares content, but a ${code} response has none (RFC 9110)`
            : `Response ${code} of ${operationLabel(op)} declares content, but responses to ${op.method.toUpperCase()} have none (RFC 9110)`,
          path: at,
        });
      }
    }
    return results;
  },
);
