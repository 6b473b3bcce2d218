// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { effectiveAnnotation, gdprAnnotationsWritten } from './lib/gdpr.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Each x-personal-data annotation (alias x-pii) declares a field, itself or through an enclosing
 * annotated object. One check, `check` naming the field: `purpose`, `legal-basis` (legalBasis) or
 * `retention`.
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: ['purpose', 'legal-basis', 'retention'] } } } },
  /** @param {Json} _input @param {{ check: 'purpose' | 'legal-basis' | 'retention' }} options @param {RuleContext} context @returns {Finding[]} */
  function gdprAnnotationDeclares(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    for (const a of gdprAnnotationsWritten(root)) {
      const eff = effectiveAnnotation(root, a.path.slice(0, -1));
      const field = { purpose: 'purpose', 'legal-basis': 'legalBasis', retention: 'retention' }[options.check];
      if (eff[field] !== undefined) continue;
      const article = { purpose: 'Art. 5(1)(b) purpose limitation', 'legal-basis': 'Art. 6(1) lawfulness', retention: 'Art. 5(1)(e) storage limitation' }[options.check];
      results.push({ message: `This personal-data annotation declares no ${field} (${article}).`, path: a.path });
    }
    return results;
  },
);
