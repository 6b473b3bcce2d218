import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { checkRuleIds, configPosition, findConfig, loadConfig, matchGlob, rulesFor } from '../../src/lint/config.js';
import { loadRuleset } from '../../src/lint/ruleset.js';
import { tempTree } from '../helpers/tmp.js';

function inputError(fn: () => unknown): { message: string; line: number; column: number } {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { message: e.message, line: e.position?.line ?? -1, column: e.position?.column ?? -1 };
  }
  throw new Error('expected an InputError');
}

describe('findConfig', () => {
  it('finds the config in the current folder or the nearest parent', () => {
    const root = tempTree({ '.git/HEAD': '', '.apictl.yaml': 'packs: []\n', 'services/orders/api/x.txt': '' });
    expect(findConfig(path.join(root, 'services/orders/api'))).toBe(path.join(root, '.apictl.yaml'));
    expect(findConfig(root)).toBe(path.join(root, '.apictl.yaml'));
  });

  it('prefers the closest folder (a service config beats the monorepo one)', () => {
    const root = tempTree({ '.git/HEAD': '', '.apictl.yaml': '', 'services/orders/apictl.config.json': '{}', 'services/orders/api/x.txt': '' });
    expect(findConfig(path.join(root, 'services/orders/api'))).toBe(path.join(root, 'services/orders/apictl.config.json'));
  });

  it.each(['.apictl.yaml', '.apictl.yml', 'apictl.config.yaml', 'apictl.config.yml', 'apictl.config.json'])('knows the name %s', (name) => {
    const root = tempTree({ '.git/HEAD': '', [name]: '' });
    expect(findConfig(root)).toBe(path.join(root, name));
  });

  it('stops at the repository root (which it still searches), also when .git is a file (worktree, submodule)', () => {
    const outer = tempTree({ '.apictl.yaml': '', 'repo/.git/HEAD': '', 'repo/sub/x.txt': '', 'wt/.git': 'gitdir: ../repo/.git/worktrees/wt\n', 'wt/a/x.txt': '' });
    expect(findConfig(path.join(outer, 'repo/sub'))).toBeUndefined();
    expect(findConfig(path.join(outer, 'wt/a'))).toBeUndefined();
  });

  it('refuses to guess between two configs in one folder', () => {
    const root = tempTree({ '.git/HEAD': '', '.apictl.yaml': '', 'apictl.config.json': '{}' });
    expect(inputError(() => findConfig(root)).message).toBe('more than one config file: .apictl.yaml, apictl.config.json (keep one)');
  });

  it('ignores a folder that happens to carry a config name', () => {
    const root = tempTree({ '.git/HEAD': '' });
    mkdirSync(path.join(root, '.apictl.yaml'));
    expect(findConfig(root)).toBeUndefined();
  });
});

