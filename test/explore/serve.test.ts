/**
 * `explore --serve`: the explorer page on 127.0.0.1, rendered again when the description or a
 * file it `$ref`s is saved. Real parts throughout: a two-file spec on disk, a render built from
 * the page's own renderers, HTTP clients, and Chromium (playwright-core) for the reload that keeps
 * the reader's place, the filters and the panels, and for the banner a broken save shows.
 */
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CSP, renderExplorerPage } from '../../src/explore/page.js';
import { renderReference } from '../../src/explore/reference.js';
import { type ExplorerServer, type Rendered, serveExplorer } from '../../src/explore/serve.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OPS = 60;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface SpecEdits {
  summaries?: Record<number, string>;
  descriptions?: Record<number, string>;
  /** Adds a `$ref` to this file from the first operation's request body. */
  extraRef?: string;
}

/** main.yaml: OPS operations, each answering with schemas.yaml#/Thing, so the page scrolls. */
function mainYaml(edits: SpecEdits = {}): string {
  let out = `openapi: 3.1.0\ninfo: {title: Things, version: '1'}\npaths:\n`;
  for (let i = 1; i <= OPS; i++) {
    out += `  /things/${i}:\n    get:\n      operationId: getThing${i}\n      summary: ${JSON.stringify(edits.summaries?.[i] ?? `Thing number ${i}`)}\n`;
    if (edits.descriptions?.[i]) out += `      description: ${JSON.stringify(edits.descriptions[i])}\n`;
    if (i === 1 && edits.extraRef) out += `      requestBody: {content: {application/json: {schema: {$ref: '${edits.extraRef}'}}}}\n`;
    out += `      responses:\n        '200':\n          description: ok\n          content: {application/json: {schema: {$ref: 'schemas.yaml#/Thing'}}}\n`;
  }
  return out;
}

/** schemas.yaml, long enough (comment lines) that the source panel scrolls when it shows this file. */
const schemasYaml = (props: string[]): string =>
  `Thing:\n  type: object\n  properties:\n${props.map((p) => `    ${p}: {type: string}\n`).join('')}${Array.from({ length: 80 }, (_, i) => `# note ${i}\n`).join('')}`;

/**
 * A render independent of the CLI: parse the entry, inline every external `$ref` (the reference
 * does not follow them), and watch each file read. Synthetic findings give the drawer's filters something to filter.
 */
function renderer(main: string): () => Promise<Rendered> {
  return async () => {
    const dir = path.dirname(main);
    const files: Array<{ name: string; text: string }> = [];
    const watch: string[] = [];
    const loaded = new Map<string, unknown>();
    const load = (abs: string): unknown => {
      if (!loaded.has(abs)) {
        const text = readFileSync(abs, 'utf8');
        watch.push(abs);
        files.push({ name: path.relative(dir, abs), text });
        loaded.set(abs, parse(text));
      }
      return loaded.get(abs);
    };
    const inline = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(inline);
      if (value === null || typeof value !== 'object') return value;
      const ref = (value as { $ref?: unknown }).$ref;
      if (typeof ref === 'string' && !ref.startsWith('#')) {
        const [file, pointer = ''] = ref.split('#');
        let target = load(path.resolve(dir, file!));
        for (const seg of pointer.split('/').filter(Boolean)) target = (target as Record<string, unknown>)[seg];
        return inline(target);
      }
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inline(v)]));
    };
    const doc = inline(load(main)) as Record<string, unknown>;
    const findings = [];
    for (let i = 1; i <= OPS; i++)
      findings.push({ code: 'operation-description', severity: 'warn' as const, message: `GET /things/${i} has no description`, path: ['paths', `/things/${i}`, 'get'], category: 'docs' });
    findings.push({ code: 'info-contact', severity: 'error' as const, message: 'no contact', path: ['info'], category: 'docs' });
    const html = renderExplorerPage({
      title: 'Things',
      source: { format: 'OpenAPI 3.1.0', file: 'main.yaml', converted: false },
      shownAs: 'OpenAPI 3.1.0',
      notes: [],
      findings,
      files,
      reference: renderReference(doc),
      generator: 'apictl test',
    });
    return { html, watch };
  };
}

