// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { responsesOf, rootOf } from './lib/doc.js';
import { list, opLabel, responseHeaders } from './lib/pack-common.js';
import { psd2Ops } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Berlin Group response headers: every response (scope `xs2a`, any code) or the 201 of consent /
 * payment / signing-basket initiation (scope `initiation-201`) declares the given headers.
 * Findings sit on the response (a shared component response is reported once).
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['headers'],
      properties: {
        headers: { type: 'array', items: { type: 'string' }, minItems: 1 },
        scope: { enum: ['xs2a', 'initiation-201'] },
      },
    },
  },
  /** @param {Json} _input @param {{ headers: string[], scope?: 'xs2a' | 'initiation-201' }} options @param {RuleContext} context @returns {Finding[]} */
  function psd2ResponseHeaders(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    const initiation = options.scope === 'initiation-201';
    for (const { op } of psd2Ops(root, initiation ? 'initiation-or-basket' : 'xs2a')) {
      for (const r of responsesOf(root, op)) {
        if (initiation && r.code !== '201') continue;
        const hs = responseHeaders(root, r.response, r.path);
        const missing = options.headers.filter((h) => !hs.has(h.toLowerCase()));
        if (missing.length === 0) continue;
        const where = r.path[0] === 'components' ? `Response ${r.path[r.path.length - 1]}` : `The ${r.code} response of ${opLabel(op)}`;
        results.push({ message: `${where} does not declare the ${list(missing)} header${missing.length > 1 ? 's' : ''}.`, path: r.path });
      }
    }
    return results;
  },
);
