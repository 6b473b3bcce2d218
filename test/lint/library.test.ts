/**
 * A program embedding apictl gets the findings the CLI gives: the library's `lint` and
 * `apictl lint -f json`, with a config that uses every feature (packs, severities, rules off,
 * options, per-file overrides, a baseline) on corpus documents carrying `x-apictl-ignore`.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findConfig, lint, loadConfig, readBaseline } from '../../src/index.js';
import { apictl } from '../helpers/cli.js';
import { corpusDir, hasCorpus } from '../helpers/corpus.js';
import { tempTree } from '../helpers/tmp.js';

const CONFIG = `packs: [gdpr, psd2]
baseline: baseline.json
rules:
  operation-description: off
  rate-limit-headers: error
  path-param-casing:
    options: {casing: snake}
overrides:
  - files: ["legacy/**"]
    rules:
      info-contact: off
      operation-id-required: hint
`;

// what a team adds to its documents: a reasoned ignore, and one without a reason (itself a finding)
const IGNORES = `x-apictl-ignore:
  - rule: error-media-type-problem-json
    reason: plain JSON errors by contract
  - rule: info-license
`;

interface CliFinding {
  code: string;
  path: string[];
  message: string;
  severity: number;
  source: string;
  range: { start: { line: number; character: number } };
  known?: boolean;
}

const SEVERITY = ['error', 'warn', 'info', 'hint'];

describe.skipIf(!hasCorpus)('the library and the CLI', () => {
  it('give identical findings, with a config that uses every feature', async () => {
    const dir = tempTree({ '.apictl.yaml': CONFIG });
    const files: string[] = [];
    for (const [from, to] of [
      ['small/bump-train-travel-3.1.yaml', 'train.yaml'],
      ['small/oai-uber-2.0.yaml', 'legacy/uber.yaml'],
      ['small/redocly-museum-3.1.yaml', 'museum.yaml'],
    ] as const) {
      mkdirSync(path.dirname(path.join(dir, to)), { recursive: true });
      copyFileSync(path.join(corpusDir, from), path.join(dir, to));
      files.push(to);
    }
    // a baseline of one file's findings as they are now, then a change to that file
    expect(apictl(['lint', 'museum.yaml', '--no-record', '-q', '--write-baseline', 'baseline.json'], { cwd: dir }).code).not.toBe(2);
    for (const f of files) {
      const text = readFileSync(path.join(dir, f), 'utf8');
      writeFileSync(path.join(dir, f), text.replace(/^paths:/m, `${IGNORES}paths:`));
    }

    const cli = apictl(['lint', ...files, '-f', 'json', '--no-record', '-q'], { cwd: dir });
    expect(cli.stderr).toBe('');
    const fromCli = (JSON.parse(cli.stdout) as CliFinding[])
      .map((f) => `${f.source} ${f.range.start.line + 1}:${f.range.start.character + 1} ${SEVERITY[f.severity]} ${f.code} ${JSON.stringify(f.path)} ${f.known === true} ${f.message}`)
      .sort();

    const configFile = findConfig(dir)!;
    const config = loadConfig(configFile);
    const baseline = readBaseline(path.join(dir, 'baseline.json'));
    const fromLibrary: string[] = [];
    for (const f of files) {
      const r = await lint({ path: f }, { config, configFile, cwd: dir, allowCode: true, baseline });
      for (const x of r.findings) fromLibrary.push(`${x.source} ${x.range!.start.line}:${x.range!.start.column} ${x.severity} ${x.code} ${JSON.stringify(x.path)} ${x.known === true} ${x.message}`);
    }
    fromLibrary.sort();

    expect(fromLibrary).toEqual(fromCli);
    // every feature showed: an ignore's own problem, known findings, a pack, an override, a severity
    const codes = fromCli.join('\n');
    expect(codes).toMatch(/ ignore-without-reason /);
    expect(codes).not.toMatch(/ error-media-type-problem-json /);
    expect(codes).toMatch(/ true /);
    expect(codes).toMatch(/ gdpr-| psd2-/);
    expect(codes).toMatch(/^legacy\/uber\.yaml \S+ hint operation-id-required /m);
    expect(codes).not.toMatch(/^legacy\/uber\.yaml .* info-contact /m);
    expect(codes).toMatch(/ error rate-limit-headers /);
    expect(codes).not.toMatch(/ operation-description /);
  }, 120_000);
});
