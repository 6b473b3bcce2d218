/**
 * Small, prototype-safe helpers for poking at untrusted parsed JSON/YAML values.
 * Everything goes through own-property checks so `__proto__`, `constructor` and friends in a
 * document are just ordinary keys and never reach Object.prototype.
 */

/** A plain JSON object (not an array, not null). */
export type JsonObject = Record<string, unknown>;

/** True for non-null, non-array objects. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own-property test that cannot be fooled by a `hasOwnProperty` key in the document. */
export function hasOwn(obj: object, key: string): boolean {
  return Object.hasOwn(obj, key);
}

/** `obj[key]` only when it is an own property; never walks the prototype chain. */
export function ownGet(obj: unknown, key: string): unknown {
  if (typeof obj !== 'object' || obj === null) return undefined;
  if (Array.isArray(obj)) {
    if (!/^(0|[1-9]\d*)$/.test(key)) return undefined;
    return obj[Number(key)];
  }
  return hasOwn(obj, key) ? (obj as JsonObject)[key] : undefined;
}

/** The JSON type name of a value, as JSON Schema spells it (`integer` is reported as `number`). */
export function jsonTypeOf(value: unknown): 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean' | 'undefined' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  if (t === 'string' || t === 'number' || t === 'boolean' || t === 'object') return t;
  if (t === 'bigint') return 'number';
  return 'undefined';
}
