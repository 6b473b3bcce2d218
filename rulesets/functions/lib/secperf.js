// @ts-check
// Helpers shared by apictl's security and performance rule functions (owner: security/performance).
// Plain ESM, imports only ./doc.js. Pure, bounded, never throws on odd input; per-document results
// are memoised with `cached` (keyed by the document root) or WeakMaps keyed by document nodes.
import { cached, deref, isObject, operations, parametersOf, responsesOf, typesOf } from './doc.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').JsonObject} JsonObject */
/** @typedef {import('./types.js').Path} Path */
/** @typedef {import('./doc.js').Operation} Operation */
/** @typedef {{ method: string, expression: string, name: string, operation: JsonObject, pathItem: JsonObject, path: Path, parent: Operation }} CallbackOperation */
/** @typedef {import('./doc.js').ParamEntry} ParamEntry */
/** @typedef {{ name: string, header: JsonObject, path: Path }} HeaderEntry */
/** @typedef {{ mediaType: string, media: JsonObject, path: Path, schema: JsonObject | undefined, schemaPath: Path }} MediaEntry */

/** Methods that do not change state (RFC 9110 safe methods, 3.2 `query`, WebDAV read methods). */
const SAFE_METHODS = new Set(['get', 'head', 'options', 'trace', 'query', 'search', 'propfind', 'report']);

/** @param {unknown} method */
export function isSafeMethod(method) {
  return SAFE_METHODS.has(String(method).toLowerCase());
}

/** `GET /pets`, `webhook newPet POST`. @param {{ method: string, pathKey?: string, isWebhook?: boolean }} op */
export function opLabel(op) {
  const m = String(op.method).toUpperCase();
  return op.isWebhook ? `webhook '${op.pathKey}' ${m}` : `${m} ${op.pathKey}`;
}

/** Lower-cased name with separators removed: `X-Rate_Limit` → `xratelimit`. */
/** @type {Map<string, string>} */
const squashMemo = new Map();
/** @param {unknown} name @returns {string} */
export function squash(name) {
  const key = String(name);
  let v = squashMemo.get(key);
  if (v === undefined) {
    v = key.toLowerCase().replace(/[^a-z0-9]/g, '');
    if (squashMemo.size > 100000) squashMemo.clear();
    squashMemo.set(key, v);
  }
  return v;
}

/** True when `name` equals one of `list` ignoring case and separators. @param {unknown} name @param {unknown} list */
export function nameIn(name, list) {
  if (typeof name !== 'string' || !Array.isArray(list)) return false;
  const s = squash(name);
  return list.some((x) => typeof x === 'string' && squash(x) === s);
}

const CALLBACK_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];

/**
 * Operations of callbacks declared on the document's operations (refs followed):
 * [{ method, expression, name, operation, path, parent (the operation declaring the callback) }].
 * @param {Json} root @returns {CallbackOperation[]}
 */
export function callbackOperations(root) {
  return cached(root, 'secperf:callbacks', () => {
    /** @type {CallbackOperation[]} */
    const out = [];
    for (const op of operations(root)) {
      const cbs = op.operation.callbacks;
      if (!isObject(cbs)) continue;
      for (const name of Object.keys(cbs)) {
        const { value: cb, path: cbPath } = deref(root, cbs[name], [...op.path, 'callbacks', name]);
        if (!isObject(cb) || !cbPath) continue;
        for (const expr of Object.keys(cb)) {
          const { value: item, path: itemPath } = deref(root, cb[expr], [...cbPath, expr]);
          if (!isObject(item) || !itemPath) continue;
          for (const m of CALLBACK_METHODS) if (isObject(item[m])) out.push({ method: m, expression: expr, name, operation: item[m], pathItem: item, path: [...itemPath, m], parent: op });
        }
      }
    }
    return out;
  });
}

// ---------------------------------------------------------------------------------------------
// Paths

/** Path template segments: `/a/{id}/b` → ['a', '{id}', 'b']. @param {unknown} pathKey */
export function segments(pathKey) {
  return String(pathKey).split('/').filter(Boolean);
}