describe('loadConfig', () => {
  it('reads every key; paths are resolved against the config file', () => {
    const root = tempTree({
      '.spectral.yaml': 'rules: {}\n',
      '.apictl.yaml': [
        '$schema: ./schema.json',
        'extends: [spectral:oas, ./.spectral.yaml]',
        'packs: [psd2]',
        'rules:',
        '  operation-id-required: warn',
        '  info-contact: off',
        '  servers-https-only: false',
        '  path-param-casing: { severity: error, options: { casing: camel } }',
        'overrides:',
        '  - files: "legacy/**"',
        '    rules: { operation-id-required: off }',
        'failSeverity: warn',
        'baseline: ci/baseline.json',
        'formats: sarif',
        '',
      ].join('\n'),
    });
    const file = path.join(root, '.apictl.yaml');
    expect(loadConfig(file)).toEqual({
      extends: ['spectral:oas', path.join(root, '.spectral.yaml')],
      packs: ['psd2'],
      rules: {
        'operation-id-required': 'warn',
        'info-contact': 'off',
        'servers-https-only': false,
        'path-param-casing': { severity: 'error', options: { casing: 'camel' } },
      },
      overrides: [{ files: ['legacy/**'], rules: { 'operation-id-required': 'off' } }],
      failSeverity: 'warn',
      baseline: path.join(root, 'ci/baseline.json'),
      formats: ['sarif'],
      configFile: file,
      baseDir: root,
    });
  });

  it('reads JSON configs and takes an empty file as an empty config', () => {
    const root = tempTree({ 'apictl.config.json': '{"packs": ["gdpr"], "failSeverity": "info"}', 'empty/.apictl.yaml': '# nothing yet\n' });
    expect(loadConfig(path.join(root, 'apictl.config.json'))).toMatchObject({ packs: ['gdpr'], failSeverity: 'info' });
    expect(loadConfig(path.join(root, 'empty/.apictl.yaml'))).toEqual({ configFile: path.join(root, 'empty/.apictl.yaml'), baseDir: path.join(root, 'empty') });
  });

  it.each<[string, string, string, number, number]>([
    ['an unknown top-level key, with a suggestion', 'packs: []\nformtas: [json]\n', "unknown key 'formtas' in config (did you mean 'formats'?)", 2, 1],
    ['an unknown key without a near miss', 'colour: true\n', "unknown key 'colour' in config", 1, 1],
    ['an unknown key in a rule setting', 'rules:\n  info-contact:\n    severty: warn\n', "unknown key 'severty' in config at rules.info-contact (did you mean 'severity'?)", 3, 5],
    ['an unknown key in an override', 'overrides:\n  - files: [a.yaml]\n    rule: {}\n', "unknown key 'rule' in config at overrides[0] (did you mean 'rules'?)", 3, 5],
    [
      'a rule severity that does not exist',
      'rules:\n  info-contact: warning\n',
      'rule \'info-contact\': expected error, warn, info, hint, off, true, false or { severity, options }, not "warning"',
      2,
      17,
    ],
    ['a numeric (Spectral-style) severity', 'rules:\n  info-contact: 1\n', "rule 'info-contact': expected error, warn, info, hint, off, true, false or { severity, options }, not 1", 2, 17],
    ['options that are not a mapping', 'rules:\n  x: { options: [1] }\n', "rule 'x': options must be a mapping", 2, 17],
    ['rules as a list', 'rules: [a, b]\n', 'rules must be a mapping', 1, 8],
    ['packs as a string', 'packs: psd2\n', 'packs must be a list', 1, 8],
    ['an unknown pack', 'packs: [psd3]\n', "unknown pack 'psd3' (packs: psd2, fhir, r155, gdpr) (did you mean 'psd2'?)", 1, 9],
    ['a wrong fail severity', 'failSeverity: warning\n', "failSeverity must be error, warn, info or hint, not 'warning'", 1, 15],
    ['an unknown format', 'formats: [json, sarif2]\n', "unknown format 'sarif2' (formats: stylish, json, sarif, junit, github-actions, markdown) (did you mean 'sarif'?)", 1, 17],
    ['a ruleset URL', 'extends: https://example.com/ruleset.yaml\n', "refusing to extend 'https://example.com/ruleset.yaml': rulesets are read from local files only", 1, 10],
    ['a baseline that is not a string', 'baseline: 3\n', 'baseline must be a non-empty string', 1, 11],
    ['an override without files', 'overrides:\n  - rules: {}\n', "overrides[0] needs 'files' (globs relative to the config file's folder)", 2, 5],
    [
      'a per-pointer override',
      'overrides:\n  - files: ["api.yaml#/paths"]\n    rules: {}\n',
      "overrides[0].files: per-pointer overrides ('api.yaml#/paths') are not supported; use x-apictl-ignore in the document",
      2,
      13,
    ],
    ['a duplicate key', 'packs: []\npacks: [gdpr]\n', 'invalid config: Map keys must be unique', 2, 1],
    ['broken YAML', 'rules:\n  a: [warn\n', 'invalid config: Flow sequence in block collection must be sufficiently indented and end with a ]', 3, 1],
    ['a config that is a list', '- a\n', 'the config must be a mapping', 1, 1],
  ])('refuses %s at its line and column', (_name, text, message, line, column) => {
    const root = tempTree({ '.apictl.yaml': text });
    expect(inputError(() => loadConfig(path.join(root, '.apictl.yaml')))).toEqual({ message, line, column });
  });

  it('reports positions in JSON configs too', () => {
    const root = tempTree({ 'apictl.config.json': '{\n  "packs": [],\n  "failSeverty": "warn"\n}\n' });
    expect(inputError(() => loadConfig(path.join(root, 'apictl.config.json')))).toEqual({
      message: "unknown key 'failSeverty' in config (did you mean 'failSeverity'?)",
      line: 3,
      column: 3,
    });
  });

  it('refuses an extended ruleset that does not exist, at the line naming it', () => {
    const root = tempTree({ '.apictl.yaml': 'extends:\n  - spectral:oas\n  - ./missing.yaml\n' });
    const e = inputError(() => loadConfig(path.join(root, '.apictl.yaml')));
    expect(e).toMatchObject({ line: 3, column: 5 });
    expect(e.message).toMatch(/^ruleset '\.\/missing\.yaml' not found/);
  });

  it('prints as file:line:col', () => {
    const root = tempTree({ '.apictl.yaml': 'nope: 1\n' });
    try {
      loadConfig(path.join(root, '.apictl.yaml'));
    } catch (e) {
      expect((e as InputError).format()).toBe(`${path.join(root, '.apictl.yaml')}:1:1: unknown key 'nope' in config`);
    }
    expect.assertions(1);
  });

  it('keeps a rule id named __proto__ as data, not as a prototype', () => {
    const root = tempTree({ '.apictl.yaml': 'rules:\n  __proto__: off\n' });
    const c = loadConfig(path.join(root, '.apictl.yaml'));
    expect(Object.keys(c.rules!)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(c.rules)).toBe(Object.prototype);
  });
});

