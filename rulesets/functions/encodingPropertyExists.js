// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, rootOf } from './lib/doc.js';
import { documentParts } from './lib/compliance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** Property names a schema declares (properties of the schema and of its allOf/anyOf/oneOf members, refs followed). @param {Json} root @param {Json} schema @returns {Set<string>} */
function declaredProperties(root, schema) {
  const names = new Set();
  const seen = new Set();
  const stack = [[schema, 0]];
  while (stack.length > 0) {
    const [raw, depth] = /** @type {[any, number]} */ (stack.pop());
    const { value: s } = deref(root, raw, []);
    if (!isObject(s) || seen.has(s) || depth > 8) continue;
    seen.add(s);
    if (isObject(s.properties)) for (const k of Object.keys(s.properties)) names.add(k);
    for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(s[k])) for (const x of s[k]) stack.push([x, depth + 1]);
  }
  return names;
}

/** Every `encoding` key of a Media Type Object names a property declared by its schema. */
export default createRulesetFunction({ input: null, options: null }, function encodingPropertyExists(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const site of documentParts(root).mediaTypes) {
    const { mediaType } = site;
    if (!isObject(mediaType.encoding) || mediaType.schema === undefined) continue;
    const names = declaredProperties(root, mediaType.schema);
    if (names.size === 0) continue;
    for (const k of Object.keys(mediaType.encoding)) {
      if (!names.has(k))
        results.push({
          message: `Encoding '${k}' names no property of the schema (declared: ${[...names].slice(0, 8).join(', ')}${names.size > 8 ? ', …' : ''})`,
          path: [...site.path, 'encoding', k],
        });
    }
  }
  return results;
});
