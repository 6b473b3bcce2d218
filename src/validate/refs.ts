/**
 * Looking through internal `$ref`s (`#/…`) of the document being validated. Unresolvable or
 * external refs are not this module's concern (the ref checker reports them): callers get
 * `undefined` and skip.
 */
import { parsePointer, type JsonPath } from '../findings/finding.js';
import { isObject, ownGet } from './json.js';

/** A node of the document together with the path it lives at. */
export interface Located<T = unknown> {
  value: T;
  path: JsonPath;
}

/** Maximum chain of ref → ref → … followed before giving up (cycles end far earlier). */
const MAX_HOPS = 32;

/** The value at a path, through own properties only; undefined when absent. */
export function valueAt(doc: unknown, path: readonly string[]): unknown {
  let node = doc;
  for (const seg of path) {
    node = ownGet(node, seg);
    if (node === undefined) return undefined;
  }
  return node;
}

/**
 * If `node` is a `{$ref: '#/…'}` object, follows the chain to the final non-ref target.
 * Returns the node itself when it is not a ref; undefined when a ref is external, broken or cyclic.
 */
export function resolveLocal(doc: unknown, node: Located): Located | undefined {
  let cur = node;
  let seen: Set<string> | undefined; // allocated only when there is a ref to follow (hot path)
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    const v = cur.value;
    if (!isObject(v) || typeof v.$ref !== 'string') return cur;
    const ref = v.$ref;
    seen ??= new Set();
    if (!ref.startsWith('#') || seen.has(ref)) return undefined;
    seen.add(ref);
    let path: string[];
    try {
      path = parsePointer(ref);
    } catch {
      return undefined; // `#anchor` style: not a pointer we can follow
    }
    const target = valueAt(doc, path);
    if (target === undefined) return undefined;
    cur = { value: target, path };
  }
  return undefined;
}
