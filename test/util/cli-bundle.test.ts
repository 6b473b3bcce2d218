/**
 * The CLI bundle (scripts/bundle-cli.mjs): bin/apictl.js runs it while it is current, and it
 * behaves exactly as the plain dist modules do; a dist module changed after the build (size or
 * mtime) makes it stale.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/corpus.js';

const built = (await import(pathToFileURL(path.join(repoRoot, 'dist', 'util', 'cli-bundle.js')).href)) as typeof import('../../src/util/cli-bundle.js');
const bin = path.join(repoRoot, 'bin', 'apictl.js');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'apictl-cli-bundle-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string> = {}): { stdout: string; stderr: string; status: number } {
  try {
    const stdout = execFileSync(process.execPath, [bin, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', APICTL_CACHE_DIR: path.join(tmp, 'cache'), ...env },
    });
    return { stdout, stderr: '', status: 0 };
  } catch (e) {
    const err = e as { stdout: string; stderr: string; status: number };
    return { stdout: err.stdout, stderr: err.stderr, status: err.status };
  }
}

function runIn(cwd: string, args: string[], env: Record<string, string> = {}): { stdout: string; stderr: string; status: number } {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', APICTL_CACHE_DIR: path.join(tmp, 'cache'), ...env } });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status ?? -1 };
}

describe('CLI bundle', () => {
  it('is current after the build and is what bin/apictl.js runs', () => {
    expect(built.bundleIsCurrent()).toBe(true);
    const text = readFileSync(built.CLI_BUNDLE, 'utf8');
    expect(text).not.toMatch(/\bimport\.meta\b/);
    // ASCII only, so V8 keeps the sources as one-byte strings (both bundles)
    expect(text).not.toMatch(/[^\x00-\x7f]/);
    expect(readFileSync(path.join(repoRoot, 'dist', 'lint', 'engine.bundle.cjs'), 'utf8')).not.toMatch(/[^\x00-\x7f]/);
    // every command module is inside, so no command imports the plain dist modules
    const inputs = Object.keys(JSON.parse(readFileSync(built.CLI_BUNDLE_INPUTS, 'utf8')) as object);
    for (const cmd of ['import', 'convert', 'lint', 'rules', 'score', 'specs', 'mcp-generate']) expect(inputs, cmd).toContain(`cli/commands/${cmd}.js`);
  });

  it('has current validation-worker and rules-lane bundles, and every bundle maps its modules to their dist files', () => {
    expect(built.bundleIsCurrent(built.WORKER_BUNDLE, built.WORKER_BUNDLE_INPUTS)).toBe(true);
    expect(Object.keys(JSON.parse(readFileSync(built.WORKER_BUNDLE_INPUTS, 'utf8')) as object)).toContain('validate/worker.js');
    expect(built.bundleIsCurrent(built.LANE_BUNDLE, built.LANE_BUNDLE_INPUTS)).toBe(true);
    expect(built.bundleIsCurrent(built.LOADER_BUNDLE, built.LOADER_BUNDLE_INPUTS)).toBe(true);
    expect(Object.keys(JSON.parse(readFileSync(built.LOADER_BUNDLE_INPUTS, 'utf8')) as object)).toEqual(expect.arrayContaining(['util/cli-bundle.js', 'util/code-cache.js']));
    expect(Object.keys(JSON.parse(readFileSync(built.LANE_BUNDLE_INPUTS, 'utf8')) as object)).toContain('lint/lane-worker.js');
    // `import.meta.url` of a bundled module becomes a URL under dist/ (the precompiled schema
    // validators, the s2o bundle and the schemas are found relative to it): the helper's base must
    // be dist/ wherever the bundle lies
    for (const bundle of [built.CLI_BUNDLE, built.WORKER_BUNDLE, built.LANE_BUNDLE, built.LOADER_BUNDLE]) {
      const banner = /join\(__dirname, ("[^"]*"), rel\)/.exec(readFileSync(bundle, 'utf8').split('\n')[0]!);
      expect(banner, bundle).not.toBeNull();
      expect(path.join(path.dirname(bundle), JSON.parse(banner![1]!) as string), bundle).toBe(path.join(repoRoot, 'dist'));
    }
  });

  it('behaves as the plain modules: lint, convert, rules, usage errors', () => {
    const example = path.join(repoRoot, 'examples', 'petstore-swagger2.yaml');
    const cases = [
      ['lint', example, '-f', 'json', '--no-record', '--no-config', '-q'],
      ['convert', example, '--quiet'],
      ['rules', 'show', 'operation-id-unique'],
      ['lint', path.join(tmp, 'missing.yaml'), '--no-record'],
      ['--version'],
    ];
    for (const args of cases) {
      const bundled = run(args);
      const plain = run(args, { APICTL_NO_BUNDLE: '1' });
      expect(bundled, args.join(' ')).toEqual(plain);
    }
    expect(JSON.parse(run(cases[0]!).stdout).length).toBeGreaterThan(5);
    expect(run(cases[3]!).status).toBe(2);
  });

  it("runs a team's own rule functions, imported at run time, also from the code cache", () => {
    const team = path.join(tmp, 'team');
    mkdirSync(path.join(team, 'functions'), { recursive: true });
    writeFileSync(
      path.join(team, 'team.yaml'),
      'functionsDir: ./functions\nfunctions: [teamCheck]\nrules:\n  team-check:\n    description: a team rule\n    message: "{{error}}"\n    severity: warn\n    given: $.info\n    then:\n      function: teamCheck\n',
    );
    writeFileSync(path.join(team, 'functions', 'teamCheck.js'), "export default function teamCheck() {\n  return [{ message: 'checked by the team' }];\n}\n");
    writeFileSync(path.join(team, '.apictl.yaml'), 'extends: [./team.yaml]\n');
    writeFileSync(path.join(team, 'api.yaml'), readFileSync(path.join(repoRoot, 'examples', 'bookshop-openapi31.yaml')));
    const args = ['lint', path.join(team, 'api.yaml'), '-f', 'json', '--no-record', '-q', '--fail-severity', 'error'];
    const codes = (r: { stdout: string }) => (JSON.parse(r.stdout) as Array<{ code: string; message: string }>).filter((f) => f.code === 'team-check').map((f) => f.message);
    const cwd = { PWD: team };
    for (const env of [cwd, cwd, { ...cwd, APICTL_NO_BUNDLE: '1' }]) {
      const r = runIn(team, args, env);
      expect(r.stderr).toBe('');
      expect(codes(r)).toEqual(['checked by the team']);
    }
  });

  it("reports invalid options of Spectral's core functions in Spectral's words, with and without the bundle", () => {
    const dir = path.join(tmp, 'bad-options');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'api.yaml'), readFileSync(path.join(repoRoot, 'examples', 'bookshop-openapi31.yaml')));
    for (const options of ['match: 42', 'notMatch: [1]', 'other: x']) {
      writeFileSync(path.join(dir, '.apictl.yaml'), `rules:\n  no-http-basic:\n    options:\n      ${options}\n`);
      const args = ['lint', path.join(dir, 'api.yaml'), '--no-record', '-q'];
      const bundled = runIn(dir, args);
      expect(bundled.status, options).toBe(2);
      expect(bundled.stderr, options).toMatch(/invalid ruleset: "pattern" function/);
      expect(bundled, options).toEqual(runIn(dir, args, { APICTL_NO_BUNDLE: '1' }));
    }
  });

  it('runs from a build without the CommonJS loader, or with a stale one (then the ES module finds the bundle)', () => {
    // a copy of the package: bin/ and dist/ copied, the rest linked
    const pkg = path.join(tmp, 'pkg');
    mkdirSync(pkg, { recursive: true });
    execFileSync('cp', ['-r', path.join(repoRoot, 'bin'), path.join(repoRoot, 'dist'), pkg]);
    for (const f of ['package.json', 'schemas', 'rulesets', 'templates', 'node_modules']) execFileSync('ln', ['-s', path.join(repoRoot, f), path.join(pkg, f)]);
    const expected = run(['--version']).stdout;
    let n = 0;
    /** `--version` of the copy; which dist modules it loaded. */
    const version = (): { status: number | null; stdout: string; stderr: string; loaded: string } => {
      const trace = path.join(tmp, `trace-${n++}.txt`);
      const r = spawnSync(process.execPath, [path.join(pkg, 'bin', 'apictl.js'), '--version'], {
        encoding: 'utf8',
        env: {
          ...process.env,
          APICTL_CACHE_DIR: path.join(tmp, 'cache'),
          APICTL_TRACE_FILE: trace,
          NODE_OPTIONS: `--import ${pathToFileURL(path.join(repoRoot, 'test/helpers/trace-imports.mjs')).href}`,
        },
      });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr, loaded: readFileSync(trace, 'utf8') };
    };
    const current = version();
    expect(current).toMatchObject({ status: 0, stdout: expected, stderr: '' });
    expect(current.loaded).toContain(path.join(pkg, 'dist', 'util', 'cli-loader.bundle.cjs'));
    expect(current.loaded).not.toContain('/dist/util/cli-bundle.js');
    // stale: a module it was built from changed (same size, other content)
    const codeCache = path.join(pkg, 'dist', 'util', 'code-cache.js');
    writeFileSync(codeCache, readFileSync(codeCache, 'utf8').replace('Writes the entries', 'writes the entries'));
    const stale = version();
    expect(stale).toMatchObject({ status: 0, stdout: expected, stderr: '' });
    expect(stale.loaded).toContain(pathToFileURL(path.join(pkg, 'dist', 'util', 'cli-bundle.js')).href);
    rmSync(path.join(pkg, 'dist', 'util', 'cli-loader.bundle.cjs'));
    const none = version();
    expect(none).toMatchObject({ status: 0, stdout: expected, stderr: '' });
    expect(none.loaded).toContain(pathToFileURL(path.join(pkg, 'dist', 'util', 'cli-bundle.js')).href);
  });

  it('starts its worker threads from their CommonJS entries, and from the ES module ones when the loader is stale', () => {
    // our own document, large enough for the validation worker (≥ 512 KB of JSON) and the rules
    // lane (≥ 2 MB): operations that differ only in their numbers
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 2400; i++) {
      paths[`/things${i}/{id}`] = {
        get: {
          operationId: `getThing${i}`,
          description: `Reads thing ${i}. `.repeat(20),
          parameters: [
            { name: 'id', in: 'path', required: true, type: 'string' },
            { name: 'limit', in: 'query', type: 'integer' },
          ],
          responses: { '200': { description: 'the thing', schema: { $ref: '#/definitions/Thing' } } },
        },
      };
    }
    const text = JSON.stringify(
      { swagger: '2.0', info: { title: 'Things', version: '1' }, host: 'api.example.com', paths, definitions: { Thing: { type: 'object', properties: { name: { type: 'string' } } } } },
      null,
      2,
    );
    expect(text.length).toBeGreaterThan(2 * 1024 * 1024);
    const pkg = path.join(tmp, 'pkg-workers');
    mkdirSync(pkg, { recursive: true });
    execFileSync('cp', ['-r', path.join(repoRoot, 'bin'), path.join(repoRoot, 'dist'), pkg]);
    for (const f of ['package.json', 'schemas', 'rulesets', 'templates', 'node_modules']) execFileSync('ln', ['-s', path.join(repoRoot, f), path.join(pkg, f)]);
    const file = path.join(tmp, 'things.json');
    writeFileSync(file, text);
    let n = 0;
    const lint = (): { status: number | null; stdout: string; loaded: string } => {
      const trace = path.join(tmp, `workers-${n++}.txt`);
      const r = spawnSync(process.execPath, [path.join(pkg, 'bin', 'apictl.js'), 'lint', file, '-f', 'json', '--no-record', '--no-config', '-q'], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: {
          ...process.env,
          APICTL_CACHE_DIR: path.join(tmp, 'cache'),
          APICTL_TRACE_FILE: trace,
          NODE_OPTIONS: `--import ${pathToFileURL(path.join(repoRoot, 'test/helpers/trace-imports.mjs')).href}`,
        },
      });
      return { status: r.status, stdout: r.stdout, loaded: readFileSync(trace, 'utf8') };
    };
    const lane = os.availableParallelism() >= 2;
    const current = lint();
    expect(current.status === 0 || current.status === 1).toBe(true);
    expect(JSON.parse(current.stdout).length).toBeGreaterThan(1000);
    expect(current.loaded).toContain('dist/validate/worker-entry.cjs');
    expect(current.loaded).not.toMatch(/dist\/validate\/worker-entry\.js|dist\/util\/cli-bundle\.js/);
    if (lane) {
      expect(current.loaded).toContain('dist/lint/lane-entry.cjs');
      expect(current.loaded).not.toContain('dist/lint/lane-entry.js');
    }
    // stale: a module the loader was built from changed; the workers then run their ES module entries
    const codeCache = path.join(pkg, 'dist', 'util', 'code-cache.js');
    writeFileSync(codeCache, readFileSync(codeCache, 'utf8').replace('Writes the entries', 'writes the entries'));
    const stale = lint();
    expect(stale.status).toBe(current.status);
    expect(stale.stdout).toBe(current.stdout);
    expect(stale.loaded).toContain('dist/validate/worker-entry.js');
    if (lane) expect(stale.loaded).toContain('dist/lint/lane-entry.js');
    rmSync(path.join(pkg, 'dist', 'util', 'cli-loader.bundle.cjs'));
    const none = lint();
    expect(none.status).toBe(current.status);
    expect(none.stdout).toBe(current.stdout);
    if (lane) expect(none.loaded).toContain('dist/lint/lane-entry.js');
  });

  it('is stale once a module it was built from changes, or the bundle is gone', async () => {
    const { recordFiles } = (await import(pathToFileURL(path.join(repoRoot, 'dist', 'util', 'build-record.js')).href)) as typeof import('../../src/util/build-record.js');
    const dir = path.join(tmp, 'dist');
    mkdirSync(dir, { recursive: true });
    const mod = path.join(dir, 'dist-module.js');
    const bundle = path.join(tmp, 'bundle.cjs');
    const inputs = path.join(tmp, 'inputs.json');
    writeFileSync(mod, 'export const a = 1;\n');
    writeFileSync(bundle, 'exports.main = async () => {};\n');
    writeFileSync(inputs, JSON.stringify(recordFiles(dir, ['dist-module.js'])));
    expect(built.bundleIsCurrent(bundle, inputs, dir)).toBe(true);
    const later = new Date(Date.now() + 5000);
    utimesSync(mod, later, later);
    expect(built.bundleIsCurrent(bundle, inputs, dir)).toBe(true); // same content
    writeFileSync(mod, 'export const a = 2;\n');
    expect(built.bundleIsCurrent(bundle, inputs, dir)).toBe(false);
    writeFileSync(mod, 'export const a = 1;\n');
    expect(built.bundleIsCurrent(bundle, inputs, dir)).toBe(true);
    rmSync(bundle);
    expect(built.bundleIsCurrent(bundle, inputs, dir)).toBe(false);
    writeFileSync(inputs, '{}');
    expect(built.bundleIsCurrent(bundle, inputs, dir)).toBe(false);
  });
});
