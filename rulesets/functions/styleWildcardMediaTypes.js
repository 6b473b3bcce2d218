// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { allMediaTypes } from './lib/definitions.js';
import { optList } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** Content keys are concrete media types, not `*\/*` or `type/*` (unless listed in `allow`, e.g. `image/*` for uploads). */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        allow: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  /** @param {Json} _input @param {{ allow?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function styleWildcardMediaTypes(_input, options, context) {
    const all = allMediaTypes(rootOf(context));
    const results = [];
    const allow = new Set(optList(options, 'allow', []).map((m) => m.toLowerCase()));
    for (const m of all) {
      const base = m.mediaType.split(';')[0].trim().toLowerCase();
      if (!base.includes('*') || allow.has(base)) continue;
      results.push({
        message: `${m.kind === 'request' ? 'Request body' : 'Response'} media type '${m.mediaType}' is a wildcard; list the concrete media types (Swagger 2.0: in consumes/produces).`,
        path: m.path,
      });
    }
    return results;
  },
);