function project(): { dir: string; main: string; schemas: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'apictl-serve-'));
  dirs.push(dir);
  const main = path.join(dir, 'main.yaml');
  const schemas = path.join(dir, 'schemas.yaml');
  writeFileSync(main, mainYaml());
  writeFileSync(schemas, schemasYaml(['id', 'name']));
  return { dir, main, schemas };
}

/** node:http, because fetch does not let the caller choose the Host header. */
function request(url: string, opts: { method?: string; host?: string } = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.host ? { host: opts.host } : {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Reads an event stream until `until` matches what has arrived. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, seen: { text: string }, until: RegExp): Promise<string> {
  const decoder = new TextDecoder();
  while (!until.test(seen.text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before ${until}: ${seen.text}`);
    seen.text += decoder.decode(value, { stream: true });
  }
  return seen.text;
}

describe('explore --serve over HTTP', () => {
  let p: ReturnType<typeof project>;
  let server: ExplorerServer;
  const logged: string[] = [];
  beforeAll(async () => {
    p = project();
    server = await serveExplorer({ render: renderer(p.main), log: (l) => logged.push(l) });
  });
  afterAll(() => server?.close());

  it('serves the page on 127.0.0.1 with a CSP that allows only its own event stream, and nothing else', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const port = new URL(server.url).port;
    const res = await fetch(server.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${CSP}; connect-src 'self'">`);
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(html).toMatch(/new EventSource\('\/events'\)[\s\S]*<\/script>\n<\/body>/);
    expect(html).toContain('Thing number 60');
    // nothing else differs from the page as written without --serve
    const written = (await renderer(p.main)()).html;
    expect(html.replace(`${CSP}; connect-src 'self'`, CSP).replace(/<script>\n\(function\(\)\{\nvar GEN=[\s\S]*?<\/script>\n(?=<\/body>)/, '')).toBe(written);
    expect(await (await fetch(new URL('/index.html', server.url))).text()).toBe(html);
    const head = await fetch(server.url, { method: 'HEAD' });
    expect([head.status, await head.text()]).toEqual([200, '']);

    expect((await fetch(new URL('/nope', server.url))).status).toBe(404);
    expect((await fetch(new URL('/main.yaml', server.url))).status).toBe(404);
    expect((await fetch(server.url, { method: 'POST', body: 'x' })).status).toBe(405);
    // DNS rebinding: only loopback names with our port
    expect((await request(server.url, { host: 'evil.example' })).status).toBe(403);
    expect((await request(server.url, { host: `evil.example:${port}` })).status).toBe(403);
    expect((await request(server.url, { host: '127.0.0.1:1' })).status).toBe(403);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) expect((await request(server.url, { host })).status, host).toBe(200);
  });

  it('pushes reload after a good save, problem after a bad one, and watches a newly $ref-ed file', async () => {
    const res = await fetch(new URL('/events', server.url));
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = res.body!.getReader();
    const seen = { text: '' };
    await readUntil(reader, seen, /event: reload\ndata: 1\n\n/);

    let next = server.nextRender();
    writeFileSync(p.schemas, schemasYaml(['id', 'name', 'colour']));
    await next;
    await readUntil(reader, seen, /event: reload\ndata: 2\n\n/);
    expect(await (await fetch(server.url)).text()).toContain('<code>colour</code>');

    // a broken save: the last good page stays, the error goes to the log and the stream
    next = server.nextRender();
    writeFileSync(p.main, 'openapi: 3.1.0\ninfo: [\n');
    await next;
    await readUntil(reader, seen, /event: problem\ndata: [^\n]+\n/);
    expect(logged).toHaveLength(1);
    expect(seen.text).toContain(`event: problem\ndata: ${logged[0]!.split('\n')[0]}`);
    expect(await (await fetch(server.url)).text()).toContain('<code>colour</code>');

    // the fix also brings a new file in; from then on it is watched too
    const extra = path.join(p.dir, 'extra.yaml');
    writeFileSync(extra, 'Extra: {type: object, properties: {before: {type: string}}}\n');
    next = server.nextRender();
    writeFileSync(p.main, mainYaml({ extraRef: 'extra.yaml#/Extra' }));
    await next;
    await readUntil(reader, seen, /event: reload\ndata: 3\n\n/);
    next = server.nextRender();
    writeFileSync(extra, 'Extra: {type: object, properties: {after: {type: string}}}\n');
    await next;
    await readUntil(reader, seen, /event: reload\ndata: 4\n\n/);
    expect(await (await fetch(server.url)).text()).toContain('<code>after</code>');

    // saved by rename (as many editors do): still seen
    next = server.nextRender();
    writeFileSync(`${p.schemas}.tmp`, schemasYaml(['id', 'renamed']));
    renameSync(`${p.schemas}.tmp`, p.schemas);
    await next;
    await readUntil(reader, seen, /event: reload\ndata: 5\n\n/);

    // a save that changes nothing is not worth a reload...
    next = server.nextRender();
    writeFileSync(p.schemas, schemasYaml(['id', 'renamed']));
    await next;
    // ...but going back to the last good text after a broken save is: the banner has to go
    next = server.nextRender();
    writeFileSync(p.schemas, 'Thing: [\n');
    await next;
    next = server.nextRender();
    writeFileSync(p.schemas, schemasYaml(['id', 'renamed']));
    await next;
    const tail = (await readUntil(reader, seen, /event: reload\ndata: 6\n\n/)).split('data: 5\n\n')[1]!;
    expect(tail).toMatch(/^event: problem\n(data: .*\n)+\nevent: reload\ndata: 6\n\n$/);
    await reader.cancel();
  });

  it('rejects when the first render fails, and when the page has no CSP to extend', async () => {
    const boom = new Error('main.yaml:2:7: broken');
    await expect(serveExplorer({ render: () => Promise.reject(boom) })).rejects.toBe(boom);
    await expect(serveExplorer({ render: async () => ({ html: '<html><body></body></html>', watch: [] }) })).rejects.toThrow(/Content-Security-Policy/);
  });
});

