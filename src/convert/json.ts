/**
 * Small helpers for plain JSON data that may hold untrusted keys.
 *
 * API descriptions are user data: a key may be `__proto__`, `constructor` or `hasOwnProperty`.
 * Reading goes through `own` (own properties only, so `obj['__proto__']` never yields
 * `Object.prototype`), writing through `setOwn` (defineProperty for `__proto__`, so a key never
 * changes an object's prototype).
 */
import { InputError } from '../errors.js';
import { parsePointer } from '../findings/finding.js';
import { DEPTH_CEILING } from '../document/limits.js';

/** A JSON object (plain data, never an array). */
export type Obj = Record<string, unknown>;

/** True for a non-null, non-array object. */
export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An array index as a JSON pointer writes it (no sign, no leading zero). */
const INDEX = /^(0|[1-9]\d*)$/;

/** What `child` returns for a child that is not there. */
const ABSENT: unique symbol = Symbol('absent');

/** The own child `seg` of `v` (an array's only by a canonical index below its length), or ABSENT. */
function child(v: unknown, seg: string): unknown {
  if (typeof v !== 'object' || v === null) return ABSENT;
  if (Array.isArray(v)) {
    if (!INDEX.test(seg)) return ABSENT;
    const i = Number(seg);
    return i < v.length ? v[i] : ABSENT;
  }
  return Object.hasOwn(v, seg) ? (v as Obj)[seg] : ABSENT;
}

/** The own property `key` of `v`, or undefined (never an inherited value). */
export function own(v: unknown, key: string): unknown {
  const c = child(v, key);
  return c === ABSENT ? undefined : c;
}

/** `own` narrowed to an object. */
export function ownObj(v: unknown, key: string): Obj | undefined {
  const c = own(v, key);
  return isObj(c) ? c : undefined;
}

/** `own` narrowed to an array. */
export function ownArr(v: unknown, key: string): unknown[] | undefined {
  const c = own(v, key);
  return Array.isArray(c) ? c : undefined;
}

/** Sets an own data property, even for `__proto__` (which `obj[k] = v` would turn into a prototype change). */
export function setOwn(obj: Obj, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    obj[key] = value;
  }
}

/** True when `v` has the own child `seg`. */
export function hasChild(v: unknown, seg: string): boolean {
  return child(v, seg) !== ABSENT;
}

/** The value at `path`, or undefined. */
export function getPath(root: unknown, path: readonly string[]): unknown {
  let cur: unknown = root;
  for (const seg of path) {
    cur = child(cur, seg);
    if (cur === ABSENT) return undefined;
  }
  return cur;
}

/** The longest prefix of `path` that exists in `root`. */
export function longestExistingPrefix(root: unknown, path: readonly string[]): string[] {
  const out: string[] = [];
  let cur: unknown = root;
  for (const seg of path) {
    cur = child(cur, seg);
    if (cur === ABSENT) break;
    out.push(seg);
  }
  return out;
}

/** Deepest nesting accepted by `cloneJson`; real API descriptions stay far below it. */
export const MAX_DEPTH = DEPTH_CEILING;

const PROTO_SEGMENT = /\/__proto__(?=\/|$)/;
const PROTO_SEGMENT_G = /\/__proto__(?=\/|$)/g;

export interface CloneResult {
  value: unknown;
  /** How many `__proto__` keys (and, with a placeholder, `$ref`s naming one) were seen. */
  protoKeys: number;
  /** A `null` was copied. */
  nulls: boolean;
}

/**
 * Deep-copies JSON-like data in one pass.
 *
 * - Shared subtrees (YAML anchors/aliases) become independent copies, so later in-place edits of
 *   one occurrence never leak into another (swagger2openapi's `anchors` option does the same).
 * - A cycle (an alias to its own ancestor) cannot be JSON; it shows up as nesting deeper than
 *   MAX_DEPTH and becomes an InputError instead of a stack overflow.
 * - `__proto__` keys are copied as own properties, or renamed to `protoPlaceholder` when given
 *   (swagger2openapi copies with Object.assign, which would turn them into prototype changes);
 *   then `/__proto__` segments of `$ref`s are renamed too, so references still match.
 */
