/**
 * Explorer pages in a real Chromium (Debian's `chromium`, driven by playwright-core): every
 * version renders with its source badge and every operation, the gutter holds one marker per line
 * with findings, the drawer's count equals the lint's, no request leaves the page, and a hostile
 * description runs nothing. Screenshots go to test/artifacts/ for a person to look at.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apictl } from '../helpers/cli.js';
import { repoRoot } from '../helpers/corpus.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const artifacts = path.join(repoRoot, 'test', 'artifacts');
const dir = mkdtempSync(path.join(os.tmpdir(), 'apictl-explore-browser-'));
let browser: Browser;

const OAS30 = `openapi: 3.0.3
info: {title: Small 3.0, version: '1'}
paths:
  /items:
    get: {operationId: listItems, summary: List items, responses: {'200': {description: ok}}}
`;
const OAS32 = `openapi: 3.2.0
info: {title: Query 3.2, version: '1'}
tags:
  - {name: animals}
  - {name: pets, parent: animals}
paths:
  /pets:
    query:
      operationId: queryPets
      summary: Search pets with a body
      tags: [pets]
      requestBody: {content: {application/json: {schema: {type: object}}}}
      responses: {'200': {description: ok}}
    get: {operationId: listPets, tags: [animals], summary: List pets, responses: {'200': {description: ok}}}
`;
const X = `</script><script>window.__xss=1</script><img src=x onerror="window.__xss=2"><a href="javascript:window.__xss=3">x</a>`;
const HOSTILE = JSON.stringify({
  openapi: '3.1.0',
  info: { title: X, version: '1', description: X },
  tags: [{ name: X, description: X }],
  paths: {
    '/a': {
      get: {
        operationId: 'a',
        tags: [X],
        summary: X,
        description: `[click](javascript:window.__xss=4) ${X}`,
        parameters: [{ name: X, in: 'query', description: X, schema: { type: 'string', enum: [X], example: X } }],
        responses: { '200': { description: X } },
      },
    },
  },
});

interface Opened {
  title: string;
  origin: string;
  articles: number;
  requests: string[];
  errors: string[];
  dialogs: number;
  xss: unknown;
}

async function open(file: string, shot: string, extra?: (page: import('playwright-core').Page) => Promise<void>): Promise<Opened> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const url = pathToFileURL(file).href;
  const requests: string[] = [];
  const errors: string[] = [];
  let dialogs = 0;
  // every request but the page itself is a failure: nothing may leave the page
  await page.route('**/*', (route) => {
    if (route.request().url() === url) return route.continue();
    requests.push(route.request().url());
    return route.abort();
  });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await page.goto(url);
  await page.waitForSelector('#origin', { timeout: 10_000 });
  if (extra) await extra(page);
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: path.join(artifacts, `explore-${shot}.png`) });
  const result = {
    title: await page.title(),
    origin: (await page.textContent('#origin')) ?? '',
    articles: await page.locator('article.op').count(),
    requests,
    errors,
    dialogs,
    xss: await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
  };
  await page.close();
  return result;
}

