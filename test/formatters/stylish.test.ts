import { describe, expect, it } from 'vitest';
import { format, type FormatInput } from '../../src/formatters/index.js';
import { fixtureInput, many } from './fixture.js';

const EXPECTED_FIXTURE = [
  'api.yaml',
  `  2:1  warning  Info needs a <contact> & "team" | 'owner'.  info-contact`,
  ' 12:5  error    Operation must have an operationId.         operation-id-required',
  '',
  'legacy-v2.yaml',
  '  8:5  info     Tag «Bücher» 📚 needs a description.  tag-description',
  ' 40:3  warning  Schema should have a description.     schema-description (known)',
  '',
  'specs/Café API.yaml',
  // The line break became a space, the BEL a visible escape: nothing reaches the terminal raw.
  ' 3:3  hint  Path "/Bücher_list" is not kebab-case: use /buecher-list (100%)\\u0007  path-kebab-case',
  '',
  '✖ 5 problems (1 error, 2 warnings, 1 info, 1 hint)',
  '  1 known from baseline',
  '',
].join('\n');

const ansi = /\u001b\[[0-9;]*m/g;

describe('stylish format', () => {
  it.each<[string, Partial<FormatInput>, string]>([
    ['groups by file in the order linted, aligns columns (wide characters count twice), marks known findings', {}, EXPECTED_FIXTURE],
    ['says so when there is nothing to report', { findings: [] }, 'No problems found\n'],
    [
      'counts in the singular and has no baseline line when nothing is known',
      { findings: many(1, 'warn'), files: ['big.yaml'] },
      'big.yaml\n 1:1  warning  Finding 1.  rule-warn\n\n✖ 1 problem (0 errors, 1 warning, 0 infos, 0 hints)\n',
    ],
  ])('%s', (_name, over, expected) => {
    expect(format('stylish', fixtureInput(over)).output).toBe(expected);
  });

  it('colours only when asked, and the coloured text is the plain text plus escapes', () => {
    const coloured = format('stylish', fixtureInput({ color: true })).output;
    expect(coloured).toMatch(ansi);
    expect(coloured).toContain('\u001b[31merror'); // errors in red
    expect(coloured.replace(ansi, '')).toBe(EXPECTED_FIXTURE);
    expect(format('stylish', fixtureInput()).output).not.toMatch(/\u001b/);
  });

  it('neutralises escape sequences in messages and file names', () => {
    const [f] = many(1, 'error', 'evil\u001b[2J.yaml');
    const out = format('stylish', fixtureInput({ findings: [{ ...f!, message: 'boom \u001b[31mred' }], files: [] })).output;
    expect(out).not.toContain('\u001b');
    expect(out).toContain('evil\\u001B[2J.yaml');
    expect(out).toContain('boom \\u001B[31mred');
  });
});
