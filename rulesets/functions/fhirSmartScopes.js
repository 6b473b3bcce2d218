// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { securitySchemes } from './lib/pack-common.js';
import { fhirDoc } from './lib/fhir.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

const SMART = /^(patient|user|system)\/(\*|[A-Z][A-Za-z]+)\.(\*|read|write|(?=[cruds])c?r?u?d?s?)(\?\S*)?$/;
const OTHER = new Set(['openid', 'fhirUser', 'profile', 'offline_access', 'online_access', 'launch', 'launch/patient', 'launch/encounter']);

/** OAuth 2.0 scopes of a FHIR server follow SMART App Launch syntax (patient|user|system)/(Type|*).(read|write|*|cruds). */
export default createRulesetFunction({ input: null, options: null }, function fhirSmartScopes(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  if (!fhirDoc(root).isFhir) return [];
  const results = [];
  for (const [name, scheme] of securitySchemes(root)) {
    if (scheme.type !== 'oauth2' || !isObject(scheme.flows)) continue;
    for (const flow of Object.keys(scheme.flows)) {
      const f = scheme.flows[flow];
      if (!isObject(f) || !isObject(f.scopes)) continue;
      for (const scope of Object.keys(f.scopes)) {
        if (SMART.test(scope) || OTHER.has(scope) || /^launch\/[a-z]+$/.test(scope)) continue;
        const m = /^(patient|user|system)\/(\*|[A-Z][A-Za-z]+)\.(\w+)/.exec(scope);
        results.push({
          message: `Scope '${scope}' is not a SMART on FHIR scope: use (patient|user|system)/(Type|*).(read|write|cruds)${m ? '' : ', e.g. patient/Observation.rs'} or launch, openid, fhirUser, offline_access.`,
          path: ['components', 'securitySchemes', name, 'flows', flow, 'scopes', scope],
        });
      }
    }
  }
  return results;
});
