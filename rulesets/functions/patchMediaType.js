// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { requestBodyOf, rootOf } from './lib/doc.js';
import { allOperations, operationLabel } from './lib/compliance.js';
import { parseMediaType } from './lib/http-syntax.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Request bodies of PATCH (or the configured `methods`) use a patch document format: one of
 * `mediaTypes` (default JSON Merge Patch, RFC 7396, and JSON Patch, RFC 6902), or — with
 * `acceptPatchSubtypes` (default true) — any media type whose subtype names a patch format
 * (`application/strategic-merge-patch+json`, `application/apply-patch+yaml`). RFC 5789 section 2.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        methods: { type: 'array', items: { type: 'string' } },
        mediaTypes: { type: 'array', items: { type: 'string' } },
        acceptPatchSubtypes: { type: 'boolean' },
      },
    },
  },
  /** @param {Json} _input @param {{ methods?: string[], mediaTypes?: string[], acceptPatchSubtypes?: boolean }} options @param {RuleContext} context @returns {Finding[]} */
  function patchMediaType(_input, options, context) {
    const root = rootOf(context);
    const methods = (options?.methods ?? ['patch']).map((m) => m.toLowerCase());
    const allowed = new Set((options?.mediaTypes ?? ['application/merge-patch+json', 'application/json-patch+json']).map((m) => m.toLowerCase()));
    const bySubtype = options?.acceptPatchSubtypes ?? true;
    const results = [];
    const reported = new Set();
    for (const op of allOperations(root)) {
      if (!methods.includes(op.method)) continue;
      const rb = requestBodyOf(root, op);
      if (!rb || rb.body.content === null || typeof rb.body.content !== 'object') continue;
      for (const key of Object.keys(rb.body.content)) {
        const mt = parseMediaType(key);
        if (mt.error) continue;
        if (allowed.has(`${mt.type}/${mt.subtype}`) || (bySubtype && /(^|[.+-])patch([.+-]|$)/.test(/** @type {string} */ (mt.subtype)))) continue;
        const path = [...rb.path, 'content', key];
        if (reported.has(path.join('\u0000'))) continue;
        reported.add(path.join('\u0000'));
        results.push({ message: `${operationLabel(op)} accepts '${key}', which is not a patch format (use application/merge-patch+json or application/json-patch+json)`, path });
      }
    }
    return results;
  },
);
