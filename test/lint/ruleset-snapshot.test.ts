/**
 * The build parses apictl's own ruleset files into dist/lint/rulesets.snapshot.json
 * (scripts/snapshot-rulesets.mjs); dist's loader uses an entry only while the file's text is
 * unchanged. vitest runs src/, which has no snapshot, so these tests load the built module.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadRuleset as loadFromYaml, parseRulesetText } from '../../src/lint/ruleset.js';
import { repoRoot } from '../helpers/corpus.js';

const distModule = path.join(repoRoot, 'dist', 'lint', 'ruleset.js');
const snapshotFile = path.join(repoRoot, 'dist', 'lint', 'rulesets.snapshot.json');
if (!existsSync(snapshotFile)) throw new Error(`${snapshotFile} is missing: run \`npm run build\` first (npm test does)`);
const dist = (await import(pathToFileURL(distModule).href)) as typeof import('../../src/lint/ruleset.js');
const snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8')) as Record<string, { sha256: string; value: unknown }>;
const rulesetsDir = path.join(repoRoot, 'rulesets');

describe('ruleset snapshot', () => {
  it('holds every ruleset file the lint loads, exactly as parsing its current text gives it', () => {
    const names = Object.keys(snapshot).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'apictl.yaml',
        'core/style.yaml',
        'core/security.yaml',
        'core/performance.yaml',
        'core/compliance.yaml',
        'packs/psd2.yaml',
        'packs/fhir.yaml',
        'packs/r155.yaml',
        'packs/gdpr.yaml',
      ]),
    );
    for (const name of names) {
      const file = path.join(rulesetsDir, name);
      const text = readFileSync(file, 'utf8');
      expect(dist.fromSnapshot(file, text), name).toEqual(parseRulesetText(text, file));
    }
  });

  it('is not used for a file whose text changed, and hands out copies', () => {
    const file = path.join(rulesetsDir, 'core', 'style.yaml');
    const text = readFileSync(file, 'utf8');
    expect(dist.fromSnapshot(file, text + '\n# edited\n')).toBeUndefined();
    const a = dist.fromSnapshot(file, text)!;
    (a.rules as Record<string, unknown>)['path-param-casing'] = 'off';
    expect((dist.fromSnapshot(file, text)!.rules as Record<string, unknown>)['path-param-casing']).not.toBe('off');
  });

  it('gives the same ruleset as the YAML: rules, severities, options and fingerprint', async () => {
    for (const packs of [[], ['psd2', 'fhir', 'r155', 'gdpr']]) {
      const fromSnap = await dist.loadRuleset({ packs });
      const fromYaml = await loadFromYaml({ packs });
      expect(fromSnap.fingerprint).toBe(fromYaml.fingerprint);
      expect([...fromSnap.meta.values()]).toEqual([...fromYaml.meta.values()]);
    }
  });
});

describe('lint engine bundle', () => {
  const fnDir = path.join(rulesetsDir, 'functions');

  it('was built from the current function files, exports every function, and holds no Spectral', async () => {
    const spectral = (await import(pathToFileURL(path.join(repoRoot, 'dist', 'lint', 'spectral.js')).href)) as typeof import('../../src/lint/spectral.js');
    const recorded = JSON.parse(readFileSync(spectral.ENGINE_BUNDLE_SOURCES, 'utf8')) as Record<string, [number, number, string]>;
    // a failure here means a function changed after the build: `npm run build`
    expect(Object.keys(recorded)).toEqual(spectral.ruleFunctionFiles(fnDir));
    expect(spectral.ownFunctionsUnchanged(recorded, fnDir)).toBe(true);
    const modules = spectral.spectralModules();
    expect(modules.source).toBe('bundle');
    const names = Object.keys(recorded)
      .filter((f) => !f.includes('/'))
      .map((f) => f.slice(0, -3));
    expect(names.length).toBeGreaterThan(100);
    for (const n of names) expect(typeof modules.ownFunctions?.[n], n).toBe('function');
    // apictl runs its own rules: Spectral is loaded from node_modules, and only for extended rulesets
    expect(readFileSync(spectral.ENGINE_BUNDLE, 'utf8')).not.toMatch(/^\/\/ node_modules\/@stoplight\//m);
    // function names are part of the ruleset fingerprint: the bundle's are those of the files
    for (const n of names) {
      const fromFile = ((await import(pathToFileURL(path.join(fnDir, `${n}.js`)).href)) as { default: { name: string } }).default;
      expect((modules.ownFunctions?.[n] as { name?: string } | undefined)?.name, n).toBe(fromFile.name);
    }
  });

  it('lints exactly as the function files and the installed Spectral do, with and without the code cache', async () => {
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync, readdirSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    const bin = path.join(repoRoot, 'bin', 'apictl.js');
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'apictl-cc-'));
    const run = (env: Record<string, string>) => {
      try {
        return execFileSync(
          process.execPath,
          [
            bin,
            'lint',
            path.join(repoRoot, 'examples', 'petstore-swagger2.yaml'),
            path.join(repoRoot, 'examples', 'bookshop-openapi31.yaml'),
            '-f',
            'json',
            '--no-record',
            '--no-config',
            '-q',
            '--pack',
            'psd2',
            '--pack',
            'gdpr',
          ],
          { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', APICTL_CACHE_DIR: cacheDir, ...env } },
        );
      } catch (e) {
        return (e as { stdout: string }).stdout; // exit 1: findings
      }
    };
    try {
      const withBundle = run({});
      expect(JSON.parse(withBundle).length).toBeGreaterThan(10);
      // the first run wrote the bundle's code cache; the second one reads it
      const written = readdirSync(cacheDir, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.bin'));
      expect(written.some((f) => f.includes('engine.bundle.cjs'))).toBe(true);
      expect(run({})).toBe(withBundle);
      expect(run({ APICTL_NO_CODE_CACHE: '1' })).toBe(withBundle);
      expect(run({ APICTL_NO_BUNDLE: '1' })).toBe(withBundle);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
