// @ts-check
// Collections and paging for apictl's performance rules (owner: security/performance). Pure,
// bounded, never throws; results memoised per document (and per option set).
import { cached, isObject, parametersOf, pathOperations, responsesOf } from './doc.js';
import { headersOf, isItemPath, kindsOf, lastLiteral, mediaOf, nameIn, propertiesOf, resolveSchema, squash } from './secperf.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').JsonObject} JsonObject */
/** @typedef {import('./types.js').Path} Path */
/** @typedef {import('./doc.js').Operation} Operation */
/** @typedef {import('./doc.js').ResponseEntry} ResponseEntry */
/**
 * @typedef {{ code: string, response: ResponseEntry, mediaType: string, schema: JsonObject, schemaPath: Path,
 *   arrayProp: string | undefined, array: JsonObject, arrayPath: Path }} Collection
 */

/** Array properties that wrap the items of a collection response. */
export const ENVELOPE_PROPERTIES = [
  'data',
  'items',
  'results',
  'records',
  'entries',
  'entry',
  'elements',
  'values',
  'content',
  'list',
  'collection',
  'resources',
  'hits',
  'nodes',
  'edges',
  'objects',
  'rows',
];

/** Properties that only a page of a collection carries (a wrapper with one of them is an envelope). */
const PAGE_METADATA = [
  'hasmore',
  'hasnextpage',
  'next',
  'nextpage',
  'nextpagetoken',
  'nextcursor',
  'nextpageuri',
  'nextpageurl',
  'nextlink',
  'nexttoken',
  'cursor',
  'total',
  'totalcount',
  'totalitems',
  'totalresults',
  'totalsize',
  'pagination',
  'paging',
  'pageinfo',
  'page',
  'pagesize',
  'perpage',
  'continue',
  'continuationtoken',
  'previous',
  'prev',
];

/** Query parameter names (squashed) that position a page. */
export const PAGE_POSITION_NAMES = [
  'page',
  'pagenumber',
  'pageindex',
  'pageno',
  'offset',
  'skip',
  'start',
  'startindex',
  'cursor',
  'after',
  'before',
  'startingafter',
  'endingbefore',
  'pagetoken',
  'continue',
  'continuationtoken',
  'nexttoken',
  'marker',
  'skiptoken',
  'page[number]',
  'page[cursor]',
  'page[offset]',
].map(squash);
/** Query parameter names (squashed) that size a page. */
export const PAGE_SIZE_NAMES = ['limit', 'pagesize', 'perpage', 'size', 'maxresults', 'top', 'itemsperpage', 'maxitems', 'take', 'count', 'page[size]', 'page[limit]'].map(squash);

const SUCCESS_ORDER = ['200', '2XX', '206'];

/** Media entries with JSON-like types first (the representation paging rules care about). @param {Json} root @param {ResponseEntry} response */
function orderedMedia(root, response) {
  const list = mediaOf(root, response.response, response.path);
  /** @param {string} mt */
  const json = (mt) => /json|\*\/\*/i.test(mt);
  return [...list.filter((m) => json(m.mediaType)), ...list.filter((m) => !json(m.mediaType))];
}

/**
 * Whether a read operation returns a collection, and where its items are. A collection read is a
 * GET (or 3.2 QUERY) on a path whose last segment is not a template, answering 200 (or 2XX, 206)
 * with an array, or with an object wrapping exactly the items: an array property named like an
 * envelope (`envelopeProperties`), named after the last path segment (`/droplets` → `droplets`),
 * or the only array next to page metadata (has_more, next, total, …).
 * Returns { code, response, mediaType, schema (resolved), schemaPath, arrayProp, array, arrayPath }
 * (arrayProp undefined for a bare array) or undefined.
 * @param {Json} root @param {Operation} op @param {string[]} [envelopeProperties] @returns {Collection | undefined}
 */
export function collectionOf(root, op, envelopeProperties = ENVELOPE_PROPERTIES) {
  const key = `perf:collection:${envelopeProperties.join(',')}`;
  const memo = cached(root, key, () => new WeakMap());
  if (memo.has(op.operation)) return memo.get(op.operation);
  const result = computeCollection(root, op, envelopeProperties);
  memo.set(op.operation, result);
  return result;
}

