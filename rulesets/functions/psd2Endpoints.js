import { createRulesetFunction } from './lib/define.js';
import { isObject, isTemplate, list, psd2Doc, rootOf } from './lib/packs.js';

/**
 * The Berlin Group resource set:
 * - `consent-lifecycle`: an interface offering account information has the consent life cycle
 *   (POST /consents, GET and DELETE /consents/{consentId}, GET …/status, …/authorisations);
 * - `payment-subresources`: every payment initiation resource has GET …/{paymentId},
 *   GET …/{paymentId}/status and …/{paymentId}/authorisations;
 * - `version-prefix`: XS2A resources live under /v{major}/ (in the path or at the end of every server URL).
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: ['consent-lifecycle', 'payment-subresources', 'version-prefix'] } } } },
  function psd2Endpoints(_input, options, context) {
    const root = rootOf(context);
    const { ops } = psd2Doc(root);
    if (ops.length === 0) return [];
    if (options.check === 'consent-lifecycle') return consentLifecycle(ops);
    if (options.check === 'payment-subresources') return paymentSubresources(ops);
    return versionPrefix(root, ops);
  },
);

const norm = (segs) => segs.map((s) => (isTemplate(s) ? '{}' : s)).join('/');

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

function paymentSubresources(ops) {
  const results = [];
  const byPath = new Map();
  for (const x of ops) if (x.res.isPayment) byPath.set(`${x.op.method} ${x.op.pathKey.replace(/\{[^}/]*\}/g, '{}').replace(/\/+$/, '')}`, x);
  const has = (method, p) => byPath.has(`${method} ${p}`);
  for (const x of ops) {
    if (!x.kind.paymentInitiation) continue;
    const base = x.op.pathKey.replace(/\{[^}/]*\}/g, '{}').replace(/\/+$/, '');
    const parent = base.slice(0, base.lastIndexOf('/'));
    const either = (method, suffix) => has(method, `${base}/{}${suffix}`) || has(method, `${parent}/{}${suffix}`);
    const missing = [];
    if (!either('get', '')) missing.push('GET …/{paymentId}');
    if (!either('get', '/status')) missing.push('GET …/{paymentId}/status');
    const auth = [...byPath.keys()].some((k) => {
      const p = k.slice(k.indexOf(' ') + 1);
      return [`${base}/{}/authorisations`, `${parent}/{}/authorisations`].some((a) => p === a || p.startsWith(`${a}/`));
    });
    if (!auth) missing.push('…/{paymentId}/authorisations');
    if (missing.length > 0) results.push({ message: `Payment initiation ${x.op.pathKey} lacks ${list(missing)}.`, path: x.op.path.slice(0, -1) });
  }
  return results;
}

function versionPrefix(root, ops) {
  const servers = Array.isArray(root.servers) ? root.servers.filter(isObject).map((s) => String(s.url ?? '')) : [];
  if (servers.length > 0 && servers.every((u) => /\/v\d+\/?$/.test(u))) return [];
  const results = [];
  const seen = new Set();
  for (const x of ops) {
    if (x.res.version || seen.has(x.op.pathKey)) continue;
    seen.add(x.op.pathKey);
    results.push({ message: `XS2A resource ${x.op.pathKey} is not under a /v{major}/ prefix (e.g. /v1${x.op.pathKey}).`, path: x.op.path.slice(0, -1) });
  }
  return results;
}
