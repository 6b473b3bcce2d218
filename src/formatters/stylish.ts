/**
 * The default human format, Spectral's `stylish` layout: findings grouped by file, one row per
 * finding with aligned `line:col  severity  message  rule` columns, then a summary line.
 */
import type { Severity } from '../findings/finding.js';
import { createPaint, type Paint } from '../util/terminal.js';
import { groupByFile, knownCount, oneLine, problemsText, visibleControls } from './common.js';
import type { FormatInput } from './types.js';
import { displayWidth, padEnd } from './width.js';

const LABEL: Record<Severity, string> = { error: 'error', warn: 'warning', info: 'info', hint: 'hint' };

function paint(c: Paint, sev: Severity, text: string): string {
  return sev === 'error' ? c.red(text) : sev === 'warn' ? c.yellow(text) : sev === 'info' ? c.blue(text) : c.gray(text);
}

export function formatStylish(input: FormatInput): string {
  // The caller decides: this text may not go to process.stdout.
  const c = createPaint(input.color ? 1 : 0);
  if (input.findings.length === 0) return c.green('No problems found') + '\n';

  const out: string[] = [];
  for (const { file, findings } of groupByFile(input.files, input.findings)) {
    if (findings.length === 0) continue;
    const rows = findings.map((f) => ({
      where: `${f.range?.start.line ?? 0}:${f.range?.start.column ?? 0}`,
      sev: f.severity,
      message: visibleControls(oneLine(f.message)),
      code: f.code,
      known: f.known === true,
    }));
    // Widths are measured on the plain text; colour is added after padding.
    // (a loop, not Math.max(...rows): a file's findings can be more arguments than a call takes)
    let wWhere = 0;
    let wSev = 0;
    let wMsg = 0;
    for (const r of rows) {
      wWhere = Math.max(wWhere, r.where.length);
      wSev = Math.max(wSev, LABEL[r.sev].length);
      wMsg = Math.max(wMsg, displayWidth(r.message));
    }
    out.push(c.underline(visibleControls(file)));
    for (const r of rows) {
      const cells = [' ' + c.dim(r.where.padStart(wWhere)), paint(c, r.sev, LABEL[r.sev].padEnd(wSev)), padEnd(r.message, wMsg), c.dim(r.code) + (r.known ? ' ' + c.cyan('(known)') : '')];
      out.push(cells.join('  ').trimEnd());
    }
    out.push('');
  }

  const counts = input.findings.some((f) => f.severity === 'error') ? c.red.bold : c.yellow.bold;
  out.push(counts(`✖ ${problemsText(input.findings)}`));
  const known = knownCount(input.findings);
  if (known > 0) out.push(c.cyan(`  ${known} known from baseline`));
  return out.join('\n') + '\n';
}
