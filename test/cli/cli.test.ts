import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { apictl } from '../helpers/cli.js';
import { repoRoot } from '../helpers/corpus.js';
import { tempTree } from '../helpers/tmp.js';

const swagger2Example = path.join(repoRoot, 'examples', 'petstore-swagger2.yaml');
const openapi31Example = path.join(repoRoot, 'examples', 'bookshop-openapi31.yaml');
const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };

describe('apictl program', () => {
  it('prints its version and exits 0', () => {
    const r = apictl(['--version']);
    expect(r).toMatchObject({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });

  it('lists every command with an example in --help', () => {
    const r = apictl(['--help']);
    expect(r.code).toBe(0);
    for (const c of ['import', 'convert', 'lint', 'score', 'mcp', 'specs']) expect(r.stdout).toMatch(new RegExp(`^  ${c}\\b`, 'm'));
    expect(r.stdout).toMatch(/Examples:\n {2}apictl import/);
    for (const c of [['import'], ['convert'], ['lint'], ['score'], ['mcp', 'generate'], ['specs']]) {
      const h = apictl([...c, '--help']);
      expect(h.code).toBe(0);
      expect(h.stdout).toMatch(/Examples?:\n {2}apictl /);
    }
  });

  it('loads no heavy module for --version', () => {
    const trace = path.join(tempTree(), 'modules.txt');
    const r = apictl(['--version'], {
      env: { APICTL_TRACE_FILE: trace, NODE_OPTIONS: `--import ${pathToFileURL(path.join(repoRoot, 'test/helpers/trace-imports.mjs')).href}` },
    });
    expect(r.code).toBe(0);
    const loaded = readFileSync(trace, 'utf8');
    // the CLI bundle (commander inside it), or the plain modules when the bundle is not current
    if (loaded.includes('dist/cli.bundle.cjs')) {
      expect(loaded).not.toContain('dist/cli/main.js');
      // found by the CommonJS loader: no ES module is loaded at all (bin/apictl.js is CommonJS)
      expect(loaded).toContain('dist/util/cli-loader.bundle.cjs');
      expect(loaded).not.toMatch(/^file:.*\/dist\//m);
    } else {
      expect(loaded).toContain('dist/cli/main.js');
      expect(loaded).toContain('commander');
    }
    expect(loaded).not.toMatch(/spectral|\/ajv|better-sqlite3|modelcontextprotocol|swagger2openapi|\/yaml\//);
  });

  it('runs the same with and without its V8 tiering setting (APICTL_V8_DEFAULTS=1 is the escape hatch)', () => {
    // bin/apictl.js raises V8's optimisation budget on Node 20 (a speed setting): nothing a user
    // sees may change, and V8 must not complain about the flag on stderr
    for (const args of [['--version'], ['lint', swagger2Example, '-f', 'json', '--no-record', '--no-config'], ['convert', swagger2Example, '--quiet']]) {
      const seen = (r: ReturnType<typeof apictl>) => ({ code: r.code, stdout: r.stdout, stderr: r.stderr });
      const tuned = seen(apictl(args));
      const defaults = seen(apictl(args, { env: { APICTL_V8_DEFAULTS: '1' } }));
      expect(tuned, args.join(' ')).toEqual(defaults);
      expect(tuned.stderr).not.toMatch(/flag/i);
    }
  });

  it('exits 2 with a usage line for unknown commands, options and missing arguments', () => {
    for (const args of [['frobnicate'], ['convert'], ['convert', 'x.yaml', '--target', '2.0'], ['import', '--bogus', 'x.yaml']]) {
      const r = apictl(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^error: /);
    }
  });

  it('refuses a --max-depth beyond what later stages can walk', () => {
    const r = apictl(['lint', swagger2Example, '--max-depth', '5000', '--no-record']);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: "usage: --max-depth goes up to 1000, not '5000'\n" });
  });

  it('reports a missing input file as one line and exit 2', () => {
    const r = apictl(['convert', 'no-such-file.yaml']);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: 'no-such-file.yaml: no such file\n' });
  });
});

