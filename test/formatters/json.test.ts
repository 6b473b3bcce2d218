import { describe, expect, it } from 'vitest';
import { format, outputBytes, type FormatInput } from '../../src/formatters/index.js';
import { fixtureInput, many, OP_ID } from './fixture.js';

// Reading order, 0-based LSP ranges, Spectral's numeric severities, then apictl's extras.
const EXPECTED_FIXTURE = [
  {
    code: 'info-contact',
    path: ['info'],
    message: `Info needs a <contact> & "team" | 'owner'.`,
    severity: 1,
    range: { start: { line: 1, character: 0 }, end: { line: 4, character: 9 } },
    source: 'api.yaml',
    category: 'compliance',
    fingerprint: 'fp-info-contact-0002',
    known: false,
    docs: 'apictl rules show info-contact',
  },
  {
    code: 'operation-id-required',
    path: ['paths', '/users', 'get'],
    message: 'Operation must have an operationId.',
    severity: 0,
    range: { start: { line: 11, character: 4 }, end: { line: 19, character: 29 } },
    source: 'api.yaml',
    category: 'style',
    fix: 'Add an operationId in camelCase.',
    fingerprint: 'fp-op-id-0000000001',
    known: false,
    docs: 'apictl rules show operation-id-required',
  },
  {
    code: 'tag-description',
    path: ['tags', '0'],
    message: 'Tag «Bücher» 📚 needs a description.',
    severity: 2,
    range: { start: { line: 7, character: 4 }, end: { line: 7, character: 29 } },
    source: 'legacy-v2.yaml',
    category: 'style',
    fingerprint: 'fp-tag-desc-00000004',
    known: false,
    docs: 'https://example.com/rules/tag-description',
  },
  {
    code: 'schema-description',
    path: ['components', 'schemas', 'Pet'],
    message: 'Schema should have a description.',
    severity: 1,
    range: { start: { line: 39, character: 2 }, end: { line: 51, character: 19 } },
    source: 'legacy-v2.yaml',
    category: 'style',
    fingerprint: 'fp-schema-desc-0003',
    known: true,
    docs: 'apictl rules show schema-description',
    // Converted from Swagger 2.0: where the finding is in the file as written.
    origin: { path: ['definitions', 'Pet'] },
  },
  {
    code: 'path-kebab-case',
    path: ['paths', '/Bücher_list'],
    message: 'Path "/Bücher_list" is not kebab-case:\nuse /buecher-list (100%)\u0007',
    severity: 3,
    range: { start: { line: 2, character: 2 }, end: { line: 2, character: 15 } },
    source: 'specs/Café API.yaml',
    category: 'style',
    fingerprint: 'fp-kebab-0000000005',
    known: false,
  },
];

describe('json format', () => {
  it.each<[string, Partial<FormatInput>, unknown[]]>([
    ["Spectral's shape with apictl's extras, in reading order", {}, EXPECTED_FIXTURE],
    ['an empty array when there is nothing to report', { findings: [] }, []],
  ])('%s', (_name, over, expected) => {
    // Byte for byte: key order and two-space indentation are part of the contract.
    expect(format('json', fixtureInput(over)).output).toBe(JSON.stringify(expected, null, 2) + '\n');
  });

  it('builds large reports in pieces whose bytes are exactly the one-piece text', () => {
    for (const n of [1, 63, 64, 65, 200]) {
      const findings = many(n, 'warn');
      // one message outside Latin-1, in the middle
      findings[Math.floor(n / 2)] = { ...findings[Math.floor(n / 2)]!, message: 'nests 12 levels, e.g. a.b.… (max 6) «ü» 📚' };
      const r = format('json', fixtureInput({ findings, files: ['big.yaml'] }));
      const whole = JSON.stringify(JSON.parse(r.output), null, 2) + '\n';
      expect(r.output, String(n)).toBe(whole);
      expect(r.chunks!.length, String(n)).toBe(2 + Math.ceil(n / 64) * 2 - 1);
      expect(outputBytes(r).equals(Buffer.from(whole, 'utf8')), String(n)).toBe(true);
    }
    const empty = format('json', fixtureInput({ findings: [] }));
    expect(outputBytes(empty).toString('utf8')).toBe('[]\n');
  });

  it('reports a finding without a range at 0:0 instead of dropping it', () => {
    const { range: _r, ...noRange } = OP_ID;
    const out = JSON.parse(format('json', fixtureInput({ findings: [noRange] })).output) as Array<{ range: unknown }>;
    expect(out[0]!.range).toEqual({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
  });
});
