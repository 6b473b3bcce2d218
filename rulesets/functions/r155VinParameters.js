// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { parametersOf, operations, rootOf } from './lib/doc.js';
import { squash, wordsOf } from './lib/pack-common.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** Path and query parameters are not VINs (permanent, personal identifiers that end up in logs): vehicles are addressed by an opaque id. */
export default createRulesetFunction({ input: null, options: null }, function r155VinParameters(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  const seen = new Set();
  for (const op of operations(root)) {
    for (const { param, path } of parametersOf(root, op)) {
      if (param.in !== 'path' && param.in !== 'query') continue;
      const key = path.join('/');
      if (seen.has(key)) continue;
      seen.add(key);
      const sq = squash(param.name);
      if (wordsOf(param.name).includes('vin') || sq === 'vehicleidentificationnumber') {
        results.push({
          message: `${param.in === 'path' ? 'Path' : 'Query'} parameter '${param.name}' is a VIN: VINs are permanent, personal identifiers that end up in logs; address vehicles by an opaque id.`,
          path,
        });
      }
    }
  }
  return results;
});