describe('apictl convert', () => {
  it('converts the Swagger 2.0 example to OpenAPI 3.0 YAML on stdout, with notes at 2.0 lines on stderr', () => {
    const r = apictl(['convert', swagger2Example]);
    expect(r.code).toBe(0);
    const doc = parseYaml(r.stdout) as any;
    expect(doc.openapi).toMatch(/^3\.0\.\d$/);
    expect(doc.servers).toEqual([{ url: 'https://api.example.com/v1' }]);
    expect(doc.components.schemas.Pet).toBeDefined();
    expect(doc.components.securitySchemes.oauth.flows.authorizationCode.tokenUrl).toBe('https://auth.example.com/token');
    expect(doc.paths['/pets'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/NewPet' });
    const upload = doc.paths['/pets/{petId}/photo'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    // Notes point at lines of the 2.0 file.
    for (const line of r.stderr.trim().split('\n').slice(0, -1)) expect(line).toMatch(/^.*petstore-swagger2\.yaml:\d+:\d+: (note|warning|error): /);
  });

  it('writes JSON with -o and a JSON report with --json', () => {
    const dir = tempTree();
    const out = path.join(dir, 'not', 'yet', 'out.json'); // a folder that does not exist is created
    const r = apictl(['convert', swagger2Example, '-o', out, '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ input: { kind: 'swagger-2.0', version: '2.0' }, output: { file: out, kind: 'openapi-3.0', syntax: 'json' }, converted: true });
    expect(report.stats).toMatchObject({ paths: 3, operations: 4 });
    expect(Array.isArray(report.notes)).toBe(true);
    expect(JSON.parse(readFileSync(out, 'utf8')).openapi).toMatch(/^3\.0/);
  });

  it('produces real 3.1 with --target 3.1', () => {
    const r = apictl(['convert', swagger2Example, '--target', '3.1', '--format', 'json', '--quiet']);
    expect(r.code).toBe(0);
    const text = r.stdout;
    const doc = JSON.parse(text);
    expect(doc.openapi).toBe('3.1.0');
    expect(text).not.toMatch(/"nullable"/);
    expect(r.stderr).toBe('');
  });

  it('reads stdin with -, naming it with --stdin-filepath', () => {
    const r = apictl(['convert', '-', '--stdin-filepath', 'piped.yaml', '--format', 'json'], { input: "swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths: {}\nx: [\n" });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^piped\.yaml:\d+:\d+: invalid YAML/);
  });

  it('leaves a 3.1 document as it is and refuses to downgrade it', () => {
    expect(apictl(['convert', openapi31Example, '--target', '3.1', '--format', 'json', '--quiet']).stdout).toBe(JSON.stringify(parseYaml(readFileSync(openapi31Example, 'utf8')), null, 2) + '\n');
    const r = apictl(['convert', openapi31Example]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bookshop-openapi31\.yaml:1:1: cannot convert OpenAPI 3\.1\.0 down to 3\.0/);
  });
});

describe('apictl import and specs', () => {
  it('imports, says what it found, adds no version for identical content and a new one for changed content', () => {
    const dir = tempTree();
    const db = path.join(dir, 'reg.db');
    const first = apictl(['import', swagger2Example, '--db', db]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Swagger 2.0 (YAML)');
    expect(first.stdout).toContain('3 paths, 4 operations, 4 schemas');
    expect(first.stdout).toMatch(/converted to OpenAPI 3\.0\.\d: \d+ conversion note\(s\)/);
    expect(first.stdout).toContain('stored as example-pet-store v1 (new spec)');

    const again = apictl(['import', swagger2Example, '--db', db]);
    expect(again.stdout).toContain('unchanged: identical to example-pet-store v1, no version added');

    const changed = path.join(dir, 'petstore.yaml');
    writeFileSync(changed, readFileSync(swagger2Example, 'utf8').replace('version: 1.2.0', 'version: 1.3.0'));
    expect(apictl(['import', changed, '--db', db]).stdout).toContain('stored as example-pet-store v2');

    const three = apictl(['import', openapi31Example, '--db', db, '--json']);
    expect(JSON.parse(three.stdout)).toMatchObject({ imported: true, kind: 'openapi-3.1', converted: false, spec: { slug: 'example-bookshop' }, specVersion: { number: 1 } });

    const specs = JSON.parse(apictl(['specs', '--db', db, '--json']).stdout) as Array<{ slug: string; latestVersion: number }>;
    expect(specs.map((s) => [s.slug, s.latestVersion])).toEqual([
      ['example-bookshop', 1],
      ['example-pet-store', 2],
    ]);
    const shown = JSON.parse(apictl(['specs', 'show', 'Example Pet Store', '--db', db, '--json']).stdout);
    expect(shown.versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    expect(apictl(['specs', '--db', db]).stdout).toMatch(/^NAME\s+SLUG\s+LATEST/);
    const missing = apictl(['specs', 'show', 'nope', '--db', db]);
    expect(missing).toMatchObject({ code: 2, stderr: "no spec named 'nope' in the registry (see: apictl specs)\n" });
  });

  it('uses APICTL_DB and otherwise .apictl/apictl.db in the project root', () => {
    const dir = tempTree({ '.git/HEAD': 'ref: refs/heads/main\n', 'sub/api.yaml': readFileSync(openapi31Example, 'utf8') });
    expect(apictl(['import', 'api.yaml'], { cwd: path.join(dir, 'sub') }).code).toBe(0);
    expect(JSON.parse(apictl(['specs', '--json'], { cwd: dir }).stdout)).toHaveLength(1);
    const envDb = path.join(dir, 'env.db');
    expect(apictl(['import', 'sub/api.yaml'], { cwd: dir, env: { APICTL_DB: envDb } }).code).toBe(0);
    expect(JSON.parse(apictl(['specs', '--json', '--db', envDb], { cwd: dir }).stdout)).toHaveLength(1);
  });

  it('refuses an invalid description with its errors at their lines and stores nothing', () => {
    const dir = tempTree({ 'bad.yaml': 'openapi: 3.0.3\ninfo:\n  title: t\npaths: {}\n' });
    const r = apictl(['import', 'bad.yaml', '--db', 'reg.db'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^bad\.yaml:2:1: error: .*version/m);
    expect(JSON.parse(apictl(['specs', '--json', '--db', 'reg.db'], { cwd: dir }).stdout)).toEqual([]);
    const forced = apictl(['import', 'bad.yaml', '--db', 'reg.db', '--allow-invalid', '--name', 'bad'], { cwd: dir });
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('stored although invalid: 1 validation error(s)');
    expect(JSON.parse(apictl(['specs', '--json', '--db', 'reg.db'], { cwd: dir }).stdout)).toHaveLength(1);
  });

  it('honours NO_COLOR and FORCE_COLOR', () => {
    const dir = tempTree();
    const plain = apictl(['import', openapi31Example, '--db', path.join(dir, 'a.db')]);
    expect(plain.stdout).not.toMatch(/\x1b\[/);
    const forced = apictl(['import', openapi31Example, '--db', path.join(dir, 'b.db')], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } });
    expect(forced.stdout).toMatch(/\x1b\[1m/);
  });
});

describe('output through a pipe (a slow reader; apictl … | head)', () => {
  it('ends once its output is written: work left behind does not keep it running, and a slow reader gets every byte', async () => {
    const { spawn } = await import('node:child_process');
    const { bin } = await import('../helpers/cli.js');
    const dir = tempTree({ 'keepalive.cjs': 'setInterval(() => {}, 60_000);\n' });
    const args = ['lint', swagger2Example, '-f', 'json', '--no-record', '--no-config', '-q', '--fail-severity', 'warn'];
    const expected = apictl(args);
    expect(expected.code).toBe(1);
    // a preloaded timer that would keep Node running for ever; stdout read in small, slow steps
    const child = spawn(process.execPath, [bin, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', NODE_OPTIONS: `--require ${path.join(dir, 'keepalive.cjs')}` },
      timeout: 30_000,
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => {
      chunks.push(d);
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 2);
    });
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (c, s) => resolve([c, s])));
    expect(signal).toBeNull();
    expect(code).toBe(1);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(expected.stdout);
    expect(expected.stdout.length).toBeGreaterThan(20_000);
  });

  it('stops writing quietly: no EPIPE stack trace, the exit code of the run', async () => {
    const { spawn } = await import('node:child_process');
    const { bin } = await import('../helpers/cli.js');
    // enough findings to overflow the pipe buffer, so writes are still pending when the reader goes
    const paths = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`/items${i}/{id}`, { get: { responses: { 200: { description: 'ok' } } } }]));
    const dir = tempTree({ 'big.json': JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths }) });
    const file = path.join(dir, 'big.json');
    const child = spawn(process.execPath, [bin, 'lint', file, '-f', 'json', '--no-record', '--no-config', '-q'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // read the first chunk, then close the pipe like `head -c` does
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(stderr).not.toMatch(/EPIPE|Unhandled|at /);
    expect([0, 1]).toContain(code);
  });
});
