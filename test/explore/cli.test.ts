/** `apictl explore`: the command writes one page for a 2.0 and a 3.1 example, and refuses bad input with one line. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apictl } from '../helpers/cli.js';
import { repoRoot } from '../helpers/corpus.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'apictl-explore-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
});