describe('explore --serve in Chromium', () => {
  let browser: Browser;
  let server: ExplorerServer;
  let p: ReturnType<typeof project>;
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: install it (apt-get install chromium) or set CHROMIUM_PATH; explore --serve's browser test needs a real browser`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    p = project();
    server = await serveExplorer({ render: renderer(p.main) });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await browser?.close();
  });

  /** Where the reader is: the tracked article's offset from the viewport top, the panels, the filters. */
  const place = (page: Page) =>
    page.evaluate(() => {
      const art = document.getElementById('op-get-things-40')!;
      const panel = (id: string) => {
        const el = document.getElementById(id)!;
        return { open: !el.hidden, top: el.scrollTop };
      };
      return {
        y: window.scrollY,
        articleTop: art.getBoundingClientRect().top,
        summary: art.querySelector('.summary')?.textContent,
        severity: (document.querySelector('select[data-filter=severity]') as HTMLSelectElement).value,
        shown: document.getElementById('finding-list')!.getAttribute('data-shown'),
        source: panel('source'),
        file: document.querySelector('#source-files button.on')?.textContent ?? null,
        drawer: panel('drawer'),
        banner: document.getElementById('apictl-problem')?.textContent ?? null,
      };
    });

  /** Writes a file and waits for the page to load again. */
  async function saveAndReload(page: Page, file: string, text: string): Promise<void> {
    const loaded = page.waitForEvent('load', { timeout: 15_000 });
    writeFileSync(file, text);
    await loaded;
    // the page lays out what comes on screen as it scrolls there: a few frames to settle, as a reader sees it
    await page.evaluate(
      () =>
        new Promise<void>((done) => {
          let frames = 0;
          const tick = (): void => void (++frames > 12 ? done() : requestAnimationFrame(tick));
          requestAnimationFrame(tick);
        }),
    );
  }

  it('reloads on save, keeping the reader on the same operation with the drawer, filter and source panel as they were', async () => {
    const origin = new URL(server.url).origin;
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    // nothing may leave for another origin
    await page.route(
      (url) => url.origin !== origin,
      (route) => route.abort(),
    );
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(server.url);
    await page.waitForSelector('#op-get-things-40');

    // the reader: far down, the drawer filtered to warnings and scrolled, the source open and scrolled
    await page.click('#toggle-drawer');
    await page.selectOption('select[data-filter=severity]', 'warn');
    await page.click('#toggle-source');
    await page.click('#source-files button:text-is("schemas.yaml")');
    // a nav link first: the URL now has a fragment, which a reload must not jump back to
    await page.click('nav a[href="#op-get-things-38"]');
    expect(new URL(page.url()).hash).toBe('#op-get-things-38');
    await page.evaluate(() => {
      document.getElementById('drawer')!.scrollTop = 120;
      document.getElementById('source')!.scrollTop = 300;
      // operation 40 just below the sticky header: the one the reader is at
      document.getElementById('op-get-things-40')!.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -(document.getElementById('top')!.getBoundingClientRect().bottom + 30));
    });
    const before = await place(page);
    expect(before.y).toBeGreaterThan(2000);
    expect(before).toMatchObject({ severity: 'warn', shown: '60', summary: 'Thing number 40', drawer: { open: true }, source: { open: true }, banner: null });
    expect(before.drawer.top).toBeGreaterThan(0);
    expect(before.source.top).toBe(300);
    expect(before.file).toBe('schemas.yaml');

    // content above grows and the summary changes: the same operation stays where it was on screen
    const long = Array.from({ length: 12 }, (_, i) => `Paragraph ${i} of a new description.`).join('\n\n');
    await saveAndReload(page, p.main, mainYaml({ summaries: { 40: 'Renamed forty' }, descriptions: { 5: long } }));
    const after = await place(page);
    expect(after.summary).toBe('Renamed forty');
    expect(after.y).toBeGreaterThan(before.y + 100);
    expect(Math.abs(after.articleTop - before.articleTop)).toBeLessThanOrEqual(3);
    expect(after).toMatchObject({ severity: 'warn', shown: '60', drawer: before.drawer, source: before.source, file: 'schemas.yaml', banner: null });

    // a file it $refs
    await saveAndReload(page, p.schemas, schemasYaml(['id', 'name', 'nickname']));
    expect(await page.locator('#op-get-things-40 code', { hasText: 'nickname' }).count()).toBe(1);
    expect(Math.abs((await place(page)).articleTop - before.articleTop)).toBeLessThanOrEqual(3);

    // a broken save: a banner says why, the page stays as it was (not reloaded)
    await page.evaluate(() => ((window as unknown as { __same: number }).__same = 1));
    const bad = 'openapi: 3.1.0\ninfo: [\n';
    let why = '';
    try {
      parse(bad);
    } catch (e) {
      why = (e as Error).message.split('\n')[0]!;
    }
    writeFileSync(p.main, bad);
    await page.waitForSelector('#apictl-problem', { timeout: 15_000 });
    const broken = await place(page);
    expect(broken.banner).toContain(why);
    expect(broken.summary).toBe('Renamed forty');
    expect(await page.evaluate(() => (window as unknown as { __same?: number }).__same)).toBe(1);

    // fixed: the banner goes, the new content comes, the place stays
    await saveAndReload(page, p.main, mainYaml({ summaries: { 40: 'Fixed forty' }, descriptions: { 5: long } }));
    const fixed = await place(page);
    expect(fixed).toMatchObject({ summary: 'Fixed forty', banner: null, severity: 'warn', shown: '60' });
    expect(Math.abs(fixed.articleTop - before.articleTop)).toBeLessThanOrEqual(3);

    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((u) => new URL(u).origin !== origin)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
