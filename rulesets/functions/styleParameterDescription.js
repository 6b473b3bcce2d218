// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { allParameters } from './lib/definitions.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** Every parameter definition (components, path items, operations; once each) has a description. */
export default createRulesetFunction({ input: null, options: null }, function styleParameterDescription(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const results = [];
  for (const { param, path } of allParameters(rootOf(context))) {
    if (typeof param.description === 'string' && param.description.trim() !== '') continue;
    results.push({ message: `Parameter '${param.name}' (in ${param.in}) has no description.`, path });
  }
  return results;
});
