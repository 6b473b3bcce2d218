// Measure candidate reference renderers for `apictl explore` in a real headless Chromium.
//
// For each renderer × document: build ONE self-contained HTML file (spec embedded as inert
// JSON, bundle inlined with `<script`/`</script`/`<!--` rewritten, CSP that allows nothing
// remote), open it from file:// with every network request blocked and counted, and record
// time to operation text visible, JS heap, long tasks, crash, HTML size, and how many of the
// document's operations (method + path, operationId, or unique summary) the rendered DOM shows.
//
//   cd bench/explorer && npm ci && node measure.mjs [--renderers a,b] [--docs x,y] [--timeout 120]
//
// Needs Debian's chromium (/usr/bin/chromium, or CHROMIUM=path). Results: .cache/results.json
// and a Markdown table on stdout.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import YAML from 'yaml';
import { offlinePage } from '../util.mjs';
import { operations, renderStatic } from './static-render.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const CACHE = path.join(HERE, '.cache');
const PAGES = path.join(CACHE, 'pages');
fs.mkdirSync(PAGES, { recursive: true });

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => {
  if (a.startsWith('--')) acc.push([a.slice(2), all[i + 1] && !all[i + 1].startsWith('--') ? all[i + 1] : 'true']);
  return acc;
}, []));
const TIMEOUT_MS = Number(args.timeout || 120) * 1000;
const SETTLE_MS = Number(args.settle || 3) * 1000;
const EXPAND_MS = Number(args.expand || 30) * 1000;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:";

// ---------- documents ----------
function k8sConverted() {
  const out = path.join(CACHE, 'k8s-3.json');
  if (!fs.existsSync(out)) {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/apictl.js'), 'convert', path.join(ROOT, '../shared/corpus/huge/kubernetes-swagger.json'), '-o', out, '--quiet'], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('apictl convert failed (run `npm run build` in the repository root first)');
  }
  return out;
}
const DOCS = {
  'stripe-spec3': () => path.join(ROOT, '../shared/corpus/huge/stripe-spec3.yaml'),
  'kubernetes (2.0→3.0)': k8sConverted,
  'asana': () => path.join(ROOT, '../shared/corpus/medium/asana.yaml'),
  'small-3.2': () => path.join(HERE, 'docs/small-3.2.yaml'),
};
function loadDoc(file) {
  const text = fs.readFileSync(file, 'utf8');
  return /\.json$/i.test(file) ? JSON.parse(text) : YAML.parse(text, { maxAliasCount: -1 });
}

// ---------- renderers ----------
const nm = (p) => path.join(HERE, 'node_modules', p);
const read = (p) => fs.readFileSync(p, 'utf8');
const version = (pkgDir) => JSON.parse(read(path.join(pkgDir, 'package.json'))).version;
const REDOC3_DIR = path.join(CACHE, 'redoc-3.0.1'); // `npm run fetch-redoc3` (npm pack: redoc 3 does not install)

/** Make a JS bundle safe inside <script>: the HTML parser must not see these sequences. */
export const inlineJs = (js) => js.replace(/<\/(script)/gi, '\\x3C/$1').replace(/<(script)/gi, '\\x3C$1').replace(/<!--/g, '\\x3C!--');
const inlineCss = (css) => css.replace(/<\/(style)/gi, '\\3C/$1');
/** The API description as inert JSON: no `<` at all (covers `</script>` and `<!--`), no U+2028/9. */
export const inertJson = (doc) => JSON.stringify(doc).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const RENDERERS = {
  'swagger-ui': {
    pkg: nm('swagger-ui-dist'),
    head: () => `<style>${inlineCss(read(nm('swagger-ui-dist/swagger-ui.css')))}</style><script>${inlineJs(read(nm('swagger-ui-dist/swagger-ui-bundle.js')))}</script>`,
    body: () => `<div id="app"></div>
<script>window.ui = SwaggerUIBundle({ spec: JSON.parse(document.getElementById('spec').textContent), dom_id: '#app', validatorUrl: null, deepLinking: false });</script>`,
  },
  'redoc-2': {
    pkg: nm('redoc'),
    head: () => `<script>${inlineJs(read(nm('redoc/bundles/redoc.standalone.js')))}</script>`,
    body: () => `<div id="app"></div>
<script>Redoc.init(JSON.parse(document.getElementById('spec').textContent), { hideDownloadButton: true }, document.getElementById('app'));</script>`,
  },
  'redoc-3': {
    pkg: REDOC3_DIR,
    head: () => '',
    body: () => {
      let js = read(path.join(REDOC3_DIR, 'bundles/redoc.standalone.js'));
      const m = js.match(/export\s*\{([^}]*)\}\s*;?\s*$/);
      if (!m) throw new Error('redoc 3 bundle: trailing export not found');
      js = js.slice(0, m.index) + `window.__redoc3={${m[1]}};`;
      return `<div id="app"></div><script type="module">${inlineJs(js)}
window.__redoc3.init(JSON.parse(document.getElementById('spec').textContent), { disableTelemetry: true }, document.getElementById('app'));</script>`;
    },
  },
  'scalar': {
    pkg: nm('@scalar/api-reference'),
    head: () => `<script>${inlineJs(read(nm('@scalar/api-reference/dist/browser/standalone.js')))}</script>`,
    body: () => `<div id="app"></div>
<script>Scalar.createApiReference('#app', { content: JSON.parse(document.getElementById('spec').textContent), withDefaultFonts: false, telemetry: false });</script>`,
  },
  'elements': {
    pkg: nm('@stoplight/elements'),
    head: () => `<style>${inlineCss(read(nm('@stoplight/elements/styles.min.css')))}</style><script>${inlineJs(read(nm('@stoplight/elements/web-components.min.js')))}</script>`,
    body: () => `<elements-api id="docs" router="hash" layout="sidebar"></elements-api>
<script>document.getElementById('docs').apiDescriptionDocument = JSON.parse(document.getElementById('spec').textContent);</script>`,
  },
  'static (own)': { pkg: null }, // static-render.mjs
};

