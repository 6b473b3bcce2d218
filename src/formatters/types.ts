/** What every output format receives: the findings of one run and what describes the run. */
import type { Severity } from '../findings/finding.js';
import type { RuleMeta } from '../lint/ruleset.js';
import type { LintFinding } from '../lint/types.js';

export interface FormatInput {
  /** Findings to report (suppressed ones already removed; baselined ones carry `known: true`). */
  findings: LintFinding[];
  /** Every linted file as a display path, also those without findings (JUnit and the headlines count them). */
  files: string[];
  /** Rule descriptions, by id. Codes missing here (validation, internal) are described from the findings. */
  rules: Map<string, RuleMeta>;
  tool: { name: 'apictl'; version: string; rulesetVersion: string; rulesetFingerprint: string };
  /** Folder relative paths in SARIF and GitHub annotations are computed against (the repository root in CI). */
  cwd: string;
  /** Findings at or above it fail the run (JUnit reports only those, when new, as failures). */
  failSeverity: Severity;
  /** Colour for the human format; the CLI decides from NO_COLOR, FORCE_COLOR and the TTY. */
  color: boolean;
}

export { FORMAT_NAMES, type FormatName } from '../lint/format-names.js';

export interface FormatResult {
  /** The text for stdout or the `-o` file; ends with a newline unless empty. */
  output: string;
  /** The same text as UTF-8 bytes in pieces, when the format builds it so (json): write them (`outputBytes`) rather than `output`. */
  chunks?: Buffer[];
  /** Markdown to append to `$GITHUB_STEP_SUMMARY` (github-actions, when that variable is set). The CLI writes it. */
  summary?: string;
}
