import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { format, type FormatInput } from '../../src/formatters/index.js';
import { fixtureInput, many } from './fixture.js';

/**
 * The SARIF 2.1.0 JSON Schema, from `@microsoft/jest-sarif` (Microsoft's SARIF SDK ships the
 * schema at lib/schemas/sarif-2.1.0-rtm.5.json), or a file named by SARIF_SCHEMA. When neither is
 * there the validation is skipped with a message; the structural assertions still run.
 */
function sarifSchemaPath(): string | undefined {
  if (process.env.SARIF_SCHEMA) return existsSync(process.env.SARIF_SCHEMA) ? process.env.SARIF_SCHEMA : undefined;
  try {
    return createRequire(import.meta.url).resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
  } catch {
    return undefined;
  }
}
const schemaPath = sarifSchemaPath();
if (!schemaPath) console.warn('SARIF schema validation skipped: install @microsoft/jest-sarif (dev) or set SARIF_SCHEMA to the schema file');

type Validate = (data: unknown) => { ok: boolean; errors: string };
let compiled: Promise<Validate> | undefined;
/** A validator for the schema's draft (rtm.5 is draft-04, the OASIS errata file draft-07), compiled once. */
function validator(): Promise<Validate> {
  compiled ??= compile();
  return compiled;
}

async function compile(): Promise<Validate> {
  const schema = JSON.parse(readFileSync(schemaPath!, 'utf8')) as { $schema?: string; id?: string; $id?: string };
  const draft04 = (schema.$schema ?? '').includes('draft-04');
  const { default: addFormats } = await import('ajv-formats');
  type AjvLike = { compile(s: unknown): ((d: unknown) => boolean) & { errors?: unknown } };
  const AjvClass = (draft04 ? (await import('ajv-draft-04')).default : (await import('ajv')).default) as unknown as new (o: object) => AjvLike;
  // unicodeRegExp off: the schema's `language` pattern has a stray `]`, invalid under the `u` flag.
  const ajv = new AjvClass({ allErrors: true, strict: false, unicodeRegExp: false });
  (addFormats as unknown as (a: AjvLike) => void)(ajv);
  const validate = ajv.compile(schema);
  return (data) => ({ ok: validate(data), errors: JSON.stringify(validate.errors, null, 2) });
}

const RUN_PROPERTIES = { rulesetVersion: '1.0.0', rulesetFingerprint: 'abcdef0123456789' };

const EXPECTED_FIXTURE = {
  $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
  version: '2.1.0',
  runs: [
    {
      tool: {
        driver: {
          name: 'apictl',
          version: '0.1.0',
          informationUri: 'https://www.npmjs.com/package/apictl',
          // Only rules with results, sorted by id: ruleIndex points here.
          rules: [
            {
              id: 'info-contact',
              shortDescription: { text: 'The info object has a contact.' },
              fullDescription: { text: 'The info object has a contact.' },
              help: { text: 'The info object has a contact.\nMore: apictl rules show info-contact' },
              defaultConfiguration: { level: 'warning' },
              properties: { tags: ['compliance'] },
            },
            {
              id: 'operation-id-required',
              shortDescription: { text: 'Every operation has an operationId.' },
              fullDescription: { text: 'Every operation has an operationId. Code generators name methods after it.' },
              help: { text: 'Fix: Add an operationId in camelCase.\nMore: apictl rules show operation-id-required' },
              defaultConfiguration: { level: 'error' },
              properties: { tags: ['style'] },
            },
            {
              id: 'path-kebab-case',
              shortDescription: { text: 'path-kebab-case' },
              fullDescription: { text: 'path-kebab-case' },
              help: { text: 'path-kebab-case' },
              defaultConfiguration: { level: 'note' },
              properties: { tags: ['style'] },
            },
            {
              id: 'schema-description',
              shortDescription: { text: 'Schemas have a description.' },
              fullDescription: { text: 'Schemas have a description.' },
              help: { text: 'Schemas have a description.\nMore: apictl rules show schema-description' },
              defaultConfiguration: { level: 'warning' },
              properties: { tags: ['style'] },
            },
            {
              id: 'tag-description',
              shortDescription: { text: 'tag-description' },
              fullDescription: { text: 'tag-description' },
              help: { text: 'tag-description\nMore: https://example.com/rules/tag-description' },
              helpUri: 'https://example.com/rules/tag-description',
              defaultConfiguration: { level: 'note' },
              properties: { tags: ['style'] },
            },
          ],
        },
      },
      originalUriBaseIds: { '%SRCROOT%': { uri: 'file:///work/repo/' } },
      columnKind: 'utf16CodeUnits',
      results: [
        {
          ruleId: 'info-contact',
          ruleIndex: 0,
          level: 'warning',
          message: { text: `Info needs a <contact> & "team" | 'owner'.` },
          locations: [{ physicalLocation: { artifactLocation: { uri: 'api.yaml', uriBaseId: '%SRCROOT%' }, region: { startLine: 2, startColumn: 1, endLine: 5, endColumn: 10 } } }],
          partialFingerprints: { 'apictl/v1': 'fp-info-contact-0002' },
          baselineState: 'new',
          properties: { category: 'compliance' },
        },
        {
          ruleId: 'operation-id-required',
          ruleIndex: 1,
          level: 'error',
          message: { text: 'Operation must have an operationId.' },
          locations: [{ physicalLocation: { artifactLocation: { uri: 'api.yaml', uriBaseId: '%SRCROOT%' }, region: { startLine: 12, startColumn: 5, endLine: 20, endColumn: 30 } } }],
          partialFingerprints: { 'apictl/v1': 'fp-op-id-0000000001' },
          baselineState: 'new',
          properties: { category: 'style' },
        },
        {
          ruleId: 'tag-description',
          ruleIndex: 4,
          level: 'note',
          message: { text: 'Tag «Bücher» 📚 needs a description.' },
          locations: [{ physicalLocation: { artifactLocation: { uri: 'legacy-v2.yaml', uriBaseId: '%SRCROOT%' }, region: { startLine: 8, startColumn: 5, endLine: 8, endColumn: 30 } } }],
          partialFingerprints: { 'apictl/v1': 'fp-tag-desc-00000004' },
          baselineState: 'new',
          properties: { category: 'style' },
        },
        {
          // Converted 2.0 input: located in the file as written.
          ruleId: 'schema-description',
          ruleIndex: 3,
          level: 'warning',
          message: { text: 'Schema should have a description.' },
          locations: [{ physicalLocation: { artifactLocation: { uri: 'legacy-v2.yaml', uriBaseId: '%SRCROOT%' }, region: { startLine: 40, startColumn: 3, endLine: 52, endColumn: 20 } } }],
          partialFingerprints: { 'apictl/v1': 'fp-schema-desc-0003' },
          baselineState: 'unchanged',
          properties: { category: 'style' },
        },
        {
          ruleId: 'path-kebab-case',
          ruleIndex: 2,
          level: 'note',
          message: { text: 'Path "/Bücher_list" is not kebab-case:\nuse /buecher-list (100%)\u0007' },
          // A URI reference: space and accent percent-encoded.
          locations: [{ physicalLocation: { artifactLocation: { uri: 'specs/Caf%C3%A9%20API.yaml', uriBaseId: '%SRCROOT%' }, region: { startLine: 3, startColumn: 3, endLine: 3, endColumn: 16 } } }],
          partialFingerprints: { 'apictl/v1': 'fp-kebab-0000000005' },
          baselineState: 'new',
          properties: { category: 'style' },
        },
      ],
      properties: RUN_PROPERTIES,
    },
  ],
};

