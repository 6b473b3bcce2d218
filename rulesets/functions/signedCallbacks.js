// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { parametersOf, rootOf } from './lib/doc.js';
import { callbackOperations, opLabel, regexFrom } from './lib/secperf.js';
import { operations } from './lib/doc.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Webhooks and callbacks tell the receiver how to verify that a request comes from the API: a
 * header parameter whose name matches `headerPattern` (default: signature or HMAC headers such as
 * Signature/Signature-Input of RFC 9421, X-Hub-Signature-256, Webhook-Signature), or a non-empty
 * `security` requirement on the webhook or callback operation.
 */
export default createRulesetFunction(
  { input: null, options: { type: ['object', 'null'], additionalProperties: false, properties: { headerPattern: { type: 'string' } } } },
  /** @param {Json} _input @param {{ headerPattern?: string } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function signedCallbacks(_input, opts, context) {
    const root = rootOf(context);
    const re = regexFrom(opts?.headerPattern ?? '/signature|hmac|^digest$|^content-digest$/i', 'i');
    /** @param {import('./lib/doc.js').Operation} op */
    const signed = (op) => {
      if (Array.isArray(op.operation.security) && op.operation.security.some((r) => r && typeof r === 'object' && Object.keys(r).length > 0)) return true;
      return parametersOf(root, op).some((p) => p.param.in === 'header' && re && re.test(p.param.name));
    };
    const results = [];
    for (const op of operations(root)) {
      if (!op.isWebhook || signed(op)) continue;
      results.push({
        message: `${opLabel(op)} does not say how the receiver verifies it comes from this API: declare a signature header (e.g. Signature, RFC 9421) or a security requirement.`,
        path: op.path,
      });
    }
    for (const cb of callbackOperations(root)) {
      const op = { ...cb, pathKey: cb.expression, isWebhook: false };
      if (signed(op)) continue;
      results.push({
        message: `Callback '${cb.name}' ${cb.method.toUpperCase()} of ${opLabel(cb.parent)} does not say how the receiver verifies it comes from this API: declare a signature header (e.g. Signature, RFC 9421) or a security requirement.`,
        path: cb.path,
      });
    }
    return results;
  },
);
