import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apictl } from '../helpers/cli.js';
import { repoRoot } from '../helpers/corpus.js';
import { tempTree } from '../helpers/tmp.js';

// One defect of each severity class we rely on: an operation without operationId (error) and an http server (error).
const spec = `openapi: 3.1.0
info:
  title: Lint fixture
  version: 1.0.0
servers:
  - url: http://api.example.com
paths:
  /things:
    get:
      summary: List things
      responses:
        '200':
          description: ok
`;

const swagger2 = `swagger: '2.0'
info: {title: Lint fixture 2, version: 1.0.0}
host: api.example.com
schemes: [http]
paths:
  /things:
    get:
      summary: List things
      responses:
        '200': {description: ok}
`;

function lintJson(args: string[], cwd: string) {
  const r = apictl(['lint', ...args, '-f', 'json', '--no-record', '-q'], { cwd });
  return { ...r, findings: r.stdout ? (JSON.parse(r.stdout) as Array<{ code: string; severity: number; range: { start: { line: number } }; source: string; known?: boolean }>) : [] };
}

describe('apictl lint', () => {
  it('exits 1 on errors, reports them at their lines in Spectral JSON, 0 with --fail-severity above them off', () => {
    const dir = tempTree({ 'api.yaml': spec });
    const r = lintJson(['api.yaml'], dir);
    expect(r.code).toBe(1);
    const byCode = new Map(r.findings.map((f) => [f.code, f]));
    expect(byCode.get('operation-id-required')).toMatchObject({ severity: 0, source: 'api.yaml', range: { start: { line: 8 } } });
    expect(byCode.get('servers-https-only')).toMatchObject({ severity: 0, range: { start: { line: 5 } } });
    // The same document with the two errors fixed exits 0 under the default threshold.
    const fixed = spec.replace('http://', 'https://').replace('      summary: List things', '      operationId: listThings\n      summary: List things');
    writeFileSync(path.join(dir, 'fixed.yaml'), fixed);
    const ok = lintJson(['fixed.yaml'], dir);
    expect(ok.findings.filter((f) => f.severity === 0)).toEqual([]);
    expect(ok.code).toBe(0);
    expect(lintJson(['fixed.yaml', '--fail-severity', 'warn'], dir).code).toBe(ok.findings.some((f) => f.severity <= 1) ? 1 : 0);
  });

  it('counts loading and conversion against --time-budget: spent before the rules run, it is one line and exit 2', () => {
    const dir = tempTree({ 'api.yaml': spec });
    const r = apictl(['lint', 'api.yaml', '--no-record', '--time-budget', '0.0001'], { cwd: dir });
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: 'api.yaml: the time budget of 0.0001 s ran out before the rules could run (raise it with --time-budget)\n' });
  });

  it('reports Swagger 2.0 findings at the lines of the 2.0 file', () => {
    const dir = tempTree({ 'v2.yaml': swagger2 });
    const r = lintJson(['v2.yaml'], dir);
    const https = r.findings.find((f) => f.code === 'servers-https-only');
    // `schemes: [http]` became an http:// server: reported where the 2.0 file says it.
    expect(https?.range.start.line).toBeGreaterThanOrEqual(2);
    expect(https?.range.start.line).toBeLessThanOrEqual(3);
    const opId = r.findings.find((f) => f.code === 'operation-id-required');
    expect(opId?.range.start.line).toBe(6);
  });

  it('writes several formats with -o.<format>=FILE and validates SARIF basics', () => {
    const dir = tempTree({ 'api.yaml': spec });
    // into folders that do not exist yet: they are created
    const r = apictl(['lint', 'api.yaml', '-f', 'stylish', '-f', 'sarif', '-f', 'junit', '-o.sarif=reports/new/out.sarif', '-o.junit=out.xml', '--no-record'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/api\.yaml/);
    expect(r.stdout).toMatch(/operation-id-required/);
    const sarif = JSON.parse(readFileSync(path.join(dir, 'reports/new/out.sarif'), 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    const result = sarif.runs[0].results.find((x: { ruleId: string }) => x.ruleId === 'operation-id-required');
    expect(result.locations[0].physicalLocation).toMatchObject({ artifactLocation: { uri: 'api.yaml' }, region: { startLine: 9 } });
    expect(result.partialFingerprints).toBeDefined();
    expect(readFileSync(path.join(dir, 'out.xml'), 'utf8')).toMatch(/^<\?xml/);
  });

  it('passes with a baseline of the current findings and fails again on a new one', () => {
    const dir = tempTree({ 'api.yaml': spec });
    expect(apictl(['lint', 'api.yaml', '--write-baseline', 'baseline.json', '--no-record', '-q'], { cwd: dir }).code).toBe(1);
    expect(existsSync(path.join(dir, 'baseline.json'))).toBe(true);
    const known = lintJson(['api.yaml', '--baseline', 'baseline.json'], dir);
    expect(known.code).toBe(0);
    expect(known.findings.every((f) => f.known)).toBe(true);
    // Lines move and a new error appears: only the new one fails.
    writeFileSync(path.join(dir, 'api.yaml'), spec.replace('paths:\n', 'paths:\n  /other:\n    get:\n      responses: {"200": {description: ok}}\n'));
    const again = lintJson(['api.yaml', '--baseline', 'baseline.json'], dir);
    expect(again.code).toBe(1);
    const fresh = again.findings.filter((f) => !f.known && f.severity === 0);
    expect(fresh.map((f) => f.code)).toEqual(['operation-id-required']);
  });

  it('applies a config file found upward: severities, rules off, packs', () => {
    const dir = tempTree({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.apictl.yaml': 'rules:\n  operation-id-required: warn\n  servers-https-only: off\n',
      'specs/api.yaml': spec,
    });
    const r = lintJson(['api.yaml'], path.join(dir, 'specs'));
    expect(r.findings.find((f) => f.code === 'operation-id-required')?.severity).toBe(1);
    expect(r.findings.find((f) => f.code === 'servers-https-only')).toBeUndefined();
    expect(r.code).toBe(0);
    writeFileSync(path.join(dir, '.apictl.yaml'), 'rules:\n  operation-id-requird: warn\n');
    const bad = apictl(['lint', 'api.yaml', '--no-record'], { cwd: path.join(dir, 'specs') });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/\.apictl\.yaml:2:3: unknown rule 'operation-id-requird'.*operation-id-required/);
    // nothing was linted: no "No problems found" on the terminal
    expect(bad.stdout).toBe('');
    writeFileSync(path.join(dir, '.apictl.yaml'), 'rules:\n  servers-https-only:\n    options:\n      bogus: 1\n');
    const badOptions = apictl(['lint', 'api.yaml', '--no-record'], { cwd: path.join(dir, 'specs') });
    expect(badOptions.code).toBe(2);
    expect(badOptions.stderr).toMatch(/invalid ruleset/);
    expect(badOptions.stdout).toBe('');
  });

  it('honours x-apictl-ignore with a reason and flags one without', () => {
    const ignored = spec.replace('    get:\n', '    get:\n      x-apictl-ignore:\n        operation-id-required: generated client names it\n');
    const dir = tempTree({ 'api.yaml': ignored, 'noreason.yaml': spec.replace('    get:\n', '    get:\n      x-apictl-ignore:\n        operation-id-required: ""\n') });
    expect(lintJson(['api.yaml'], dir).findings.map((f) => f.code)).not.toContain('operation-id-required');
    const codes = lintJson(['noreason.yaml'], dir).findings.map((f) => f.code);
    expect(codes).toContain('operation-id-required');
    expect(codes).toContain('ignore-without-reason');
  });

  it('x-apictl-ignore on operations counts for a convention finding, and an unknown rule id in it is a finding', () => {
    const ops = (ignoreOn: number[], typo = false) => {
      const lines = ['openapi: 3.1.0', 'info: {title: T, version: 1.0.0}', 'paths:'];
      for (let i = 0; i < 3; i++) {
        lines.push(`  /r${i}:`, '    get:', `      operationId: get${i}`);
        if (ignoreOn.includes(i)) lines.push('      x-apictl-ignore:', `        ${typo ? 'operation-tag' : 'operation-tags'}: internal probe, not in the catalogue`);
        lines.push("      responses: {'200': {description: ok}}");
      }
      return lines.join('\n') + '\n';
    };
    const dir = tempTree({ 'none.yaml': ops([]), 'one.yaml': ops([1]), 'all.yaml': ops([0, 1, 2]), 'typo.yaml': ops([1], true) });
    const tags = (file: string) =>
      lintJson([file], dir)
        .findings.filter((f) => f.code === 'operation-tags' || f.code === 'ignore-unknown-rule')
        .map((f) => `${f.code}: ${f.message}`);
    expect(tags('none.yaml')).toEqual(['operation-tags: No operation has tags (3 operations).']);
    expect(tags('one.yaml')).toEqual(['operation-tags: No operation has tags (2 operations).']);
    expect(tags('all.yaml')).toEqual([]);
    expect(tags('typo.yaml').sort()).toEqual([
      "ignore-unknown-rule: x-apictl-ignore names 'operation-tag', which is no rule of this run (did you mean 'operation-tags'?): it ignores nothing",
      'operation-tags: No operation has tags (3 operations).',
    ]);
  });

  it('reports what a 2.0 document gets wrong and the conversion repaired, at the 2.0 lines', () => {
    const quirks = `swagger: '2.0'
info:
  title: Quirks
  version: '1'
host: api.example.org
schemes: [https]
paths:
  /pets:
    get:
      operationId: listPets
      produces: [application/json]
      responses:
        200:
          description: ok
          schema:
            $ref: '#/definitions/Pet'
            description: the pet
definitions:
  Pet:
    type: object
    description: "a long
    flow scalar"
`;
    const dir = tempTree({ 'swagger.yaml': quirks });
    const found = lintJson(['swagger.yaml'], dir)
      .findings.filter((f) => ['response-code-quoted', 'no-ref-siblings', 'yaml-flow-scalar-indentation'].includes(f.code))
      .map((f) => [f.code, f.range.start.line + 1, (f as unknown as { message: string }).message]);
    // inside a flow mapping the continuation follows the enclosing block: valid YAML, nothing to say
    const flow = tempTree({ 'api.yaml': 'openapi: 3.1.0\ninfo: {title: T, version: 1.0.0, description: "a long\n    text"}\npaths: {}\n' });
    expect(lintJson(['api.yaml'], flow).findings.map((f) => f.code)).not.toContain('yaml-flow-scalar-indentation');
    expect(found).toEqual([
      ['response-code-quoted', 13, "response code 200 is written as a YAML number: quote it ('200'), as the specification requires, so every JSON and YAML reader sees the same key"],
      ['no-ref-siblings', 15, "'description' is ignored next to $ref in Swagger 2.0 (the conversion to 3.x kept it by wrapping the reference in allOf)."],
      [
        'yaml-flow-scalar-indentation',
        21,
        "the quoted value of 'description' continues on a line indented no more than its key: YAML requires continuation lines to be indented further, and most parsers refuse this file",
      ],
    ]);
  });

  it('lints several files and globs in one run with a progress line per file', () => {
    const dir = tempTree({ 'a/one.yaml': spec, 'a/b/two.yaml': swagger2, 'a/readme.md': '#' });
    const r = apictl(['lint', 'a/**/*.yaml', '--no-record', '-f', 'json'], { cwd: dir });
    const sources = new Set((JSON.parse(r.stdout) as Array<{ source: string }>).map((f) => f.source));
    expect([...sources].sort()).toEqual(['a/b/two.yaml', 'a/one.yaml']);
    expect(r.stderr).toMatch(/\[1\/2\] a\/b\/two\.yaml\n\[2\/2\] a\/one\.yaml/);
  });

  it('keeps going after a bad file and exits 2', () => {
    const dir = tempTree({ 'good.yaml': spec, 'bad.yaml': 'openapi: 3.1.0\ninfo: {title: t\n' });
    const r = apictl(['lint', 'bad.yaml', 'good.yaml', '--no-record', '-f', 'json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^bad\.yaml:\d+:\d+: invalid YAML/m);
    expect((JSON.parse(r.stdout) as unknown[]).length).toBeGreaterThan(0);
  });

  it('records the score of each run and lints a registered spec by name', () => {
    const dir = tempTree({ 'api.yaml': spec });
    const db = path.join(dir, 'reg.db');
    expect(apictl(['import', 'api.yaml', '--db', db, '--allow-invalid'], { cwd: dir }).code).toBe(0);
    const r = apictl(['lint', 'lint-fixture', '--db', db, '-q', '-f', 'json'], { cwd: dir });
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as Array<{ source: string }>)[0]!.source).toMatch(/^lint-fixture@v1\/api\.yaml$/);
    const score = apictl(['score', 'lint-fixture', '--db', db, '--json'], { cwd: dir });
    expect(score.code).toBe(0);
    expect(JSON.parse(score.stdout)).toBeTypeOf('object');
  });

  it('says so and exits 2 when the registry cannot be used, and leaves that file as it was; --no-record lints anyway', () => {
    const dir = tempTree({ 'api.yaml': spec, 'other.db': "not a database, some other program's file\n" });
    const db = path.join(dir, 'other.db');
    const r = apictl(['lint', 'api.yaml', '--db', db, '-f', 'json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`score not recorded: ${db}: not an apictl registry: the file is not a SQLite database (lint with --no-record to leave the registry out)\n`);
    expect((JSON.parse(r.stdout) as unknown[]).length).toBeGreaterThan(0);
    expect(readFileSync(db, 'utf8')).toBe("not a database, some other program's file\n");
    expect(apictl(['lint', 'api.yaml', '--db', db, '--no-record', '-f', 'json'], { cwd: dir }).code).toBe(1);
  });

  it('runs the JavaScript a config names unless --no-config-code (or APICTL_NO_CONFIG_CODE=1) refuses it, in one line', () => {
    const dir = tempTree({
      'api.yaml': spec,
      '.apictl.yaml': 'extends: ./team.spectral.yaml\n',
      'team.spectral.yaml': 'functions: [mark]\nrules:\n  team-mark:\n    given: $.info\n    severity: warn\n    message: marked\n    then: { function: mark }\n',
      // what a hostile repository's ruleset could do: here it leaves a file behind
      'functions/mark.js':
        "import { writeFileSync } from 'node:fs';\nexport default function mark() { writeFileSync(new URL('../ran.txt', import.meta.url), 'ran'); return [{ message: 'marked' }]; }\n",
    });
    const refused = apictl(['lint', 'api.yaml', '--no-record', '--no-config-code'], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `${path.join(realpathSync(dir), 'team.spectral.yaml')}: rule 'team-mark' runs JavaScript (${path.join(realpathSync(dir), 'functions', 'mark.js')}), and code from configs and rulesets is off (--no-config-code or APICTL_NO_CONFIG_CODE=1)\n`,
    );
    expect(apictl(['lint', 'api.yaml', '--no-record'], { cwd: dir, env: { APICTL_NO_CONFIG_CODE: '1' } }).code).toBe(2);
    expect(existsSync(path.join(dir, 'ran.txt'))).toBe(false);
    const ran = apictl(['lint', 'api.yaml', '--no-record', '-f', 'json'], { cwd: dir });
    expect((JSON.parse(ran.stdout) as Array<{ code: string }>).filter((f) => f.code === 'team-mark')).toHaveLength(1);
    expect(existsSync(path.join(dir, 'ran.txt'))).toBe(true);
  });

  it('lists the checks of validation as rules, documents them, and lets a config tune or turn them off', () => {
    const list = JSON.parse(apictl(['rules', '--category', 'validation', '--json']).stdout).rules as Array<{ name: string; severity: string }>;
    expect(list.map((r) => r.name)).toEqual(expect.arrayContaining(['oas3-schema', 'unresolved-ref', 'path-param-undeclared', 'oas3-request-body-method']));
    expect(list.find((r) => r.name === 'oas3-request-body-method')!.severity).toBe('warn');
    expect(apictl(['rules', 'show', 'unresolved-ref']).stdout).toMatch(/^unresolved-ref {2}validation · error\n[\s\S]*Why[\s\S]*Fails[\s\S]*Passes/);
    const doc = `openapi: 3.1.0
info: {title: T, version: 1.0.0}
paths:
  /pets:
    get:
      requestBody: {content: {application/json: {schema: {type: object}}}}
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Gone'}}}}
`;
    const codesOf = (dir: string) =>
      (JSON.parse(apictl(['lint', 'api.yaml', '--no-record', '-f', 'json'], { cwd: dir }).stdout) as Array<{ code: string; severity: number }>)
        .filter((f) => f.code === 'unresolved-ref' || f.code === 'oas3-request-body-method')
        .map((f) => `${f.code}:${f.severity}`);
    expect(codesOf(tempTree({ 'api.yaml': doc }))).toEqual(['oas3-request-body-method:1', 'unresolved-ref:0']);
    const tuned = tempTree({ 'api.yaml': doc, '.apictl.yaml': 'rules:\n  oas3-request-body-method: off\n  unresolved-ref: warn\n' });
    expect(codesOf(tuned)).toEqual(['unresolved-ref:1']);
  });

  it('lists rules and shows one with its examples', () => {
    const list = apictl(['rules', '--json']);
    const rules = JSON.parse(list.stdout).rules as Array<{ name: string; category: string; enabled: boolean; pack?: string }>;
    const on = rules.filter((r) => r.enabled && !r.pack);
    expect(on.length).toBeGreaterThanOrEqual(150);
    for (const c of ['style', 'security', 'performance', 'compliance'])
      expect(
        on.some((r) => r.category === c),
        c,
      ).toBe(true);
    const show = apictl(['rules', 'show', 'operation-id-unique']);
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(/Why[\s\S]*How to fix[\s\S]*Fails[\s\S]*Passes/);
    expect(apictl(['rules', 'show', 'no-such-rule']).code).toBe(2);
  });

  it("loads its own rulesets through Spectral's own ruleset loader", async () => {
    const { bundleAndLoadRuleset } = await import('@stoplight/spectral-ruleset-bundler/with-loader');
    const fs = await import('node:fs');
    const { fetch } = await import('@stoplight/spectral-runtime');
    const rs = await bundleAndLoadRuleset(path.join(repoRoot, 'rulesets', 'packs', 'psd2.yaml'), { fs, fetch });
    expect(Object.keys(rs.rules)).toContain('operation-id-unique');
    expect(Object.keys(rs.rules).some((r) => r.startsWith('psd2-'))).toBe(true);
  }, 120_000);
});
