// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { hasCode, opLabel } from './lib/pack-common.js';
import { psd2Ops } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const DEFAULT_CODES = ['400', '401', '403', '404', '405', '406', '408', '409', '415', '429', '500', '503'];

/** Every XS2A operation lists the Berlin Group error responses (a `4XX`/`5XX` range counts). */
export default createRulesetFunction(
  { input: null, options: { type: ['object', 'null'], additionalProperties: false, properties: { codes: { type: 'array', items: { type: 'string' } } } } },
  /** @param {Json} _input @param {{ codes?: string[] } | null} options @param {RuleContext} context @returns {Finding[]} */
  function psd2ErrorStatuses(_input, options, context) {
    const root = rootOf(context);
    const codes = options?.codes ?? DEFAULT_CODES;
    const results = [];
    for (const { op } of psd2Ops(root, 'xs2a')) {
      const missing = codes.filter((c) => !hasCode(op, c));
      if (missing.length > 0)
        results.push({ message: `${opLabel(op)} does not document the Berlin Group error response${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`, path: [...op.path, 'responses'] });
    }
    return results;
  },
);
