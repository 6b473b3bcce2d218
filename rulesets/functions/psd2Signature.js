import { createRulesetFunction } from './lib/define.js';
import { headerParams, list, opLabel, psd2Ops, rootOf } from './lib/packs.js';

const SET = ['Signature', 'Digest', 'TPP-Signature-Certificate'];

/**
 * Berlin Group request signing. `set`: Signature, Digest and TPP-Signature-Certificate are declared
 * together or not at all. `uniform`: when some XS2A operation declares Signature, all do.
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: ['set', 'uniform'] } } } },
  function psd2Signature(_input, options, context) {
    const root = rootOf(context);
    const ops = psd2Ops(root, 'xs2a');
    const results = [];
    if (options.check === 'set') {
      for (const { op } of ops) {
        const hs = headerParams(root, op);
        const present = SET.filter((h) => hs.has(h.toLowerCase()));
        if (present.length === 0 || present.length === SET.length) continue;
        const missing = SET.filter((h) => !present.includes(h));
        results.push({ message: `${opLabel(op)} declares ${list(present)} but not ${list(missing)}: signing headers come together.`, path: [...op.path, 'parameters'] });
      }
      return results;
    }
    const signed = ops.filter(({ op }) => headerParams(root, op).has('signature'));
    if (signed.length === 0 || signed.length === ops.length) return results;
    const example = opLabel(signed[0].op);
    for (const { op } of ops) {
      if (!headerParams(root, op).has('signature')) results.push({ message: `${opLabel(op)} does not declare Signature, although ${example} does: signing is uniform across the interface.`, path: [...op.path, 'parameters'] });
    }
    return results;
  },
);
