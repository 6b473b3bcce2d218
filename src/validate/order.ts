/** Sorting findings the way a reader meets them: in document order. */
import type { JsonPath } from '../findings/finding.js';
import { ownGet } from './json.js';

/**
 * A comparator putting paths in the order their nodes appear in `doc` (key order of each object,
 * index order of arrays; an ancestor before its descendants; paths that do not exist last).
 */
export function documentOrder(doc: unknown): (a: JsonPath, b: JsonPath) => number {
  const keyIndex = new WeakMap<object, Map<string, number>>();
  const indexIn = (node: unknown, seg: string): number => {
    if (Array.isArray(node)) {
      const n = Number(seg);
      return Number.isInteger(n) && n >= 0 ? n : Number.POSITIVE_INFINITY;
    }
    if (typeof node !== 'object' || node === null) return Number.POSITIVE_INFINITY;
    let m = keyIndex.get(node);
    if (!m) {
      m = new Map(Object.keys(node).map((k, i) => [k, i]));
      keyIndex.set(node, m);
    }
    return m.get(seg) ?? Number.POSITIVE_INFINITY;
  };
  return (a, b) => {
    let node = doc;
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const sa = a[i] as string;
      const sb = b[i] as string;
      if (sa !== sb) {
        const ia = indexIn(node, sa);
        const ib = indexIn(node, sb);
        if (ia !== ib) return ia < ib ? -1 : 1;
        return sa < sb ? -1 : 1;
      }
      node = ownGet(node, sa);
    }
    return a.length - b.length;
  };
}
