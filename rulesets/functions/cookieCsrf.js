// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { parametersOf, pathOperations, rootOf } from './lib/doc.js';
import { isSafeMethod, opLabel, regexFrom } from './lib/secperf.js';
import { securityOf } from './lib/security.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * State-changing operations that can be authenticated by a cookie alone (an alternative made only
 * of apiKey schemes `in: cookie`) require an anti-CSRF header parameter (name matching
 * `headerPattern`, default csrf/xsrf), since browsers attach cookies to cross-site requests.
 */
export default createRulesetFunction(
  { input: null, options: { type: ['object', 'null'], additionalProperties: false, properties: { headerPattern: { type: 'string' } } } },
  /** @param {Json} _input @param {{ headerPattern?: string } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function cookieCsrf(_input, opts, context) {
    const root = rootOf(context);
    const re = regexFrom(opts?.headerPattern ?? '/csrf|xsrf/i', 'i');
    const results = [];
    for (const op of pathOperations(root)) {
      if (isSafeMethod(op.method)) continue;
      const sec = securityOf(root, op);
      const cookieOnly = sec.alternatives.find((a) => a.schemes.length > 0 && a.schemes.every((s) => s.scheme && s.scheme.type === 'apiKey' && s.scheme.in === 'cookie'));
      if (!cookieOnly) continue;
      if (parametersOf(root, op).some((p) => p.param.in === 'header' && re && re.test(p.param.name))) continue;
      results.push({
        message: `${opLabel(op)} can be authenticated by the cookie of '${cookieOnly.schemes[0].name}' alone but takes no anti-CSRF header: require a CSRF token header (or a non-cookie credential).`,
        path: op.path,
      });
    }
    return results;
  },
);
