/**
 * JUnit XML for CI test dashboards (Jenkins, GitLab, Azure DevOps): one `<testsuite>` per file,
 * one `<testcase>` per finding, and one passing testcase for a file without findings so the
 * dashboard shows it was checked.
 *
 * Only findings that would fail the run are `<failure>`s: new findings at or above the fail
 * severity. Findings below it and findings known from the baseline are passing testcases whose
 * details are in `<system-out>` — reporting them as failures would make the dashboard red for a
 * run whose exit code is 0, and `<skipped>` would claim a check did not run.
 */
import type { LintFinding } from '../lint/types.js';
import { atOrAbove, groupByFile, pointerText, samePath } from './common.js';
import type { FormatInput } from './types.js';
import { xmlAttr, xmlText } from './xml.js';

function body(f: LintFinding, file: string): string {
  const lines = [
    `rule: ${f.code}`,
    `severity: ${f.severity}`,
    `file: ${file}`,
    `line: ${f.range?.start.line ?? 0}`,
    `column: ${f.range?.start.column ?? 0}`,
    // The pointer into the file as written, which is what file/line refer to.
    `pointer: ${pointerText(f.sourcePath)}`,
  ];
  if (!samePath(f.sourcePath, f.path)) lines.push(`converted pointer: ${pointerText(f.path)}`);
  if (f.known === true) lines.push('known from baseline: yes');
  lines.push(`message: ${f.message}`);
  if (f.fix) lines.push(`fix: ${f.fix}`);
  return lines.join('\n');
}

export function formatJunit(input: FormatInput): string {
  const fails = (f: LintFinding): boolean => f.known !== true && atOrAbove(f.severity, input.failSeverity);
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  for (const { file, findings } of groupByFile(input.files, input.findings)) {
    const cases: string[] = [];
    let suiteFailures = 0;
    for (const f of findings) {
      const at = `${f.range?.start.line ?? 0}:${f.range?.start.column ?? 0}`;
      const open = `    <testcase classname="${xmlAttr(file)}" name="${xmlAttr(`${f.code} at ${at}`)}" time="0">`;
      if (fails(f)) {
        suiteFailures++;
        cases.push(`${open}\n      <failure message="${xmlAttr(f.message)}" type="${xmlAttr(f.code)}">${xmlText(body(f, file))}</failure>\n    </testcase>`);
      } else {
        cases.push(`${open}\n      <system-out>${xmlText(body(f, file))}</system-out>\n    </testcase>`);
      }
    }
    if (findings.length === 0) cases.push(`    <testcase classname="${xmlAttr(file)}" name="no problems" time="0"/>`);
    tests += cases.length;
    failures += suiteFailures;
    suites.push(`  <testsuite name="${xmlAttr(file)}" tests="${cases.length}" failures="${suiteFailures}" errors="0" skipped="0" time="0">\n${cases.join('\n')}\n  </testsuite>`);
  }
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="apictl lint" tests="${tests}" failures="${failures}" errors="0" skipped="0" time="0">`, ...suites, '</testsuites>', ''].join(
    '\n',
  );
}
