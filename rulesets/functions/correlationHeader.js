// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { parametersOf, rootOf } from './lib/doc.js';
import { allOperations, operationLabel } from './lib/compliance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * The API lets clients correlate requests across systems with one request header from `headers`
 * (default W3C Trace Context `traceparent`, `X-Request-ID`, `X-Correlation-ID`). When no operation
 * declares one, the document is reported once (at `paths`); when some do, the operations that do
 * not are reported, and so is a second header name used for the same purpose.
 */
export default createRulesetFunction(
  {
    input: null,
    options: { type: 'object', additionalProperties: false, properties: { headers: { type: 'array', items: { type: 'string' }, minItems: 1 } } },
  },
  /** @param {Json} _input @param {{ headers?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function correlationHeader(_input, options, context) {
    const root = rootOf(context);
    const names = options?.headers ?? ['traceparent', 'X-Request-ID', 'X-Correlation-ID'];
    const lower = names.map((n) => n.toLowerCase());
    const ops = allOperations(root).filter((op) => !op.isCallback && !op.isWebhook);
    if (ops.length === 0) return [];
    const used = new Map();
    const without = [];
    for (const op of ops) {
      const found = parametersOf(root, op).find(({ param }) => param.in === 'header' && lower.includes(String(param.name).toLowerCase()));
      if (!found) {
        without.push(op);
        continue;
      }
      const key = String(found.param.name).toLowerCase();
      if (!used.has(key)) used.set(key, { name: found.param.name, path: found.path });
    }
    if (used.size === 0) {
      return [{ message: `No operation accepts a correlation header (${names.join(', ')}): requests cannot be traced across services`, path: ['paths'] }];
    }
    const results = [];
    const [first, ...others] = [...used.values()];
    for (const o of others) results.push({ message: `Correlation header '${o.name}' differs from '${first.name}' used elsewhere: use one name across the API`, path: o.path });
    for (const op of without) results.push({ message: `${operationLabel(op)} does not accept the correlation header '${first.name}'`, path: op.path });
    return results;
  },
);
