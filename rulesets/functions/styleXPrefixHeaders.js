// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { allParameters, allResponseHeaders } from './lib/definitions.js';
import { optList } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const X_ALLOW = ['X-Request-ID', 'X-Correlation-ID', 'X-RateLimit-*'];

/** @param {string[]} list @returns {(name: string) => boolean} */
function globMatcher(list) {
  const res = list.map((g) => new RegExp(`^${g.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i'));
  return (name) => res.some((re) => re.test(name));
}

/**
 * Request and response header names do not start with `X-` (RFC 6648), except those on the `allow`
 * list (globs, case-insensitive; default X-Request-ID, X-Correlation-ID, X-RateLimit-*). Each
 * definition is reported once.
 */
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
  function styleXPrefixHeaders(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    const allowed = globMatcher(optList(options, 'allow', X_ALLOW));
    for (const { param, path } of allParameters(root)) {
      if (param.in !== 'header' || typeof param.name !== 'string' || !/^x-/i.test(param.name) || allowed(param.name)) continue;
      results.push({ message: `Header '${param.name}' uses the deprecated X- prefix (RFC 6648).`, path: [...path, 'name'] });
    }
    for (const h of allResponseHeaders(root)) {
      if (!/^x-/i.test(h.name) || allowed(h.name)) continue;
      results.push({ message: `Response header '${h.name}' uses the deprecated X- prefix (RFC 6648).`, path: h.keyPath });
    }
    return results;
  },
);
