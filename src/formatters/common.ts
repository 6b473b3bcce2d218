/** Helpers the formats share: ordering, grouping by file, counting, paths and pointers. */
import path from 'node:path';
import { SEVERITY_ORDER, toPointer, type Severity } from '../findings/finding.js';
import type { LintFinding } from '../lint/types.js';

export const SEVERITIES: readonly Severity[] = ['error', 'warn', 'info', 'hint'];

/** Label for findings that carry no file (should not happen for lint findings, but never drop one). */
export const NO_FILE = '<unknown file>';

export type Counts = Record<Severity, number>;

export function countBySeverity(findings: readonly LintFinding[]): Counts {
  const c: Counts = { error: 0, warn: 0, info: 0, hint: 0 };
  for (const f of findings) c[f.severity]++;
  return c;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** `12 problems (3 errors, 9 warnings, 0 infos, 0 hints)`, Spectral's wording. */
export function problemsText(findings: readonly LintFinding[]): string {
  const c = countBySeverity(findings);
  return (
    `${plural(findings.length, 'problem', 'problems')} ` +
    `(${plural(c.error, 'error', 'errors')}, ${plural(c.warn, 'warning', 'warnings')}, ${plural(c.info, 'info', 'infos')}, ${plural(c.hint, 'hint', 'hints')})`
  );
}

export function knownCount(findings: readonly LintFinding[]): number {
  return findings.filter((f) => f.known === true).length;
}

/** True when `sev` is as severe as `threshold` or more. */
export function atOrAbove(sev: Severity, threshold: Severity): boolean {
  return SEVERITY_ORDER[sev] <= SEVERITY_ORDER[threshold];
}

/**
 * Reading order within one file: line, column, severity, rule, message. (Across files, the linted
 * files in the given order come first: groupByFile.) The file's rank is not looked up on each
 * comparison, which made large sorts several times slower.
 */
function compareInFile(a: LintFinding, b: LintFinding): number {
  return (
    (a.range?.start.line ?? 0) - (b.range?.start.line ?? 0) ||
    (a.range?.start.column ?? 0) - (b.range?.start.column ?? 0) ||
    SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
    cmp(a.code, b.code) ||
    cmp(a.message, b.message)
  );
}

/** Code-unit order: stable across locales, unlike localeCompare. */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface FileGroup {
  file: string;
  findings: LintFinding[];
}

/**
 * Findings grouped by file: the linted files in their order (also those without findings), then
 * files only findings name (referenced files of a multi-file spec), alphabetically.
 */
export function groupByFile(files: readonly string[], findings: readonly LintFinding[]): FileGroup[] {
  const groups = new Map<string, LintFinding[]>();
  for (const f of files) if (!groups.has(f)) groups.set(f, []);
  const extra: string[] = [];
  // hot: per finding; bench: bench/lint.mjs (docs/performance.md#indexed-loops-lint)
  for (let i = 0; i < findings.length; i++) {
    const f = findings[i]!;
    const file = f.source ?? NO_FILE;
    let g = groups.get(file);
    if (!g) {
      g = [];
      groups.set(file, g);
      extra.push(file);
    }
    g.push(f);
  }
  const order = [...new Set(files), ...extra.sort(cmp)];
  return order.map((file) => ({ file, findings: groups.get(file)!.sort(compareInFile) }));
}

/** All findings in reading order (see groupByFile). */
export function sortedFindings(files: readonly string[], findings: readonly LintFinding[]): LintFinding[] {
  return groupByFile(files, findings).flatMap((g) => g.findings);
}

/** `#/paths/~1users/get` — the pointer shown to people (`#` for the root). */
export function pointerText(p: readonly string[]): string {
  return '#' + toPointer(p);
}

/** True for `https://…`, `file:…` and other URLs, false for Windows drive paths like `C:\x`. */
export function isUrl(file: string): boolean {
  return /^[a-z][a-z0-9+.-]+:/i.test(file) && !/^[a-z]:[\\/]/i.test(file);
}

/**
 * A display path as CI tools want it: relative to `cwd` with forward slashes when the file is
 * inside it, absolute (forward slashes) otherwise; undefined for URLs, which no CI can annotate.
 */
export function repoRelative(file: string, cwd: string): string | undefined {
  if (isUrl(file) || file === NO_FILE) return undefined;
  const abs = path.resolve(cwd, file);
  const rel = path.relative(cwd, abs);
  const inside = rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  return (inside ? rel : abs).split(path.sep).join('/').replace(/\\/g, '/');
}

/** One line of text: newlines become spaces (for column layouts). */
export function oneLine(s: string): string {
  return s.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ');
}

export { visibleControls } from '../util/visible.js';

/** True when both paths have the same segments. */
export function samePath(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}
