// @ts-check
// The schemas each operation receives and sends back, and the trees of every node under them: one
// walk per document and side (request or response), shared by the security, performance and size
// rules that look at schema nodes (each node knows its operation, its root and its path).

import { cached, cachedIfComputed, deref, isObject, parametersOf, pathOperations, requestBodyOf, responsesOf } from './doc.js';
import { mediaOf, paramSchema } from './secperf.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').JsonObject} JsonObject */
/** @typedef {import('./types.js').Path} Path */
/** @typedef {import('./doc.js').Operation} Operation */
/** @typedef {{ schema: JsonObject, path: Path, param?: JsonObject, mediaType?: string }} RequestRoot A schema an operation receives. */
/** @typedef {{ schema: JsonObject, path: Path, code: string, mediaType: string, param?: undefined }} ResponseRoot A schema an operation sends back. */
/** @typedef {TreeNode} WalkNode A node of walkTree and sideNodes (the TreeNode class, which is not exported). */
/** @typedef {TreeNode[] & { refTargets: Set<unknown>, bodiesSeparable: boolean }} SideNodes */
/** @typedef {{ variant?: string, filterOp?: (op: Operation) => boolean, filterRoot?: (entry: Json, op: Operation) => boolean }} SideOptions filterRoot's entry: a RequestRoot or ResponseRoot, by side. */

/**
 * Schemas an operation receives: parameter schemas (with the parameter) and request-body schemas.
 * Each: { schema, path, param? (the parameter object), mediaType? }.
 * @param {Json} root @param {Operation} op
 */
export function requestSchemaRoots(root, op) {
  /** @type {RequestRoot[]} */
  const out = [];
  const params = parametersOf(root, op);
  for (const entry of params) {
    const s = paramSchema(root, entry);
    if (s) out.push({ schema: s.schema, path: s.path, param: entry.param });
  }
  const rb = requestBodyOf(root, op);
  if (rb) {
    const media = mediaOf(root, rb.body, rb.path);
    for (const m of media) {
      if (m.schema) out.push({ schema: m.schema, path: m.schemaPath, mediaType: m.mediaType });
    }
  }
  return out;
}

/** @type {WeakMap<Operation, ResponseRoot[]>} */
const responseRootsMemo = new WeakMap();

/**
 * Schemas an operation sends back: [{ schema, path, code, mediaType }] (every response code).
 * Memoised per operation entry (several walks and rules read them): the list is shared, read only.
 * @param {Json} root @param {Operation} op @returns {ResponseRoot[]}
 */
export function responseSchemaRoots(root, op) {
  let out = responseRootsMemo.get(op);
  if (out !== undefined) return out;
  out = [];
  const responses = responsesOf(root, op);
  for (const r of responses) {
    const media = mediaOf(root, r.response, r.path);
    for (const m of media) {
      if (m.schema) out.push({ schema: m.schema, path: m.schemaPath, code: r.code, mediaType: m.mediaType });
    }
  }
  responseRootsMemo.set(op, out);
  return out;
}

/**
 * A schema node reached by a walk. Its path is built on first use (most nodes never produce a
 * finding): from the `$ref` target it was reached through, else its parent's path plus one or two
 * keys, else (the walk's root) the path the walk started from, as the same array.
 */
class TreeNode {
  /**
   * @param {JsonObject} schema @param {number} depth @param {TreeNode | undefined} parent @param {string} k1 (read only when parent is set)
   * @param {string | undefined} k2 @param {Path | undefined} refPath @param {Path} rootPath
   */
  constructor(schema, depth, parent, k1, k2, refPath, rootPath) {
    this.schema = schema;
    this.depth = depth;
    this.parent = parent;
    this.k1 = k1;
    this.k2 = k2;
    this.refPath = refPath;
    this.rootPath = rootPath;
    /** @type {Path | undefined} */
    this._path = undefined;
    /** @type {Json} the Operation, set by sideNodes (Json: visitors read it unchecked) */
    this.op = undefined;
    /** @type {Json} the RequestRoot or ResponseRoot, set by sideNodes (Json: visitors read it unchecked) */
    this.entry = undefined;
  }

  /** @returns {Path} */
  get path() {
    let p = this._path;
    if (p === undefined) {
      if (this.refPath !== undefined) p = this.refPath;
      else if (this.parent === undefined) p = this.rootPath;
      else {
        const pp = this.parent.path;
        p = this.k2 === undefined ? [...pp, this.k1] : [...pp, this.k1, this.k2];
      }
      this._path = p;
    }
    return p;
  }