const TEMPLATE_SEGMENT = /^\{[^}]+\}(\.[A-Za-z0-9]+)?$/;

/** The path addresses one item: its last segment is a template (`/pets/{id}`, `/Calls/{Sid}.json`). @param {unknown} pathKey */
export function isItemPath(pathKey) {
  const s = segments(pathKey);
  return s.length > 0 && TEMPLATE_SEGMENT.test(s[s.length - 1]);
}

/** The last literal segment without extension, squashed: `/Accounts/{Sid}/Calls.json` → `calls`. @param {unknown} pathKey */
export function lastLiteral(pathKey) {
  const s = segments(pathKey).filter((x) => !x.includes('{'));
  return s.length === 0 ? '' : squash(s[s.length - 1].replace(/\.[A-Za-z0-9]+$/, ''));
}

// ---------------------------------------------------------------------------------------------
// Parameters

/** The parameter named `name` (ignoring case) in `where`, or undefined. @param {Json} root @param {Operation} op @param {string} where @param {string | string[]} names */
export function findParam(root, op, where, names) {
  const list = Array.isArray(names) ? names : [names];
  return parametersOf(root, op).find((p) => p.param.in === where && nameIn(p.param.name, list));
}

/** @type {WeakMap<ParamEntry, { schema: JsonObject, path: Path } | undefined>} */
const paramSchemaMemo = new WeakMap();
/**
 * A parameter's schema with its path: `schema`, else the first `content` entry's schema.
 * Memoised per entry of parametersOf (the result is shared: read only).
 * @param {Json} _root @param {ParamEntry} entry
 */
export function paramSchema(_root, entry) {
  let r = paramSchemaMemo.get(entry);
  if (r !== undefined || paramSchemaMemo.has(entry)) return r;
  r = findParamSchema(entry);
  paramSchemaMemo.set(entry, r);
  return r;
}

/** @param {ParamEntry} entry @returns {{ schema: JsonObject, path: Path } | undefined} */
function findParamSchema(entry) {
  const { param, path } = entry;
  if (isObject(param.schema)) return { schema: param.schema, path: [...path, 'schema'] };
  if (isObject(param.content)) {
    for (const mt of Object.keys(param.content)) {
      const m = param.content[mt];
      if (isObject(m) && isObject(m.schema)) return { schema: m.schema, path: [...path, 'content', mt, 'schema'] };
    }
  }
  return undefined;
}

/**
 * A schema with refs followed: { value, path } (value undefined when it does not resolve).
 * @template {Path | undefined} P
 * @param {Json} root @param {Json} schema @param {P} path @returns {{ value: JsonObject | undefined, path: Path | P }}
 */
export function resolveSchema(root, schema, path) {
  const r = deref(root, schema, path);
  return { value: isObject(r.value) ? r.value : undefined, path: r.path ?? path };
}

// ---------------------------------------------------------------------------------------------
// Responses and headers

/** Response codes as upper-case strings (`4xx` → `4XX`). @param {Json} root @param {Operation} op */
export function responseCodes(root, op) {
  return responsesOf(root, op).map((r) => r.code.toUpperCase());
}

/** @param {string} code */
export function isSuccess(code) {
  return /^2(\d\d|XX)$/i.test(code);
}

/** The response for a code, accepting its range (`4XX`) only when `ranges` is true. @param {Json} root @param {Operation} op @param {string | number} code */
export function responseFor(root, op, code, ranges = false) {
  const list = responsesOf(root, op);
  const exact = list.find((r) => r.code === String(code));
  if (exact || !ranges) return exact;
  return list.find((r) => r.code.toUpperCase() === `${String(code)[0]}XX`);
}

/** @type {WeakMap<JsonObject, Map<string, HeaderEntry>>} */
const headerMemo = new WeakMap();
/** Headers of a response (refs followed): Map lower-case name → { name, header, path }. @param {Json} root @param {{ response: JsonObject, path: Path }} resp @returns {Map<string, HeaderEntry>} */
export function headersOf(root, resp) {
  let m = headerMemo.get(resp.response);
  if (m) return m;
  m = new Map();
  const hs = resp.response.headers;
  if (isObject(hs)) {
    for (const name of Object.keys(hs)) {
      const { value, path } = deref(root, hs[name], [...resp.path, 'headers', name]);
      m.set(name.toLowerCase(), { name, header: isObject(value) ? value : {}, path: path ?? [...resp.path, 'headers', name] });
    }
  }
  headerMemo.set(resp.response, m);
  return m;
}

