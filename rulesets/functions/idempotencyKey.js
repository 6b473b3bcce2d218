// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { pathOperations, rootOf } from './lib/doc.js';
import { findParam, opLabel, responseFor } from './lib/secperf.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * POSTs that create resources (they answer 201 Created) accept an idempotency header (`headers`,
 * default Idempotency-Key or X-Idempotency-Key) so that a client can retry after a timeout without
 * creating duplicates (draft-ietf-httpapi-idempotency-key-header).
 */
export default createRulesetFunction(
  { input: null, options: { type: ['object', 'null'], additionalProperties: false, properties: { headers: { type: 'array', minItems: 1, items: { type: 'string' } } } } },
  /** @param {Json} _input @param {{ headers?: string[] } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function idempotencyKey(_input, opts, context) {
    const root = rootOf(context);
    const names = opts?.headers ?? ['Idempotency-Key', 'X-Idempotency-Key'];
    const results = [];
    for (const op of pathOperations(root)) {
      if (op.method !== 'post' || !responseFor(root, op, '201')) continue;
      if (findParam(root, op, 'header', names)) continue;
      results.push({ message: `${opLabel(op)} creates resources but accepts no ${names[0]} header: a retried request after a timeout creates a duplicate.`, path: op.path });
    }
    return results;
  },
);
