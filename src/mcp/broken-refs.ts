/**
 * Which operations reach an internal `$ref` that points to nothing. A tool built from such an
 * operation would ship a schema that cannot be compiled or an argument that cannot be described,
 * so generation leaves those operations out (and says why) while the rest of the API still
 * becomes tools.
 */
import { parsePointer } from '../findings/finding.js';
import type { OperationInfo } from './operations.js';
import { valueAt } from '../validate/refs.js';
import { appendAll } from '../util/append.js';

/**
 * For each operation that reaches a broken ref (directly or through other refs), the first such
 * ref found. Linear in the document: each ref target is walked once, and what reaches a broken
 * ref is found by walking the "is referenced from" edges back from the broken refs.
 */
export function operationsReachingBrokenRefs(doc: unknown, ops: OperationInfo[]): Map<string, string> {
  const out = new Map<string, string>();
  // refs inside each walked target (keyed by the ref string that names it), and inside each operation
  const refsIn = new Map<string, string[]>();
  const broken = new Set<string>();
  const pending: string[] = [];
  const opRefs = ops.map((op) => {
    const refs: string[] = [];
    collectRefs(op.operation, refs);
    const pathItem = valueAt(doc, op.pointer.slice(0, -1));
    if (pathItem !== null && typeof pathItem === 'object') collectRefs((pathItem as Record<string, unknown>).parameters, refs);
    pending.push(...refs);
    return refs;
  });
  while (pending.length > 0) {
    const ref = pending.pop()!;
    if (refsIn.has(ref)) continue;
    const target = targetOf(doc, ref);
    const inside: string[] = [];
    refsIn.set(ref, inside);
    if (target === undefined) broken.add(ref);
    else collectRefs(target, inside);
    pending.push(...inside);
  }
  if (broken.size === 0) return out;
  // back from each broken ref: every target that holds a ref reaching one, and the first broken ref it reaches
  const referrers = new Map<string, string[]>();
  for (const [ref, inside] of refsIn) {
    for (const r of inside) {
      const list = referrers.get(r);
      if (list) list.push(ref);
      else referrers.set(r, [ref]);
    }
  }
  const reaches = new Map<string, string>();
  const queue = [...broken];
  for (const b of broken) reaches.set(b, b);
  for (let i = 0; i < queue.length; i++) {
    const ref = queue[i]!;
    for (const from of referrers.get(ref) ?? []) {
      if (reaches.has(from)) continue;
      reaches.set(from, reaches.get(ref)!);
      queue.push(from);
    }
  }
  ops.forEach((op, i) => {
    const hit = opRefs[i]!.find((r) => reaches.has(r));
    if (hit !== undefined) out.set(op.key, reaches.get(hit)!);
  });
  return out;
}

function targetOf(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return null; // external refs were bundled by the loader; anything left is not ours to judge
  try {
    return valueAt(doc, parsePointer(ref));
  } catch {
    return undefined;
  }
}

/** The `$ref` strings in a value, not following them (extensions and examples are data). */
function collectRefs(value: unknown, out: string[]): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      appendAll(stack, node);
      continue;
    }
    const obj = node as Record<string, unknown>;
    if (typeof obj.$ref === 'string') out.push(obj.$ref);
    for (const k of Object.keys(obj)) {
      if (k.startsWith('x-') || k === 'example' || k === 'examples') continue;
      stack.push(obj[k]);
    }
  }
}
