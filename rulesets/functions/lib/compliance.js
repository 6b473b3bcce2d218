// @ts-check
// Helpers for apictl's compliance rules (general). Plain ESM JavaScript like lib/doc.js, so
// Spectral CLI's ruleset bundler can load the functions that import it. Every helper is pure,
// bounded, memoised per document where it walks, and never throws on odd input.
import { cached, deref, isObject, lowerWords, METHODS, operations } from './doc.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').JsonObject} JsonObject */
/** @typedef {import('./types.js').Path} Path */
/** @typedef {import('./doc.js').Operation & { isCallback?: boolean, parent?: AnyOperation }} AnyOperation An operation of allOperations (callbacks included). */
/** @typedef {[PathLink | null, string]} PathLink A path as a linked list of [parent, key] nodes. */
/** @typedef {PathLink | null} PathNode */

const MAX_SCHEMA_NODES = 200000;
const MAX_CALLBACK_DEPTH = 4;

/** @type {Map<string, string[]>} */
const wordMemo = new Map();

/** Lower-case words of a name: camelCase, PascalCase, snake_case, kebab-case and dotted names. Memoised. @param {unknown} name */
export function nameWords(name) {
  const key = String(name);
  let w = wordMemo.get(key);
  if (w) return w;
  w = lowerWords(key.replace(/IPv([46])/g, 'Ipv$1'));
  if (wordMemo.size > 100000) wordMemo.clear();
  wordMemo.set(key, w);
  return w;
}

/** True when the words of `name` end with the words of `term` (`billingAddress` ends with `address`). @param {string[]} nameWordList @param {string[]} termWordList */
export function endsWithTerm(nameWordList, termWordList) {
  if (termWordList.length === 0 || termWordList.length > nameWordList.length) return false;
  const off = nameWordList.length - termWordList.length;
  for (let i = 0; i < termWordList.length; i++) if (nameWordList[off + i] !== termWordList[i]) return false;
  return true;
}

/** Compiles a dictionary (list of names) once per list: terms indexed by their last word. */
const termCache = new WeakMap();
/** @param {unknown} names @returns {Map<string, { name: string, words: string[] }[]>} */
export function termsOf(names) {
  if (!Array.isArray(names)) return new Map();
  let index = termCache.get(names);
  if (!index) {
    index = new Map();
    for (const n of names) {
      if (typeof n !== 'string') continue;
      const words = nameWords(n);
      if (words.length === 0) continue;
      const last = words[words.length - 1];
      if (!index.has(last)) index.set(last, []);
      index.get(last).push({ name: n, words });
    }
    // Longer terms first: `emailAddress` is reported rather than `address`.
    for (const list of index.values()) list.sort((/** @type {{ words: string[] }} */ a, /** @type {{ words: string[] }} */ b) => b.words.length - a.words.length);
    termCache.set(names, index);
  }
  return index;
}

/** The dictionary entry a name ends with (the longest one), or undefined. @param {unknown} name @param {unknown} names @returns {string | undefined} */
export function matchTerm(name, names) {
  const w = nameWords(name);
  if (w.length === 0) return undefined;
  const candidates = termsOf(names).get(w[w.length - 1]);
  if (!candidates) return undefined;
  for (const t of candidates) if (endsWithTerm(w, t.words)) return t.name;
  return undefined;
}

/** Case-insensitive own-key lookup (HTTP header names). Returns the key as written, or undefined. @param {Json} headers @param {string} name */
export function headerKey(headers, name) {
  if (!isObject(headers)) return undefined;
  const lower = name.toLowerCase();
  for (const k of Object.keys(headers)) if (k.toLowerCase() === lower) return k;
  return undefined;
}

/**
 * Every operation: operations(root) of lib/doc.js (paths, webhooks, 3.2 `query` and
 * `additionalOperations`) plus the operations of callbacks (inline and in components), each once.
 * Callback entries carry `isCallback: true` and `parent` (the operation declaring it, when inline).
 * @param {Json} root @returns {AnyOperation[]}
 */
