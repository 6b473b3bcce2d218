// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { pathOperations, responsesOf, rootOf } from './lib/doc.js';
import { hasHeader, isItemPath, opLabel } from './lib/secperf.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Responses with one of `codes` (exact codes or ranges such as 2XX) of operations with one of
 * `methods` (default all) declare at least one of the headers `anyOf`. `paths` narrows to item
 * paths (last segment a template) or collection paths. Reported once per response definition
 * (a shared components.responses entry once).
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['codes', 'anyOf'],
      properties: {
        codes: { type: 'array', minItems: 1, items: { type: 'string' } },
        anyOf: { type: 'array', minItems: 1, items: { type: 'string' } },
        methods: { type: 'array', items: { type: 'string' } },
        paths: { enum: ['any', 'item', 'collection'] },
        reason: { type: 'string' },
      },
    },
  },
  /**
   * @param {Json} _input
   * @param {{ codes: string[], anyOf: string[], methods?: string[], paths?: 'any' | 'item' | 'collection', reason?: string }} options
   * @param {RuleContext} context
   * @returns {Finding[]}
   */
  function responseHeadersDeclared(_input, options, context) {
    const root = rootOf(context);
    const methods = options.methods ? new Set(options.methods.map((m) => m.toLowerCase())) : undefined;
    const codes = new Set(options.codes.map((c) => c.toUpperCase()));
    const kind = options.paths ?? 'any';
    const results = [];
    const seen = new Set();
    for (const op of pathOperations(root)) {
      if (methods && !methods.has(op.method)) continue;
      if (kind !== 'any' && isItemPath(op.pathKey) !== (kind === 'item')) continue;
      for (const r of responsesOf(root, op)) {
        if (!codes.has(r.code.toUpperCase())) continue;
        const key = r.path.join('\u0000');
        if (seen.has(key)) continue;
        seen.add(key);
        if (hasHeader(root, r, options.anyOf)) continue;
        const shared = r.path[0] === 'components';
        results.push({
          message: `${shared ? `Response '${r.path[r.path.length - 1]}' (used by ${opLabel(op)} ${r.code})` : `${opLabel(op)} response ${r.code}`} does not declare ${options.anyOf.join(' or ')}${options.reason ? `: ${options.reason}` : ''}.`,
          path: r.path,
        });
      }
    }
    return results;
  },
);
