// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { regexFrom } from './lib/secperf.js';
import { securitySchemes } from './lib/security.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').JsonObject} JsonObject */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Security schemes that carry JWTs say in their description that the tokens follow RFC 8725 (JWT
 * Best Current Practices), as the OWASP API Security ruleset for Spectral asks
 * (owasp:api2:2023-jwt-best-practices): http bearer schemes with a JWT `bearerFormat`, oauth2
 * (access tokens are JWTs in practice) and openIdConnect (ID tokens are JWTs). The description must
 * match `pattern` (default: RFC8725 or RFC 8725, any case).
 */
export default createRulesetFunction(
  { input: null, options: { type: ['object', 'null'], additionalProperties: false, properties: { pattern: { type: 'string' } } } },
  /** @param {Json} _input @param {{ pattern?: string } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function jwtBestPractices(_input, opts, context) {
    const re = regexFrom(opts?.pattern ?? '\\bRFC\\s?8725\\b', 'i');
    const results = [];
    const seen = new Set();
    for (const [listed, { scheme, path }] of securitySchemes(rootOf(context))) {
      const carries = carriesJwt(scheme);
      if (!carries) continue;
      const key = path.join('\u0000');
      if (seen.has(key)) continue;
      seen.add(key);
      const desc = typeof scheme.description === 'string' && scheme.description.trim() !== '' ? scheme.description : undefined;
      if (desc && re?.test(desc)) continue;
      // a scheme given as a $ref is reported where it is written, under that name
      const name = path.length === 3 && path[1] === 'securitySchemes' ? path[2] : listed;
      results.push({
        message: `Security scheme '${name}' ${carries} but ${desc === undefined ? 'has no description saying' : 'its description does not say'} they follow RFC 8725 (JWT Best Current Practices: fixed algorithms, audience and issuer checks).`,
        path: desc === undefined ? path : [...path, 'description'],
      });
    }
    return results;
  },
);

/** What JWTs the scheme carries (message text), or undefined. @param {JsonObject} s @returns {string | undefined} */
function carriesJwt(s) {
  if (s.type === 'http' && typeof s.scheme === 'string' && s.scheme.toLowerCase() === 'bearer' && typeof s.bearerFormat === 'string' && /\bjwt\b/i.test(s.bearerFormat)) {
    return `carries JWTs (bearerFormat ${s.bearerFormat})`;
  }
  if (s.type === 'oauth2') return 'issues OAuth 2.0 access tokens (JWTs in practice)';
  if (s.type === 'openIdConnect') return 'issues OpenID Connect ID tokens (JWTs)';
  return undefined;
}
