// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { isTemplate, list } from './lib/pack-common.js';
import { psd2Doc } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * An XS2A interface offering account information has the consent life cycle (POST /consents, GET
 * and DELETE /consents/{consentId}, GET …/status, …/authorisations).
 */
export default createRulesetFunction({ input: null, options: null }, function psd2ConsentLifecycle(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const { ops } = psd2Doc(root);
  if (ops.length === 0) return [];
  return consentLifecycle(ops);
});

/** @param {string[]} segs */
const norm = (segs) => segs.map((s) => (isTemplate(s) ? '{}' : s)).join('/');

/** @param {ReturnType<typeof psd2Doc>['ops']} ops @returns {Finding[]} */
function consentLifecycle(ops) {
  const offersAis = ops.some((x) => x.res.resource === 'accounts' || x.res.resource === 'card-accounts' || x.kind.aisConsentCreation);
  if (!offersAis) return [];
  const have = new Set(ops.filter((x) => x.res.resource === 'consents').map((x) => `${x.op.method} ${norm(x.res.rest)}`));
  const needed = [
    ['post ', 'POST /consents'],
    ['get {}', 'GET /consents/{consentId}'],
    ['delete {}', 'DELETE /consents/{consentId}'],
    ['get {}/status', 'GET /consents/{consentId}/status'],
  ];
  const missing = needed.filter(([k]) => !have.has(k)).map(([, label]) => label);
  const hasAuth = ops.some((x) => x.res.resource === 'consents' && x.res.rest.length >= 2 && isTemplate(x.res.rest[0]) && x.res.rest[1] === 'authorisations');
  if (!hasAuth) missing.push('/consents/{consentId}/authorisations');
  return missing.length === 0 ? [] : [{ message: `The interface offers account information but lacks the consent life cycle: ${list(missing)}.`, path: ['paths'] }];
}
