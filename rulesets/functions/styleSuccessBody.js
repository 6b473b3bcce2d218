// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, pathOperations, rootOf } from './lib/doc.js';
import { opLabel, optList } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * 200 (and by default 201 without a Location header) responses of operations other than HEAD and
 * OPTIONS describe their body in `content`; a success without a body is 204 No Content. Each
 * response definition is reported once.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        codes: { type: 'array', items: { type: 'string' } },
        skipMethods: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  /** @param {Json} _input @param {{ codes?: string[], skipMethods?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function styleSuccessBody(_input, options, context) {
    const root = rootOf(context);
    const codes = optList(options, 'codes', ['200', '201']);
    const skip = new Set(optList(options, 'skipMethods', ['head', 'options']));
    const results = [];
    const seen = new Set();
    for (const op of pathOperations(root)) {
      if (skip.has(op.method) || !isObject(op.operation.responses)) continue;
      for (const code of codes) {
        const raw = op.operation.responses[code];
        if (raw === undefined) continue;
        const { value: r, path } = deref(root, raw, [...op.path, 'responses', code]);
        if (!isObject(r) || !path) continue;
        const key = path.join('\u0000');
        if (seen.has(key)) continue;
        seen.add(key);
        if (isObject(r.content) && Object.keys(r.content).length > 0) continue;
        const headers = isObject(r.headers) ? Object.keys(r.headers).map((h) => h.toLowerCase()) : [];
        if (code === '201' && headers.includes('location')) continue;
        results.push({ message: `The ${code} response of ${opLabel(op)} has no content; describe the body, or answer 204 No Content when there is none.`, path });
      }
    }
    return results;
  },
);
