import { describe, expect, it } from 'vitest';
import { format, type FormatInput } from '../../src/formatters/index.js';
import { fixtureInput, many } from './fixture.js';

// Errors first, then warnings, then notices; the known warning is not annotated; multi-line
// ranges carry lines only (GitHub applies columns within one line); `%` and line breaks escaped.
const ANNOTATIONS = [
  '::error title=operation-id-required,file=api.yaml,line=12,endLine=20::Operation must have an operationId.',
  `::warning title=info-contact,file=api.yaml,line=2,endLine=5::Info needs a <contact> & "team" | 'owner'.`,
  '::notice title=tag-description,file=legacy-v2.yaml,line=8,col=5,endLine=8,endColumn=30::Tag «Bücher» 📚 needs a description.',
  '::notice title=path-kebab-case,file=specs/Café API.yaml,line=3,col=3,endLine=3,endColumn=16::Path "/Bücher_list" is not kebab-case:%0Ause /buecher-list (100%25)\\u0007',
];

const SUMMARY_TABLE = `### ✖ apictl lint: 5 problems (1 error, 2 warnings, 1 info, 1 hint) in 4 files

1 known from baseline.

| Severity | Location | Rule | Message |
| --- | --- | --- | --- |
| error | \`api.yaml:12:5\` | \`operation-id-required\` | Operation must have an operationId. |
| warn | \`api.yaml:2:1\` | \`info-contact\` | Info needs a &lt;contact&gt; &amp; "team" \\| 'owner'. |
| warn | \`legacy-v2.yaml:40:3\` | \`schema-description\` (known) | Schema should have a description. |
| info | \`legacy-v2.yaml:8:5\` | \`tag-description\` | Tag «Bücher» 📚 needs a description. |
| hint | \`specs/Café API.yaml:3:3\` | \`path-kebab-case\` | Path "/Bücher_list" is not kebab-case:<br>use /buecher-list (100%)\\u0007 |
`;

const SUMMARY_ENV = { GITHUB_STEP_SUMMARY: '/home/runner/work/_temp/_runner_file_commands/step_summary' };

describe('github-actions format', () => {
  it.each<[string, Partial<FormatInput>, { GITHUB_STEP_SUMMARY?: string }, string, string | undefined]>([
    [
      'annotations by severity; no summary outside GitHub',
      {},
      {},
      [...ANNOTATIONS, 'apictl lint: 5 problems (1 error, 2 warnings, 1 info, 1 hint); 1 known from baseline not annotated: run with -f stylish for the full list', ''].join('\n'),
      undefined,
    ],
    [
      'the same annotations and a job summary table of every finding when $GITHUB_STEP_SUMMARY is set',
      {},
      SUMMARY_ENV,
      [...ANNOTATIONS, 'apictl lint: 5 problems (1 error, 2 warnings, 1 info, 1 hint); 1 known from baseline not annotated: see the job summary', ''].join('\n'),
      SUMMARY_TABLE,
    ],
    ['nothing on stdout when there is nothing to report', { findings: [] }, {}, '', undefined],
    ['a clean job summary when there is nothing to report', { findings: [], files: ['a.yaml', 'b.yaml'] }, SUMMARY_ENV, '', '### ✔ apictl lint: no problems found in 2 files\n'],
    [
      'property values escape `,` `:` and `%`; a file outside the working folder keeps its absolute path',
      { findings: [...many(1, 'warn', 'specs/a,b:c%.yaml'), ...many(1, 'warn', '/elsewhere/x.yaml')], files: [] },
      {},
      [
        '::warning title=rule-warn,file=/elsewhere/x.yaml,line=1,col=1,endLine=1,endColumn=5::Finding 1.',
        '::warning title=rule-warn,file=specs/a%2Cb%3Ac%25.yaml,line=1,col=1,endLine=1,endColumn=5::Finding 1.',
        'apictl lint: 2 problems (0 errors, 2 warnings, 0 infos, 0 hints)',
        '',
      ].join('\n'),
      undefined,
    ],
  ])('%s', (_name, over, env, output, summary) => {
    const r = format('github-actions', fixtureInput(over), env);
    expect(r.output).toBe(output);
    expect(r.summary).toBe(summary);
  });

  it('caps annotations at 50, errors first, and says how many were left out', () => {
    const findings = [...many(5, 'warn', 'w.yaml'), ...many(60, 'error')];
    const lines = format('github-actions', fixtureInput({ findings, files: ['big.yaml', 'w.yaml'] }))
      .output.trimEnd()
      .split('\n');
    expect(lines.filter((l) => l.startsWith('::error '))).toHaveLength(50);
    expect(lines.filter((l) => l.startsWith('::warning '))).toHaveLength(0);
    expect(lines[0]).toBe('::error title=rule-error,file=big.yaml,line=1,col=1,endLine=1,endColumn=5::Finding 1.');
    expect(lines.at(-1)).toBe('apictl lint: 65 problems (60 errors, 5 warnings, 0 infos, 0 hints); 15 more not annotated (limit 50): run with -f stylish for the full list');
  });

  it('a message cannot start a workflow command of its own', () => {
    const [f] = many(1, 'error');
    const out = format('github-actions', fixtureInput({ findings: [{ ...f!, message: 'x\n::add-mask::secret\r\n::error::fake' }], files: [] })).output;
    expect(out.split('\n').filter((l) => l.startsWith('::'))).toEqual(['::error title=rule-error,file=big.yaml,line=1,col=1,endLine=1,endColumn=5::x%0A::add-mask::secret%0D%0A::error::fake']);
  });
});