export function allOperations(root) {
  return cached(root, 'compliance:allOperations', () => {
    /** @type {AnyOperation[]} */
    const out = [...operations(root)];
    if (!isObject(root)) return out;
    const seen = new Set();
    /** @param {Json} raw @param {Path} rawPath @param {AnyOperation | undefined} parent @param {number} depth */
    const addCallback = (raw, rawPath, parent, depth) => {
      if (depth > MAX_CALLBACK_DEPTH) return;
      const { value: cb, path: cbPath } = deref(root, raw, rawPath);
      if (!isObject(cb) || !cbPath || seen.has(cb)) return;
      seen.add(cb);
      for (const expr of Object.keys(cb)) {
        if (expr.startsWith('x-')) continue;
        const { value: item, path: itemPath } = deref(root, cb[expr], [...cbPath, expr]);
        if (!isObject(item) || !itemPath) continue;
        /** @param {string} method @param {JsonObject} op @param {Path} opPath */
        const add = (method, op, opPath) => {
          const entry = { method, pathKey: expr, isWebhook: false, isCallback: true, parent, operation: op, pathItem: item, path: opPath };
          out.push(entry);
          if (isObject(op.callbacks)) for (const n of Object.keys(op.callbacks)) addCallback(op.callbacks[n], [...opPath, 'callbacks', n], entry, depth + 1);
        };
        for (const m of METHODS) if (isObject(item[m])) add(m, item[m], [...itemPath, m]);
        if (isObject(item.additionalOperations)) {
          for (const m of Object.keys(item.additionalOperations)) {
            const op = item.additionalOperations[m];
            if (isObject(op)) add(m.toLowerCase(), op, [...itemPath, 'additionalOperations', m]);
          }
        }
      }
    };
    for (const op of operations(root)) {
      const cbs = op.operation.callbacks;
      if (isObject(cbs)) for (const n of Object.keys(cbs)) addCallback(cbs[n], [...op.path, 'callbacks', n], op, 1);
    }
    const comps = isObject(root.components) && isObject(root.components.callbacks) ? root.components.callbacks : undefined;
    if (comps) for (const n of Object.keys(comps)) addCallback(comps[n], ['components', 'callbacks', n], undefined, 1);
    return out;
  });
}

/** operationId → operation entry (first one wins), over allOperations. @param {Json} root */
export function operationsById(root) {
  return cached(root, 'compliance:operationsById', () => {
    /** @type {Map<string, AnyOperation>} */
    const m = new Map();
    for (const op of allOperations(root)) {
      const id = op.operation.operationId;
      if (typeof id === 'string' && !m.has(id)) m.set(id, op);
    }
    return m;
  });
}

/** A path kept as a linked list of [parent, key] nodes, turned into an array only when reported. @param {PathNode} node */
function materialize(node) {
  /** @type {string[]} */
  const out = [];
  for (let n = node; n; n = n[0]) out.push(n[1]);
  return out.reverse();
}

/** @param {string[]} path */
function linked(path) {
  /** @type {PathNode} */
  let node = null;
  for (const k of path) node = [node, k];
  return node;
}

/** Entries of documentParts: their fields plus `path`, computed on first use. */
class SchemaSite {
  /** @param {JsonObject} schema @param {PathNode} node */
  constructor(schema, node) {
    this.schema = schema;
    this.node = node;
  }
  get path() {
    return materialize(this.node);
  }
}

class PropertySite {
  /** @param {string} name @param {Json} schema @param {JsonObject} parent @param {PathNode} node @param {PathNode} parentNode */
  constructor(name, schema, parent, node, parentNode) {
    this.name = name;
    this.schema = schema;
    this.parent = parent;
    this.node = node;
    this.parentNode = parentNode;
  }
  get path() {
    return materialize(this.node);
  }
  get parentPath() {
    return materialize(this.parentNode);
  }
}

class ParameterSite {
  /** @param {JsonObject} param @param {PathNode} node */
  constructor(param, node) {
    this.param = param;
    this.node = node;
  }
  get path() {
    return materialize(this.node);
  }
}

class HeaderSite {
  /** @param {string} name @param {JsonObject} header @param {PathNode} node */
  constructor(name, header, node) {
    this.name = name;
    this.header = header;
    this.node = node;
  }
  get path() {
    return materialize(this.node);
  }
}

class MediaTypeSite {
  /** @param {string | undefined} key @param {JsonObject} mediaType @param {string} context @param {PathNode} node */
  constructor(key, mediaType, context, node) {
    this.key = key;
    this.mediaType = mediaType;
    this.context = context;
    this.node = node;
  }
  get path() {
    return materialize(this.node);
  }
}

