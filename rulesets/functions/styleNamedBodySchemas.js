// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { allMediaTypes, isJsonMediaType } from './lib/definitions.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * Structured JSON request and response bodies reference a named component schema instead of
 * declaring an inline object with properties: named schemas give generated clients stable type
 * names and can be reused. Wrappers that only compose references (`allOf: [$ref…]`) are accepted.
 */
export default createRulesetFunction({ input: null, options: null }, function styleNamedBodySchemas(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const results = [];
  for (const m of allMediaTypes(rootOf(context))) {
    const s = m.media.schema;
    if (!isJsonMediaType(m.mediaType) || !isObject(s) || s.$ref !== undefined) continue;
    if (!isObject(s.properties) || Object.keys(s.properties).length === 0) continue;
    results.push({
      message: `${m.kind === 'request' ? 'Request' : 'Response'} body (${m.mediaType}) declares an inline object schema; move it to components/schemas and reference it.`,
      path: [...m.path, 'schema'],
    });
  }
  return results;
});
