// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { allMediaTypes, isJsonMediaType } from './lib/definitions.js';
import { effectiveTypes } from './lib/schemas.js';
import { optList } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * JSON request and response bodies are objects at the top level, so that fields (paging links,
 * metadata) can be added later without breaking clients. Media types listed in `ignoreMediaTypes`
 * (JSON Patch documents are arrays by definition) and schemas whose type is unknown are skipped.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: { ignoreMediaTypes: { type: 'array', items: { type: 'string' } } },
    },
  },
  /** @param {Json} _input @param {{ ignoreMediaTypes?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function styleJsonBodyObject(_input, options, context) {
    const root = rootOf(context);
    const ignore = new Set(optList(options, 'ignoreMediaTypes', ['application/json-patch+json']).map((m) => m.toLowerCase()));
    const results = [];
    for (const m of allMediaTypes(root)) {
      if (!isJsonMediaType(m.mediaType) || ignore.has(m.mediaType.split(';')[0].trim().toLowerCase()) || m.media.schema === undefined) continue;
      const types = effectiveTypes(root, m.media.schema).filter((t) => t !== 'null');
      if (types.length === 0 || types.includes('object')) continue;
      results.push({ message: `${m.kind === 'request' ? 'Request' : 'Response'} body (${m.mediaType}) is ${types.join('|')} at the top level; wrap it in an object.`, path: [...m.path, 'schema'] });
    }
    return results;
  },
);
