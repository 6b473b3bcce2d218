// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { hasCode, list, opLabel, securityAlternatives } from './lib/pack-common.js';
import { r155Ops } from './lib/r155.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').JsonObject} JsonObject */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** @param {{ schemes: unknown[] }[] | undefined} alternatives @returns {boolean} */
const isOpen = (alternatives) => !alternatives || alternatives.length === 0 || alternatives.some((a) => a.schemes.length === 0);
/** @param {{ scheme?: JsonObject, scopes: string[] }} s */
const scoped = (s) => s.scheme && (s.scheme.type === 'mutualTLS' || ((s.scheme.type === 'oauth2' || s.scheme.type === 'openIdConnect') && s.scopes.length > 0));

/**
 * Remote vehicle commands (lock, unlock, engine, climate, charging, horn/lights …, or
 * `x-vehicle-command: true`) require mutualTLS or an OAuth 2.0/OpenID Connect requirement with
 * scopes in every alternative, and define 401 and 403.
 */
export default createRulesetFunction({ input: null, options: null }, function r155CommandAuthz(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const op of r155Ops(root, 'command')) {
    const { alternatives, level } = securityAlternatives(root, op);
    const what = `Remote vehicle command ${opLabel(op)}`;
    const secPath = level === 'operation' ? [...op.path, 'security'] : op.path;
    if (isOpen(alternatives)) results.push({ message: `${what} can be called without authentication.`, path: secPath });
    else {
      const weak = /** @type {{ schemes: { name: string, scopes: string[], scheme?: JsonObject }[] }[]} */ (alternatives).filter((a) => !a.schemes.some(scoped));
      if (weak.length > 0)
        results.push({ message: `${what} accepts ${list(weak.map((a) => a.schemes.map((s) => s.name).join('+')))} without a scoped OAuth 2.0/OpenID Connect token or mutualTLS.`, path: secPath });
    }
    const missing = ['401', '403'].filter((c) => !hasCode(op, c, false));
    if (missing.length > 0) results.push({ message: `${what} does not define ${list(missing)}.`, path: [...op.path, 'responses'] });
  }
  return results;
});
