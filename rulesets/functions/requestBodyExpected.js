// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { allOperations, operationLabel } from './lib/compliance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** Operations with a method in `methods` (default QUERY, RFC 10008) declare a requestBody: the content is the query. */
export default createRulesetFunction(
  {
    input: null,
    options: { type: 'object', additionalProperties: false, properties: { methods: { type: 'array', items: { type: 'string' } } } },
  },
  /** @param {Json} _input @param {{ methods?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function requestBodyExpected(_input, options, context) {
    const methods = (options?.methods ?? ['query']).map((m) => m.toLowerCase());
    const results = [];
    for (const op of allOperations(rootOf(context))) {
      if (methods.includes(op.method) && op.operation.requestBody === undefined) {
        results.push({ message: `${operationLabel(op)} has no requestBody: a ${op.method.toUpperCase()} request carries its query as content`, path: op.path });
      }
    }
    return results;
  },
);
