// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { allOperations } from './lib/compliance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * Response descriptions are not blank. The 3.0 and 3.1 schemas require the field but accept an
 * empty string; 3.2 makes it optional but a present description should say something.
 */
export default createRulesetFunction({ input: null, options: null }, function responseDescription(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  if (!isObject(root)) return [];
  const sites = [];
  const comps = isObject(root.components) && isObject(root.components.responses) ? root.components.responses : {};
  for (const k of Object.keys(comps)) sites.push([comps[k], ['components', 'responses', k], k]);
  for (const op of allOperations(root)) {
    const rs = op.operation.responses;
    if (isObject(rs)) for (const code of Object.keys(rs)) if (!code.startsWith('x-')) sites.push([rs[code], [...op.path, 'responses', code], code]);
  }
  const results = [];
  for (const [r, path, name] of sites) {
    if (isObject(r) && typeof r.description === 'string' && r.description.trim() === '') {
      results.push({ message: `Response ${name} has an empty description`, path: [...path, 'description'] });
    }
  }
  return results;
});
