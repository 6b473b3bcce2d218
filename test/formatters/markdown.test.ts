import { describe, expect, it } from 'vitest';
import { format, type FormatInput } from '../../src/formatters/index.js';
import { code } from '../../src/formatters/markdown.js';
import { fixtureInput, many } from './fixture.js';

const EXPECTED_FIXTURE = `### ✖ apictl lint: 5 problems (1 error, 2 warnings, 1 info, 1 hint) in 4 files

1 known from baseline.

#### Errors (1)

| Location | Rule | Message |
| --- | --- | --- |
| \`api.yaml:12:5\` | \`operation-id-required\` | Operation must have an operationId. |

#### Warnings (2)

| Location | Rule | Message |
| --- | --- | --- |
| \`api.yaml:2:1\` | \`info-contact\` | Info needs a &lt;contact&gt; &amp; "team" \\| 'owner'. |
| \`legacy-v2.yaml:40:3\` | \`schema-description\` (known) | Schema should have a description. |

#### Infos (1)

| Location | Rule | Message |
| --- | --- | --- |
| \`legacy-v2.yaml:8:5\` | \`tag-description\` | Tag «Bücher» 📚 needs a description. |

#### Hints (1)

| Location | Rule | Message |
| --- | --- | --- |
| \`specs/Café API.yaml:3:3\` | \`path-kebab-case\` | Path "/Bücher_list" is not kebab-case:<br>use /buecher-list (100%)\\u0007 |
`;

const rows = (n: number, sev: string, file = 'big.yaml') => Array.from({ length: n }, (_, i) => `| \`${file}:${i + 1}:1\` | \`rule-${sev}\` | Finding ${i + 1}. |`).join('\n');
const HEAD = '| Location | Rule | Message |\n| --- | --- | --- |';

describe('markdown format', () => {
  it.each<[string, Partial<FormatInput>, string]>([
    ['a headline with counts and a table per severity; cells escaped', {}, EXPECTED_FIXTURE],
    ['a one-line all-clear', { findings: [], files: ['a.yaml'] }, '### ✔ apictl lint: no problems found in 1 file\n'],
    [
      'long tables collapsed in <details>, short ones open',
      { findings: [...many(11, 'warn'), ...many(2, 'error', 'e.yaml')], files: ['e.yaml', 'big.yaml'] },
      `### ✖ apictl lint: 13 problems (2 errors, 11 warnings, 0 infos, 0 hints) in 2 files

#### Errors (2)

${HEAD}
${rows(2, 'error', 'e.yaml')}

<details><summary>Warnings (11)</summary>

${HEAD}
${rows(11, 'warn')}

</details>
`,
    ],
    [
      'at most 250 rows in one comment (GitHub refuses comments over 65,536 characters)',
      { findings: [...many(240, 'error'), ...many(20, 'warn', 'w.yaml')], files: ['big.yaml', 'w.yaml'] },
      `### ✖ apictl lint: 260 problems (240 errors, 20 warnings, 0 infos, 0 hints) in 2 files

<details><summary>Errors (240)</summary>

${HEAD}
${rows(240, 'error')}

</details>

<details><summary>Warnings (20)</summary>

${HEAD}
${rows(10, 'warn', 'w.yaml')}

… and 10 more not shown.

</details>
`,
    ],
  ])('%s', (_name, over, expected) => {
    expect(format('markdown', fixtureInput(over)).output).toBe(expected);
  });

  it('code spans survive backticks and pipes in file names', () => {
    expect(code('a`b|c')).toBe('``a`b\\|c``');
    expect(code('`x`')).toBe('`` `x` ``');
  });

  it('a message cannot close the <details> or inject HTML', () => {
    const [f] = many(1, 'warn');
    const out = format('markdown', fixtureInput({ findings: Array(11).fill({ ...f!, message: '</details><img src=x onerror=alert(1)>' }), files: [] })).output;
    expect(out.match(/<\/details>/g)).toHaveLength(1);
    expect(out).not.toContain('<img');
  });
});
