// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf, typesOf } from './lib/doc.js';
import { headerParams, opLabel, paramSchema } from './lib/pack-common.js';
import { psd2Ops } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const SCOPES = ['xs2a', 'consent-creation', 'payment-initiation', 'initiation', 'initiation-or-basket', 'account-reads', 'sca-start'];

/**
 * A Berlin Group request header on the XS2A operations of a scope: declared, `required: true`
 * (everywhere, or only on `requiredScope`), and with the expected schema type/format.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: {
        name: { type: 'string' },
        scope: { enum: SCOPES },
        required: { type: 'boolean' },
        requiredScope: { enum: SCOPES },
        type: { type: 'string' },
        format: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  /**
   * @param {Json} _input
   * @param {{ name: string, scope?: string, required?: boolean, requiredScope?: string, type?: string, format?: string[] }} options
   * @param {RuleContext} context
   * @returns {Finding[]}
   */
  function psd2RequestHeader(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    const mustRequire = new Set(options.requiredScope ? psd2Ops(root, options.requiredScope).map((x) => x.op) : []);
    for (const { op } of psd2Ops(root, options.scope ?? 'xs2a')) {
      const h = headerParams(root, op).get(options.name.toLowerCase());
      if (!h) {
        results.push({ message: `${opLabel(op)} does not declare the ${options.name} request header.`, path: [...op.path, 'parameters'] });
        continue;
      }
      if ((options.required || mustRequire.has(op)) && h.param.required !== true) {
        results.push({ message: `${options.name} must be a required header here (required: true)${mustRequire.has(op) && !options.required ? ` on ${opLabel(op)}` : ''}.`, path: h.path });
      }
      const { schema, path } = paramSchema(root, h.param, h.path);
      if (!schema) continue;
      if (options.type && !typesOf(schema).includes(options.type)) {
        results.push({ message: `${options.name} should be of type ${options.type}.`, path });
      } else if (options.format && !options.format.includes(schema.format)) {
        results.push({ message: `${options.name} should have format ${options.format.join(' or ')}.`, path });
      }
    }
    return results;
  },
);
