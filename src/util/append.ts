/**
 * Appends every item of `items` to `out`. Not `out.push(...items)`: a spread passes each item as an
 * argument, and more than ≈ 120,000–200,000 of them (a large document's findings or refs) overflow
 * the stack ("Maximum call stack size exceeded").
 */
export function appendAll<T>(out: T[], items: Iterable<T>): void {
  // an array by index (no iterator result per item in code V8 has not optimised yet)
  if (Array.isArray(items)) {
    const list = items as readonly T[];
    // hot: per finding; bench: bench/lint.mjs (docs/performance.md#indexed-loops-lint)
    for (let i = 0; i < list.length; i++) out.push(list[i]!);
    return;
  }
  for (const item of items) out.push(item);
}
