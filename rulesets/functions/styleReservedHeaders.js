// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { allParameters } from './lib/definitions.js';
import { optList } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const RESERVED = ['Accept', 'Content-Type', 'Authorization'];

/**
 * No header parameter is named Accept, Content-Type or Authorization (or the `names` given): OpenAPI
 * ignores them, they are expressed by `content` and `security`. Each definition is reported once.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        names: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  /** @param {Json} _input @param {{ names?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function styleReservedHeaders(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    const reserved = new Map(optList(options, 'names', RESERVED).map((n) => [n.toLowerCase(), n]));
    for (const { param, path } of allParameters(root)) {
      if (param.in !== 'header' || typeof param.name !== 'string' || !reserved.has(param.name.toLowerCase())) continue;
      const n = reserved.get(param.name.toLowerCase());
      const instead = n === 'Authorization' ? 'a security scheme' : n === 'Accept' ? "the response's content media types" : "the request body's content media types";
      results.push({ message: `Header parameter '${param.name}' is ignored by OpenAPI; describe it with ${instead}.`, path: [...path, 'name'] });
    }
    return results;
  },
);
