// @ts-check
// Every schema of a document and every property, in one pass, and the schema questions rules ask
// (its properties through compositions, its required names, its types).

import { allParameters, allRequestBodies, allResponseHeaders, allResponses } from './definitions.js';
import { cached, deref, isObject, typesOf } from './doc.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').JsonObject} JsonObject */
/** @typedef {import('./types.js').Path} Path */
/** @typedef {(raw: Json, parent: SchemaEntry | undefined, k1: string | undefined, k2: string | undefined, via: string, name: string | undefined, abs: Path | undefined) => void} PushSchema */

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];
const SUBSCHEMA_ONE = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties', 'additionalItems'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
// One bit per subschema keyword, for a single pass over a schema's own keys.
const KEYWORD_BITS = new Map();
for (const k of [...SUBSCHEMA_MAPS, ...SUBSCHEMA_ONE, ...SUBSCHEMA_LISTS]) KEYWORD_BITS.set(k, 1 << KEYWORD_BITS.size);
/** @param {string[]} list */
const maskOf = (list) => list.reduce((m, k) => m | KEYWORD_BITS.get(k), 0);
const MAPS_MASK = maskOf(SUBSCHEMA_MAPS);
const ONE_MASK = maskOf(SUBSCHEMA_ONE);
const LISTS_MASK = maskOf(SUBSCHEMA_LISTS);

/** The KEYWORD_BITS of the subschema keywords among a schema's own keys. @param {JsonObject} s */
function keywordMask(s) {
  let mask = 0;
  for (const k in s) {
    if (!Object.hasOwn(s, k)) continue;
    const bit = KEYWORD_BITS.get(k);
    if (bit !== undefined) mask |= bit;
  }
  return mask;
}

/** Schema roots of a parameter/header/media type holder: its `schema` and each `content[*].schema`. @param {Json} holder @param {Path} base @param {PushSchema} push */
function holderSchemas(holder, base, push) {
  if (!isObject(holder)) return;
  if (holder.schema !== undefined) push(holder.schema, undefined, undefined, undefined, 'root', undefined, [...base, 'schema']);
  if (isObject(holder.content)) {
    for (const mt of Object.keys(holder.content)) {
      const m = holder.content[mt];
      if (isObject(m) && m.schema !== undefined) push(m.schema, undefined, undefined, undefined, 'root', undefined, [...base, 'content', mt, 'schema']);
    }
  }
}

/** A schema found by `allSchemas`; its JSON path is built on first use. */
class SchemaEntry {
  /**
   * @param {JsonObject} schema @param {SchemaEntry} parent (unset at the roots, which have abs) @param {string} key1 (unset with abs) @param {string | undefined} key2
   * @param {Path | undefined} abs @param {string} via @param {string | undefined} name @param {boolean} viaRef
   */
  constructor(schema, parent, key1, key2, abs, via, name, viaRef) {
    this.schema = schema;
    this.parent = parent;
    this.key1 = key1;
    this.key2 = key2;
    this.abs = abs;
    this.via = via;
    this.name = name;
    this.viaRef = viaRef;
  }

  /** @returns {Path} */
  get path() {
    if (this.abs === undefined) this.abs = this.key2 === undefined ? [...this.parent.path, this.key1] : [...this.parent.path, this.key1, this.key2];
    return this.abs;
  }
}

/**
 * Every schema object of the document reachable from components and operations, once each, where it
 * is written: entries { schema, path, parent (entry | undefined), via (keyword that leads here),
 * name (property name when via === 'properties') }. Refs are followed (the target is visited once,
 * at its own location). Bounded by `maxNodes`.
 * @param {Json} root
 */
