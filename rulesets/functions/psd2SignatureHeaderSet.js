// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { headerParams, list, opLabel } from './lib/pack-common.js';
import { psd2Ops } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

const SET = ['Signature', 'Digest', 'TPP-Signature-Certificate'];

/** Berlin Group request signing: an XS2A operation declares Signature, Digest and TPP-Signature-Certificate together or not at all. */
export default createRulesetFunction({ input: null, options: null }, function psd2SignatureHeaderSet(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const { op } of psd2Ops(root, 'xs2a')) {
    const hs = headerParams(root, op);
    const present = SET.filter((h) => hs.has(h.toLowerCase()));
    if (present.length === 0 || present.length === SET.length) continue;
    const missing = SET.filter((h) => !present.includes(h));
    results.push({ message: `${opLabel(op)} declares ${list(present)} but not ${list(missing)}: signing headers come together.`, path: [...op.path, 'parameters'] });
  }
  return results;
});
