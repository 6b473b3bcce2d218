// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { documentParts } from './lib/compliance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Header Objects that OpenAPI ignores: a response header or a multipart encoding header named
 * Content-Type (OAS 3.x Response Object `headers`, Encoding Object `headers`). The media type is
 * given by the content map key or the encoding's contentType instead.
 */
export default createRulesetFunction(
  {
    input: null,
    options: { type: 'object', additionalProperties: false, properties: { names: { type: 'array', items: { type: 'string' } } } },
  },
  /** @param {Json} _input @param {{ names?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function ignoredHeaders(_input, options, context) {
    const names = new Set((options?.names ?? ['Content-Type']).map((n) => n.toLowerCase()));
    const results = [];
    for (const site of documentParts(rootOf(context)).headers) {
      const { name } = site;
      if (!names.has(String(name).toLowerCase())) continue;
      const path = site.path;
      const inEncoding = path.includes('encoding');
      results.push({
        message: inEncoding
          ? `Encoding header '${name}' is ignored: the part's media type is set by the encoding's contentType`
          : `Response header '${name}' is ignored: the media type is given by the content map`,
        path,
      });
    }
    return results;
  },
);
