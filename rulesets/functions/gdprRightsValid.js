// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { operations, rootOf } from './lib/doc.js';
import { GDPR_RIGHTS } from './lib/gdpr.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * x-data-subject-rights on an operation is a list of known data-subject rights (access,
 * rectification, erasure, restriction, portability, objection, withdraw-consent, automated-decision).
 */
export default createRulesetFunction({ input: null, options: null }, function gdprRightsValid(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const op of operations(root)) {
    const r = op.operation['x-data-subject-rights'];
    if (r === undefined) continue;
    const path = [...op.path, 'x-data-subject-rights'];
    if (!Array.isArray(r)) results.push({ message: 'x-data-subject-rights must be a list of rights, e.g. [access, portability].', path });
    else
      r.forEach((x, i) => {
        if (!GDPR_RIGHTS.includes(x)) results.push({ message: `'${String(x)}' is not a data-subject right (${GDPR_RIGHTS.join(', ')}).`, path: [...path, String(i)] });
      });
  }
  return results;
});
