// @ts-check
// Schema-shape helpers for apictl's size-limit rules (owner: security/performance).
import { cached, deref, isObject } from './doc.js';
import { describeNode, kindsOf } from './secperf.js';
import { sideNodes, sideNodesIfBuilt, walkSide } from './schema-trees.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').JsonObject} JsonObject */
/** @typedef {import('./schema-trees.js').WalkNode} WalkNode */
/** @typedef {Record<string, WalkNode[]>} Buckets keyed by string, array, number, object, closedObject, stringOrBinary, pattern */

/** A string schema carrying bytes: format binary/byte, contentEncoding or contentMediaType. @param {Json} s */
export function isBinaryString(s) {
  if (!isObject(s)) return false;
  return s.format === 'binary' || s.format === 'byte' || typeof s.contentEncoding === 'string' || typeof s.contentMediaType === 'string';
}

/** Media types whose bodies are opaque bytes. @param {unknown} mt */
export function isBinaryMedia(mt) {
  const m = String(mt).toLowerCase().split(';')[0].trim();
  return m === 'application/octet-stream' || /^(image|audio|video|font)\//.test(m) || /^application\/(pdf|zip|gzip|x-tar|x-7z-compressed|vnd\.openxmlformats)/.test(m);
}

/** Schema objects used as allOf members anywhere in the request or response schemas (refs followed). @param {Json} root */
export function allOfMembers(root) {
  return cached(root, 'limits:allOfMembers', () => {
    /** @type {Set<JsonObject>} */
    const set = new Set();
    /** @param {JsonObject} s */
    const collect = (s) => {
      if (Array.isArray(s.allOf)) {
        for (const m of s.allOf) {
          const { value } = deref(root, m, undefined);
          if (isObject(value)) set.add(value);
        }
      }
    };
    walkSide(root, 'request', collect);
    walkSide(root, 'response', collect);
    return set;
  });
}

/**
 * The nodes of sideNodes(root, side, …) (opts: { variant, filterOp, filterRoot } as for walkSide)
 * sorted into the lists the size-limit checks read, each in walk order: strings, arrays, numbers
 * (integer or number), objects, closedObject (objects, and allOf composites without a type),
 * stringOrBinary (strings, and binary payloads of any type) and pattern (a `pattern` string).
 * Memoised with the node list.
 * @param {Json} root @param {string} side @param {import('./schema-trees.js').SideOptions} [opts] @returns {Buckets}
 */
export function sideBuckets(root, side, opts = {}) {
  const variant = opts.variant ?? (opts.filterOp || opts.filterRoot ? undefined : 'all');
  const build = () => bucketsOf(sideNodes(root, side, variant, opts.filterOp, opts.filterRoot));
  return variant === undefined ? build() : cached(root, `limits:buckets:${side}:${variant}`, build);
}

/** @param {WalkNode[]} nodes @returns {Buckets} */
function bucketsOf(nodes) {
  /** @type {Record<'string' | 'array' | 'number' | 'object' | 'closedObject' | 'stringOrBinary' | 'pattern', WalkNode[]>} */
  const b = { string: [], array: [], number: [], object: [], closedObject: [], stringOrBinary: [], pattern: [] };
  // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    const s = n.schema;
    const kinds = kindsOf(s);
    const isString = kinds.includes('string');
    const isObjectKind = kinds.includes('object');
    if (isString) b.string.push(n);
    if (kinds.includes('array')) b.array.push(n);
    if (kinds.includes('integer') || kinds.includes('number')) b.number.push(n);
    if (isObjectKind) b.object.push(n);
    if (isObjectKind || (kinds.length === 0 && Array.isArray(s.allOf) && s.allOf.length > 0)) b.closedObject.push(n);
    if (isString || isBinaryString(s)) b.stringOrBinary.push(n);
    if (typeof s.pattern === 'string') b.pattern.push(n);
  }
  return b;
}

/** @param {Json} entry */
const fromBody = (entry) => entry.param === undefined;

/**
 * sideBuckets of the request side reached from request bodies only (not from parameters): those of
 * sideNodes(root, 'request', 'bodies', undefined, entry => entry.param === undefined), memoised
 * under the same name as sideBuckets would. When the unfiltered request walk was built already and
 * no body walk in it stopped at a schema a parameter reached first, its body-reached nodes are
 * exactly the nodes of that walk (same nodes, same order): the lists are then filtered from its
 * buckets instead of walking the bodies again.
 * @param {Json} root @returns {Buckets}
 */
export function requestBodyBuckets(root) {
  return cached(root, 'limits:buckets:request:bodies', () => {
    const all = sideNodesIfBuilt(root, 'request', 'all');
    if (all === undefined || !all.bodiesSeparable) return bucketsOf(sideNodes(root, 'request', 'bodies', undefined, fromBody));
    const from = sideBuckets(root, 'request', { variant: 'all' });
    /** @type {Buckets} */
    const b = {};
    for (const k of Object.keys(from)) {
      /** @type {WalkNode[]} */
      const list = [];
      for (const n of from[k]) if (n.entry.param === undefined) list.push(n);
      b[k] = list;
    }
    return b;
  });
}

/**
 * The nodes of one sideBuckets list (`bucket`) that a size-limit rule reads, in walk order, once per
 * schema even when shared: of the request bodies alone when `bodiesOnly` (request side), else of the
 * whole side (readOnly subtrees are skipped on the request side, writeOnly ones on the response
 * side). Every node of a list has the kinds the rule is about, so they are not asked again.
 * @param {Json} root @param {string} side @param {string} bucket @param {boolean | undefined} bodiesOnly
 */
export function limitNodes(root, side, bucket, bodiesOnly) {
  // Response roots never come from a parameter: there the bodies-only walk is the whole walk.
  const buckets = bodiesOnly && side === 'request' ? requestBodyBuckets(root) : sideBuckets(root, side, { variant: 'all' });
  return buckets[bucket] ?? [];
}

/** `report(node, what)` of a size-limit rule: pushes `Request <node> <what>` (or `Response …`) to `results`. @param {string} side @param {import('./types.js').Finding[]} results */
export function limitReporter(side, results) {
  const where = side === 'request' ? 'Request' : 'Response';
  return (/** @type {WalkNode} */ node, /** @type {string} */ what) => results.push({ message: `${where} ${describeNode(node.path, node)} ${what}`, path: node.path });
}

/**
 * The option schema of the size rules: which side of the API (`request` or `response`) and whether
 * only bodies count, plus the properties a rule adds.
 * @param {Record<string, unknown>} [extra]
 */
export function limitOptions(extra = {}) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['side'],
    properties: { side: { enum: ['request', 'response'] }, bodiesOnly: { type: 'boolean' }, ...extra },
  };
}
