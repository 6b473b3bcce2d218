// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { list } from './lib/pack-common.js';
import { gdprDoc, gdprLegalBases, gdprRights as rightsOf } from './lib/gdpr.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const ARTICLE = { access: 'Art. 15', erasure: 'Art. 17', rectification: 'Art. 16', restriction: 'Art. 18', objection: 'Art. 21', 'withdraw-consent': 'Art. 7(3)', portability: 'Art. 20' };

/**
 * An API that processes personal data marks operations serving data-subject rights
 * (x-data-subject-rights). One check, `check` naming the rights and when they are due:
 * - `access`, `erasure`, `rectification`: that right, whenever personal data is processed;
 * - `restriction-objection`: restriction and objection, with legalBasis legitimate-interests or public-task;
 * - `withdraw-consent`: withdrawal, with legalBasis consent.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['check'],
      properties: { check: { enum: ['access', 'erasure', 'rectification', 'restriction-objection', 'withdraw-consent'] } },
    },
  },
  /** @param {Json} _input @param {{ check: 'access' | 'erasure' | 'rectification' | 'restriction-objection' | 'withdraw-consent' }} options @param {RuleContext} context @returns {Finding[]} */
  function gdprRightsServed(_input, options, context) {
    const root = rootOf(context);
    /** @type {Finding[]} */
    const results = [];
    const check = options.check;
    const rights = rightsOf(root);
    const doc = gdprDoc(root);
    if (!doc.processes) return results;
    /** @type {(keyof typeof ARTICLE)[]} */
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
