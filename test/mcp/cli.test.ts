/** `apictl mcp generate` and `apictl mcp list` as a user runs them: output, exit codes, files, regeneration. */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apictlAsync } from '../helpers/cli.js';
import { repoRoot } from '../helpers/corpus.js';
import { fixtures, generate, removeDir, tempDir } from './helpers.js';

const shop = path.join(fixtures, 'shop-3.0.yaml');
let work: string;
let db: string;

beforeAll(() => {
  work = tempDir('apictl-mcp-cli-');
  db = path.join(work, 'apictl.db');
});
afterAll(() => removeDir(work));

function filesUnder(dir: string, rel = ''): string[] {
  return readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const r = rel ? `${rel}/${e.name}` : e.name;
    return e.isDirectory() ? filesUnder(dir, r) : [r];
  });
}

describe('apictl mcp generate: report and exit codes', () => {
  it('prints the selection report on stdout, messages on stderr, and writes nothing on --dry-run', async () => {
    const out = path.join(work, 'dry');
    const r = await generate([shop, '-o', out, '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\+ GET\s+\/pets\s+listPets$/m);
    expect(r.stdout).toMatch(/^- POST\s+\/pets\s+createPet$/m);
    expect(r.stdout).toMatch(/write: not selected \(use --allow-writes/);
    expect(r.stdout).toMatch(/workflow trigger/);
    expect(r.stdout).toMatch(/13 operation\(s\), 8 selected → 8 tool\(s\); tools\/list ≈ [\d,]+ tokens/);
    expect(r.stderr).toMatch(/dry run: nothing written/);
    expect(existsSync(out)).toBe(false);
  });

  it('says a server without security sends no credentials, and the Overlay its README shows adds a scheme', async () => {
    const dir = path.join(work, 'nosec');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'api.yaml'),
      "openapi: 3.0.3\ninfo: {title: Open, version: '1'}\nservers: [{url: 'https://api.example/v1'}]\npaths:\n  /a:\n    get:\n      operationId: getA\n      responses: {'200': {description: ok}}\n",
    );
    const first = await generate(['api.yaml', '-o', 'out'], { cwd: dir });
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/warning: the description declares no security scheme, so the server sends no credentials/);
    const readme = readFileSync(path.join(dir, 'out', 'README.md'), 'utf8');
    const overlay = /```yaml\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('This server sends no credentials')))![1]!;
    writeFileSync(path.join(dir, 'auth.overlay.yaml'), overlay);
    const second = await generate(['api.yaml', '-o', 'out2', '--overlay', 'auth.overlay.yaml'], { cwd: dir });
    expect(second.code).toBe(0);
    expect(second.stderr).not.toMatch(/no security scheme/);
    expect(readFileSync(path.join(dir, 'out2', '.env.example'), 'utf8')).toMatch(/^BEARER_AUTH_TOKEN=$/m);
  });

  it('reads the description from stdin with --stdin-filepath, as the README says', async () => {
    const dir = path.join(work, 'stdin');
    mkdirSync(dir, { recursive: true });
    const r = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [path.join(repoRoot, 'bin', 'apictl.js'), 'mcp', 'generate', '-', '-o', 'out', '--stdin-filepath', 'shop.yaml'], {
        cwd: dir,
        env: { ...process.env, NO_COLOR: '1' },
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (code) => resolve({ code, stderr }));
      child.stdin.end(readFileSync(shop));
    });
    expect(r.stderr).not.toMatch(/unknown option|internal error/);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'out', 'server.json'), 'utf8')).spec.file).toBe('shop.yaml');
  });

  it('exits 1 with the report and writes nothing when the selection yields no tool', async () => {
    const out = path.join(work, 'empty');
    const r = await generate([shop, '-o', out, '--include', 'tag:no-such-tag']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/13 operation\(s\), 0 selected → 0 tool\(s\)/);
    expect(r.stderr).toMatch(/^no operation was selected, so there is no server to write/m);
    expect(existsSync(out)).toBe(false);
  });

  it('prints the report as JSON with --json', async () => {
    const r = await generate([shop, '--dry-run', '--json', '--allow-writes']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.tools).toBe(12);
    expect(report.operations).toHaveLength(13);
    expect(report.operations.find((o: { operationId: string }) => o.operationId === 'startDeployment')).toMatchObject({ selected: false, category: 'workflow' });
    expect(report.estimatedTokens).toBeGreaterThan(1000);
    expect(report.dryRun).toBe(true);
  });

  it.each([
    ['no output folder', [shop], /usage: give the project folder with -o DIR/],
    ['an unknown spec', ['no-such-spec', '-o', 'x'], /neither a file nor a registered spec/],
    ['a missing file', ['missing.yaml', '-o', 'x'], /missing\.yaml: no such file/],
  ])('exits 2 for %s', async (_what, args, message) => {
    const r = await generate([...args, '--db', db], { cwd: work });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it('exits 2 for a bad configuration, naming its line', async () => {
    const cfg = path.join(work, 'bad.yaml');
    writeFileSync(cfg, 'allowWrites: true\ntools:\n  listPets:\n    enabled: maybe\n');
    const r = await generate([shop, '--dry-run', '--config', cfg], { cwd: work });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.yaml:4:\d+: tools\.listPets\.enabled: must be true or false/);
  });

  it('refuses a non-empty folder that is not a project, unless --force (which keeps existing files)', async () => {
    const out = path.join(work, 'occupied');
    mkdirSync(out);
    writeFileSync(path.join(out, 'README.md'), 'mine\n');
    const r = await generate([shop, '-o', out, '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is not empty and holds no mcp-manifest\.json/);
    const forced = await generate([shop, '-o', out, '--db', db, '--force']);
    expect(forced.code).toBe(0);
    expect(readFileSync(path.join(out, 'README.md'), 'utf8')).toBe('mine\n');
    expect(existsSync(path.join(out, 'README.md.apictl-new'))).toBe(true);
    expect(forced.stderr).toMatch(/kept README\.md/);
  });

  it('never writes through a symbolic link out of the folder', async () => {
    const out = path.join(work, 'linked');
    const elsewhere = path.join(work, 'elsewhere');
    mkdirSync(elsewhere);
    mkdirSync(out);
    symlinkSync(elsewhere, path.join(out, 'src'), 'dir');
    const r = await generate([shop, '-o', out, '--db', db, '--force']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/refusing to write through a symbolic link \(src\)/);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(readdirSync(out)).toEqual(['src']);
  });
});

describe('the generated project', () => {
  let out: string;
  beforeAll(async () => {
    out = path.join(work, 'project');
    const r = await generate([shop, '-o', out, '--db', db, '--allow-writes']);
    expect(r.code, r.stderr).toBe(0);
  });

  it('is a normal TypeScript project whose code is the template, verbatim', () => {
    const files = filesUnder(out).sort();
    for (const f of [
      'package.json',
      'tsconfig.json',
      'tools.json',
      'server.json',
      'README.md',
      '.env.example',
      'Dockerfile',
      '.gitignore',
      'CHANGELOG.md',
      'mcp-manifest.json',
      'src/index.ts',
      'src/mcp.ts',
      'src/pipeline.ts',
      'test/server.test.mjs',
    ]) {
      expect(files).toContain(f);
    }
    const template = path.join(repoRoot, 'templates', 'mcp-server');
    for (const f of files.filter((x) => x.startsWith('src/') || x.startsWith('test/') || x === 'tsconfig.json' || x === 'Dockerfile')) {
      expect(readFileSync(path.join(out, f), 'utf8'), f).toBe(readFileSync(path.join(template, f), 'utf8'));
    }
  });

  it('pins exact dependency versions read from node_modules, and never depends on apictl', () => {
    const pkg = JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8'));
    const installed = (name: string) => JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')).version;
    expect(pkg.dependencies).toEqual({
      '@modelcontextprotocol/sdk': installed('@modelcontextprotocol/sdk'),
      ajv: installed('ajv'),
      'ajv-formats': installed('ajv-formats'),
      jose: installed('jose'),
      zod: installed('zod'),
      '@redis/client': installed('@redis/client'),
      'better-sqlite3': installed('better-sqlite3'),
      yaml: installed('yaml'),
    });
    expect(pkg.devDependencies).toEqual({ typescript: installed('typescript'), '@types/node': installed('@types/node'), '@types/better-sqlite3': installed('@types/better-sqlite3') });
    expect(JSON.stringify(pkg)).not.toMatch(/apictl"/);
    expect(pkg.scripts).toMatchObject({ build: 'tsc -p tsconfig.json', start: 'node dist/index.js' });
  });

  it('documents every variable and shows client snippets', () => {
    const readme = readFileSync(path.join(out, 'README.md'), 'utf8');
    const env = readFileSync(path.join(out, '.env.example'), 'utf8');
    for (const v of [
      'API_BASE_URL',
      'API_KEY',
      'BEARER_AUTH_TOKEN',
      'BASIC_AUTH_USERNAME',
      'BASIC_AUTH_PASSWORD',
      'OAUTH_CLIENT_ID',
      'OAUTH_CLIENT_SECRET',
      'MCP_AUDIT_LOG',
      'MCP_RATE_LIMIT_PER_MINUTE',
      'MCP_CALLER_ID',
    ]) {
      expect(readme).toContain(`\`${v}\``);
      expect(env).toMatch(new RegExp(`^${v}=`, 'm'));
    }
    expect(readme).toMatch(/Claude Desktop/);
    expect(readme).toMatch(/VS Code/);
    expect(readme).toMatch(/Cursor/);
    expect(readme).toContain(JSON.stringify(path.join(out, 'dist', 'index.js')));
  });

  it('keeps hostile description text as data: it appears in tools.json, nowhere in code, escaped in the README', () => {
    const tools = readFileSync(path.join(out, 'tools.json'), 'utf8');
    expect(tools).toContain('${process.exit(1)}');
    for (const f of filesUnder(out).filter((x) => /\.(ts|mjs|js)$/.test(x))) {
      expect(readFileSync(path.join(out, f), 'utf8'), f).not.toMatch(/process\.exit\(1\)\}|child_process/);
    }
    const readme = readFileSync(path.join(out, 'README.md'), 'utf8');
    expect(readme).not.toContain('<script>');
  });

  it('records the server in the registry; mcp list shows it', async () => {
    const list = await apictlAsync(['mcp', 'list', '--db', db, '--json']);
    expect(list.code).toBe(0);
    const rows = JSON.parse(list.stdout) as Array<Record<string, any>>;
    const row = rows.find((x) => x.outputDir === out)!;
    expect(row).toMatchObject({ serverName: 'shop-api-mcp', serverVersion: '1.0.0', toolCount: 12, spec: { title: 'Shop API', slug: null } });
    expect(row.toolsHash).toMatch(/^[0-9a-f]{16}$/);
    const human = await apictlAsync(['mcp', 'list', '--db', db]);
    expect(human.stdout).toMatch(/shop-api-mcp\s+1\.0\.0\s+12/);
  });
});