export function cloneJson(value: unknown, protoPlaceholder?: string): CloneResult {
  let protoKeys = 0;
  let nulls = false;
  const copy = (v: unknown, depth: number): unknown => {
    if (typeof v !== 'object') return v;
    if (v === null) {
      nulls = true;
      return v;
    }
    if (depth > MAX_DEPTH) {
      throw new InputError(`document is nested more than ${MAX_DEPTH} levels deep (or contains a cycle)`);
    }
    if (Array.isArray(v)) {
      return Array.from(v, (item) => copy(item, depth + 1));
    }
    if (v instanceof Date) return new Date(v.getTime());
    const out: Obj = {};
    for (const k of Object.keys(v)) {
      let child = copy((v as Obj)[k], depth + 1);
      if (protoPlaceholder !== undefined && k === '$ref' && typeof child === 'string' && PROTO_SEGMENT.test(child)) {
        // the reference must follow the renamed key
        protoKeys++;
        child = child.replace(PROTO_SEGMENT_G, `/${protoPlaceholder}`);
      }
      if (k === '__proto__') {
        protoKeys++;
        setOwn(out, protoPlaceholder ?? k, child);
      } else {
        out[k] = child;
      }
    }
    return out;
  };
  const result = copy(value, 0);
  return { value: result, protoKeys, nulls };
}

/**
 * Re-creates `obj`'s keys so that `newKey` takes `oldKey`'s place in the key order (readers of
 * the output expect e.g. `$ref` first, not last). Mutates `obj`.
 */
export function replaceKeyInOrder(obj: Obj, oldKey: string, newKey: string, value: unknown): void {
  const entries = Object.entries(obj);
  for (const [k] of entries) delete obj[k];
  for (const [k, v] of entries) {
    if (k === oldKey) setOwn(obj, newKey, value);
    else if (k !== newKey) setOwn(obj, k, v);
  }
  if (!Object.hasOwn(obj, newKey)) setOwn(obj, newKey, value);
}

/** Adds the entries of `additions` to `obj` just before `beforeKey` (at the end when it is absent). Mutates `obj`. */
export function insertBefore(obj: Obj, beforeKey: string, additions: Obj): void {
  if (!Object.hasOwn(obj, beforeKey)) {
    for (const [k, v] of Object.entries(additions)) setOwn(obj, k, v);
    return;
  }
  const entries = Object.entries(obj);
  for (const [k] of entries) delete obj[k];
  for (const [k, v] of entries) {
    if (k === beforeKey) for (const [ak, av] of Object.entries(additions)) setOwn(obj, ak, av);
    setOwn(obj, k, v);
  }
}

/**
 * Segments of an internal reference (`#/a/b~1c`), or undefined when it is not one. Large documents
 * hold tens of thousands of refs to a few thousand targets, so results are cached (bounded) and
 * shared: treat the returned array as read-only.
 */
export function refSegments(ref: string): readonly string[] | undefined {
  const hit = refCache.get(ref);
  if (hit !== undefined) return hit;
  if (!ref.startsWith('#')) return undefined;
  let segs: string[] | undefined;
  if (ref === '#') segs = [];
  else if (ref.charCodeAt(1) !== 47 /* / */) return undefined;
  else if (!ref.includes('~') && !ref.includes('%')) segs = ref.slice(2).split('/');
  else {
    try {
      segs = parsePointer(ref);
    } catch {
      return undefined;
    }
  }
  if (refCache.size >= REF_CACHE_MAX) refCache.clear();
  refCache.set(ref, segs);
  return segs;
}

const REF_CACHE_MAX = 20_000;
const refCache = new Map<string, readonly string[]>();
