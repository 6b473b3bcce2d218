/** One-line message helpers: short value rendering, lists. */

const MAX_VALUE_CHARS = 40;
const MAX_LIST_ITEMS = 12;

/** Renders a value for a message: strings quoted, long values cut, objects never dumped. */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return `'${clip(value)}'`;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** Renders an allowed value in a list: strings bare (they read better), others as JSON-ish. */
export function showListItem(value: unknown): string {
  if (typeof value === 'string') return clip(value);
  return showValue(value);
}

/** `a, b, c` with at most a dozen items, then `… (N more)`. */
export function showList(values: readonly unknown[]): string {
  const shown = values.slice(0, MAX_LIST_ITEMS).map(showListItem);
  const rest = values.length - shown.length;
  return rest > 0 ? `${shown.join(', ')}, … (${rest} more)` : shown.join(', ');
}

/** `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`. */
export function showAlternatives(names: readonly string[], conj = 'or'): string {
  const q = names.map((n) => `'${clip(n)}'`);
  if (q.length <= 1) return q.join('');
  return `${q.slice(0, -1).join(', ')} ${conj} ${q[q.length - 1]}`;
}

function clip(s: string, max = MAX_VALUE_CHARS): string {
  const oneLine = s.replace(/[\r\n\t\u2028\u2029]+/g, ' ');
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

/**
 * A name taken from the document (property key, path template, operationId, pointer) made safe
 * for a one-line message: line breaks flattened, absurd lengths cut. Not quoted.
 */
export function showName(name: string, max = 80): string {
  return clip(name, max);
}
