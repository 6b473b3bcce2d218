// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { parametersOf, rootOf } from './lib/doc.js';
import { allOperations, documentParts, operationLabel } from './lib/compliance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * OpenAPI 3.2: an `in: querystring` parameter appears at most once per operation (path-item
 * parameters included) and never together with `in: query` parameters.
 */
export default createRulesetFunction({ input: null, options: null }, function querystringExclusive(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  // Nothing to check (the common case) unless some parameter is in: querystring.
  if (!documentParts(root).parameters.some(({ param }) => param.in === 'querystring')) return [];
  /** @type {Finding[]} */
  const results = [];
  const reported = new Set();
  for (const op of allOperations(root)) {
    const params = parametersOf(root, op);
    const qs = params.filter((p) => p.param.in === 'querystring');
    if (qs.length === 0) continue;
    /** @param {{ path: Path }} p @param {string} message */
    const report = (p, message) => {
      const key = `${p.path.join('\u0000')}\u0001${message}`;
      if (reported.has(key)) return;
      reported.add(key);
      results.push({ message, path: p.path });
    };
    qs.slice(1).forEach((p) => report(p, `${operationLabel(op)} has more than one querystring parameter ('${qs[0].param.name}' and '${p.param.name}')`));
    for (const p of params.filter((x) => x.param.in === 'query')) {
      report(p, `${operationLabel(op)} mixes the query parameter '${p.param.name}' with the querystring parameter '${qs[0].param.name}', which takes the whole query string`);
    }
  }
  return results;
});
