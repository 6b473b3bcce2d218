/**
 * Appends every item of `items` to `out`. Not `out.push(...items)`: a spread passes each item as an
 * argument, and more than ≈ 120,000–200,000 of them (a large document's findings or refs) overflow
 * the stack ("Maximum call stack size exceeded").
 */
export function appendAll<T>(out: T[], items: Iterable<T>): void {
  for (const item of items) out.push(item);
}
