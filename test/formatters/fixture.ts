/** One fixed run shared by the format tests: two files with findings, a clean file, a converted 2.0 file, a known finding, unicode and markup. */
import type { FormatInput } from '../../src/formatters/index.js';
import type { RuleMeta } from '../../src/lint/ruleset.js';
import type { LintFinding } from '../../src/lint/types.js';

const range = (l1: number, c1: number, l2: number, c2: number) => ({ start: { line: l1, column: c1 }, end: { line: l2, column: c2 } });

/** error, multi-line range, with a fix. */
export const OP_ID: LintFinding = {
  code: 'operation-id-required',
  severity: 'error',
  message: 'Operation must have an operationId.',
  path: ['paths', '/users', 'get'],
  sourcePath: ['paths', '/users', 'get'],
  source: 'api.yaml',
  range: range(12, 5, 20, 30),
  category: 'style',
  fix: 'Add an operationId in camelCase.',
  docs: 'apictl rules show operation-id-required',
  fingerprint: 'fp-op-id-0000000001',
};

/** warn, markup characters in the message. */
export const CONTACT: LintFinding = {
  code: 'info-contact',
  severity: 'warn',
  message: `Info needs a <contact> & "team" | 'owner'.`,
  path: ['info'],
  sourcePath: ['info'],
  source: 'api.yaml',
  range: range(2, 1, 5, 10),
  category: 'compliance',
  docs: 'apictl rules show info-contact',
  fingerprint: 'fp-info-contact-0002',
};

/** warn, Swagger 2.0 input linted after conversion (path differs from sourcePath), known from the baseline. */
export const SCHEMA_DESC: LintFinding = {
  code: 'schema-description',
  severity: 'warn',
  message: 'Schema should have a description.',
  path: ['components', 'schemas', 'Pet'],
  sourcePath: ['definitions', 'Pet'],
  source: 'legacy-v2.yaml',
  range: range(40, 3, 52, 20),
  category: 'style',
  docs: 'apictl rules show schema-description',
  fingerprint: 'fp-schema-desc-0003',
  known: true,
};

/** info, unicode (wide emoji), docs as a URL, no rule metadata. */
export const TAG_DESC: LintFinding = {
  code: 'tag-description',
  severity: 'info',
  message: 'Tag «Bücher» 📚 needs a description.',
  path: ['tags', '0'],
  sourcePath: ['tags', '0'],
  source: 'legacy-v2.yaml',
  range: range(8, 5, 8, 30),
  category: 'style',
  docs: 'https://example.com/rules/tag-description',
  fingerprint: 'fp-tag-desc-00000004',
};

/** hint, a line break, a percent sign and a control character in the message; a file name with a space and an accent. */
export const KEBAB: LintFinding = {
  code: 'path-kebab-case',
  severity: 'hint',
  message: 'Path "/Bücher_list" is not kebab-case:\nuse /buecher-list (100%)\u0007',
  path: ['paths', '/Bücher_list'],
  sourcePath: ['paths', '/Bücher_list'],
  source: 'specs/Café API.yaml',
  range: range(3, 3, 3, 16),
  category: 'style',
  fingerprint: 'fp-kebab-0000000005',
};

const meta = (name: string, m: Partial<RuleMeta> & Pick<RuleMeta, 'description' | 'severity' | 'category'>): [string, RuleMeta] => [
  name,
  { name, tunedBy: [], file: 'rulesets/core/style.yaml', enabled: true, ...m },
];

export const RULES = new Map<string, RuleMeta>([
  meta('operation-id-required', {
    description: 'Every operation has an operationId. Code generators name methods after it.',
    severity: 'error',
    category: 'style',
    fix: 'Add an operationId in camelCase.',
  }),
  meta('info-contact', { description: 'The info object has a contact.', severity: 'warn', category: 'compliance' }),
  meta('schema-description', { description: 'Schemas have a description.', severity: 'warn', category: 'style' }),
]);

/** Findings deliberately out of reading order: every format sorts. */
export function fixtureInput(over: Partial<FormatInput> = {}): FormatInput {
  return {
    findings: [KEBAB, OP_ID, SCHEMA_DESC, CONTACT, TAG_DESC],
    files: ['api.yaml', 'legacy-v2.yaml', 'clean.yaml', 'specs/Café API.yaml'],
    rules: RULES,
    tool: { name: 'apictl', version: '0.1.0', rulesetVersion: '1.0.0', rulesetFingerprint: 'abcdef0123456789' },
    cwd: '/work/repo',
    failSeverity: 'error',
    color: false,
    ...over,
  };
}

/** `n` findings of one severity on consecutive lines of one file. */
export function many(n: number, severity: LintFinding['severity'], file = 'big.yaml'): LintFinding[] {
  return Array.from({ length: n }, (_, i) => ({
    code: `rule-${severity}`,
    severity,
    message: `Finding ${i + 1}.`,
    path: ['paths', `/p${i + 1}`],
    sourcePath: ['paths', `/p${i + 1}`],
    source: file,
    range: range(i + 1, 1, i + 1, 5),
    category: 'style' as const,
    fingerprint: `fp-${severity}-${i + 1}`,
  }));
}