export function allSchemas(root, maxNodes = 200000) {
  return cached(root, 'style:schemas', () => {
    /** @type {SchemaEntry[]} */
    const out = [];
    const seen = new Set();
    // One flat stack of 7-slot entries written by index (no builtin call per push): the schema as
    // written, its parent entry, the one or two keys that lead from the parent to it (or an
    // absolute path), the keyword and the property name.
    /** @type {Json[]} */
    const st = [];
    let sp = 0;
    /** @type {PushSchema} */
    const push = (raw, parent, k1, k2, via, name, abs) => {
      st[sp] = raw;
      st[sp + 1] = parent;
      st[sp + 2] = k1;
      st[sp + 3] = k2;
      st[sp + 4] = via;
      st[sp + 5] = name;
      st[sp + 6] = abs;
      sp += 7;
    };
    const drain = () => {
      while (sp > 0 && out.length < maxNodes) {
        sp -= 7;
        const raw = st[sp];
        const parent = st[sp + 1];
        const k1 = st[sp + 2];
        const k2 = st[sp + 3];
        const via = st[sp + 4];
        const name = st[sp + 5];
        const abs = st[sp + 6];
        if (!isObject(raw)) continue;
        let s = raw;
        let at = abs;
        const viaRef = typeof raw.$ref === 'string';
        if (viaRef) {
          const r = deref(root, raw, undefined);
          if (!isObject(r.value) || !r.path) continue;
          s = r.value;
          at = r.path;
        }
        if (seen.has(s)) continue;
        seen.add(s);
        const entry = new SchemaEntry(s, parent, k1, k2, at, via, name, viaRef);
        out.push(entry);
        // Which subschema keywords the schema has, from one pass over its own keys (instead of a
        // lookup per keyword); they are then visited in the fixed keyword order.
        const mask = keywordMask(s);
        if (mask === 0) continue;
        if (mask & MAPS_MASK) {
          for (const k of SUBSCHEMA_MAPS) {
            if (!(mask & KEYWORD_BITS.get(k))) continue;
            const m = s[k];
            if (!isObject(m)) continue;
            for (const n in m) {
              if (!Object.hasOwn(m, n)) continue; // Object.keys' keys and order, no array
              st[sp] = m[n];
              st[sp + 1] = entry;
              st[sp + 2] = k;
              st[sp + 3] = n;
              st[sp + 4] = k;
              st[sp + 5] = n;
              st[sp + 6] = undefined;
              sp += 7;
            }
          }
        }
        if (mask & ONE_MASK) for (const k of SUBSCHEMA_ONE) if (mask & KEYWORD_BITS.get(k) && isObject(s[k])) push(s[k], entry, k, undefined, k, undefined, undefined);
        if (mask & LISTS_MASK) {
          for (const k of SUBSCHEMA_LISTS) {
            if (!(mask & KEYWORD_BITS.get(k))) continue;
            const l = s[k];
            if (!Array.isArray(l)) continue;
            for (let i = 0; i < l.length; i++) {
              st[sp] = l[i];
              st[sp + 1] = entry;
              st[sp + 2] = k;
              st[sp + 3] = String(i);
              st[sp + 4] = k;
              st[sp + 5] = undefined;
              st[sp + 6] = undefined;
              sp += 7;
            }
          }
        }
      }
    };
    const c = isObject(root) && isObject(root.components) ? root.components : {};
    if (isObject(c.schemas)) for (const k of Object.keys(c.schemas)) push(c.schemas[k], undefined, undefined, undefined, 'component', undefined, ['components', 'schemas', k]);
    drain();
    for (const kind of ['parameters', 'headers']) {
      if (isObject(c[kind])) for (const k of Object.keys(c[kind])) holderSchemas(deref(root, c[kind][k], ['components', kind, k]).value, ['components', kind, k], push);
    }
    for (const p of allParameters(root)) holderSchemas(p.param, p.path, push);
    for (const h of allResponseHeaders(root)) holderSchemas(h.header, h.path, push);
    for (const b of allRequestBodies(root)) holderSchemas(b.body, b.path, push);
    for (const r of allResponses(root)) holderSchemas(r.response, r.path, push);
    if (isObject(c.requestBodies))
      for (const k of Object.keys(c.requestBodies)) holderSchemas(deref(root, c.requestBodies[k], ['components', 'requestBodies', k]).value, ['components', 'requestBodies', k], push);
    drain();
    return out;
  });
}

/** A property declaration found by `allProperties`; its JSON path is built on first use. */
class PropertyEntry {
  /** @param {string} name @param {Json} raw @param {JsonObject} schema @param {SchemaEntry} owner */
  constructor(name, raw, schema, owner) {
    this.name = name;
    this.raw = raw;
    this.schema = schema;
    this.owner = owner;
    /** @type {Path | undefined} */
    this.abs = undefined;
  }

