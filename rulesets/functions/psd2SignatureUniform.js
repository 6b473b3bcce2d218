// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { headerParams, opLabel } from './lib/pack-common.js';
import { psd2Ops } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** Berlin Group request signing is uniform: when some XS2A operation declares Signature, all do. */
export default createRulesetFunction({ input: null, options: null }, function psd2SignatureUniform(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const ops = psd2Ops(root, 'xs2a');
  /** @type {Finding[]} */
  const results = [];
  const signed = ops.filter(({ op }) => headerParams(root, op).has('signature'));
  if (signed.length === 0 || signed.length === ops.length) return results;
  const example = opLabel(signed[0].op);
  for (const { op } of ops) {
    if (!headerParams(root, op).has('signature'))
      results.push({ message: `${opLabel(op)} does not declare Signature, although ${example} does: signing is uniform across the interface.`, path: [...op.path, 'parameters'] });
  }
  return results;
});
