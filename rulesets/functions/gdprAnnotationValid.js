// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { GDPR_CATEGORIES, GDPR_LEGAL_BASES, gdprAnnotationsWritten, ISO_DURATION } from './lib/gdpr.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

const KEYS = new Set(['category', 'purpose', 'legalBasis', 'retention', 'subjectRole', 'description']);

/**
 * The x-personal-data annotation (alias x-pii) is `true` or an object {category, purpose: [..],
 * legalBasis, retention, subjectRole} with known category and legal basis and an ISO 8601 duration
 * (or named policy) as retention.
 */
export default createRulesetFunction({ input: null, options: null }, function gdprAnnotationValid(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const a of gdprAnnotationsWritten(root)) {
    const v = a.value;
    if (v === true) continue;
    if (!isObject(v)) {
      results.push({ message: `${a.key} must be true or an object {category, purpose, legalBasis, retention, subjectRole}.`, path: a.path });
      continue;
    }
    for (const k of Object.keys(v)) if (!KEYS.has(k) && !k.startsWith('x-')) results.push({ message: `${a.key} has an unknown key '${k}' (known: ${[...KEYS].join(', ')}).`, path: [...a.path, k] });
    if (v.category !== undefined && !GDPR_CATEGORIES.includes(v.category))
      results.push({ message: `category '${String(v.category)}' is not one of ${GDPR_CATEGORIES.join(', ')}.`, path: [...a.path, 'category'] });
    if (v.purpose !== undefined && !(Array.isArray(v.purpose) && v.purpose.length > 0 && v.purpose.every((/** @type {unknown} */ p) => typeof p === 'string' && p.trim() !== '')))
      results.push({ message: 'purpose must be a non-empty list of purposes.', path: [...a.path, 'purpose'] });
    if (v.legalBasis !== undefined && !GDPR_LEGAL_BASES.includes(v.legalBasis))
      results.push({ message: `legalBasis '${String(v.legalBasis)}' is not one of ${GDPR_LEGAL_BASES.join(', ')} (Art. 6(1)(a)–(f)).`, path: [...a.path, 'legalBasis'] });
    const r = v.retention;
    if (r !== undefined && !(typeof r === 'string' && (ISO_DURATION.test(r) || (!/^P\d/.test(r) && /^[A-Za-z][A-Za-z0-9-]*$/.test(r)))))
      results.push({ message: `retention '${String(v.retention)}' is neither an ISO 8601 duration (P30D, P2Y) nor a policy name.`, path: [...a.path, 'retention'] });
    if (v.subjectRole !== undefined && typeof v.subjectRole !== 'string')
      results.push({ message: 'subjectRole must be a string (e.g. customer, employee, patient).', path: [...a.path, 'subjectRole'] });
  }
  return results;
});