  /** The last segment of the path (without building it). @returns {string | number | undefined} */
  last() {
    if (this._path !== undefined || this.refPath !== undefined || this.parent === undefined) {
      const p = this.path;
      return p[p.length - 1];
    }
    return this.k2 ?? this.k1;
  }

  /** The segment before the last one (without building the path). @returns {string | number | undefined} */
  beforeLast() {
    if (this._path !== undefined || this.refPath !== undefined || this.parent === undefined) {
      const p = this.path;
      return p[p.length - 2];
    }
    return this.k2 !== undefined ? this.k1 : this.parent.last();
  }

  /** The property name when the node sits directly under `properties`. */
  get name() {
    const n = this.refPath !== undefined ? this.refPath.length : this.parent === undefined ? this.rootPath.length : 2;
    if (n < 2 || this.beforeLast() !== 'properties') return undefined;
    return this.last();
  }
}

/**
 * Walks a schema and its subschemas like doc.js `walkSchema` (properties, patternProperties, items,
 * prefixItems, additionalProperties, allOf/anyOf/oneOf, not), with memoised refs. `enter(schema,
 * viaRef)` returns false to skip a subtree; otherwise `entered(node)` receives the node (a
 * TreeNode: schema, depth, path built on use) and its subschemas are walked. Bounded by `budget.n`.
 * @param {Json} root @param {Json} schema @param {Path} path @param {(s: JsonObject, viaRef: boolean) => unknown} enter
 * @param {(node: TreeNode) => void} entered @param {{ n: number }} budget
 */
export function walkTree(root, schema, path, enter, entered, budget) {
  // A flat stack of (raw schema, parent node, key, key, depth) entries written by index (no
  // builtin call per push or pop), popped in reverse.
  const stack = [schema, undefined, undefined, undefined, 0];
  let sp = 5;
  while (sp > 0 && budget.n-- > 0) {
    sp -= 5;
    const raw = stack[sp];
    const parent = stack[sp + 1];
    const k1 = stack[sp + 2];
    const k2 = stack[sp + 3];
    const depth = stack[sp + 4];
    let s = raw;
    let refPath;
    if (isObject(raw) && typeof raw.$ref === 'string') {
      const r = deref(root, raw, undefined);
      s = r.value;
      refPath = r.path;
    }
    if (!isObject(s) || !enter(s, s !== raw)) continue;
    const node = new TreeNode(s, depth, parent, k1, k2, refPath, path);
    entered(node);
    sp = pushChildren(stack, sp, s, node, depth + 1);
  }
}

/** Writes the subschema entries of `s` at `sp` of `stack`; returns the new top. @param {Json[]} stack @param {number} sp @param {JsonObject} s @param {TreeNode} node @param {number} d */
function pushChildren(stack, sp, s, node, d) {
  // Own keys by for…in with a hasOwn check: Object.keys' keys and order, without an array per map.
  const props = s.properties;
  if (isObject(props)) for (const k in props) if (Object.hasOwn(props, k)) sp = put(stack, sp, props[k], node, 'properties', k, d);
  const pprops = s.patternProperties;
  if (isObject(pprops)) for (const k in pprops) if (Object.hasOwn(pprops, k)) sp = put(stack, sp, pprops[k], node, 'patternProperties', k, d);
  if (isObject(s.items)) sp = put(stack, sp, s.items, node, 'items', undefined, d);
  const prefix = s.prefixItems;
  if (Array.isArray(prefix)) for (let i = 0; i < prefix.length; i++) sp = put(stack, sp, prefix[i], node, 'prefixItems', String(i), d);
  if (isObject(s.additionalProperties)) sp = put(stack, sp, s.additionalProperties, node, 'additionalProperties', undefined, d);
  const allOf = s.allOf;
  if (Array.isArray(allOf)) for (let i = 0; i < allOf.length; i++) sp = put(stack, sp, allOf[i], node, 'allOf', String(i), d);
  const anyOf = s.anyOf;
  if (Array.isArray(anyOf)) for (let i = 0; i < anyOf.length; i++) sp = put(stack, sp, anyOf[i], node, 'anyOf', String(i), d);
  const oneOf = s.oneOf;
  if (Array.isArray(oneOf)) for (let i = 0; i < oneOf.length; i++) sp = put(stack, sp, oneOf[i], node, 'oneOf', String(i), d);
  if (isObject(s.not)) sp = put(stack, sp, s.not, node, 'not', undefined, d);
  return sp;
}

/** @param {Json[]} stack @param {number} sp @param {Json} raw @param {TreeNode} node @param {string} k1 @param {string | undefined} k2 @param {number} d */
function put(stack, sp, raw, node, k1, k2, d) {
  stack[sp] = raw;
  stack[sp + 1] = node;
  stack[sp + 2] = k1;
  stack[sp + 3] = k2;
  stack[sp + 4] = d;
  return sp + 5;
}

