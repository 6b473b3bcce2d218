import { createRulesetFunction } from './lib/define.js';
import { contentOf, GDPR_RIGHTS, gdprDoc, gdprLegalBases, gdprRights as rightsOf, isObject, list, operations, opLabel, responsesOf, rootOf } from './lib/packs.js';

const ARTICLE = { access: 'Art. 15', erasure: 'Art. 17', rectification: 'Art. 16', restriction: 'Art. 18', objection: 'Art. 21', 'withdraw-consent': 'Art. 7(3)', portability: 'Art. 20' };
const STRUCTURED = (mt) => mt === 'application/json' || mt.endsWith('+json') || mt === 'text/csv' || mt === 'application/xml' || mt.endsWith('+xml') || mt === 'application/x-ndjson';

/**
 * Data-subject rights (x-data-subject-rights on operations):
 * - `valid`: the extension is a list of known rights (access, rectification, erasure, restriction,
 *   portability, objection, withdraw-consent, automated-decision);
 * - `access`, `erasure`, `rectification`: when the API processes personal data, an operation
 *   serves that right;
 * - `restriction-objection`: with legalBasis legitimate-interests or public-task, restriction and
 *   objection are served;
 * - `withdraw-consent`: with legalBasis consent, withdrawal is served;
 * - `portability-format`: access/portability operations return a structured format.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['check'],
      properties: { check: { enum: ['valid', 'access', 'erasure', 'rectification', 'restriction-objection', 'withdraw-consent', 'portability-format'] } },
    },
  },
  function gdprRights(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    const check = options.check;
    if (check === 'valid') {
      for (let opI = 0, opList = operations(root); opI < opList.length; opI++) {
        const op = opList[opI];
        const r = op.operation['x-data-subject-rights'];
        if (r === undefined) continue;
        const path = [...op.path, 'x-data-subject-rights'];
        if (!Array.isArray(r)) results.push({ message: 'x-data-subject-rights must be a list of rights, e.g. [access, portability].', path });
        else r.forEach((x, i) => {
          if (!GDPR_RIGHTS.includes(x)) results.push({ message: `'${String(x)}' is not a data-subject right (${GDPR_RIGHTS.join(', ')}).`, path: [...path, String(i)] });
        });
      }
      return results;
    }
    const rights = rightsOf(root);
    if (check === 'portability-format') {
      const ops = new Set([...(rights.get('access') ?? []), ...(rights.get('portability') ?? [])]);
      for (const op of ops) {
        const types = responsesOf(root, op).filter((r) => /^2/.test(r.code)).flatMap((r) => contentOf(r.response.content, []).map((m) => m.base));
        if (types.length > 0 && !types.some(STRUCTURED)) results.push({ message: `${opLabel(op)} exports personal data only as ${types.join(', ')}: offer a structured, machine-readable format (JSON, CSV, XML).`, path: [...op.path, 'responses'] });
      }
      return results;
    }
    const doc = gdprDoc(root);
    if (!doc.processes) return results;
    let needed = [];
    let because = 'the API processes personal data';
    if (check === 'restriction-objection' || check === 'withdraw-consent') {
      const bases = gdprLegalBases(root);
      if (check === 'withdraw-consent' && bases.has('consent')) {
        needed = ['withdraw-consent'];
        because = 'data is processed on the legal basis consent';
      } else if (check === 'restriction-objection') {
        const b = ['legitimate-interests', 'public-task'].filter((x) => bases.has(x));
        if (b.length > 0) {
          needed = ['restriction', 'objection'];
          because = `data is processed on the legal basis ${b.join(' and ')}`;
        }
      }
    } else needed = [check];
    const missing = needed.filter((r) => !rights.has(r));
    if (missing.length === 0) return results;
    const where = isObject(root.paths) ? ['paths'] : [];
    results.push({ message: `No operation is marked x-data-subject-rights: [${missing.join(', ')}] although ${because} (${list(missing.map((m) => `${m}: ${ARTICLE[m]}`))}).`, path: where });
    return results;
  },
);