const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_SINGLES = ['additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'contentSchema', 'additionalItems'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
// One bit per subschema keyword, for a single pass over a schema's own keys.
const KEYWORD_BITS = new Map();
for (const k of new Set([...SCHEMA_MAPS, ...SCHEMA_SINGLES, ...SCHEMA_LISTS, 'items'])) KEYWORD_BITS.set(k, 1 << KEYWORD_BITS.size);
/** @param {string[]} list */
const maskOf = (list) => list.reduce((m, k) => m | KEYWORD_BITS.get(k), 0);
const ITEMS_BIT = KEYWORD_BITS.get('items');
const MAPS_MASK = maskOf(SCHEMA_MAPS);
const SINGLES_MASK = maskOf(SCHEMA_SINGLES);
const LISTS_MASK = maskOf(SCHEMA_LISTS);

/**
 * One walk over everything of the document that can hold a schema, as written ($refs are not
 * followed: what they point to is visited where it is written; an object shared by several sites
 * is visited once). Returns lists of entries, each with a lazily computed `path`:
 * { schemas: [{schema}], properties: [{name, schema, parent, parentPath}], parameters: [{param}],
 *   headers: [{name, header}], mediaTypes: [{key, mediaType, context}] } with context one of
 * request | response | parameter | header | component (key undefined for components.mediaTypes).
 * @param {Json} root
 */
export function documentParts(root) {
  return cached(root, 'compliance:documentParts', () => {
    /** @type {{ schemas: SchemaSite[], properties: PropertySite[], parameters: ParameterSite[], headers: HeaderSite[], mediaTypes: MediaTypeSite[] }} */
    const parts = { schemas: [], properties: [], parameters: [], headers: [], mediaTypes: [] };
    if (!isObject(root)) return parts;
    let budget = MAX_SCHEMA_NODES;
    const seenItems = new Set();
    const seenSchemas = new Set();

    /** @param {Json} schema @param {PathNode} base */
    const walkSchema = (schema, base) => {
      // Most sites hold a bare reference: nothing to walk there.
      if (!isObject(schema) || seenSchemas.has(schema) || (typeof schema.$ref === 'string' && Object.keys(schema).length === 1)) return;
      // A flat stack of (schema, node) pairs.
      const stack = [schema, base];
      while (stack.length > 0 && budget-- > 0) {
        const node = stack.pop();
        const s = stack.pop();
        if (!isObject(s) || seenSchemas.has(s)) continue;
        seenSchemas.add(s);
        // Which subschema keywords the schema has, from its own keys (one pass instead of a
        // lookup per keyword, for…in: no key array per schema); they are then visited in the
        // fixed keyword order. A bare reference ({$ref} alone) is not a schema site.
        let mask = 0;
        let count = 0;
        let first;
        for (const k in s) {
          if (!Object.hasOwn(s, k)) continue;
          if (count++ === 0) first = k;
          const bit = KEYWORD_BITS.get(k);
          if (bit !== undefined) mask |= bit;
        }
        if (count === 1 && first === '$ref') continue;
        parts.schemas.push(new SchemaSite(s, node));
        if (mask === 0) continue;
        if (mask & MAPS_MASK) {
          for (const m of SCHEMA_MAPS) {
            if (!(mask & KEYWORD_BITS.get(m)) || !isObject(s[m])) continue;
            /** @type {PathLink} */
            const mNode = [node, m];
            const map = s[m];
            if (m === 'properties') {
              // One pass for the property sites and the walk; both share the (read-only) path node.
              for (const k in map) {
                if (!Object.hasOwn(map, k)) continue; // Object.keys' keys and order, no array
                const v = map[k];
                /** @type {PathLink} */
                const kNode = [mNode, k];
                parts.properties.push(new PropertySite(k, v, s, kNode, node));
                stack.push(v, kNode);
              }
            } else for (const k of Object.keys(map)) stack.push(map[k], [mNode, k]);
          }
        }
        if (mask & SINGLES_MASK) for (const k of SCHEMA_SINGLES) if (mask & KEYWORD_BITS.get(k) && isObject(s[k])) stack.push(s[k], [node, k]);
        if (mask & LISTS_MASK) {
          for (const k of SCHEMA_LISTS) {
            if (!(mask & KEYWORD_BITS.get(k)) || !Array.isArray(s[k])) continue;
            /** @type {PathLink} */
            const lNode = [node, k];
            const list = s[k];
            for (let i = 0; i < list.length; i++) stack.push(list[i], [lNode, String(i)]);
          }
        }
        if (mask & ITEMS_BIT) {
          if (isObject(s.items)) stack.push(s.items, [node, 'items']);
          else if (Array.isArray(s.items)) s.items.forEach((/** @type {Json} */ x, /** @type {number} */ i) => stack.push(x, [[node, 'items'], String(i)]));
        }
      }
    };
    /** @param {Json} v */
    const isRef = (v) => isObject(v) && typeof v.$ref === 'string';
    /** @param {Json} c @param {PathNode} node @param {string} context */
    const content = (c, node, context) => {
      if (!isObject(c)) return;
      for (const key of Object.keys(c)) mediaType(c[key], [node, key], key, context);
    };
    /** @param {Json} mt @param {PathNode} node @param {string | undefined} key @param {string} context */
    const mediaType = (mt, node, key, context) => {
      if (!isObject(mt) || isRef(mt)) return;
      parts.mediaTypes.push(new MediaTypeSite(key, mt, context, node));
      if (mt.schema !== undefined) walkSchema(mt.schema, [node, 'schema']);
      if (mt.itemSchema !== undefined) walkSchema(mt.itemSchema, [node, 'itemSchema']);
      if (isObject(mt.encoding)) {
        /** @type {PathLink} */
        const eNode = [node, 'encoding'];
        for (const k of Object.keys(mt.encoding)) {
          const e = mt.encoding[k];
          if (isObject(e) && isObject(e.headers)) headers(e.headers, [[eNode, k], 'headers']);
        }
      }
    };
    /** @param {Json} h @param {PathNode} node @param {string} name */
    const header = (h, node, name) => {
      if (!isObject(h) || isRef(h)) return;
      parts.headers.push(new HeaderSite(name, h, node));
      if (h.schema !== undefined) walkSchema(h.schema, [node, 'schema']);
      content(h.content, [node, 'content'], 'header');
    };
    /** @param {Json} hs @param {PathNode} node */
    const headers = (hs, node) => {
      if (isObject(hs)) for (const k of Object.keys(hs)) header(hs[k], [node, k], k);
    };
    /** @param {Json} x @param {PathNode} node */
    const parameter = (x, node) => {
      if (!isObject(x) || isRef(x)) return;
      parts.parameters.push(new ParameterSite(x, node));
      if (x.schema !== undefined) walkSchema(x.schema, [node, 'schema']);
      content(x.content, [node, 'content'], 'parameter');
    };
    /** @param {Json} list @param {PathNode} node */
    const parameterList = (list, node) => {
      if (Array.isArray(list)) list.forEach((x, i) => parameter(x, [node, String(i)]));
    };
    /** @param {Json} r @param {PathNode} node */
    const response = (r, node) => {
      if (!isObject(r) || isRef(r)) return;
      headers(r.headers, [node, 'headers']);
      content(r.content, [node, 'content'], 'response');
    };
    /** @param {Json} rb @param {PathNode} node */
    const requestBody = (rb, node) => {
      if (!isObject(rb) || isRef(rb)) return;
      content(rb.content, [node, 'content'], 'request');
    };
    /** @param {Json} cb @param {PathNode} node @param {number} depth */
    const callback = (cb, node, depth) => {
      if (!isObject(cb) || isRef(cb) || depth > MAX_CALLBACK_DEPTH) return;
      for (const k of Object.keys(cb)) if (!k.startsWith('x-')) pathItem(cb[k], [node, k], depth);
    };
    /** @param {Json} op @param {PathNode} node @param {number} depth */
    const operation = (op, node, depth) => {
      if (!isObject(op)) return;
      parameterList(op.parameters, [node, 'parameters']);
      requestBody(op.requestBody, [node, 'requestBody']);
      if (isObject(op.responses)) {
        /** @type {PathLink} */
        const rNode = [node, 'responses'];
        for (const c of Object.keys(op.responses)) response(op.responses[c], [rNode, c]);
      }
      if (isObject(op.callbacks)) {
        /** @type {PathLink} */
        const cNode = [node, 'callbacks'];
        for (const n of Object.keys(op.callbacks)) callback(op.callbacks[n], [cNode, n], depth + 1);
      }
    };
    /** @param {Json} item @param {PathNode} node @param {number} depth */
    const pathItem = (item, node, depth) => {
      if (!isObject(item) || isRef(item) || seenItems.has(item)) return;
      seenItems.add(item);
      parameterList(item.parameters, [node, 'parameters']);
      for (const m of METHODS) if (isObject(item[m])) operation(item[m], [node, m], depth);
      if (isObject(item.additionalOperations)) {
        /** @type {PathLink} */
        const aNode = [node, 'additionalOperations'];
        for (const m of Object.keys(item.additionalOperations)) operation(item.additionalOperations[m], [aNode, m], depth);
      }
    };

    const c = isObject(root.components) ? root.components : {};
    /** @param {string} k */
    const comp = (k) => linked(['components', k]);
    if (isObject(c.schemas)) for (const k of Object.keys(c.schemas)) walkSchema(c.schemas[k], [comp('schemas'), k]);
    if (isObject(c.parameters)) for (const k of Object.keys(c.parameters)) parameter(c.parameters[k], [comp('parameters'), k]);
    headers(c.headers, comp('headers'));
    if (isObject(c.requestBodies)) for (const k of Object.keys(c.requestBodies)) requestBody(c.requestBodies[k], [comp('requestBodies'), k]);
    if (isObject(c.responses)) for (const k of Object.keys(c.responses)) response(c.responses[k], [comp('responses'), k]);
    if (isObject(c.mediaTypes)) for (const k of Object.keys(c.mediaTypes)) mediaType(c.mediaTypes[k], [comp('mediaTypes'), k], undefined, 'component');
    if (isObject(c.callbacks)) for (const k of Object.keys(c.callbacks)) callback(c.callbacks[k], [comp('callbacks'), k], 1);
    if (isObject(c.pathItems)) for (const k of Object.keys(c.pathItems)) pathItem(c.pathItems[k], [comp('pathItems'), k], 0);
    for (const container of ['paths', 'webhooks']) {
      if (isObject(root[container])) for (const k of Object.keys(root[container])) pathItem(root[container][k], [[null, container], k], 0);
    }
    return parts;
  });
}

/** Whether the node at `path`, or an object on the way to it, carries one of `markers` (own keys). @param {Json} root @param {Path} path @param {string[]} markers */
export function markedOnPath(root, path, markers) {
  let cur = root;
  for (let i = 0; i <= path.length; i++) {
    if (isObject(cur)) for (const m of markers) if (Object.hasOwn(cur, m) && cur[m] !== false) return true;
    if (i === path.length) break;
    if (cur === null || typeof cur !== 'object') return false;
    cur = cur[path[i]];
  }
  return false;
}

/** Schema types, following one local $ref: ['string'], ['object', 'null'], … @param {Json} root @param {Json} schema @returns {string[]} */
export function schemaTypes(root, schema) {
  const { value } = deref(root, schema, []);
  if (!isObject(value)) return [];
  if (Array.isArray(value.type)) return value.type.filter((/** @type {Json} */ t) => typeof t === 'string');
  return typeof value.type === 'string' ? [value.type] : [];
}

/** Label for messages: `GET /pets`, `webhook newPet POST`, `callback {$request…} POST`. @param {{ method: string, pathKey: string, isWebhook?: boolean, isCallback?: boolean }} op */
export function operationLabel(op) {
  const m = op.method.toUpperCase();
  if (op.isCallback) return `callback ${m} ${op.pathKey}`;
  if (op.isWebhook) return `webhook '${op.pathKey}' ${m}`;
  return `${m} ${op.pathKey}`;
}

/** Whether response key `code` ('204', '2XX', 'default') is covered by one of `patterns` ('204', '1XX'). @param {unknown} code @param {unknown[]} patterns */
export function codeMatches(code, patterns) {
  const c = String(code).toUpperCase();
  for (const p of patterns) {
    const q = String(p).toUpperCase();
    if (q === c) return true;
    if (/^[1-5]XX$/.test(q) && /^[1-5]\d\d$/.test(c) && c[0] === q[0]) return true;
  }
  return false;
}

/**
 * Where to report a finding about response `code` of `op` whose object lives at `path`: where it
 * is written when inline or a named component (reported once for all users), otherwise at the
 * operation's own `$ref` (a bundled document can share one response object between operations
 * and status codes).
 * @param {{ path: Path }} op @param {string} code @param {Path} path @returns {Path}
 */
export function responseSite(op, code, path) {
  const own = [...op.path, 'responses', code];
  if (path[0] === 'components' || (path.length === own.length && path.every((s, i) => s === own[i]))) return path;
  return own;
}
