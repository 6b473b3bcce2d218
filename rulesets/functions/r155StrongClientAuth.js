// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, operations, rootOf } from './lib/doc.js';
import { list, opLabel, securityAlternatives } from './lib/pack-common.js';
import { securityPath, strongScheme } from './lib/r155.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/doc.js').Operation} Operation */

/** @typedef {{ alt: { schemes: { name: string, scheme: Json }[] }, ops: Operation[], first: Path }} WeakEntry An alternative without strong authentication, and where it is used. */

const CORE_HTTP = /^(basic|digest|negotiate|ntlm|oauth)$/i;

/**
 * Every security alternative of an operation includes a strong client authentication: mutualTLS,
 * OAuth 2.0, OpenID Connect or an HTTP bearer token. An alternative made only of API keys (or
 * other non-standard schemes) is reported once per combination of schemes — at the scheme
 * definition, with the number of operations it protects alone. HTTP Basic/Digest are reported by
 * the core no-http-basic / no-insecure-auth-schemes rules and unprotected operations by
 * security-*-ops-protected; the r155 profile raises those to error.
 */
export default createRulesetFunction({ input: null, options: null }, function r155StrongClientAuth(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  /** @type {Map<string, WeakEntry>} */
  const weak = new Map();
  for (const op of operations(root)) {
    const { alternatives, level } = securityAlternatives(root, op);
    if (!alternatives) continue;
    alternatives.forEach((alt, i) => {
      if (alt.schemes.length === 0 || alt.schemes.some((s) => !s.scheme || strongScheme(s.scheme))) return;
      // HTTP Basic, Digest, NTLM … are the concern of core no-http-basic / no-insecure-auth-schemes (raised by the profile).
      if (alt.schemes.some((s) => s.scheme.type === 'http' && CORE_HTTP.test(String(s.scheme.scheme ?? '')))) return;
      const key = alt.schemes
        .map((s) => s.name)
        .sort()
        .join('+');
      /** @type {WeakEntry} */
      const entry = weak.get(key) ?? { alt, ops: [], first: [...securityPath(op, level), String(i)] };
      if (!entry.ops.includes(op)) entry.ops.push(op);
      weak.set(key, entry);
    });
  }
  const results = [];
  const schemesDeclared = isObject(root.components) && isObject(root.components.securitySchemes) ? root.components.securitySchemes : {};
  for (const { alt, ops, first } of weak.values()) {
    const kinds = alt.schemes.map((s) => `'${s.name}' (${s.scheme.type === 'http' ? `http ${s.scheme.scheme}` : s.scheme.type}${s.scheme.in ? ` in ${s.scheme.in}` : ''})`);
    const name = alt.schemes[0].name;
    const path = Object.hasOwn(schemesDeclared, name) && isObject(schemesDeclared[name]) && schemesDeclared[name].$ref === undefined ? ['components', 'securitySchemes', name] : first;
    const n = ops.length;
    results.push({
      message: `${list(kinds)} alone protect${alt.schemes.length === 1 ? 's' : ''} ${n} operation${n > 1 ? 's' : ''} (${opLabel(ops[0])}${n > 1 ? ', …' : ''}): require mutualTLS, OAuth 2.0/OpenID Connect or a bearer token.`,
      path,
    });
  }
  return results;
});