describe('checkRuleIds', () => {
  it('points at the line of an unknown rule id, in rules or in an override', () => {
    const root = tempTree({ '.apictl.yaml': 'rules:\n  info-contact: off\noverrides:\n  - files: [a.yaml]\n    rules:\n      operation-id-requird: off\n' });
    const config = loadConfig(path.join(root, '.apictl.yaml'));
    expect(configPosition(config, ['rules', 'info-contact'])).toMatchObject({ line: 2, column: 3 });
    expect(inputError(() => checkRuleIds(config, ['info-contact', 'operation-id-required']))).toEqual({
      message: "unknown rule 'operation-id-requird' (did you mean 'operation-id-required'?) (see: apictl rules)",
      line: 6,
      column: 7,
    });
    expect(() => checkRuleIds(config, ['info-contact', 'operation-id-requird'])).not.toThrow();
  });
});

describe('rulesFor', () => {
  const root = '/repo';
  const config = {
    configFile: '/repo/.apictl.yaml',
    baseDir: '/repo',
    rules: { 'info-contact': 'warn', 'path-param-casing': { severity: 'error', options: { casing: 'camel', acronyms: ['ID'] } } },
    overrides: [
      { files: ['legacy/**/*.yaml'], rules: { 'info-contact': 'off', 'path-param-casing': { options: { casing: 'snake' } } } },
      { files: ['legacy/v1/{orders,users}.yaml'], rules: { 'info-contact': true, 'operation-id-required': 'hint' } },
      { files: ['*.json'], rules: { 'path-param-casing': false } },
    ],
  } as const satisfies Parameters<typeof rulesFor>[0];

  it.each<[string, string, unknown]>([
    ['a spec no override matches gets the base rules', 'specs/api.yaml', config.rules],
    [
      'a matching override replaces severities and merges options key by key',
      'legacy/v2/api.yaml',
      { 'info-contact': 'off', 'path-param-casing': { severity: 'error', options: { casing: 'snake', acronyms: ['ID'] } } },
    ],
    [
      'later overrides win',
      'legacy/v1/orders.yaml',
      { 'info-contact': true, 'path-param-casing': { severity: 'error', options: { casing: 'snake', acronyms: ['ID'] } }, 'operation-id-required': 'hint' },
    ],
    ['false with options turns the rule off and keeps the options', 'api.json', { 'info-contact': 'warn', 'path-param-casing': { severity: 'off', options: { casing: 'camel', acronyms: ['ID'] } } }],
    [
      'paths are relative to the config folder, not the current one',
      path.join(root, 'legacy/a/b.yaml'),
      { 'info-contact': 'off', 'path-param-casing': { severity: 'error', options: { casing: 'snake', acronyms: ['ID'] } } },
    ],
    ['a file outside the config folder matches no override', '/elsewhere/legacy/x.yaml', config.rules],
  ])('%s', (_name, spec, expected) => {
    expect(rulesFor(config, path.isAbsolute(spec) ? spec : path.join(root, spec))).toEqual(expected);
  });

  it("feeds loadRuleset: severities, 'off' and options take effect", async () => {
    const dir = tempTree({
      '.apictl.yaml': [
        'extends: ./team.spectral.yaml',
        'rules:',
        '  operation-id-required: warn',
        'overrides:',
        '  - files: ["legacy/**"]',
        '    rules: { operation-id-required: off, path-param-casing: { options: { casing: snake } } }',
        '',
      ].join('\n'),
      'team.spectral.yaml': 'rules:\n  team-title:\n    given: $.info\n    severity: warn\n    then: { field: title, function: truthy }\n',
    });
    const config = loadConfig(path.join(dir, '.apictl.yaml'));
    const current = await loadRuleset({ ...config, rules: rulesFor(config, path.join(dir, 'specs/api.yaml')) });
    expect(current.meta.get('operation-id-required')).toMatchObject({ severity: 'warn', enabled: true });
    expect(current.meta.get('team-title')).toMatchObject({ severity: 'warn', enabled: true });
    const legacy = await loadRuleset({ ...config, rules: rulesFor(config, path.join(dir, 'legacy/old.yaml')) });
    // off: not among the rules the runner runs, and off in the meta
    expect(legacy.own.map((r) => r.name)).not.toContain('operation-id-required');
    expect(current.own.map((r) => r.name)).toContain('operation-id-required');
    expect(legacy.meta.get('operation-id-required')?.enabled).toBe(false);
    expect(legacy.meta.get('team-title')?.enabled).toBe(true);
    expect(legacy.fingerprint).not.toBe(current.fingerprint);
    // Options alone change the ruleset too (the fingerprint hashes function options).
    const optionsOnly = await loadRuleset({ ...config, rules: { 'path-param-casing': { options: { casing: 'snake' } } } });
    const defaults = await loadRuleset({ ...config, rules: {} });
    expect(optionsOnly.fingerprint).not.toBe(defaults.fingerprint);
  });
});

