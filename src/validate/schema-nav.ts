/**
 * Navigation inside the official schemas: schema locations, `$ref` resolution and the shallow
 * facts the error explainer bases its heuristics on (declared types, property names, the values
 * a branch allows for a property).
 */
import { hasOwn, isObject, jsonTypeOf, ownGet } from './json.js';
import type { SchemaSet } from './schemas.js';
import { unescapePointerSegment } from '../findings/finding.js';

/** Where a subschema lives: the id of its schema document plus unescaped pointer segments. */
export interface SchemaLoc {
  base: string;
  ptr: readonly string[];
}

/** `loc` extended by some segments. */
export function childLoc(loc: SchemaLoc, ...segs: (string | number)[]): SchemaLoc {
  return { base: loc.base, ptr: [...loc.ptr, ...segs.map(String)] };
}

/** URI-fragment form of pointer segments, as ajv's `getSchema` expects it. */
export function fragmentOf(ptr: readonly string[]): string {
  return ptr.map((s) => '/' + encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('');
}

/** The schema value at a location (undefined when it does not exist). */
export function schemaAt(set: SchemaSet, loc: SchemaLoc): unknown {
  let node = set.schemaDocument(loc.base);
  for (const seg of loc.ptr) {
    node = ownGet(node, seg);
    if (node === undefined) return undefined;
  }
  return node;
}

/** Resolves a `$ref` found at `from`; undefined for anchors, unknown documents or bad pointers. */
export function resolveSchemaRef(set: SchemaSet, from: SchemaLoc, ref: string): SchemaLoc | undefined {
  const hash = ref.indexOf('#');
  const url = hash < 0 ? ref : ref.slice(0, hash);
  const frag = hash < 0 ? '' : ref.slice(hash + 1);
  let base = from.base;
  if (url !== '') {
    try {
      base = new URL(url, from.base || undefined).href;
    } catch {
      return undefined;
    }
    if (base.endsWith('#')) base = base.slice(0, -1);
  }
  if (frag !== '' && !frag.startsWith('/')) return undefined; // plain-name anchors: not used by the official schemas
  let ptr: string[];
  try {
    ptr =
      frag === ''
        ? []
        : frag
            .slice(1)
            .split('/')
            .map((s) => unescapePointerSegment(decodeURIComponent(s)));
  } catch {
    return undefined;
  }
  const loc = { base, ptr };
  return schemaAt(set, loc) === undefined ? undefined : loc;
}

/** A subschema with the `$ref`-only wrappers peeled off (so heuristics see the real branch). */
export function peelRefs(set: SchemaSet, loc: SchemaLoc, schema: unknown): { loc: SchemaLoc; schema: unknown } {
  let cur = { loc, schema };
  for (let i = 0; i < 16; i++) {
    const s = cur.schema;
    if (!isObject(s) || typeof s.$ref !== 'string') break;
    // Only follow when the ref carries the meaning; a ref beside real keywords is left as is.
    const meaningful = Object.keys(s).filter((k) => !ANNOTATIONS.has(k) && k !== '$ref');
    if (meaningful.length > 0) break;
    const target = resolveSchemaRef(set, cur.loc, s.$ref);
    if (!target) break;
    cur = { loc: target, schema: schemaAt(set, target) };
  }
  return cur;
}

const ANNOTATIONS = new Set(['description', 'title', '$comment', 'default', 'examples', 'example', 'id', '$id', '$schema']);

/** Does a value have one of the JSON Schema types? Mirrors ajv (numbers must be finite). */
export function typeMatches(type: unknown, value: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => {
    switch (t) {
      case 'object':
        return isObject(value);
      case 'array':
        return Array.isArray(value);
      case 'string':
        return typeof value === 'string';
      case 'number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'integer':
        return typeof value === 'number' && Number.isInteger(value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'null':
        return value === null;
      default:
        return true; // an unknown type name never decides anything here
    }
  });
}

/** True when the (peeled) branch is a Reference Object shape: it requires `$ref`. */
export function isReferenceShape(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  const req = schema.required;
  return Array.isArray(req) && req.includes('$ref');
}

/** The declared type(s) of a branch, when it declares any. */
export function declaredType(schema: unknown): unknown {
  return isObject(schema) && hasOwn(schema, 'type') ? schema.type : undefined;
}

/**
 * The values a branch allows for `key` when it pins them with `enum`/`const` (directly, through
 * `$ref`, or as the union over all branches of a nested oneOf/anyOf); undefined when it does not say.
 * This is what lets us pick "the body-parameter branch" for `in: body`.
 */
export function allowedValuesFor(set: SchemaSet, loc: SchemaLoc, schema: unknown, key: string, depth = 0): unknown[] | undefined {
  if (!isObject(schema) || depth > 8) return undefined;
  const props = schema.properties;
  if (isObject(props) && hasOwn(props, key)) {
    const p = peelRefs(set, childLoc(loc, 'properties', key), props[key]).schema;
    if (isObject(p)) {
      if (Array.isArray(p.enum)) return p.enum;
      if (hasOwn(p, 'const')) return [p.const];
    }
  }
  if (typeof schema.$ref === 'string') {
    const target = resolveSchemaRef(set, loc, schema.$ref);
    if (target) {
      const r = allowedValuesFor(set, target, schemaAt(set, target), key, depth + 1);
      if (r) return r;
    }
  }
  if (Array.isArray(schema.allOf)) {
    for (const [i, sub] of schema.allOf.entries()) {
      const r = allowedValuesFor(set, childLoc(loc, 'allOf', i), sub, key, depth + 1);
      if (r) return r;
    }
  }
  for (const kw of ['oneOf', 'anyOf'] as const) {
    const branches = schema[kw];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const union: unknown[] = [];
    for (const [i, branch] of branches.entries()) {
      const r = allowedValuesFor(set, childLoc(loc, kw, i), branch, key, depth + 1);
      if (!r) return undefined;
      for (const v of r) if (!union.some((u) => deepEqual(u, v))) union.push(v);
    }
    return union;
  }
  return undefined;
}

/** Property names a schema declares (through `$ref` and combinators), for "did you mean" hints. */
export function declaredPropertyNames(set: SchemaSet, loc: SchemaLoc, schema: unknown, out = new Set<string>(), depth = 0): Set<string> {
  if (!isObject(schema) || depth > 6) return out;
  if (isObject(schema.properties)) for (const k of Object.keys(schema.properties)) out.add(k);
  if (typeof schema.$ref === 'string') {
    const target = resolveSchemaRef(set, loc, schema.$ref);
    if (target) declaredPropertyNames(set, target, schemaAt(set, target), out, depth + 1);
  }
  for (const kw of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[kw];
    if (Array.isArray(list)) list.forEach((b, i) => declaredPropertyNames(set, childLoc(loc, kw, i), b, out, depth + 1));
  }
  for (const kw of ['then', 'else'] as const) {
    if (hasOwn(schema, kw)) declaredPropertyNames(set, childLoc(loc, kw), schema[kw], out, depth + 1);
  }
  return out;
}

/** Property-name patterns a schema declares (through `$ref` and `allOf`), for hints on maps such as `paths`. */
export function declaredPatterns(set: SchemaSet, loc: SchemaLoc, schema: unknown, out = new Set<string>(), depth = 0): Set<string> {
  if (!isObject(schema) || depth > 6) return out;
  if (isObject(schema.patternProperties)) for (const k of Object.keys(schema.patternProperties)) out.add(k);
  if (typeof schema.$ref === 'string') {
    const target = resolveSchemaRef(set, loc, schema.$ref);
    if (target) declaredPatterns(set, target, schemaAt(set, target), out, depth + 1);
  }
  if (Array.isArray(schema.allOf)) schema.allOf.forEach((b, i) => declaredPatterns(set, childLoc(loc, 'allOf', i), b, out, depth + 1));
  return out;
}

/** Structural equality for JSON values (enum/const/uniqueItems). */
export function deepEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (depth > 100) return false;
  const ta = jsonTypeOf(a);
  if (ta !== jsonTypeOf(b)) return false;
  if (ta === 'array') {
    const x = a as unknown[];
    const y = b as unknown[];
    return x.length === y.length && x.every((v, i) => deepEqual(v, y[i], depth + 1));
  }
  if (ta === 'object') {
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    const kx = Object.keys(x);
    if (kx.length !== Object.keys(y).length) return false;
    return kx.every((k) => hasOwn(y, k) && deepEqual(x[k], y[k], depth + 1));
  }
  return false;
}
