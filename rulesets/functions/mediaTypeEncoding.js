import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, rootOf, specVersion } from './lib/doc.js';
import { documentParts, parseMediaType } from './lib/compliance.js';

/** Property names a schema declares (properties of the schema and of its allOf/anyOf/oneOf members, refs followed). */
function declaredProperties(root, schema) {
  const names = new Set();
  const seen = new Set();
  const stack = [[schema, 0]];
  while (stack.length > 0) {
    const [raw, depth] = stack.pop();
    const { value: s } = deref(root, raw, []);
    if (!isObject(s) || seen.has(s) || depth > 8) continue;
    seen.add(s);
    if (isObject(s.properties)) for (const k of Object.keys(s.properties)) names.add(k);
    for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(s[k])) for (const x of s[k]) stack.push([x, depth + 1]);
  }
  return names;
}

function isFormMediaType(key) {
  const mt = parseMediaType(key);
  if (mt.error) return false;
  return mt.type === 'multipart' || (mt.type === 'application' && mt.subtype === 'x-www-form-urlencoded');
}

const CHECKS = {
  /** Every `encoding` key names a property declared by the media type's schema. */
  properties(root, site) {
    const { mediaType } = site;
    if (!isObject(mediaType.encoding) || mediaType.schema === undefined) return [];
    const names = declaredProperties(root, mediaType.schema);
    if (names.size === 0) return [];
    return Object.keys(mediaType.encoding)
      .filter((k) => !names.has(k))
      .map((k) => ({ message: `Encoding '${k}' names no property of the schema (declared: ${[...names].slice(0, 8).join(', ')}${names.size > 8 ? ', …' : ''})`, path: [...site.path, 'encoding', k] }));
  },
  /** `encoding` only applies to multipart and application/x-www-form-urlencoded (and, before 3.2, only to request bodies). */
  'media-type'(root, site) {
    const { key, mediaType, context } = site;
    if (!isObject(mediaType.encoding)) return [];
    if (key !== undefined && !isFormMediaType(key)) {
      return [{ message: `encoding is ignored for '${key}': it only applies to multipart and application/x-www-form-urlencoded content`, path: [...site.path, 'encoding'] }];
    }
    const v = specVersion(root);
    if ((v === '3.0' || v === '3.1') && context !== 'request') {
      return [{ message: `encoding is ignored here: in OpenAPI ${v} it only applies to request bodies`, path: [...site.path, 'encoding'] }];
    }
    return [];
  },
};

/** Checks the `encoding` maps of every Media Type Object. */
export default createRulesetFunction(
  {
    input: null,
    options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: Object.keys(CHECKS) } } },
  },
  function mediaTypeEncoding(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    for (const mt of documentParts(root).mediaTypes) results.push(...CHECKS[options.check](root, mt));
    return results;
  },
);