/**
 * The schema nodes the document receives (side 'request') or sends (side 'response'), each once
 * even when shared by many operations, in a memoised list per document, side and `variant` (a
 * name for the filters: rules with the same filters share one walk). readOnly subtrees are
 * skipped on the request side and writeOnly ones on the response side; webhooks are left out
 * (they are requests the API sends). Each node: { schema, path (built on use), name, op, entry,
 * depth } where entry is the root it was first reached from ({ schema, path, param? , code?,
 * mediaType? }).
 * @param {Json} root
 * @param {string} side
 * @param {string} [variant]
 * @param {(op: Operation) => boolean} [filterOp]
 * @param {(entry: Json, op: Operation) => boolean} [filterRoot] entry: a RequestRoot or ResponseRoot, by side
 * @returns {SideNodes}
 */
export function sideNodes(root, side, variant = undefined, filterOp = undefined, filterRoot = undefined) {
  const build = () => {
    const out = /** @type {SideNodes} */ (/** @type {unknown} */ ([]));
    // Schema → true when first reached from a parameter's schema, false from a body or response.
    /** @type {Map<JsonObject, boolean>} */
    const seen = new Map();
    // Schema objects some `$ref` on this side points to (reusable, not inline-only).
    out.refTargets = new Set();
    const skip = side === 'request' ? 'readOnly' : 'writeOnly';
    const budget = { n: 500000 };
    /** @type {Operation | undefined} */
    let op;
    /** @type {RequestRoot | ResponseRoot | undefined} */
    let entry;
    let fromParam = false;
    // Did a body walk meet a schema a parameter walk reached first (request side)?
    let crossed = false;
    /** @param {JsonObject} s @param {boolean} viaRef */
    const enter = (s, viaRef) => {
      if (viaRef) out.refTargets.add(s);
      const first = seen.get(s);
      if (first !== undefined) {
        if (first && !fromParam) crossed = true;
        return false;
      }
      seen.set(s, fromParam);
      return s[skip] !== true;
    };
    /** @param {TreeNode} node */
    const entered = (node) => {
      node.op = op;
      node.entry = entry;
      out.push(node);
    };
    // hot: per operation and schema root; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
    const ops = pathOperations(root);
    for (let oi = 0; oi < ops.length; oi++) {
      op = ops[oi];
      if (filterOp && !filterOp(op)) continue;
      const roots = side === 'request' ? requestSchemaRoots(root, op) : responseSchemaRoots(root, op);
      for (let ri = 0; ri < roots.length; ri++) {
        entry = roots[ri];
        if (filterRoot && !filterRoot(entry, op)) continue;
        if (budget.n <= 0) return out;
        fromParam = entry.param !== undefined;
        walkTree(root, entry.schema, entry.path, enter, entered, budget);
      }
    }
    // Complete, unfiltered, and no body walk stopped at a schema a parameter walk reached first: the
    // nodes reached from bodies (entry.param undefined) are those a walk of the bodies alone gives,
    // in the same order (limits.js requestBodyBuckets).
    out.bodiesSeparable = budget.n > 0 && !filterOp && !filterRoot && !crossed;
    return out;
  };
  // Filtered walks without a variant name cannot share a cache entry: computed afresh (never
  // cached under 'all', the name of the unfiltered walk).
  if (variant === undefined) {
    if (filterOp || filterRoot) return build();
    variant = 'all';
  }
  return cached(root, `secperf:nodes:${side}:${variant}`, build);
}

/** The sideNodes list of a side and variant when a rule built it already for this document, else undefined. @param {Json} root @param {string} side @returns {SideNodes | undefined} */
export function sideNodesIfBuilt(root, side, variant = 'all') {
  return cachedIfComputed(root, `secperf:nodes:${side}:${variant}`);
}

/**
 * Calls `visit(schema, node)` for every node of `sideNodes` (node: { path (built on use), name
 * (the property name when the node sits directly under `properties`), op, entry, depth }).
 * opts: { variant, filterOp, filterRoot } as for sideNodes.
 * @param {Json} root @param {string} side @param {(schema: JsonObject, node: TreeNode) => void} visit @param {SideOptions} [opts]
 */
export function walkSide(root, side, visit, opts = {}) {
  const variant = opts.variant ?? (opts.filterOp || opts.filterRoot ? undefined : 'all');
  const nodes = sideNodes(root, side, variant, opts.filterOp, opts.filterRoot);
  // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
  for (let i = 0; i < nodes.length; i++) visit(nodes[i].schema, nodes[i]);
}