/** @param {Json} root @param {Operation} op @param {string[]} envelopeProperties @returns {Collection | undefined} */
function computeCollection(root, op, envelopeProperties) {
  if (op.isWebhook || (op.method !== 'get' && op.method !== 'query') || isItemPath(op.pathKey)) return undefined;
  const rs = responsesOf(root, op);
  const response = SUCCESS_ORDER.map((c) => rs.find((r) => r.code.toUpperCase() === c)).find(Boolean);
  if (!response) return undefined;
  const segment = lastLiteral(op.pathKey);
  for (const m of orderedMedia(root, response)) {
    if (!m.schema) continue;
    const { value: schema, path: schemaPath } = resolveSchema(root, m.schema, m.schemaPath);
    if (!schema) continue;
    const base = { code: response.code, response, mediaType: m.mediaType, schema, schemaPath };
    if (kindsOf(schema).includes('array')) return { ...base, arrayProp: undefined, array: schema, arrayPath: schemaPath };
    if (!kindsOf(schema).includes('object') && !Array.isArray(schema.allOf)) continue;
    const props = propertiesOf(root, schema, schemaPath);
    const arrays = [];
    for (const [name, p] of props) {
      const { value, path } = resolveSchema(root, p.schema, p.path);
      if (value && kindsOf(value).includes('array')) arrays.push({ name, array: value, arrayPath: path });
    }
    if (arrays.length === 0) continue;
    const named = arrays.find((a) => nameIn(a.name, envelopeProperties) || (segment !== '' && squash(a.name) === segment));
    if (named) return { ...base, arrayProp: named.name, array: named.array, arrayPath: named.arrayPath };
    if (arrays.length === 1 && [...props.keys()].some((k) => PAGE_METADATA.includes(squash(k)))) {
      return { ...base, arrayProp: arrays[0].name, array: arrays[0].array, arrayPath: arrays[0].arrayPath };
    }
  }
  return undefined;
}

/** Collection reads of the document: [{ op, coll }]. @param {Json} root @param {string[]} [envelopeProperties] */
export function collectionReads(root, envelopeProperties = ENVELOPE_PROPERTIES) {
  return cached(root, `perf:collections:${envelopeProperties.join(',')}`, () => {
    /** @type {{ op: Operation, coll: Collection }[]} */
    const out = [];
    for (const op of pathOperations(root)) {
      const coll = collectionOf(root, op, envelopeProperties);
      if (coll) out.push({ op, coll });
    }
    return out;
  });
}

/** Query parameters of an operation whose names are in `names` (compared squashed). @param {Json} root @param {Operation} op @param {string[]} names */
export function queryParamsNamed(root, op, names) {
  const set = new Set(names.map(squash));
  return parametersOf(root, op).filter((p) => p.param.in === 'query' && set.has(squash(p.param.name)));
}

/** Query parameters that look like paging (built-in vocabulary plus the given extra names). @param {Json} root @param {Operation} op @param {string[]} [extra] */
export function pagingParams(root, op, extra = []) {
  const set = new Set([...PAGE_POSITION_NAMES, ...PAGE_SIZE_NAMES, ...extra.map(squash)]);
  return parametersOf(root, op).filter((p) => p.param.in === 'query' && set.has(squash(p.param.name)));
}

/** The maximum a numeric parameter allows (maximum, or exclusiveMaximum - 1 for integers), or undefined. @param {Json} root @param {import('./secperf.js').ParamEntry} entry @returns {number | undefined} */
export function paramMaximum(root, entry) {
  const raw = isObject(entry.param.schema) ? entry.param.schema : undefined;
  if (!raw) return undefined;
  const { value } = resolveSchema(root, raw, [...entry.path, 'schema']);
  if (!value) return undefined;
  if (typeof value.maximum === 'number') return value.maximum;
  if (typeof value.exclusiveMaximum === 'number') return value.exclusiveMaximum - (kindsOf(value).includes('integer') ? 1 : 0);
  return undefined;
}

/** Response headers of the success response of a collection: Map lower-case name → entry. @param {Json} root @param {Collection} coll */
export function collectionHeaders(root, coll) {
  return headersOf(root, coll.response);
}
