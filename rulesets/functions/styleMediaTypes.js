import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { allMediaTypes, isJsonMediaType, optList } from './lib/style.js';

// Structured-data formats that have a JSON equivalent (binary, text, images, forms and multipart do not need one).
const STRUCTURED = /(^|[/+])(xml|yaml|x-yaml|csv|msgpack|x-msgpack|cbor|protobuf|x-protobuf|vnd\.google\.protobuf)$/;

/**
 * check `json`: a request body or response whose content offers structured data (XML, YAML, CSV,
 * protobuf…) also offers JSON (application/json or a +json type). Bodies that are binary, text,
 * forms or multipart are not judged. check `wildcard`: content keys are concrete media types, not
 * `*\/*` or `type/*` (unless listed in `allow`, e.g. `image/*` for uploads).
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['check'],
      properties: {
        check: { enum: ['json', 'wildcard'] },
        allow: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  function styleMediaTypes(_input, options, context) {
    const all = allMediaTypes(rootOf(context));
    const results = [];
    if (options.check === 'wildcard') {
      const allow = new Set(optList(options, 'allow', []).map((m) => m.toLowerCase()));
      for (const m of all) {
        const base = m.mediaType.split(';')[0].trim().toLowerCase();
        if (!base.includes('*') || allow.has(base)) continue;
        results.push({ message: `${m.kind === 'request' ? 'Request body' : 'Response'} media type '${m.mediaType}' is a wildcard; list the concrete media types (Swagger 2.0: in consumes/produces).`, path: m.path });
      }
      return results;
    }
    const byContent = new Map();
    for (const m of all) {
      const k = m.contentPath.join('\u0000');
      const e = byContent.get(k) ?? { m, types: [] };
      e.types.push(m.mediaType.split(';')[0].trim().toLowerCase());
      byContent.set(k, e);
    }
    for (const { m, types } of byContent.values()) {
      if (types.some(isJsonMediaType) || !types.some((t) => STRUCTURED.test(t))) continue;
      results.push({ message: `${m.kind === 'request' ? 'Request body' : 'Response'} offers ${types.join(', ')} but no JSON media type.`, path: m.contentPath });
    }
    return results;
  },
);
