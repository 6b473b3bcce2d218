/**
 * Markdown for a pull-request comment (and the GitHub job summary): a headline with the counts,
 * then one table per severity, long tables collapsed in `<details>`. Row counts are capped
 * because GitHub refuses comments over 65,536 characters.
 */
import type { Severity } from '../findings/finding.js';
import type { LintFinding } from '../lint/types.js';
import { knownCount, oneLine, problemsText, SEVERITIES, sortedFindings, visibleControls } from './common.js';
import type { FormatInput } from './types.js';

/** Tables with more rows than this are collapsed. */
export const COLLAPSE_AFTER = 10;
/** At most this many rows in all tables of one comment. */
export const MAX_COMMENT_ROWS = 250;

const TITLE: Record<Severity, string> = { error: 'Errors', warn: 'Warnings', info: 'Infos', hint: 'Hints' };

/**
 * Text for a table cell: `|` would end the cell and a line break the row; `<`, `>` and `&` are
 * entities so a message quoting markup (`<script>`, `</details>`) shows as text and cannot
 * break the layout.
 */
export function cell(s: string): string {
  return visibleControls(s.trim())
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|')
    .replace(/\r\n|[\r\n\u2028\u2029]/g, '<br>');
}

/** A code span inside a table cell, whatever backticks the text holds. */
export function code(s: string): string {
  const text = visibleControls(oneLine(s)).replace(/\|/g, '\\|');
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

function where(f: LintFinding): string {
  return `${f.source ?? '?'}:${f.range?.start.line ?? 0}:${f.range?.start.column ?? 0}`;
}

function ruleCell(f: LintFinding): string {
  return code(f.code) + (f.known === true ? ' (known)' : '');
}

/** A findings table; `withSeverity` adds a first column (for the single table of the job summary). */
export function findingsTable(findings: readonly LintFinding[], withSeverity = false): string {
  const head = withSeverity ? '| Severity | Location | Rule | Message |\n| --- | --- | --- | --- |' : '| Location | Rule | Message |\n| --- | --- | --- |';
  const rows = findings.map((f) => `| ${withSeverity ? `${f.severity} | ` : ''}${code(where(f))} | ${ruleCell(f)} | ${cell(f.message)} |`);
  return [head, ...rows].join('\n');
}

/** The headline: counts, files, and how many the baseline already knew. */
export function headline(input: FormatInput): string {
  const files = `${input.files.length} ${input.files.length === 1 ? 'file' : 'files'}`;
  if (input.findings.length === 0) return `### ✔ apictl lint: no problems found in ${files}`;
  const mark = input.findings.some((f) => f.severity === 'error') ? '✖' : '⚠';
  const known = knownCount(input.findings);
  return `### ${mark} apictl lint: ${problemsText(input.findings)} in ${files}` + (known > 0 ? `\n\n${known} known from baseline.` : '');
}

export function formatMarkdown(input: FormatInput): string {
  const out = [headline(input)];
  let budget = MAX_COMMENT_ROWS;
  const all = sortedFindings(input.files, input.findings);
  for (const sev of SEVERITIES) {
    const list = all.filter((f) => f.severity === sev);
    if (list.length === 0) continue;
    const shown = list.slice(0, Math.max(0, budget));
    budget -= shown.length;
    const title = `${TITLE[sev]} (${list.length})`;
    let table = shown.length > 0 ? findingsTable(shown) : '';
    if (shown.length < list.length) table += `${table ? '\n\n' : ''}… and ${list.length - shown.length} more not shown.`;
    // Blank lines around the table: GitHub renders markdown inside <details> only when separated.
    out.push(list.length > COLLAPSE_AFTER ? `<details><summary>${title}</summary>\n\n${table}\n\n</details>` : `#### ${title}\n\n${table}`);
  }
  return out.join('\n\n') + '\n';
}
