// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { pathOperations, rootOf } from './lib/doc.js';
import { isSafeMethod, opLabel } from './lib/secperf.js';
import { securityOf } from './lib/security.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * State-changing operations secured with oauth2 or openIdConnect require at least one scope in
 * every such alternative: a scope-less token would otherwise be enough to write.
 */
export default createRulesetFunction({ input: null, options: null }, function oauthScopesOnWrite(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const op of pathOperations(root)) {
    if (isSafeMethod(op.method)) continue;
    const sec = securityOf(root, op);
    for (const alt of sec.alternatives) {
      const bare = alt.schemes.find((s) => s.scheme && (s.scheme.type === 'oauth2' || s.scheme.type === 'openIdConnect') && s.scopes.length === 0);
      if (!bare) continue;
      const inherited = sec.level === 'document';
      results.push({
        message: `${opLabel(op)} accepts a '${bare.name}' token without any scope${inherited ? ' (global security)' : ''}: require the scope that grants this write.`,
        path: inherited ? op.path : [...sec.path, String(alt.index), bare.name],
      });
      break;
    }
  }
  return results;
});