const EXPECTED_EMPTY = {
  $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
  version: '2.1.0',
  runs: [
    {
      tool: { driver: { name: 'apictl', version: '0.1.0', informationUri: 'https://www.npmjs.com/package/apictl', rules: [] } },
      originalUriBaseIds: { '%SRCROOT%': { uri: 'file:///work/repo/' } },
      columnKind: 'utf16CodeUnits',
      results: [],
      properties: RUN_PROPERTIES,
    },
  ],
};

describe('sarif format', () => {
  it.each<[string, Partial<FormatInput>, unknown]>([
    ['rules with results, results with fingerprints and baseline state, paths relative to %SRCROOT%', {}, EXPECTED_FIXTURE],
    ['a valid empty run when there is nothing to report', { findings: [] }, EXPECTED_EMPTY],
  ])('%s', async (_name, over, expected) => {
    const out = format('sarif', fixtureInput(over)).output;
    expect(out).toBe(JSON.stringify(expected, null, 2) + '\n');
    if (schemaPath) {
      const { ok, errors } = (await validator())(JSON.parse(out));
      expect(ok, errors).toBe(true);
    }
  });

  it('keeps ruleIndex consistent with the rules list for many results', () => {
    const log = JSON.parse(format('sarif', fixtureInput({ findings: [...many(3, 'hint'), ...many(2, 'error', 'a.yaml'), ...many(2, 'warn')] })).output) as {
      runs: Array<{ tool: { driver: { rules: Array<{ id: string }> } }; results: Array<{ ruleId: string; ruleIndex: number }> }>;
    };
    const run = log.runs[0]!;
    expect(run.tool.driver.rules.map((r) => r.id)).toEqual(['rule-error', 'rule-hint', 'rule-warn']);
    for (const r of run.results) expect(run.tool.driver.rules[r.ruleIndex]!.id).toBe(r.ruleId);
  });

  it('uses a file URL for files outside the working folder and the URL itself for remote specs', async () => {
    const [outside] = many(1, 'warn', '/elsewhere/spec.yaml');
    const [remote] = many(1, 'warn', 'https://example.com/api.yaml');
    const out = JSON.parse(format('sarif', fixtureInput({ findings: [outside!, remote!] })).output) as {
      runs: Array<{ results: Array<{ locations: Array<{ physicalLocation: { artifactLocation: unknown } }> }> }>;
    };
    expect(out.runs[0]!.results.map((r) => r.locations[0]!.physicalLocation.artifactLocation)).toEqual([{ uri: 'file:///elsewhere/spec.yaml' }, { uri: 'https://example.com/api.yaml' }]);
    if (schemaPath) expect((await validator())(out).ok).toBe(true);
  });

  it.skipIf(!schemaPath)('the schema check rejects what GitHub would reject (a misspelt level, a column 0)', async () => {
    const log = JSON.parse(format('sarif', fixtureInput()).output) as { runs: Array<{ results: Array<Record<string, any>> }> };
    const validate = await validator();
    const bad1 = structuredClone(log);
    bad1.runs[0]!.results[0]!.level = 'warn';
    expect(validate(bad1).ok).toBe(false);
    const bad2 = structuredClone(log);
    bad2.runs[0]!.results[0]!.locations[0].physicalLocation.region.startColumn = 0;
    expect(validate(bad2).ok).toBe(false);
  });
});
