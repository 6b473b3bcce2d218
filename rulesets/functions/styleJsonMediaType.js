// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { allMediaTypes, isJsonMediaType } from './lib/definitions.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {{ m: { kind: string, contentPath: Path }, types: string[] }} ContentTypes The media types of one `content` map, and its first entry. */

// Structured-data formats that have a JSON equivalent (binary, text, images, forms and multipart do not need one).
const STRUCTURED = /(^|[/+])(xml|yaml|x-yaml|csv|msgpack|x-msgpack|cbor|protobuf|x-protobuf|vnd\.google\.protobuf)$/;

/**
 * A request body or response whose content offers structured data (XML, YAML, CSV, protobuf…) also
 * offers JSON (application/json or a +json type). Bodies that are binary, text, forms or multipart
 * are not judged.
 */
export default createRulesetFunction({ input: null, options: null }, function styleJsonMediaType(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const all = allMediaTypes(rootOf(context));
  const results = [];
  /** @type {Map<string, ContentTypes>} */
  const byContent = new Map();
  for (const m of all) {
    const k = m.contentPath.join('\u0000');
    /** @type {ContentTypes} */
    const e = byContent.get(k) ?? { m, types: [] };
    e.types.push(m.mediaType.split(';')[0].trim().toLowerCase());
    byContent.set(k, e);
  }
  for (const { m, types } of byContent.values()) {
    if (types.some(isJsonMediaType) || !types.some((t) => STRUCTURED.test(t))) continue;
    results.push({ message: `${m.kind === 'request' ? 'Request body' : 'Response'} offers ${types.join(', ')} but no JSON media type.`, path: m.contentPath });
  }
  return results;
});
