// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { pathOperations, rootOf } from './lib/doc.js';
import { hasInput, hasStatus, opLabel, perOperationOrOnce, statusKeys } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */
/** @typedef {import('./lib/doc.js').Operation} Operation */

/**
 * Operations of the selected `methods` (default all) document one of the `expect`ed responses
 * (exact codes, range keys such as `4XX`, `default`, or a class such as `5xx` = any 5xx code), and
 * each code of `expectAll` (covered by the code, its range key or `default`).
 * `when` narrows the operations: `input` (query/header/cookie parameters or a body), `itemPath` (a
 * path parameter in the path), `serverErrors` (operations that document some server error).
 * `exemptRedirects` skips operations whose only success responses are redirects (3xx);
 * `exemptNoContent` skips operations whose only success response is 204 (a GET answering 204 or
 * 404 is a membership or existence check: `GET /orgs/{org}/members/{username}`);
 * `onlyWithSuccess` skips operations that document no 2xx/3xx at all (the compliance rule
 * operation-success-response reports those). When every applicable operation misses the response,
 * one finding describes the API-wide convention instead of one per operation. Webhooks are not judged.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        methods: { type: 'array', items: { type: 'string' } },
        expect: { type: 'array', items: { type: 'string' }, minItems: 1 },
        expectAll: { type: 'array', items: { type: 'string' }, minItems: 1 },
        when: { enum: ['always', 'input', 'itemPath', 'serverErrors'] },
        exemptRedirects: { type: 'boolean' },
        exemptNoContent: { type: 'boolean' },
        onlyWithSuccess: { type: 'boolean' },
        what: { type: 'string' },
      },
    },
  },
  /**
   * @param {Json} _input
   * @param {{ methods?: string[], expect?: string[], expectAll?: string[], when?: 'always' | 'input' | 'itemPath' | 'serverErrors',
   *   exemptRedirects?: boolean, exemptNoContent?: boolean, onlyWithSuccess?: boolean, what?: string }} options
   * @param {RuleContext} context @returns {Finding[]}
   */
  function styleExpectedResponses(_input, options, context) {
    const root = rootOf(context);
    const methods = options.methods ? new Set(options.methods.map((m) => m.toLowerCase())) : undefined;
    const when = options.when ?? 'always';
    const expect = options.expect ?? [];
    const expectAll = options.expectAll ?? [];
    const what = options.what ?? [...expect, ...expectAll].join(', ');
    // A code of `expectAll` is covered by itself, its range key (5XX) or `default`.
    /** @param {string[]} keys */
    const missingOf = (keys) => expectAll.filter((c) => !hasStatus(keys, [c, `${c[0]}XX`, 'default']));
    const applicable = pathOperations(root).filter((op) => {
      if (methods && !methods.has(op.method)) return false;
      if (when === 'input' && !hasInput(root, op)) return false;
      if (when === 'itemPath' && !/\{[^{}]+\}/.test(op.pathKey)) return false;
      if (when === 'serverErrors' && !hasStatus(statusKeys(op), ['5xx', 'default'])) return false;
      // Operations without any success response are operation-success-response's concern.
      if (options.onlyWithSuccess && !hasStatus(statusKeys(op), ['2xx', '3xx'])) return false;
      if (options.exemptNoContent) {
        const success = statusKeys(op).filter((k) => /^2/.test(k));
        if (success.length > 0 && success.every((k) => k === '204')) return false;
      }
      if (options.exemptRedirects) {
        const keys = statusKeys(op);
        if (!hasStatus(keys, ['2xx']) && hasStatus(keys, ['3xx'])) return false;
      }
      return true;
    });
    const failing = applicable.filter((op) => (expect.length > 0 && !hasStatus(statusKeys(op), expect)) || missingOf(statusKeys(op)).length > 0);
    return perOperationOrOnce(
      applicable,
      failing,
      /** @param {Operation} op */
      (op) =>
        expect.length > 0 && !hasStatus(statusKeys(op), expect)
          ? `${opLabel(op)} documents no ${what} response (has ${statusKeys(op).join(', ') || 'none'}).`
          : `${opLabel(op)} does not document ${missingOf(statusKeys(op)).join(', ')} (has ${statusKeys(op).join(', ')}).`,
      /** @param {number} n */
      (n) => `None of the ${n} operations this applies to documents a ${what} response.`,
      context,
    );
  },
);
