import { visibleControls } from '../util/visible.js';

/** A plain aligned text table (no colour, so it pipes cleanly; cells often quote a document, so no control characters). */
export function table(head: string[], rawRows: string[][]): string {
  const rows = rawRows.map((r) => r.map(visibleControls));
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  return [line(head), ...rows.map(line)].join('\n');
}
