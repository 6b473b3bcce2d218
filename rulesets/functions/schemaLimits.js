import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf, specVersion } from './lib/doc.js';
import { describeNode, hasEnumOrConst, kindsOf, mediaOf, nameIn, pathOperations, requestBodyOf, resolveSchema } from './lib/secperf.js';
import { allOfMembers, isBinaryMedia, isBinaryString, requestBodyBuckets, sideBuckets } from './lib/limits.js';
import { isLengthBoundingPattern, looselyAnchored } from './lib/patterns.js';
import { collectionReads, PAGE_SIZE_NAMES, pagingParams, paramMaximum } from './lib/performance.js';

/** The sideBuckets list each check reads. */
const BUCKET = {
  'string-length': 'string',
  'array-items': 'array',
  'number-range': 'number',
  'closed-object': 'closedObject',
  'map-size': 'object',
  'binary-length': 'stringOrBinary',
  'pattern-anchored': 'pattern',
};

const BOUNDED_FORMATS = ['date', 'date-time', 'time', 'uuid', 'email', 'idn-email', 'ipv4', 'ipv6', 'duration', 'int32', 'int64'];

/**
 * Size limits on the schemas an API receives (side `request`) or sends (side `response`), once per
 * schema even when shared. `check` selects the limit:
 * - `string-length`: strings declare maxLength, or are bounded by enum/const, a bounded `format`
 *   (option `boundedFormats`) or an anchored pattern without unbounded quantifiers; binary strings
 *   are left to `binary-length`;
 * - `array-items`: arrays declare maxItems (unique items from an enum, and closed 3.1 tuples, are
 *   bounded by construction); with `exemptPagedCollections`, the item array of a
 *   collection read whose page-size parameter has a maximum is bounded by paging and passes;
 * - `number-range`: integers and numbers declare the bounds listed in `require` (default minimum
 *   and maximum; exclusive forms count), unless enum/const, a format in `exemptFormats` (default
 *   unix-time, timestamp) or a query parameter named in `exemptParams` (default limit: page sizes
 *   are pagination-limit-bounded's);
 * - `closed-object`: request-body objects refuse undeclared properties (additionalProperties: false,
 *   unevaluatedProperties: false in 3.1) or bound them (maxProperties); allOf members, and allOf
 *   composites in 3.0, cannot be closed and are skipped;
 * - `map-size`: maps (additionalProperties schema or true) declare maxProperties;
 * - `binary-length`: binary payloads (format binary/byte, contentEncoding, contentMediaType, or a
 *   binary media type) declare maxLength;
 * - `pattern-anchored`: patterns are anchored with ^…$ in every top-level alternative; prefix or
 *   suffix checks ending in a literal (`^https://`) and explicit wildcards (`^do:.*`) pass.
 * readOnly subtrees are skipped on the request side, writeOnly ones on the response side.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['side', 'check'],
      properties: {
        side: { enum: ['request', 'response'] },
        check: { enum: ['string-length', 'array-items', 'number-range', 'closed-object', 'map-size', 'binary-length', 'pattern-anchored'] },
        boundedFormats: { type: 'array', items: { type: 'string' } },
        require: { type: 'array', items: { enum: ['minimum', 'maximum'] } },
        bodiesOnly: { type: 'boolean' },
        exemptPagedCollections: { type: 'boolean' },
        exemptFormats: { type: 'array', items: { type: 'string' } },
        exemptParams: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  function schemaLimits(_input, options, context) {
    const root = rootOf(context);
    const side = options.side;
    const check = options.check;
    const where = side === 'request' ? 'Request' : 'Response';
    const results = [];
    const report = (node, what) => results.push({ message: `${where} ${describeNode(node.path, node)} ${what}`, path: node.path });
    const bodiesOnly = options.bodiesOnly ?? check === 'closed-object';

    if (check === 'binary-length' && side === 'request') {
      // Binary bodies described by their media type only (no schema to put maxLength on).
      for (let opI = 0, opList = pathOperations(root); opI < opList.length; opI++) {
        const op = opList[opI];
        const rb = requestBodyOf(root, op);
        if (!rb) continue;
        for (let mI = 0, mList = mediaOf(root, rb.body, rb.path); mI < mList.length; mI++) {
          const m = mList[mI];
          if (!m.schema && isBinaryMedia(m.mediaType)) {
            results.push({ message: `Request body '${m.mediaType}' has no schema, so its size is unbounded: add \`schema: {type: string, format: binary, maxLength: …}\`.`, path: m.path });
          }
        }
      }
    }

    const formats = new Set(options.boundedFormats ?? BOUNDED_FORMATS);
    const need = options.require ?? ['minimum', 'maximum'];
    const exemptFormats = new Set(options.exemptFormats ?? ['unix-time', 'timestamp']);
    const exemptParams = options.exemptParams ?? ['limit'];
    const v3 = specVersion(root);
    const members = check === 'closed-object' ? allOfMembers(root) : undefined;
    const paged = new Set();
    if (check === 'array-items' && options.exemptPagedCollections) {
      for (let entryI = 0, entryList = collectionReads(root); entryI < entryList.length; entryI++) {
        const { op, coll } = entryList[entryI];
        const size = pagingParams(root, op).find((p) => PAGE_SIZE_NAMES.includes(p.param.name.toLowerCase().replace(/[^a-z0-9]/g, '')));
        if (size && paramMaximum(root, size) !== undefined) paged.add(coll.array);
      }
    }

    // Only the nodes that can fail this check (in walk order), from lists shared by the checks: every
    // node of a list has the kinds the check is about (sideBuckets), so they are not asked again.
    // (Response roots never come from a parameter: there the bodies-only walk is the whole walk.)
    const buckets = bodiesOnly && side === 'request' ? requestBodyBuckets(root) : sideBuckets(root, side, { variant: 'all' });
    const nodes = buckets[BUCKET[check]] ?? [];
    switch (check) {
      case 'string-length':
        for (let nodeI = 0, nodeList = nodes; nodeI < nodeList.length; nodeI++) {
          const node = nodeList[nodeI];
          const s = node.schema;
          if (isBinaryString(s) || typeof s.maxLength === 'number' || hasEnumOrConst(s)) continue;
          if (typeof s.format === 'string' && formats.has(s.format)) continue;
          if (isLengthBoundingPattern(s.pattern)) continue;
          report(node, 'is a string without maxLength (nor enum, const, bounded format or bounded pattern).');
        }
        break;
      case 'array-items':
        for (let nodeI = 0, nodeList = nodes; nodeI < nodeList.length; nodeI++) {
          const node = nodeList[nodeI];
          const s = node.schema;
          if (typeof s.maxItems === 'number' || hasEnumOrConst(s) || paged.has(s)) continue;
          // Bounded by construction: unique items from a closed set, or a closed tuple (3.1).
          if (s.items === false && Array.isArray(s.prefixItems)) continue;
          if (s.uniqueItems === true && isObject(s.items)) {
            const { value: it } = resolveSchema(root, s.items, undefined);
            if (it && (hasEnumOrConst(it) || (kindsOf(it).length > 0 && kindsOf(it).every((k) => k === 'boolean' || k === 'null')))) continue;
          }
          report(node, 'is an array without maxItems.');
        }
        break;
      case 'number-range':
        for (let nodeI = 0, nodeList = nodes; nodeI < nodeList.length; nodeI++) {
          const node = nodeList[nodeI];
          const s = node.schema;
          if (hasEnumOrConst(s)) continue;
          if (typeof s.format === 'string' && exemptFormats.has(s.format)) continue;
          if (node.entry.param && node.entry.param.in === 'query' && node.depth === 0 && nameIn(node.entry.param.name, exemptParams)) continue;
          const lower = typeof s.minimum === 'number' || typeof s.exclusiveMinimum === 'number';
          const upper = typeof s.maximum === 'number' || typeof s.exclusiveMaximum === 'number';
          const missing = need.filter((b) => (b === 'minimum' ? !lower : !upper));
          if (missing.length > 0) report(node, `is a number without ${missing.join(' and ')}.`);
        }
        break;
      case 'closed-object':
        for (let nodeI = 0, nodeList = nodes; nodeI < nodeList.length; nodeI++) {
          const node = nodeList[nodeI];
          const s = node.schema;
          if (members.has(s) || hasEnumOrConst(s)) continue;
          if (s.additionalProperties === false || s.unevaluatedProperties === false || typeof s.maxProperties === 'number') continue;
          const composite = Array.isArray(s.allOf) && s.allOf.length > 0;
          if (composite && v3 === '3.0') continue;
          if (Array.isArray(s.oneOf) || Array.isArray(s.anyOf)) continue;
          const hasProps = isObject(s.properties) && Object.keys(s.properties).length > 0;
          const map = isObject(s.additionalProperties) || s.additionalProperties === true;
          if (composite) report(node, 'combines allOf parts but accepts undeclared properties: add `unevaluatedProperties: false`.');
          else if (hasProps) report(node, 'accepts undeclared properties: add `additionalProperties: false` (or bound them with maxProperties).');
          else if (map) report(node, 'is a map without maxProperties.');
          else report(node, 'is a free-form object: declare its properties and `additionalProperties: false`, or bound it with maxProperties.');
        }
        break;
      case 'map-size':
        for (let nodeI = 0, nodeList = nodes; nodeI < nodeList.length; nodeI++) {
          const node = nodeList[nodeI];
          const s = node.schema;
          const map = isObject(s.additionalProperties) || s.additionalProperties === true;
          if (map && typeof s.maxProperties !== 'number') report(node, 'is a map (additionalProperties) without maxProperties.');
        }
        break;
      case 'binary-length':
        for (let nodeI = 0, nodeList = nodes; nodeI < nodeList.length; nodeI++) {
          const node = nodeList[nodeI];
          const s = node.schema;
          if (typeof s.maxLength === 'number') continue;
          // Or the body schema itself (not a subschema, not reached through a $ref) of a binary media type.
          if (isBinaryString(s) || (node.entry.mediaType && node.parent === undefined && node.refPath === undefined && isBinaryMedia(node.entry.mediaType) && kindsOf(s).includes('string'))) {
            report(node, 'is a binary payload without maxLength (bytes).');
          }
        }
        break;
      case 'pattern-anchored':
        for (let nodeI = 0, nodeList = nodes; nodeI < nodeList.length; nodeI++) {
          const node = nodeList[nodeI];
          const s = node.schema;
          const loose = looselyAnchored(s.pattern);
          if (loose.length > 0) {
            results.push({
              message: `${where} ${describeNode(node.path, node)} has the pattern ${JSON.stringify(s.pattern)}, whose ${JSON.stringify(loose[0])} is not anchored at both ends: it accepts strings that merely contain a match. Anchor it with ^…$ (group alternatives: ^(a|b)$).`,
              path: [...node.path, 'pattern'],
            });
          }
        }
        break;
      default:
        break;
    }
    return results;
  },
);