function explore(input: string, name: string, args: string[] = []): { html: string; file: string; ops: number; findings: number } {
  const file = path.join(dir, `${name}.html`);
  const r = apictl(['explore', input, '-o', file, '--no-config', ...args], { cwd: repoRoot });
  if (r.code !== 0) throw new Error(r.stderr);
  const m = /: (\d+) operations, (\d+) findings/.exec(r.stderr);
  return { html: readFileSync(file, 'utf8'), file, ops: Number(m?.[1] ?? -1), findings: Number(m?.[2] ?? 0) };
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: install it (apt-get install chromium) or set CHROMIUM_PATH; the explorer's browser tests need a real browser`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('explorer pages in Chromium', () => {
  it.each([
    ['swagger-2.0', 'examples/petstore-swagger2.yaml', /^Source: Swagger 2\.0 \(examples\/petstore-swagger2\.yaml\) · shown as OpenAPI 3\.0\.\d+ \(converted, \d+ notes\)$/],
    ['openapi-3.0', 'small-3.0.yaml', /^Source: OpenAPI 3\.0\.3 \(.*small-3\.0\.yaml\) · shown as OpenAPI 3\.0\.3$/],
    ['openapi-3.1', 'examples/bookshop-openapi31.yaml', /^Source: OpenAPI 3\.1\.0 \(examples\/bookshop-openapi31\.yaml\) · shown as OpenAPI 3\.1\.0$/],
    ['openapi-3.2', 'query-3.2.yaml', /^Source: OpenAPI 3\.2\.0 \(.*query-3\.2\.yaml\) · shown as OpenAPI 3\.2\.0$/],
  ])(
    '%s: the source badge, every operation, no request',
    async (name, input, origin) => {
      const files: Record<string, string> = { 'small-3.0.yaml': OAS30, 'query-3.2.yaml': OAS32 };
      const spec = files[input] ? path.join(dir, input) : input;
      if (files[input]) writeFileSync(spec, files[input]!);
      const page = explore(spec, name);
      const shown = await open(page.file, name);
      expect(shown.origin).toMatch(origin);
      expect(shown.articles).toBe(page.ops);
      expect(shown.requests).toEqual([]);
      expect(shown.errors).toEqual([]);
      if (name === 'openapi-3.2') expect(page.html).toMatch(/QUERY/);
    },
    60_000,
  );

  it('marks each line with findings once in the gutter, and the drawer lists what lint found', async () => {
    const page = explore('examples/petstore-swagger2.yaml', 'markers');
    const data = JSON.parse(/<script type="application\/json" id="explorer-data">(.*?)<\/script>/s.exec(page.html)![1]!) as {
      files: Array<{ name: string }>;
      findings: Array<{ kind: string; line?: number; file?: string }>;
    };
    const lines = new Set(data.findings.filter((f) => f.line && (f.file ?? data.files[0]!.name) === data.files[0]!.name).map((f) => f.line));
    let markers = -1;
    let listed = -1;
    await open(page.file, 'markers', async (p) => {
      await p.click('#toggle-source');
      markers = await p.locator('#source-text .marker').count();
      await p.click('#toggle-drawer');
      listed = Number(await p.getAttribute('#finding-list', 'data-shown'));
    });
    expect(lines.size).toBeGreaterThan(0);
    expect(markers).toBe(lines.size);
    expect(listed).toBe(data.findings.length);
    expect(data.findings.filter((f) => f.kind === 'finding')).toHaveLength(page.findings);
  }, 60_000);

  it('leads back from a marked line in the gutter to its findings in the drawer', async () => {
    const page = explore('examples/petstore-swagger2.yaml', 'back');
    const data = JSON.parse(/<script type="application\/json" id="explorer-data">(.*?)<\/script>/s.exec(page.html)![1]!) as { findings: Array<{ line?: number; code: string }> };
    const perLine = new Map<number, string[]>();
    for (const f of data.findings) if (f.line) perLine.set(f.line, [...(perLine.get(f.line) ?? []), f.code]);
    const [line, codes] = [...perLine].sort((a, b) => b[1].length - a[1].length)[0]!;
    let listed: string[] = [];
    await open(page.file, 'back', async (p) => {
      await p.click('#toggle-source');
      await p.click(`#source-text .marker[data-line="${line}"]`, { position: { x: 10, y: 9 } });
      await p.waitForSelector('#drawer:not([hidden])');
      listed = await p.locator('#finding-list li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-code')!));
    });
    expect(codes.length).toBeGreaterThan(1);
    expect(listed.sort()).toEqual([...codes].sort());
  }, 60_000);

  it('runs nothing from a hostile description: no script, dialog, console error, navigation or request', async () => {
    const spec = path.join(dir, 'hostile.json');
    writeFileSync(spec, HOSTILE);
    const page = explore(spec, 'hostile');
    const shown = await open(page.file, 'hostile', async (p) => {
      await p.click('#toggle-source');
      await p.click('#toggle-drawer');
      await p.click('article.op a[href^="http"], article.op', { timeout: 2000 }).catch(() => undefined);
    });
    expect(shown.xss).toBeUndefined();
    expect(shown.dialogs).toBe(0);
    expect(shown.errors).toEqual([]);
    expect(shown.requests).toEqual([]);
    expect(shown.title).toContain('</script>');
  }, 60_000);

  it('draws a long source lazily: a finding far down opens its line, marked, and the conversion notes are marked at their 2.0 lines', async () => {
    // a 2.0 document of ~6,000 lines whose last operation has findings
    const paths: string[] = [];
    for (let i = 0; i < 400; i++) {
      paths.push(
        `  /items${i}:\n    get:\n      operationId: getItems${i}\n      summary: Items ${i}\n      tags: [items]\n      parameters:\n        - {name: q, in: query, type: string}\n      responses:\n        '200':\n          description: ok\n          schema: {type: object, properties: {n: {type: integer}}}\n          x-examples: {application/json: {n: 1}}\n`,
      );
    }
    const spec = path.join(dir, 'long-2.0.yaml');
    writeFileSync(spec, `swagger: '2.0'\ninfo: {title: Long, version: '1'}\nhost: api.example.com\npaths:\n${paths.join('')}`);
    const page = explore(spec, 'long');
    const data = JSON.parse(/<script type="application\/json" id="explorer-data">(.*?)<\/script>/s.exec(page.html)![1]!) as {
      files: Array<{ text: string }>;
      findings: Array<{ kind: string; line?: number; code: string; op?: string }>;
    };
    const lines = data.files[0]!.text.split('\n');
    const last = data.findings.filter((f) => f.kind === 'finding' && f.line && f.op === 'op-get-items399').sort((a, b) => b.line! - a.line!)[0]!;
    const note = data.findings.find((f) => f.kind === 'note' && f.line)! as { line: number; code: string; message: string };
    expect(last.line).toBeGreaterThan(lines.length - 20);
    expect(note).toBeDefined();
    let drawn = { rendered: 0, marker: 0, text: '', highlighted: '', noteTitle: '' };
    await open(page.file, 'long', async (p) => {
      await p.click('#toggle-drawer');
      await p.selectOption('select[data-filter=rule]', last.code);
      await p
        .locator('#finding-list li', { hasText: `:${last.line} ` })
        .first()
        .click();
      await p.waitForSelector(`#source-text .hl[data-line="${last.line}"]`);
      drawn = await p.evaluate((line) => {
        const code = document.querySelector('#source-text .code')!.textContent!.split('\n');
        const top = Number((document.querySelector('#source-text .window') as HTMLElement).style.top.replace('px', '')) / 18;
        return {
          rendered: code.length,
          marker: document.querySelectorAll(`#source-text .marker[data-line="${line}"]`).length,
          text: code[line - 1 - top] ?? '',
          highlighted: document.querySelector('#source-text .hl')!.getAttribute('data-line')!,
          noteTitle: '',
        };
      }, last.line!);
      // scroll the pane to the note's line: it is drawn there, with the note's colour
      await p.evaluate((line) => {
        const pane = document.getElementById('source')!;
        pane.scrollTop = (document.getElementById('source-text') as HTMLElement).offsetTop + (line - 1) * 18 - 100;
      }, note.line!);
      await p.waitForSelector(`#source-text .marker[data-line="${note.line}"]`);
      drawn.noteTitle = (await p.getAttribute(`#source-text .marker[data-line="${note.line}"]`, 'title')) ?? '';
      expect(await p.isVisible('article#op-get-items399.hl')).toBe(true);
    });
    expect(drawn.rendered).toBeLessThan(lines.length / 4);
    expect(drawn.marker).toBe(1);
    expect(drawn.text).toBe(lines[last.line! - 1]);
    expect(drawn.highlighted).toBe(String(last.line));
    expect(drawn.noteTitle.split('\n')).toContain(`conversion note ${note.code}: ${note.message}`);
  }, 90_000);

  it('switches the source pane between the files of a multi-file description', async () => {
    const multi = path.join(dir, 'multi');
    mkdirSync(multi, { recursive: true });
    writeFileSync(
      path.join(multi, 'main.yaml'),
      "openapi: 3.1.0\ninfo: {title: Multi, version: '1'}\npaths:\n  /pets:\n    get:\n      operationId: listPets\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: 'schemas.yaml#/Pet'}\n",
    );
    writeFileSync(path.join(multi, 'schemas.yaml'), 'Pet:\n  type: object\n  properties:\n    age: {type: integer}\n');
    const page = explore(path.join(multi, 'main.yaml'), 'multi');
    let seen = { files: [] as string[], on: '', line4: '' };
    await open(page.file, 'multi', async (p) => {
      await p.click('#toggle-drawer');
      await p.selectOption('select[data-filter=rule]', 'numeric-format-defined');
      await p.click('#finding-list li');
      await p.waitForSelector('#source-text .hl[data-line="4"]');
      seen = {
        files: await p.locator('#source-files button').allTextContents(),
        on: (await p.textContent('#source-files button.on')) ?? '',
        line4: (await p.evaluate(() => document.querySelector('#source-text .code')!.textContent!.split('\n')[3])) ?? '',
      };
    });
    expect(seen.files.map((f) => path.basename(f))).toEqual(['main.yaml', 'schemas.yaml']);
    expect(path.basename(seen.on)).toBe('schemas.yaml');
    expect(seen.line4).toBe('    age: {type: integer}');
  }, 60_000);

  it('renders the portfolio of a registry: every spec, its score and chart, links to pages that exist, no request', async () => {
    const work = path.join(dir, 'portfolio');
    mkdirSync(work, { recursive: true });
    const db = ['--db', path.join(work, 'r.db')];
    for (const f of ['examples/petstore-swagger2.yaml', 'examples/bookshop-openapi31.yaml']) expect(apictl(['import', f, ...db], { cwd: repoRoot }).code).toBe(0);
    for (let i = 0; i < 3; i++) apictl(['lint', 'example-pet-store', '-q', '--no-config', ...db], { cwd: repoRoot });
    apictl(['lint', 'example-bookshop', '-q', '--no-config', ...db], { cwd: repoRoot });
    const r = apictl(['explore', '--no-config', '-o', path.join(work, 'site', 'index.html'), ...db], { cwd: repoRoot });
    expect(r.code, r.stderr).toBe(0);
    const index = path.join(work, 'site', 'index.html');
    const page = await browser.newPage({ viewport: { width: 1400, height: 700 } });
    const requests: string[] = [];
    await page.route('**/*', (route) => {
      if (route.request().url() === pathToFileURL(index).href) return route.continue();
      requests.push(route.request().url());
      return route.abort();
    });
    await page.goto(pathToFileURL(index).href);
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: path.join(artifacts, 'explore-portfolio.png') });
    const rows = await page.locator('tbody tr').count();
    const points = await page.locator('tr#spec-example-pet-store svg circle').count();
    const hrefs = await page.locator('tbody a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    await page.close();
    expect(rows).toBe(2);
    expect(points).toBe(3);
    expect(hrefs.sort()).toEqual(['example-bookshop.html', 'example-pet-store.html']);
    for (const h of hrefs) expect(existsSync(path.join(work, 'site', h!))).toBe(true);
    expect(requests).toEqual([]);
  }, 90_000);
});
