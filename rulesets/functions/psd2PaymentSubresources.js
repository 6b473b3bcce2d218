// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { list } from './lib/pack-common.js';
import { psd2Doc } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Every XS2A payment initiation resource has GET …/{paymentId}, GET …/{paymentId}/status and
 * …/{paymentId}/authorisations.
 */
export default createRulesetFunction({ input: null, options: null }, function psd2PaymentSubresources(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const { ops } = psd2Doc(root);
  if (ops.length === 0) return [];
  return paymentSubresources(ops);
});

/** @param {ReturnType<typeof psd2Doc>['ops']} ops @returns {Finding[]} */
function paymentSubresources(ops) {
  const results = [];
  const byPath = new Map();
  for (const x of ops) if (x.res.isPayment) byPath.set(`${x.op.method} ${x.op.pathKey.replace(/\{[^}/]*\}/g, '{}').replace(/\/+$/, '')}`, x);
  /** @param {string} method @param {string} p */
  const has = (method, p) => byPath.has(`${method} ${p}`);
  for (const x of ops) {
    if (!x.kind.paymentInitiation) continue;
    const base = x.op.pathKey.replace(/\{[^}/]*\}/g, '{}').replace(/\/+$/, '');
    const parent = base.slice(0, base.lastIndexOf('/'));
    /** @param {string} method @param {string} suffix */
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