describe('matchGlob', () => {
  it.each<[string, string, boolean]>([
    ['*.yaml', 'api.yaml', true],
    ['*.yaml', 'specs/api.yaml', false], // a pattern matches the whole path
    ['**/*.yaml', 'api.yaml', true], // ** is zero or more folders
    ['**/*.yaml', 'a/b/c/api.yaml', true],
    ['specs/**', 'specs/a/b.json', true],
    ['specs/**', 'specsx/a.json', false],
    ['specs/**/v?.yaml', 'specs/x/v1.yaml', true],
    ['specs/**/v?.yaml', 'specs/x/v10.yaml', false],
    ['v?/a.yaml', 'v/a.yaml', false],
    ['*.{yaml,yml}', 'a.yml', true],
    ['*.{yaml,yml}', 'a.json', false],
    ['{a,b/{c,d}}/x.yaml', 'b/d/x.yaml', true], // nested alternatives
    ['{a,b/{c,d}}/x.yaml', 'b/e/x.yaml', false],
    ['a*b.yaml', 'a/b.yaml', false], // * stays within a folder
    ['./specs/*.yaml', 'specs/a.yaml', true],
    ['api.(v1)+.yaml', 'api.(v1)+.yaml', true], // regex characters are literal
    ['api.(v1)+.yaml', 'api.v1v1.yaml', false],
    ['[ab].yaml', '[ab].yaml', true],
    ['{unclosed.yaml', '{unclosed.yaml', true],
  ])('%s ~ %s → %s', (glob, p, expected) => {
    expect(matchGlob(glob, p)).toBe(expected);
  });
});

describe('options of apictl’s own rules', () => {
  it('leaves apictl’s own rules to apictl, and still rejects bad options in Spectral’s words', async () => {
    const own = await loadRuleset({ packs: ['psd2'], rules: { 'operation-id-required': 'hint', 'info-contact': false } });
    expect(own.spectral).toBeUndefined();
    expect(own.meta.get('operation-id-required')?.severity).toBe('hint');
    expect(own.own.find((r) => r.name === 'operation-id-required')?.severity).toBe(3);
    expect(own.own.some((r) => r.name === 'info-contact')).toBe(false);
    const withOptions = await loadRuleset({ rules: { 'path-param-casing': { options: { casing: 'snake' } } } });
    expect(withOptions.own.find((r) => r.name === 'path-param-casing')?.then[0]?.options).toMatchObject({ casing: 'snake' });
    // options are where a team can get it wrong: Spectral's validator still words the error
    await expect(loadRuleset({ rules: { 'path-param-casing': { options: { casing: 'shouting' } } } })).rejects.toThrow(/invalid ruleset:.*casing/);
    await expect(loadRuleset({ rules: { 'path-param-casing': { options: { casing: 42 } } } })).rejects.toThrow(/invalid ruleset/);
  });
});
