// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { documentParts } from './lib/compliance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * No Schema Object (components or inline) is both readOnly and writeOnly: "A property MUST NOT be
 * marked as both readOnly and writeOnly being true" (OAS 3.0 Schema Object).
 */
export default createRulesetFunction({ input: null, options: null }, function readWriteExclusive(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const out = [];
  for (const site of documentParts(rootOf(context)).schemas) {
    if (site.schema.readOnly === true && site.schema.writeOnly === true) {
      out.push({ message: 'Schema is both readOnly and writeOnly: it could never be sent nor received', path: [...site.path, 'writeOnly'] });
    }
  }
  return out;
});
