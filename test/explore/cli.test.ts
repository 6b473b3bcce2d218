/** `apictl explore`: the command writes one page for a 2.0 and a 3.1 example, and refuses bad input with one line. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, existsSync } from 'node:fs';
import { apictl } from '../helpers/cli.js';
import { repoRoot } from '../helpers/corpus.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'apictl-explore-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface PageData {
  files: Array<{ name: string; text: string }>;
  findings: Array<{ kind: string; code: string; severity: string; line?: number; file?: string; op?: string; pack?: string }>;
}
const dataOf = (html: string): PageData => JSON.parse(/<script type="application\/json" id="explorer-data">(.*?)<\/script>/s.exec(html)![1]!) as PageData;

describe('apictl explore', () => {
  it('writes one page for a Swagger 2.0 example: converted, with every operation, its findings and its score', () => {
    const out = path.join(dir, 'petstore.html');
    const r = apictl(['explore', 'examples/petstore-swagger2.yaml', '-o', out, '--no-config'], { cwd: repoRoot });
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toMatch(/<span id="origin">Source: Swagger 2\.0 \(examples\/petstore-swagger2\.yaml\) · shown as OpenAPI 3\.0\.\d+ \(converted, \d+ notes\)<\/span>/);
    const articles = html.match(/<article id="[^"]+" data-pointer="/g) ?? [];
    const summary = /^(.+): (\d+) operations, (\d+) findings, score (\d+) \(([A-F])\), \d+ KiB$/m.exec(r.stderr);
    expect(summary, r.stderr).not.toBeNull();
    expect(articles.length).toBe(Number(summary![2]));
    const data = JSON.parse(/<script type="application\/json" id="explorer-data">(.*?)<\/script>/s.exec(html)![1]!) as { findings: Array<{ kind: string }> };
    expect(data.findings.filter((f) => f.kind === 'finding')).toHaveLength(Number(summary![3]));
    expect(html).toContain(`<span id="score" class="grade-${summary![5]}">score ${summary![4]} · ${summary![5]}</span>`);
  });

  it('shows a 3.1 document as itself, and without findings with --no-lint', () => {
    const out = path.join(dir, 'bookshop.html');
    const r = apictl(['explore', 'examples/bookshop-openapi31.yaml', '-o', out, '--no-lint'], { cwd: repoRoot });
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('<span id="origin">Source: OpenAPI 3.1.0 (examples/bookshop-openapi31.yaml) · shown as OpenAPI 3.1.0</span>');
    expect(html).toContain('<span id="score">not scored</span>');
  });

  it('refuses a broken file with one line and exit 2', () => {
    const bad = path.join(dir, 'bad.yaml');
    writeFileSync(bad, 'openapi: 3.1.0\ninfo: [\n');
    const r = apictl(['explore', bad, '-o', path.join(dir, 'bad.html')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/bad\.yaml:\d+:\d+: /);
  });

  it('gives the findings lint gives: config overrides, packs and x-apictl-ignore apply the same way', () => {
    const work = path.join(dir, 'same');
    mkdirSync(work, { recursive: true });
    writeFileSync(
      path.join(work, '.apictl.yaml'),
      'packs: [gdpr]\nrules:\n  operation-description: off\n  parameter-description: error\noverrides:\n  - files: ["*.yaml"]\n    rules:\n      info-contact: off\n',
    );
    const spec = readFileSync(path.join(repoRoot, 'examples/petstore-swagger2.yaml'), 'utf8')
      .replace('paths:\n', 'x-apictl-ignore:\n  - rule: error-media-type-problem-json\n    reason: the errors are plain JSON by contract\npaths:\n')
      .replace('definitions:\n', 'definitions:\n  Person:\n    type: object\n    x-personal-data: true\n    properties:\n      name: {type: string}\n');
    writeFileSync(path.join(work, 'api.yaml'), spec);
    const lint = apictl(['lint', 'api.yaml', '-f', 'json', '--no-record'], { cwd: work });
    expect(lint.stderr).toBe('');
    const linted = (JSON.parse(lint.stdout) as Array<{ code: string; range: { start: { line: number } } }>).map((f) => `${f.code}@${f.range.start.line + 1}`).sort();
    const r = apictl(['explore', 'api.yaml'], { cwd: work });
    expect(r.code, r.stderr).toBe(0);
    const findings = dataOf(readFileSync(path.join(work, 'api.html'), 'utf8')).findings.filter((f) => f.kind === 'finding');
    const shown = findings.map((f) => `${f.code}@${f.line}`).sort();
    expect(shown).toEqual(linted);
    expect(shown.some((f) => f.startsWith('operation-description@') || f.startsWith('error-media-type-problem-json@'))).toBe(false);
    expect(findings.find((f) => f.code === 'parameter-description')?.severity).toBe('error');
    // the drawer's pack filter: the pack's own rules carry it
    const packed = findings.filter((f) => f.pack === 'gdpr').map((f) => f.code);
    expect(packed.length).toBeGreaterThan(0);
    expect(packed.every((c) => c.startsWith('gdpr-'))).toBe(true);
  });

  it('shows every file of a multi-file description, each finding at its own file and line', () => {
    const work = path.join(dir, 'multi');
    mkdirSync(work, { recursive: true });
    writeFileSync(
      path.join(work, 'main.yaml'),
      "openapi: 3.1.0\ninfo: {title: Multi, version: '1'}\npaths:\n  /pets:\n    get:\n      operationId: listPets\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: 'schemas.yaml#/Pet'}\n",
    );
    writeFileSync(path.join(work, 'schemas.yaml'), 'Pet:\n  type: object\n  properties:\n    age: {type: integer}\n');
    const r = apictl(['explore', 'main.yaml', '--no-config'], { cwd: work });
    expect(r.code, r.stderr).toBe(0);
    const data = dataOf(readFileSync(path.join(work, 'main.html'), 'utf8'));
    expect(data.files.map((f) => f.name)).toEqual(['main.yaml', 'schemas.yaml']);
    expect(data.files[1]!.text).toBe(readFileSync(path.join(work, 'schemas.yaml'), 'utf8'));
    // the integer without a format is in schemas.yaml, line 4, and the operation answers with it
    expect(data.findings.find((f) => f.code === 'numeric-format-defined')).toMatchObject({ file: 'schemas.yaml', line: 4, op: 'op-get-pets' });
  });

  it('embeds a local logo and local Markdown images as data: URIs and leaves remote and outside ones out', () => {
    const work = path.join(dir, 'images');
    mkdirSync(path.join(work, 'api'), { recursive: true });
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    writeFileSync(path.join(work, 'api', 'logo.png'), png);
    writeFileSync(path.join(work, 'secret.png'), png);
    writeFileSync(
      path.join(work, 'api', 'api.yaml'),
      "openapi: 3.1.0\ninfo:\n  title: Pictures\n  version: '1'\n  x-logo: {url: logo.png, altText: Our logo}\n  description: 'Diagram ![flow](logo.png) remote ![tracker](https://tracker.example/p.png) outside ![s](../secret.png)'\npaths: {}\n",
    );
    const r = apictl(['explore', 'api/api.yaml', '--no-lint', '-o', 'out.html'], { cwd: work });
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(path.join(work, 'out.html'), 'utf8');
    const uri = `data:image/png;base64,${png.toString('base64')}`.replace(/=/g, '&#61;');
    expect(html).toContain(`<img class="logo" src="${uri}" alt="Our logo">`);
    expect(html).toContain(`<img class="md-img" src="${uri}" alt="flow">`);
    expect(html).toContain('<span class="img-blocked" title="image not loaded: https://tracker.example/p.png">[image: tracker]</span>');
    expect(html).toContain('<span class="img-blocked" title="image not loaded: ../secret.png">[image: s]</span>');
    expect(html.match(/<img /g)).toHaveLength(2);
  });

  it('shows a registered spec by name with its score history, and writes the portfolio with each page beside it', () => {
    const work = path.join(dir, 'registry');
    mkdirSync(work, { recursive: true });
    const db = ['--db', path.join(work, 'r.db')];
    expect(apictl(['import', path.join(repoRoot, 'examples/petstore-swagger2.yaml'), ...db], { cwd: work }).code).toBe(0);
    expect(apictl(['explore', '--db', path.join(work, 'none.db')], { cwd: work })).toMatchObject({ code: 2 });
    for (let i = 0; i < 2; i++) apictl(['lint', 'example-pet-store', '-q', '--no-config', ...db], { cwd: work });
    const r = apictl(['explore', 'example-pet-store', '--no-config', ...db], { cwd: work });
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(path.join(work, 'example-pet-store.html'), 'utf8');
    expect(html).toMatch(/<span id="origin">Source: Swagger 2\.0 \(example-pet-store@v1\/petstore-swagger2\.yaml\)/);
    expect(/<span id="trend"[^>]*>(.*?)<\/span>/s.exec(html)![1]!.match(/<circle /g)).toHaveLength(2);

    const p = apictl(['explore', '--no-config', '-o', 'site/index.html', ...db], { cwd: work });
    expect(p.code, p.stderr).toBe(0);
    const index = readFileSync(path.join(work, 'site', 'index.html'), 'utf8');
    expect(index).toContain('href="example-pet-store.html"');
    expect(existsSync(path.join(work, 'site', 'example-pet-store.html'))).toBe(true);
    expect(readFileSync(path.join(work, 'site', 'example-pet-store.html'), 'utf8')).toContain('<article id="op-get-pets"');
  });
});
