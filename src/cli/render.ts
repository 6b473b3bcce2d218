/** Human lines for findings on stderr: `file:line:col: severity: message (code)`. */
import type { Finding } from '../findings/finding.js';
import type { Paint } from '../util/terminal.js';
import { visibleControls } from '../util/visible.js';

export function findingLine(f: Finding, c: Paint): string {
  const where = f.source ? `${visibleControls(f.source)}:${f.range?.start.line ?? 0}:${f.range?.start.column ?? 0}: ` : '';
  const sev = f.severity === 'error' ? c.red('error') : f.severity === 'warn' ? c.yellow('warning') : f.severity === 'info' ? c.blue('note') : c.gray('hint');
  return `${where}${sev}: ${visibleControls(f.message)} ${c.gray(`(${f.code})`)}`;
}

/** A finding as plain JSON for --json reports (1-based line/column). */
export function findingJson(f: Finding): Record<string, unknown> {
  return {
    code: f.code,
    severity: f.severity,
    message: f.message,
    file: f.source,
    line: f.range?.start.line,
    column: f.range?.start.column,
    path: f.path,
  };
}