/** @param {Json} root @param {{ response: JsonObject, path: Path }} resp @param {unknown[]} names */
export function hasHeader(root, resp, names) {
  const hs = headersOf(root, resp);
  return names.some((n) => typeof n === 'string' && hs.has(n.toLowerCase()));
}

/** @type {WeakMap<JsonObject, { holderPath: Path, list: MediaEntry[] }>} */
const mediaMemo = new WeakMap();
/**
 * Media entries of a content map: [{ mediaType, media, path, schema, schemaPath }]. Memoised per
 * holder and path (responses and request bodies are read by many rules; a converted 2.0 document
 * has a media type per `produces` entry on every response): the list is shared, read only.
 * @param {Json} _root @param {Json} holder @param {Path} holderPath @returns {MediaEntry[]}
 */
export function mediaOf(_root, holder, holderPath) {
  if (!isObject(holder)) return [];
  const hit = mediaMemo.get(holder);
  if (hit !== undefined && samePath(hit.holderPath, holderPath)) return hit.list;
  const list = listMedia(holder, holderPath);
  mediaMemo.set(holder, { holderPath, list });
  return list;
}

/** @param {JsonObject} holder @param {Path} holderPath */
function listMedia(holder, holderPath) {
  /** @type {MediaEntry[]} */
  const out = [];
  if (!isObject(holder.content)) return out;
  const types = Object.keys(holder.content);
  for (const mt of types) {
    const media = holder.content[mt];
    if (!isObject(media)) continue;
    const path = [...holderPath, 'content', mt];
    out.push({ mediaType: mt, media, path, schema: isObject(media.schema) ? media.schema : undefined, schemaPath: [...path, 'schema'] });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Schema nodes

/** Schema type list, inferring from keywords when `type` is absent. @param {JsonObject} s @returns {readonly string[]} */
export function kindsOf(s) {
  const type = s.type;
  // The common case, a single type name: one shared list per name (callers only read it).
  if (typeof type === 'string') return KINDS.get(type) ?? kindList(type);
  const t = typesOf(s);
  if (t.length > 0) return t;
  if (isObject(s.properties) || isObject(s.additionalProperties)) return OBJECT_KIND;
  if (isObject(s.items)) return ARRAY_KIND;
  return NO_KIND;
}

/** @type {Map<string, readonly string[]>} */
const KINDS = new Map();
/** @param {string} type */
function kindList(type) {
  const list = Object.freeze([type]);
  if (KINDS.size < 64) KINDS.set(type, list);
  return list;
}
const OBJECT_KIND = Object.freeze(['object']);
const ARRAY_KIND = Object.freeze(['array']);
/** @type {readonly string[]} */
const NO_KIND = Object.freeze([]);

/** @param {JsonObject} s */
export function hasEnumOrConst(s) {
  return (Array.isArray(s.enum) && s.enum.length > 0) || Object.hasOwn(s, 'const');
}

/** Where a property schema sits, for messages: `property 'name'`, `query parameter 'q'`, `array items`. @param {Path} path @param {{ entry?: Json } | null} [ctx] */
export function describeNode(path, ctx) {
  const n = path.length;
  if (n >= 2 && path[n - 2] === 'properties') return `property '${path[n - 1]}'`;
  if (ctx?.entry?.param && ctx.entry.path && samePath(ctx.entry.path, path)) return `${ctx.entry.param.in} parameter '${ctx.entry.param.name}'`;
  if (path[n - 1] === 'items') return 'array items';
  if (path[n - 1] === 'additionalProperties') return 'map values';
  if (path[n - 1] === 'schema') return 'body schema';
  if (path[n - 2] === 'schemas') return `schema '${path[n - 1]}'`;
  return 'schema';
}

/** @param {ReadonlyArray<string | number>} a @param {ReadonlyArray<string | number>} b */
export function samePath(a, b) {
  if (a === b) return true;
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Object schemas an object is composed of (itself and allOf members, refs followed, two levels),
 * for reading `properties` of composite schemas. Each: { schema, path }.
 * @param {Json} root @param {Json} schema @param {Path} path
 */
export function composedParts(root, schema, path) {
  /** @type {{ schema: JsonObject, path: Path }[]} */
  const out = [];
  const seen = new Set();
  /** @param {Json} raw @param {Path} p @param {number} depth */
  const add = (raw, p, depth) => {
    const { value, path: where } = resolveSchema(root, raw, p);
    if (!value || seen.has(value)) return;
    seen.add(value);
    out.push({ schema: value, path: where });
    if (depth < 3 && Array.isArray(value.allOf)) value.allOf.forEach((x, i) => add(x, [...where, 'allOf', String(i)], depth + 1));
  };
  add(schema, path, 0);
  return out;
}

/** Properties of an object schema including allOf members: Map name → { schema (raw), path }. @param {Json} root @param {Json} schema @param {Path} path */
export function propertiesOf(root, schema, path) {
  /** @type {Map<string, { schema: Json, path: Path }>} */
  const m = new Map();
  const parts = composedParts(root, schema, path);
  for (const part of parts) {
    if (!isObject(part.schema.properties)) continue;
    const keys = Object.keys(part.schema.properties);
    for (const k of keys) {
      if (!m.has(k)) m.set(k, { schema: part.schema.properties[k], path: [...part.path, 'properties', k] });
    }
  }
  return m;
}

/** Regular expression from a user option (`/re/flags` or plain source); undefined when invalid. @param {unknown} src */
export function regexFrom(src, flags = 'i') {
  if (typeof src !== 'string') return undefined;
  const m = /^\/(.+)\/([a-z]*)$/.exec(src);
  try {
    return m ? new RegExp(m[1], m[2]) : new RegExp(src, flags);
  } catch {
    return undefined;
  }
}

/** No matching property (shared, never written). */
/** @type {readonly Json[]} */
const NO_PROPERTIES = Object.freeze([]);

/**
 * `(schema, node) → [{ name, path, writeOnly, readOnly }]`: the properties a schema defines (checked
 * where names are written, on its `properties` map) whose name, compared lower case without
 * separators, is one of `names` or ends in one of `suffixes`. Property names repeat across schemas:
 * each distinct name is judged once.
 * @param {Json} root @param {string[]} names @param {string[]} [suffixes]
 * @returns {(s: JsonObject, node: import('./schema-trees.js').WalkNode) => readonly { name: string, path: Path, writeOnly: boolean, readOnly: boolean }[]}
 */
export function namedPropertiesFinder(root, names, suffixes) {
  const exact = new Set(names.map(squash));
  const ends = (suffixes ?? []).map(squash).filter(Boolean);
  /** @type {Map<string, boolean>} */
  const verdicts = new Map();
  /** @param {string} name */
  const matches = (name) => {
    let v = verdicts.get(name);
    if (v === undefined) {
      const s = squash(name);
      v = exact.has(s) || ends.some((x) => s.endsWith(x));
      verdicts.set(name, v);
    }
    return v;
  };
  return (s, node) => {
    if (!isObject(s.properties)) return NO_PROPERTIES;
    let out = /** @type {Json[]} */ (NO_PROPERTIES);
    for (const name of Object.keys(s.properties)) {
      if (!matches(name)) continue;
      const raw = s.properties[name];
      const { value } = resolveSchema(root, raw, undefined);
      const writeOnly = (isObject(raw) && raw.writeOnly === true) || (value !== undefined && value.writeOnly === true);
      const readOnly = (isObject(raw) && raw.readOnly === true) || (value !== undefined && value.readOnly === true);
      if (out === NO_PROPERTIES) out = [];
      out.push({ name, path: [...node.path, 'properties', name], writeOnly, readOnly });
    }
    return out;
  };
}

export { isObject };