  /** @returns {Path} */
  get path() {
    if (this.abs === undefined) this.abs = [...this.owner.path, 'properties', this.name];
    return this.abs;
  }
}

/**
 * Every property declaration, once each, where it is written: [{ name, raw (the property schema as
 * written, possibly a `$ref`), schema (resolved), path (of the property), owner (schema entry) }].
 * @param {Json} root
 */
export function allProperties(root) {
  return cached(root, 'style:properties', () => {
    /** @type {PropertyEntry[]} */
    const out = [];
    // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
    for (let eI = 0, eList = allSchemas(root); eI < eList.length; eI++) {
      const e = eList[eI];
      const props = e.schema.properties;
      if (!isObject(props) || typeof props.$ref === 'string') continue;
      for (const name in props) {
        if (!Object.hasOwn(props, name)) continue; // Object.keys' keys and order, no array
        const raw = props[name];
        // Only references need resolving (no result object for the plain property schemas).
        const r = isObject(raw) && typeof raw.$ref === 'string' ? deref(root, raw, undefined).value : raw;
        out.push(new PropertyEntry(name, raw, isObject(r) ? r : {}, e));
      }
    }
    return out;
  });
}

/** Schema `s` resolved (refs followed); {} when unresolvable. @param {Json} root @param {Json} s @returns {JsonObject} */
export function resolved(root, s) {
  const v = deref(root, s, []).value;
  return isObject(v) ? v : {};
}

/**
 * Properties a schema declares, directly or through allOf members (recursively, refs followed):
 * Map name → { schema (as written), path }.
 * @param {Json} root @param {Json} schema @param {Path} [path] @param {number} [depth]
 * @param {Map<string, { schema: Json, path: Path }>} [acc] @param {Set<JsonObject>} [seen]
 * @returns {Map<string, { schema: Json, path: Path }>}
 */
export function collectProperties(root, schema, path = [], depth = 0, acc = new Map(), seen = new Set()) {
  if (!isObject(schema) || depth > 20 || seen.has(schema)) return acc;
  seen.add(schema);
  let props = schema.properties;
  let propsPath = [...path, 'properties'];
  // `properties: {$ref: …}` is not valid OpenAPI, but resolvers accept it and real documents use it.
  if (isObject(props) && typeof props.$ref === 'string' && Object.keys(props).length === 1) {
    const r = deref(root, props, propsPath);
    props = r.value;
    propsPath = r.path ?? propsPath;
  }
  if (isObject(props)) {
    for (const k of Object.keys(props)) if (!acc.has(k)) acc.set(k, { schema: props[k], path: [...propsPath, k] });
  }
  if (Array.isArray(schema.allOf)) {
    schema.allOf.forEach((/** @type {Json} */ m, /** @type {number} */ i) => {
      const { value, path: mp } = deref(root, m, [...path, 'allOf', String(i)]);
      collectProperties(root, value, mp ?? [], depth + 1, acc, seen);
    });
  }
  return acc;
}

/**
 * Required names a schema declares, directly or through allOf members.
 * @param {Json} root @param {Json} schema @param {number} [depth] @param {Set<string>} [acc] @param {Set<JsonObject>} [seen] @returns {Set<string>}
 */
export function collectRequired(root, schema, depth = 0, acc = new Set(), seen = new Set()) {
  if (!isObject(schema) || depth > 20 || seen.has(schema)) return acc;
  seen.add(schema);
  if (Array.isArray(schema.required)) for (const r of schema.required) if (typeof r === 'string') acc.add(r);
  if (Array.isArray(schema.allOf)) for (const m of schema.allOf) collectRequired(root, deref(root, m, []).value, depth + 1, acc, seen);
  return acc;
}

/** The effective types of a schema (own `type`, else those all allOf members agree on, refs followed). @param {Json} root @param {Json} schema @returns {string[]} */
export function effectiveTypes(root, schema, depth = 0) {
  const s = resolved(root, schema);
  const own = typesOf(s);
  if (own.length > 0 || depth > 10) return own;
  if (Array.isArray(s.allOf)) {
    for (const m of s.allOf) {
      const t = effectiveTypes(root, m, depth + 1);
      if (t.length > 0) return t;
    }
  }
  if (isObject(s.properties) || isObject(s.additionalProperties)) return ['object'];
  if (isObject(s.items)) return ['array'];
  return [];
}
