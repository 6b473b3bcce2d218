// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { callbackOperations } from './lib/secperf.js';
import { declaredScopes, requirementLists, securitySchemes } from './lib/security.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** Every scope a requirement names for an oauth2 scheme is declared by one of the scheme's flows. */
export default createRulesetFunction({ input: null, options: null }, function oauthScopesDefined(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const schemes = securitySchemes(root);
  /** @type {Finding[]} */
  const results = [];
  const lists = [...requirementLists(root)];
  for (const cb of callbackOperations(root)) if (Array.isArray(cb.operation.security)) lists.push({ list: cb.operation.security, path: [...cb.path, 'security'] });
  for (const { list, path } of lists) {
    list.forEach((req, i) => {
      if (!isObject(req)) return;
      for (const name of Object.keys(req)) {
        const declared = declaredScopes(schemes.get(name)?.scheme);
        if (!declared || !Array.isArray(req[name])) continue;
        req[name].forEach((scope, j) => {
          if (typeof scope === 'string' && !declared.has(scope)) {
            results.push({ message: `Scope '${scope}' is not declared by any flow of OAuth2 scheme '${name}'.`, path: [...path, String(i), name, String(j)] });
          }
        });
      }
    });
  }
  return results;
});
