import { createRulesetFunction } from './lib/define.js';
import { effectiveAnnotation, GDPR_CATEGORIES, GDPR_LEGAL_BASES, gdprDoc, isObject, ISO_DURATION, rootOf } from './lib/packs.js';

const KEYS = new Set(['category', 'purpose', 'legalBasis', 'retention', 'subjectRole', 'description']);
const ANNOTATION_KEYS = ['x-personal-data', 'x-pii'];

/**
 * The x-personal-data annotation (alias x-pii):
 * - `valid`: `true` or an object {category, purpose: [..], legalBasis, retention, subjectRole}
 *   with known category and legal basis and an ISO 8601 duration (or named policy) as retention;
 * - `purpose` / `legal-basis` / `retention`: each annotation declares it, itself or through an
 *   enclosing annotated object.
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: ['valid', 'purpose', 'legal-basis', 'retention'] } } } },
  function gdprAnnotations(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    const seen = new Set();
    for (const a of gdprDoc(root).annotations) {
      if (!ANNOTATION_KEYS.includes(a.key)) continue;
      const key = a.path.join('/');
      if (seen.has(key)) continue;
      seen.add(key);
      const v = a.value;
      if (options.check === 'valid') {
        if (v === true) continue;
        if (!isObject(v)) {
          results.push({ message: `${a.key} must be true or an object {category, purpose, legalBasis, retention, subjectRole}.`, path: a.path });
          continue;
        }
        for (const k of Object.keys(v)) if (!KEYS.has(k) && !k.startsWith('x-')) results.push({ message: `${a.key} has an unknown key '${k}' (known: ${[...KEYS].join(', ')}).`, path: [...a.path, k] });
        if (v.category !== undefined && !GDPR_CATEGORIES.includes(v.category)) results.push({ message: `category '${String(v.category)}' is not one of ${GDPR_CATEGORIES.join(', ')}.`, path: [...a.path, 'category'] });
        if (v.purpose !== undefined && !(Array.isArray(v.purpose) && v.purpose.length > 0 && v.purpose.every((p) => typeof p === 'string' && p.trim() !== ''))) results.push({ message: 'purpose must be a non-empty list of purposes.', path: [...a.path, 'purpose'] });
        if (v.legalBasis !== undefined && !GDPR_LEGAL_BASES.includes(v.legalBasis)) results.push({ message: `legalBasis '${String(v.legalBasis)}' is not one of ${GDPR_LEGAL_BASES.join(', ')} (Art. 6(1)(a)–(f)).`, path: [...a.path, 'legalBasis'] });
        const r = v.retention;
        if (r !== undefined && !(typeof r === 'string' && (ISO_DURATION.test(r) || (!/^P\d/.test(r) && /^[A-Za-z][A-Za-z0-9-]*$/.test(r))))) results.push({ message: `retention '${String(v.retention)}' is neither an ISO 8601 duration (P30D, P2Y) nor a policy name.`, path: [...a.path, 'retention'] });
        if (v.subjectRole !== undefined && typeof v.subjectRole !== 'string') results.push({ message: 'subjectRole must be a string (e.g. customer, employee, patient).', path: [...a.path, 'subjectRole'] });
        continue;
      }
      const eff = effectiveAnnotation(root, a.path.slice(0, -1));
      const field = { purpose: 'purpose', 'legal-basis': 'legalBasis', retention: 'retention' }[options.check];
      if (eff[field] !== undefined) continue;
      const article = { purpose: 'Art. 5(1)(b) purpose limitation', 'legal-basis': 'Art. 6(1) lawfulness', retention: 'Art. 5(1)(e) storage limitation' }[options.check];
      results.push({ message: `This personal-data annotation declares no ${field} (${article}).`, path: a.path });
    }
    return results;
  },
);
