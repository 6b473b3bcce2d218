// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { allResponses } from './lib/definitions.js';
import { opLabel } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

// The IANA HTTP Status Code Registry (RFC 9110 and the RFCs it lists).
const IANA = [
  100, 101, 102, 103, 104, 200, 201, 202, 203, 204, 205, 206, 207, 208, 226, 300, 301, 302, 303, 304, 305, 307, 308, 400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415,
  416, 417, 421, 422, 423, 424, 425, 426, 428, 429, 431, 451, 500, 501, 502, 503, 504, 505, 506, 507, 508, 510, 511,
].map(String);

/**
 * Response status keys are registered HTTP status codes (IANA), or those of a narrower `allowed`
 * list when one is configured; range keys (`4XX`) and `default` are always accepted.
 * Each response key of each operation is judged once.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: { allowed: { type: 'array', items: { type: 'string' } } },
    },
  },
  /** @param {Json} _input @param {{ allowed?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function styleStatusCodes(_input, options, context) {
    const allowed = new Set(Array.isArray(options.allowed) && options.allowed.length > 0 ? options.allowed.map(String) : IANA);
    const custom = Array.isArray(options.allowed) && options.allowed.length > 0;
    const results = [];
    const seen = new Set();
    for (const r of allResponses(rootOf(context))) {
      for (const op of r.ops) {
        for (const code of Object.keys(op.operation.responses)) {
          const key = `${op.path.join('\u0000')}\u0000${code}`;
          if (seen.has(key) || code === 'default' || /^[1-5]XX$/i.test(code) || allowed.has(code)) continue;
          seen.add(key);
          results.push({
            message: `${opLabel(op)} documents ${code}, which is ${custom ? 'not on the list of status codes this API uses' : 'not a registered HTTP status code'}.`,
            path: [...op.path, 'responses', code],
          });
        }
      }
    }
    return results;
  },
);