function buildPage(name, doc) {
  if (name === 'static (own)') return renderStatic(doc);
  const r = RENDERERS[name];
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${CSP}"><title>${(doc.info?.title || 'API').replace(/[<&"]/g, '')}</title>${r.head()}
<script type="application/json" id="spec">${inertJson(doc)}</script></head><body>
${r.body()}</body></html>`;
}

// ---------- the in-page probes ----------
const INIT = () => {
  window.__probe = { longTasks: [], csp: [], errors: [] };
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__probe.longTasks.push(e.duration); }).observe({ type: 'longtask', buffered: true });
  } catch {}
  document.addEventListener('securitypolicyviolation', (e) => window.__probe.csp.push(`${e.violatedDirective} ${e.blockedURI}`));
};

/** Runs in the page: has any marker appeared in visible text? Records first times. */
function seen({ title, markers }) {
  const p = window.__probe;
  const body = document.body;
  if (!body) return false;
  const ZW = /[\u200b\u200c\u200d\u2060\ufeff]/g; // Swagger UI puts U+200B inside paths
  const txt = (body.textContent || '').replace(ZW, '');
  const visible = (needle) => {
    if (!txt.includes(needle)) return false;
    const w = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) {
      if (n.nodeValue.replace(ZW, '').includes(needle) || (n.parentElement && n.parentElement.textContent.replace(ZW, '').includes(needle) && n.parentElement.textContent.length < 400)) {
        const el = n.parentElement;
        if (el && el.closest('script,style')) continue;
        if (el && (el.checkVisibility ? el.checkVisibility() : el.getClientRects().length)) return true;
      }
    }
    return false;
  };
  if (p.tTitle == null && title && visible(title)) p.tTitle = performance.now();
  if (p.tOp == null && markers.some(visible)) p.tOp = performance.now();
  return p.tOp != null;
}

/** Runs in the page: which of the document's operations can be found in the rendered DOM. */
function countOps(ops) {
  const norm = (s) => String(s).toLowerCase().replace(/[\u200b\u200c\u200d\u2060\ufeff]/g, '').replace(/\s+/g, ' ');
  const parts = [];
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.parentElement && n.parentElement.closest('script,style,template') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  for (let n = w.nextNode(); n; n = w.nextNode()) parts.push(n.nodeValue);
  const text = norm(parts.join(' ')).replace(/\s+(?=\/)/g, ' ');
  const attrs = [];
  for (const el of document.querySelectorAll('[id],[href],[data-item-id]')) {
    for (const a of ['id', 'href', 'data-item-id']) {
      const v = el.getAttribute(a);
      if (v) { try { attrs.push(decodeURIComponent(v)); } catch { attrs.push(v); } }
    }
  }
  const attrText = '\n' + attrs.join('\n') + '\n';
  const PATHCH = /[a-z0-9_{}\-./]/;
  const hasMethodPath = (m, p) => {
    for (const needle of [norm(m + ' ' + p), norm(m + p)]) {
      for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) {
        const prev = text[i - 1];
        const next = text[i + needle.length];
        if ((!prev || !/[a-z]/.test(prev)) && (!next || !PATHCH.test(next))) return true;
      }
    }
    return false;
  };
  const idRe = (id) => new RegExp(`(^|[\\n/#_\\-])(operation[/-])?${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[\\n/])`, 'i');
  const out = { shown: 0, byMethodPath: 0, byId: 0, bySummary: 0, missing: [], queryMissing: 0 };
  for (const o of ops) {
    let how = null;
    if (hasMethodPath(o.method, o.path)) how = 'byMethodPath';
    else if (o.id && idRe(o.id).test(attrText)) how = 'byId';
    else if (o.uniqueSummary && text.includes(norm(o.uniqueSummary))) how = 'bySummary';
    if (how) { out.shown++; out[how]++; } else { out.missing.push(`${o.method.toUpperCase()} ${o.path}`); if (o.method === 'query') out.queryMissing++; }
  }
  out.missingCount = out.missing.length;
  out.missing = out.missing.slice(0, 8);
  return out;
}

/** Runs in the page: open collapsed navigation (tag groups, "+ Show", "Open Group") and scroll
 *  through the page so lazy renderers materialise their operations. Bounded by budgetMs. */
async function expandAll({ names, budgetMs }) {
  const t0 = performance.now();
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const want = new Set(names.map((n) => n.trim().toLowerCase()));
  const clicked = new WeakSet();
  let clicks = 0;
  for (let round = 0; round < 50 && performance.now() - t0 < budgetMs; round++) {
    const cands = [];
    for (const b of document.querySelectorAll('button[aria-expanded="false"]')) {
      const label = (b.getAttribute('aria-label') || b.textContent || '').trim();
      if (/^open group/i.test(label)) cands.push(b);
    }
    for (const b of document.querySelectorAll('button')) if (/^\+?\s*show( all| more)?$/i.test(b.textContent.trim())) cands.push(b);
    for (const el of document.querySelectorAll('div,span,a,li,button')) {
      if (el.children.length > 2) continue;
      const t = el.textContent.trim().toLowerCase();
      if (!want.has(t)) continue;
      const r = el.getBoundingClientRect();
      if (r.width && r.left < 340) cands.push(el); // the sidebar
    }
    // innermost only: clicking a label and its row would toggle a group twice
    const fresh = [...new Set(cands)].filter((c, _, all) => !clicked.has(c) && !all.some((o) => o !== c && c.contains(o)));
    if (!fresh.length) break;
    for (const c of fresh) {
      clicked.add(c);
      try {
        const o = { bubbles: true, cancelable: true, composed: true, view: window, button: 0 };
        c.dispatchEvent(new PointerEvent('pointerdown', o)); c.dispatchEvent(new MouseEvent('mousedown', o));
        c.dispatchEvent(new PointerEvent('pointerup', o)); c.dispatchEvent(new MouseEvent('mouseup', o));
        c.dispatchEvent(new MouseEvent('click', o));
        clicks++;
      } catch {}
      if (performance.now() - t0 > budgetMs) break;
    }
    await sleep(300);
  }
  // scroll every large scroll container (and the window) to the bottom, step by step
  const scrollers = [document.scrollingElement, ...[...document.querySelectorAll('*')].filter((e) => e.scrollHeight > e.clientHeight + 200 && /(auto|scroll)/.test(getComputedStyle(e).overflowY))];
  let steps = 0;
  for (const sc of scrollers) {
    let last = -1;
    while (performance.now() - t0 < budgetMs && sc.scrollTop !== last) {
      last = sc.scrollTop;
      sc.scrollTop += Math.max(400, sc.clientHeight * 3);
      steps++;
      await sleep(30);
    }
  }
  return { clicks, steps, ms: Math.round(performance.now() - t0) };
}

// ---------- one measurement ----------
async function measure(rname, dname, doc, file, opsInfo) {
  const res = { renderer: rname, doc: dname, htmlBytes: fs.statSync(file).size, opsTotal: opsInfo.ops.length };
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--host-resolver-rules=MAP * ~NOTFOUND', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const url = pathToFileURL(file).href;
  /** @type {string[]} */
  let requests = [];
  let crashed = false;
  let peakHeap = 0;
  let sampler;
  try {
    const opened = await offlinePage(browser, url);
    const page = opened.page;
    requests = opened.requests;
    page.on('crash', () => { crashed = true; });
    const pageErrors = [];
    page.on('pageerror', (e) => pageErrors.push(String(e.message).slice(0, 200)));
    await page.addInitScript(INIT);
    const cdp = await page.context().newCDPSession(page);
    sampler = setInterval(async () => {
      try { const h = await cdp.send('Runtime.getHeapUsage'); peakHeap = Math.max(peakHeap, h.usedSize); } catch {}
    }, 500);
    const markers = [...new Set(opsInfo.ops.slice(0, 40).flatMap((o) => [o.summary, o.path]).filter((m) => m && m.length > 3))];
    const t0 = Date.now();
    await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    try {
      await page.waitForFunction(seen, { title: doc.info?.title, markers }, { polling: 250, timeout: TIMEOUT_MS });
      res.wallToOpMs = Date.now() - t0;
    } catch (e) {
      res.error = crashed ? 'renderer process crashed' : `no operation text within ${TIMEOUT_MS / 1000}s`;
    }
    if (!crashed) {
      const probe = await page.evaluate(() => window.__probe).catch(() => null);
      if (probe) { res.toTitleMs = probe.tTitle && Math.round(probe.tTitle); res.toOpMs = probe.tOp && Math.round(probe.tOp); }
      await page.waitForTimeout(SETTLE_MS);
      const h = await cdp.send('Runtime.getHeapUsage').catch(() => null);
      if (h) { res.heapMB = +(h.usedSize / 2 ** 20).toFixed(1); peakHeap = Math.max(peakHeap, h.usedSize); }
      const p2 = await page.evaluate(() => ({ lt: window.__probe.longTasks, csp: window.__probe.csp })).catch(() => null);
      if (p2) {
        res.longTasks = p2.lt.length;
        res.longestTaskMs = Math.round(Math.max(0, ...p2.lt));
        res.longTaskTotalMs = Math.round(p2.lt.reduce((a, b) => a + b, 0));
        res.cspViolations = p2.csp.length;
        res.cspSample = [...new Set(p2.csp)].slice(0, 4);
      }
      const tc = Date.now();
      const c = await page.evaluate(countOps, opsInfo.ops).catch((e) => ({ error: String(e.message) }));
      res.countMs = Date.now() - tc;
      Object.assign(res, { opsShown: c.shown, opsMissing: c.missingCount, opsMatch: c.error ? c.error : { byMethodPath: c.byMethodPath, byId: c.byId, bySummary: c.bySummary }, missingSample: c.missing });
      if (opsInfo.queryOps.length) res.queryShown = c.error ? null : c.queryMissing === 0;
      // second pass, only where the first did not find every operation: open the navigation
      // (tag groups, "+ Show", "Open Group") and scroll, for collapsed and lazy renderers.
      if (!c.error && c.shown < opsInfo.ops.length) {
        const ex = await page.evaluate(expandAll, { names: opsInfo.tagNames, budgetMs: EXPAND_MS }).catch((e) => ({ error: String(e.message).slice(0, 120) }));
        await page.waitForTimeout(500);
        const c2 = await page.evaluate(countOps, opsInfo.ops).catch((e) => ({ error: String(e.message) }));
        Object.assign(res, { expand: ex, opsShownExpanded: c2.shown, missingExpandedSample: c2.missing, opsMatchExpanded: c2.error ? c2.error : { byMethodPath: c2.byMethodPath, byId: c2.byId, bySummary: c2.bySummary } });
        if (opsInfo.queryOps.length) res.queryShownExpanded = c2.error ? null : c2.queryMissing === 0;
        const h2 = await cdp.send('Runtime.getHeapUsage').catch(() => null);
        if (h2) peakHeap = Math.max(peakHeap, h2.usedSize);
      } else {
        res.opsShownExpanded = c.shown;
        res.queryShownExpanded = res.queryShown;
      }
      if (args.screenshots) await page.evaluate(() => window.scrollTo(0, 0)).catch(() => {});
      if (args.screenshots) await page.screenshot({ path: path.join(PAGES, `${slug(rname)}-${slug(dname)}.png`) }).catch(() => {});
    }
    res.pageErrors = pageErrors.length;
    res.pageErrorSample = pageErrors.slice(0, 2);
  } catch (e) {
    res.error = (res.error ? res.error + '; ' : '') + String(e.message).split('\n')[0].slice(0, 200);
  } finally {
    clearInterval(sampler);
    res.crashed = crashed;
    res.peakHeapMB = +(peakHeap / 2 ** 20).toFixed(1);
    res.networkRequests = requests.length;
    res.requestSample = requests.slice(0, 4);
    await browser.close().catch(() => {});
  }
  return res;
}

const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const mb = (b) => (b / 2 ** 20).toFixed(2);

// ---------- main ----------
const wantR = args.renderers ? args.renderers.split(',') : Object.keys(RENDERERS);
const wantD = args.docs ? args.docs.split(',') : Object.keys(DOCS);
const results = [];
const versions = { chromium: null, 'playwright-core': version(nm('playwright-core')), node: process.version };
for (const r of wantR) {
  const pkg = RENDERERS[r]?.pkg;
  if (pkg) versions[r] = fs.existsSync(pkg) ? version(pkg) : 'missing';
}
for (const d of wantD) {
  const key = Object.keys(DOCS).find((k) => k === d || k.startsWith(d));
  if (!key) throw new Error(`unknown document ${d}; known: ${Object.keys(DOCS).join(', ')}`);
  const file = DOCS[key]();
  const doc = loadDoc(file);
  const ops = operations(doc);
  const summaries = new Map();
  for (const o of ops) if (o.op.summary) summaries.set(o.op.summary, (summaries.get(o.op.summary) || 0) + 1);
  const opsInfo = {
    ops: ops.map((o) => ({ method: o.method, path: o.path, id: o.op.operationId || null, summary: o.op.summary || null, uniqueSummary: o.op.summary && summaries.get(o.op.summary) === 1 ? o.op.summary : null })),
    queryOps: ops.filter((o) => o.method === 'query').map((o) => `QUERY ${o.path}`),
    tagNames: [...new Set([...(doc.tags || []).flatMap((t) => [t.name, t.summary, t['x-displayName']]), ...ops.flatMap((o) => o.op.tags || [])].filter(Boolean))],
  };
  console.error(`\n# ${key}: ${file} (OpenAPI ${doc.openapi}, ${ops.length} operations)`);
  for (const r of wantR) {
    if (!RENDERERS[r]) throw new Error(`unknown renderer ${r}`);
    if (RENDERERS[r].pkg && !fs.existsSync(RENDERERS[r].pkg)) { results.push({ renderer: r, doc: key, error: 'package not installed' }); continue; }
    const tb = Date.now();
    const html = buildPage(r, doc);
    const buildMs = Date.now() - tb;
    const out = path.join(PAGES, `${slug(r)}-${slug(key)}.html`);
    fs.writeFileSync(out, html);
    const res = await measure(r, key, doc, out, opsInfo);
    res.buildMs = buildMs;
    results.push(res);
    console.error(JSON.stringify(res));
  }
}
{
  const b = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  versions.chromium = b.version();
  await b.close();
}
fs.writeFileSync(path.join(CACHE, 'results.json'), JSON.stringify({ date: new Date().toISOString(), versions, results }, null, 2));

// Markdown tables on stdout
console.log(`Measured ${new Date().toISOString().slice(0, 10)} · ${Object.entries(versions).map(([k, v]) => `${k} ${v}`).join(' · ')}\n`);
for (const d of [...new Set(results.map((r) => r.doc))]) {
  console.log(`#### ${d}\n\n| renderer | text visible (ms) | title (ms) | heap used / peak (MB) | long tasks (n / longest / total ms) | HTML (MB) | operations in DOM at load / after opening nav+scroll (of total) | network requests | CSP blocks | crash / error |\n|---|---|---|---|---|---|---|---|---|---|`);
  for (const r of results.filter((x) => x.doc === d)) {
    const q = (v) => (v === false ? ' (no QUERY)' : v ? ' (QUERY ok)' : '');
    const ops = r.opsShown == null ? '–' : `${r.opsShown}${q(r.queryShown)} / ${r.opsShownExpanded ?? '–'}${q(r.queryShownExpanded)} (of ${r.opsTotal})`;
    console.log(`| ${r.renderer} | ${r.toOpMs ?? '–'} | ${r.toTitleMs ?? '–'} | ${r.heapMB ?? '–'} / ${r.peakHeapMB ?? '–'} | ${r.longTasks ?? '–'} / ${r.longestTaskMs ?? '–'} / ${r.longTaskTotalMs ?? '–'} | ${r.htmlBytes ? mb(r.htmlBytes) : '–'} | ${ops} | ${r.networkRequests ?? '–'} | ${r.cspViolations ?? '–'} | ${r.crashed ? 'CRASH' : r.error || (r.pageErrors ? `${r.pageErrors} page errors` : 'no')} |`);
  }
  console.log('');
}
