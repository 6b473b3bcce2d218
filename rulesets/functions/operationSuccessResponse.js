// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { allOperations, operationLabel } from './lib/compliance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * Every operation that lists responses documents at least one success: a 2xx or 3xx code (or
 * 2XX/3XX, or 101 Switching Protocols). OAS: "documentation is expected to cover a successful
 * operation response"; a `default` alone says nothing about success.
 */
export default createRulesetFunction({ input: null, options: null }, function operationSuccessResponse(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const results = [];
  for (const op of allOperations(rootOf(context))) {
    const rs = op.operation.responses;
    if (!isObject(rs)) continue;
    if (Object.keys(rs).some((c) => /^([23](\d\d|XX)|101)$/i.test(c))) continue;
    const listed = Object.keys(rs).filter((c) => !c.startsWith('x-'));
    results.push({ message: `${operationLabel(op)} documents no success response (2xx or 3xx)${listed.length ? `; it lists only ${listed.join(', ')}` : ''}`, path: [...op.path, 'responses'] });
  }
  return results;
});
