import { describe, expect, it } from 'vitest';
import { format, type FormatInput } from '../../src/formatters/index.js';
import { CONTACT, fixtureInput, KEBAB } from './fixture.js';
import { parseXml, type XmlElement } from './xml-check.js';

// failSeverity error: only the new error is a <failure>; the known warning and everything below
// the threshold are passing testcases with their details in <system-out>.
const EXPECTED_FIXTURE = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="apictl lint" tests="6" failures="1" errors="0" skipped="0" time="0">
  <testsuite name="api.yaml" tests="2" failures="1" errors="0" skipped="0" time="0">
    <testcase classname="api.yaml" name="info-contact at 2:1" time="0">
      <system-out>rule: info-contact
severity: warn
file: api.yaml
line: 2
column: 1
pointer: #/info
message: Info needs a &lt;contact&gt; &amp; "team" | 'owner'.</system-out>
    </testcase>
    <testcase classname="api.yaml" name="operation-id-required at 12:5" time="0">
      <failure message="Operation must have an operationId." type="operation-id-required">rule: operation-id-required
severity: error
file: api.yaml
line: 12
column: 5
pointer: #/paths/~1users/get
message: Operation must have an operationId.
fix: Add an operationId in camelCase.</failure>
    </testcase>
  </testsuite>
  <testsuite name="legacy-v2.yaml" tests="2" failures="0" errors="0" skipped="0" time="0">
    <testcase classname="legacy-v2.yaml" name="tag-description at 8:5" time="0">
      <system-out>rule: tag-description
severity: info
file: legacy-v2.yaml
line: 8
column: 5
pointer: #/tags/0
message: Tag «Bücher» 📚 needs a description.</system-out>
    </testcase>
    <testcase classname="legacy-v2.yaml" name="schema-description at 40:3" time="0">
      <system-out>rule: schema-description
severity: warn
file: legacy-v2.yaml
line: 40
column: 3
pointer: #/definitions/Pet
converted pointer: #/components/schemas/Pet
known from baseline: yes
message: Schema should have a description.</system-out>
    </testcase>
  </testsuite>
  <testsuite name="clean.yaml" tests="1" failures="0" errors="0" skipped="0" time="0">
    <testcase classname="clean.yaml" name="no problems" time="0"/>
  </testsuite>
  <testsuite name="specs/Café API.yaml" tests="1" failures="0" errors="0" skipped="0" time="0">
    <testcase classname="specs/Café API.yaml" name="path-kebab-case at 3:3" time="0">
      <system-out>rule: path-kebab-case
severity: hint
file: specs/Café API.yaml
line: 3
column: 3
pointer: #/paths/~1Bücher_list
message: Path "/Bücher_list" is not kebab-case:
use /buecher-list (100%)\\u0007</system-out>
    </testcase>
  </testsuite>
</testsuites>
`;

const EXPECTED_EMPTY = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="apictl lint" tests="1" failures="0" errors="0" skipped="0" time="0">
  <testsuite name="clean.yaml" tests="1" failures="0" errors="0" skipped="0" time="0">
    <testcase classname="clean.yaml" name="no problems" time="0"/>
  </testsuite>
</testsuites>
`;

function all(el: XmlElement, name: string): XmlElement[] {
  return [...(el.name === name ? [el] : []), ...el.children.flatMap((c) => all(c, name))];
}

describe('junit format', () => {
  it.each<[string, Partial<FormatInput>, string]>([
    ['one suite per file, one case per finding, failures only for new findings at or above the threshold', {}, EXPECTED_FIXTURE],
    ['a passing case for a file without findings', { findings: [], files: ['clean.yaml'] }, EXPECTED_EMPTY],
  ])('%s', (_name, over, expected) => {
    const out = format('junit', fixtureInput(over)).output;
    expect(out).toBe(expected);
    expect(() => parseXml(out)).not.toThrow();
  });

  it.each<[string, FormatInput['failSeverity'], number]>([
    ['error', 'error', 1],
    ['warn (the known warning still passes)', 'warn', 2],
    ['hint', 'hint', 4],
  ])('counts failures for fail severity %s', (_name, failSeverity, failures) => {
    const root = parseXml(format('junit', fixtureInput({ failSeverity })).output);
    expect(root.attrs.failures).toBe(String(failures));
    expect(all(root, 'failure')).toHaveLength(failures);
    expect(all(root, 'testcase')).toHaveLength(6);
  });

  it('escapes markup, quotes, line breaks and control characters so the report parses back to the message', () => {
    const nasty = { ...KEBAB, message: `a <b> & "c" 'd' ]]> e\r\nline2\ttab \u0000\u001b\uFFFE end 😀 \uD800 lone` };
    const out = format('junit', fixtureInput({ findings: [nasty, CONTACT], failSeverity: 'hint' })).output;
    const root = parseXml(out); // throws if not well-formed or if a forbidden character got through
    const failures = all(root, 'failure');
    const expectedMessage = `a <b> & "c" 'd' ]]> e\r\nline2\ttab \\u0000\\u001B\\uFFFE end 😀 \\uD800 lone`;
    // In the attribute, tabs and line breaks survive as character references.
    expect(failures.map((f) => f.attrs.message)).toContain(expectedMessage);
    expect(failures.map((f) => f.attrs.message)).toContain(`Info needs a <contact> & "team" | 'owner'.`);
    expect(failures.some((f) => f.text.endsWith(`message: ${expectedMessage}`))).toBe(true);
    expect(out).toContain('message="Info needs a &lt;contact&gt; &amp; &quot;team&quot; | &apos;owner&apos;."');
  });

  it('the checker itself rejects broken XML', () => {
    for (const bad of ['<a><b></a></b>', '<a x=1/>', '<a>&nbsp;</a>', '<a>\u0001</a>', '<a/><b/>', '<a>x < y</a>']) expect(() => parseXml(bad), bad).toThrow();
  });
});
