import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintSource, loadRuleset } from '../../src/lint/index.js';
import { tempTree } from '../helpers/tmp.js';

const spec = `openapi: 3.1.0
info: {title: t, version: 1.0.0}
servers: [{url: 'http://api.example.com'}]
paths:
  /a:
    get:
      responses: {'200': {description: ok}}
`;

function teamRuleset(fnBody: string): string {
  return tempTree({
    'team.yaml': `functionsDir: ./functions\nfunctions: [teamCheck]\nrules:\n  team-check:\n    description: a team rule\n    severity: warn\n    given: $.paths[*]\n    then:\n      function: teamCheck\n`,
    'functions/teamCheck.js': `export default function teamCheck() {\n${fnBody}\n}\n`,
  });
}

describe('lint engine', () => {
  it('turns a throwing rule into one internal finding naming it and keeps every other rule', async () => {
    const dir = teamRuleset("  throw new Error('boom');");
    const rs = await loadRuleset({ extends: [path.join(dir, 'team.yaml')] });
    const { findings } = await lintSource({ bytes: Buffer.from(spec), displayPath: 'api.yaml' }, rs);
    const failed = findings.filter((f) => f.code === 'rule-failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.message).toMatch(/rule 'team-check' failed and was skipped: boom/);
    expect(findings.map((f) => f.code)).toEqual(expect.arrayContaining(['servers-https-only', 'operation-id-required']));
  });

  it('applies x-apictl-ignore, as lint does: what it names is left out, and an ignore without a reason is a finding', async () => {
    const rs = await loadRuleset({});
    const ignored = `${spec}x-apictl-ignore:\n  - {rule: servers-https-only, reason: an internal test server}\n  - {rule: operation-id-required}\n`;
    const { findings } = await lintSource({ bytes: Buffer.from(ignored), displayPath: 'api.yaml' }, rs);
    const codes = findings.map((f) => f.code);
    expect(codes).not.toContain('servers-https-only');
    expect(codes).toContain('ignore-without-reason');
    const { findings: plain } = await lintSource({ bytes: Buffer.from(spec), displayPath: 'api.yaml' }, rs);
    expect(plain.map((f) => f.code)).toContain('servers-https-only');
  });

  it('stops at the time budget and says the results are incomplete', async () => {
    const dir = teamRuleset('  const end = Date.now() + 300; while (Date.now() < end) {}\n  return [];');
    const rs = await loadRuleset({ extends: [path.join(dir, 'team.yaml')] });
    const started = Date.now();
    const { findings } = await lintSource({ bytes: Buffer.from(spec), displayPath: 'api.yaml' }, rs, { lint: { timeBudgetMs: 50 } });
    expect(findings.some((f) => f.code === 'lint-time-budget')).toBe(true);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('reports a node reached through several bundled uses once, in the file that holds it', async () => {
    const dir = tempTree({
      'api.yaml': `openapi: 3.1.0\ninfo: {title: t, version: 1.0.0}\npaths:\n  /a:\n    $ref: paths/item.yaml\n  /b:\n    $ref: paths/item.yaml\n`,
      'paths/item.yaml': 'get:\n  responses:\n    "200": {description: ok}\n',
    });
    const rs = await loadRuleset({});
    const { findings } = await lintSource({ path: 'api.yaml' }, rs, { load: { cwd: dir } });
    const missing = findings.filter((f) => f.code === 'operation-id-required');
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatchObject({ source: path.join('paths', 'item.yaml'), range: { start: { line: 1 } } });
  });

  it('reports a result a rule returns twice once, and keeps other messages at the same place, as Spectral does', async () => {
    const body =
      "  return [{ message: 'dup', path: ['paths', '/a'] }, { message: 'dup', path: ['paths', '/a'] }, { message: 'other', path: ['paths', '/a'] }, { message: 'dup', path: ['paths', '/a', 'get'] }];";
    const got: string[][] = [];
    // resolved: false → results built directly by apictl; resolved: true → through Spectral's own processing
    for (const resolved of [false, true]) {
      const dir = tempTree({
        'team.yaml': `functionsDir: ./functions\nfunctions: [teamCheck]\nrules:\n  team-check:\n    description: a team rule\n    message: '{{error}}'\n    severity: warn\n    resolved: ${resolved}\n    given: $\n    then:\n      function: teamCheck\n`,
        'functions/teamCheck.js': `export default function teamCheck() {\n${body}\n}\n`,
      });
      const rs = await loadRuleset({ extends: [path.join(dir, 'team.yaml')] });
      const { findings } = await lintSource({ bytes: Buffer.from(spec), displayPath: 'api.yaml' }, rs);
      got.push(
        findings
          .filter((f) => f.code === 'team-check')
          .map((f) => `${f.path.join('/')} ${f.message}`)
          .sort(),
      );
    }
    expect(got[0]).toEqual(['paths//a dup', 'paths//a other', 'paths//a/get dup']);
    expect(got[1]).toEqual(got[0]);
  });

  it('reports duplicate operationIds once, through the style-guide rule', async () => {
    const doc = spec.replace(
      "      responses: {'200': {description: ok}}\n",
      "      operationId: x\n      responses: {'200': {description: ok}}\n  /b:\n    get:\n      operationId: x\n      responses: {'200': {description: ok}}\n",
    );
    const { findings } = await lintSource({ bytes: Buffer.from(doc), displayPath: 'api.yaml' }, await loadRuleset({}));
    expect(findings.filter((f) => /operation-id-unique|duplicate-operation-id/.test(f.code)).map((f) => f.code)).toEqual(['operation-id-unique']);
  });
});
