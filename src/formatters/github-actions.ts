/**
 * GitHub Actions workflow commands: `::error file=…,line=…::message` lines become annotations
 * on the pull request's diff. GitHub shows only about 10 errors and 10 warnings per step, so at
 * most MAX_ANNOTATIONS are printed, most severe first, and the full list goes to the job summary.
 *
 * Findings known from the baseline are not annotated: they are not what the pull request
 * changed. They stay in the job summary.
 */
import type { Severity } from '../findings/finding.js';
import type { LintFinding } from '../lint/types.js';
import { knownCount, problemsText, repoRelative, SEVERITIES, sortedFindings, visibleControls } from './common.js';
import { findingsTable, headline } from './markdown.js';
import type { FormatInput, FormatResult } from './types.js';

export const MAX_ANNOTATIONS = 50;
/** Rows of the job summary table (GitHub caps a step summary at 1 MiB). */
export const MAX_SUMMARY_ROWS = 1000;

const COMMAND: Record<Severity, string> = { error: 'error', warn: 'warning', info: 'notice', hint: 'notice' };

/** Escapes a command's message (the data after `::`). */
export function escapeData(s: string): string {
  return visibleControls(s).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a property value: also `:` and `,`, which delimit properties. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function annotation(f: LintFinding, cwd: string): string {
  const props: Array<[string, string | number]> = [['title', f.code]];
  const file = f.source ? repoRelative(f.source, cwd) : undefined;
  if (file !== undefined) {
    props.push(['file', file]);
    const r = f.range;
    if (r && r.start.line >= 1) {
      props.push(['line', r.start.line]);
      // GitHub applies columns only within one line; for a multi-line range it wants lines alone.
      if (r.end.line === r.start.line) props.push(['col', r.start.column]);
      props.push(['endLine', Math.max(r.end.line, r.start.line)]);
      if (r.end.line === r.start.line) props.push(['endColumn', Math.max(r.end.column, r.start.column)]);
    }
  }
  const p = props.map(([k, v]) => `${k}=${escapeProperty(String(v))}`).join(',');
  return `::${COMMAND[f.severity]} ${p}::${escapeData(f.message)}`;
}

function jobSummary(input: FormatInput): string {
  const all = sortedFindings(input.files, input.findings).sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity));
  const parts = [headline(input)];
  if (all.length > 0) {
    parts.push(findingsTable(all.slice(0, MAX_SUMMARY_ROWS), true));
    if (all.length > MAX_SUMMARY_ROWS) parts.push(`… and ${all.length - MAX_SUMMARY_ROWS} more not shown.`);
  }
  return parts.join('\n\n') + '\n';
}

export function formatGithubActions(input: FormatInput, env: { GITHUB_STEP_SUMMARY?: string } = {}): FormatResult {
  const hasSummary = env.GITHUB_STEP_SUMMARY !== undefined && env.GITHUB_STEP_SUMMARY !== '';
  // Stable sort: severity first, reading order within a severity.
  const candidates = sortedFindings(input.files, input.findings)
    .filter((f) => f.known !== true)
    .sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity));
  const lines = candidates.slice(0, MAX_ANNOTATIONS).map((f) => annotation(f, input.cwd));
  const rest = candidates.length - Math.min(candidates.length, MAX_ANNOTATIONS);
  const known = knownCount(input.findings);
  if (input.findings.length > 0) {
    const notes: string[] = [];
    if (rest > 0) notes.push(`${rest} more not annotated (limit ${MAX_ANNOTATIONS})`);
    if (known > 0) notes.push(`${known} known from baseline not annotated`);
    const where = hasSummary ? 'see the job summary' : 'run with -f stylish for the full list';
    lines.push(`apictl lint: ${problemsText(input.findings)}` + (notes.length > 0 ? `; ${notes.join('; ')}: ${where}` : ''));
  }
  const output = lines.length > 0 ? lines.join('\n') + '\n' : '';
  return hasSummary ? { output, summary: jobSummary(input) } : { output };
}