describe('a config prepared before the first generation', () => {
  it('accepts mcp.yaml in a new, otherwise empty output folder as the config', async () => {
    const out = path.join(work, 'prepared');
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'mcp.yaml'), 'name: prepared-by-hand\n');
    const r = await generate([shop, '-o', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/configuration: .*prepared\/mcp\.yaml/);
    expect(JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8')).name).toBe('prepared-by-hand');
    expect(readFileSync(path.join(out, 'mcp.yaml'), 'utf8')).toBe('name: prepared-by-hand\n');
  });
});

describe('mcp list from anywhere', () => {
  it('records the description file by its absolute path', async () => {
    const dir = path.join(work, 'rel');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'api.yaml'), readFileSync(shop));
    const reg = path.join(work, 'rel.db');
    expect((await generate(['api.yaml', '-o', 'out', '--db', reg], { cwd: dir })).code).toBe(0);
    const rows = JSON.parse((await apictlAsync(['mcp', 'list', '--db', reg, '--json'], { cwd: work })).stdout) as Array<{ spec: { file: string } }>;
    expect(rows.map((r) => r.spec.file)).toEqual([path.join(dir, 'api.yaml')]);
  });
});

describe('regenerating a project', () => {
  it('bumps the version by what changed, appends to CHANGELOG.md, keeps names, user edits, .env and the config', async () => {
    const out = path.join(work, 'regen');
    const spec = path.join(work, 'regen-spec.yaml');
    const original = readFileSync(shop, 'utf8');
    writeFileSync(spec, original);
    const first = await generate([spec, '-o', out, '--db', db]);
    expect(first.code, first.stderr).toBe(0);
    const manifest1 = JSON.parse(readFileSync(path.join(out, 'mcp-manifest.json'), 'utf8'));
    expect(manifest1.server.version).toBe('1.0.0');

    // Same input: nothing changes.
    const same = await generate([spec, '-o', out, '--db', db]);
    expect(same.stdout).toMatch(/server version 1\.0\.0 \(no tool changes\)/);

    // A description change: patch. The user's .env, config and an edited file survive.
    writeFileSync(path.join(out, '.env'), 'API_KEY=mine\n');
    writeFileSync(path.join(out, 'mcp.yaml'), '# my config\nclassification: { process: retail }\n');
    writeFileSync(path.join(out, 'Dockerfile'), 'FROM scratch # edited\n');
    writeFileSync(spec, original.replace('summary: Get a category tree node', 'summary: Get one node of the category tree'));
    const patch = await generate([spec, '-o', out, '--db', db]);
    expect(patch.code, patch.stderr).toBe(0);
    expect(patch.stderr).toMatch(/configuration: .*mcp\.yaml/);
    expect(patch.stdout).toMatch(/server version 1\.0\.0 → 1\.0\.1 \(patch/);
    expect(readFileSync(path.join(out, '.env'), 'utf8')).toBe('API_KEY=mine\n');
    expect(readFileSync(path.join(out, 'mcp.yaml'), 'utf8')).toMatch(/# my config/);
    expect(readFileSync(path.join(out, 'Dockerfile'), 'utf8')).toBe('FROM scratch # edited\n');
    expect(readFileSync(path.join(out, 'Dockerfile.apictl-new'), 'utf8')).toMatch(/FROM node:20-slim/);

    // A new optional query parameter: minor.
    writeFileSync(spec, original.replace('        - name: X-Trace-Id\n', '        - name: sort\n          in: query\n          schema: { type: string }\n        - name: X-Trace-Id\n'));
    const minor = await generate([spec, '-o', out, '--db', db]);
    expect(minor.stdout).toMatch(/1\.0\.1 → 1\.1\.0 \(minor/);

    // A tool disappears: major.
    writeFileSync(spec, original.replace(/ {2}\/slow:\n( {4}.*\n| {6}.*\n)+?(?= {2}\/strange:)/, ''));
    const major = await generate([spec, '-o', out, '--db', db]);
    expect(major.code, major.stderr).toBe(0);
    expect(major.stdout).toMatch(/1\.1\.0 → 2\.0\.0 \(major/);

    const changelog = readFileSync(path.join(out, 'CHANGELOG.md'), 'utf8');
    const versions = [...changelog.matchAll(/^## (\S+)/gm)].map((m) => m[1]);
    expect(versions).toEqual(['2.0.0', '1.1.0', '1.0.1', '1.0.0']);
    expect(changelog).toMatch(/major: removed tool slowThing/);
    expect(changelog).toMatch(/minor: listPets: new optional argument sort/);
    const manifest2 = JSON.parse(readFileSync(path.join(out, 'mcp-manifest.json'), 'utf8'));
    expect(manifest2.server.version).toBe('2.0.0');
    expect(JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8')).version).toBe('2.0.0');
    expect(manifest2.tools.map((t: { name: string }) => t.name)).toEqual(manifest1.tools.map((t: { name: string }) => t.name).filter((n: string) => n !== 'slowThing'));
  });
});

describe('a registered spec', () => {
  it('generates from the latest stored version by name, and records spec and version', async () => {
    const imported = await apictlAsync(['import', path.join(fixtures, 'legacy-2.0.yaml'), '--db', db, '--name', 'Legacy Store']);
    expect(imported.code, imported.stderr).toBe(0);
    const out = path.join(work, 'from-registry');
    const r = await generate(['Legacy Store', '-o', out, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\+ GET\s+\/items\s+listItems/);
    const server = JSON.parse(readFileSync(path.join(out, 'server.json'), 'utf8'));
    expect(server.spec.registry).toEqual({ slug: 'legacy-store', version: 1 });
    expect(server.baseUrl).toBe('https://legacy.example/api');
    const list = JSON.parse((await apictlAsync(['mcp', 'list', '--db', db, '--json'])).stdout) as Array<Record<string, any>>;
    expect(list.find((x) => x.outputDir === out)!.spec).toMatchObject({ slug: 'legacy-store', version: 1 });
  });
});
