// `apictl explore` on large descriptions: how long the page takes to write (against `apictl lint` of
// the same file, paired and alternating), and how the page behaves in headless Chromium (time to
// title and navigation, to the first operation, long tasks, JS heap, opening the source pane,
// jumping to a finding, scrolling the source pane, network requests).
//
//   node bench/explore-pages.mjs [--runs 3] [--docs a.yaml,b.json] [--no-write] [--no-browser] [--no-profile]
//
// --docs: comma-separated paths (absolute, relative to ../shared/corpus, or to the current folder);
// default: huge/stripe-spec3.yaml and huge/kubernetes-swagger.json. Needs dist/ (`npm run build`),
// playwright-core (a devDependency) and Chromium (/usr/bin/chromium, or CHROMIUM=path).
// Pages are written to bench/.tmp/explore-pages/; results to bench/results/explore-pages-<date>.{json,md}.
//
// The issue's bar for the write: explore ≤ lint + 1 s (explore lints too, then renders the page).
// Every browser figure is the median over --runs opens, each in a fresh browser. Interactions are
// dispatched inside the page (el.click(), scrollTop) in a task of their own and timed with
// performance.now() until the expected DOM state holds AND the following frame has been produced
// (requestAnimationFrame, then a task), so style, layout and paint of the change are included.
// --profile (default on) adds one more open per file, not in the medians, with a Chromium trace
// (main-thread self time by phase: ParseHTML, Layout, …) and a V8 CPU profile (which function of
// the page's script dominates) for the load, the source pane and the findings drawer.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { corpusOrExit, fmt, measure, median, offlinePage, repoRoot as root } from './util.mjs';

// ---------- arguments ----------
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const opt = (name, dflt) => {
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return dflt;
  return argv[i].includes('=') ? argv[i].slice(argv[i].indexOf('=') + 1) : argv[i + 1];
};
const runs = Math.max(1, Number(opt('runs', 3)));
const corpus = corpusOrExit();
const docs = opt('docs', 'huge/stripe-spec3.yaml,huge/kubernetes-swagger.json')
  .split(',')
  .filter(Boolean)
  .map((d) => [d, path.resolve(corpus, d), path.resolve(d)].find((p) => path.isAbsolute(p) && existsSync(p)) ?? d);
for (const d of docs)
  if (!existsSync(d)) {
    console.error(`bench: ${d} not found`);
    process.exit(2);
  }
const doWrite = !flag('no-write');
const doBrowser = !flag('no-browser');
const doProfile = doBrowser && !flag('no-profile');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

const apictl = path.join(root, 'bin', 'apictl.js');
if (!existsSync(path.join(root, 'dist'))) {
  console.error('bench: dist/ missing: run `npm run build` first');
  process.exit(2);
}
const pagesDir = path.join(root, 'bench', '.tmp', 'explore-pages');
mkdirSync(pagesDir, { recursive: true });
const slug = (s) =>
  path
    .basename(s)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const pageOf = (doc) => path.join(pagesDir, `${slug(doc)}.html`);
const MiB = 2 ** 20;
const log = (...a) => console.error(...a);
const n0 = (x) => (x == null || Number.isNaN(x) ? '–' : String(Math.round(x)));
const round = (x, d = 0) => (x == null || Number.isNaN(x) ? null : Number(x.toFixed(d)));

// ---------- 1. write time: lint vs explore, paired, alternating ----------
const env = { ...process.env, NO_COLOR: '1' };
function writeTimes(doc) {
  const out = pageOf(doc);
  const lint = { name: 'lint', args: [apictl, 'lint', doc, '--no-record', '--no-config', '-f', 'json', '-o', '/dev/null'] };
  const explore = { name: 'explore', args: [apictl, 'explore', doc, '--no-config', '-o', out] };
  const once = (c) => {
    const m = measure(process.execPath, c.args, { cwd: root, env });
    // lint exits 1 when it finds errors; anything else is a failure
    if (!(c.name === 'lint' ? [0, 1] : [0]).includes(m.status)) throw new Error(`${c.name} ${doc} failed (exit ${m.status}): ${m.stderr.slice(0, 400)}`);
    return m;
  };
  // one untimed warm-up round (page cache, apictl's code cache), then A B, B A, A B … so neither
  // command always runs second
  once(lint);
  once(explore);
  const pairs = [];
  for (let i = 0; i < runs; i++) {
    const order = i % 2 ? [explore, lint] : [lint, explore];
    const r = {};
    for (const c of order) r[c.name] = once(c);
    pairs.push(r);
    log(`  write ${i + 1}/${runs}: lint ${fmt(r.lint.wall)} s, explore ${fmt(r.explore.wall)} s`);
  }
  const med = (k, f) => median(pairs.map((p) => p[k][f]));
  const res = {
    runs,
    lint: { wallS: med('lint', 'wall'), cpuS: med('lint', 'cpu'), peakMiB: med('lint', 'rss') },
    explore: { wallS: med('explore', 'wall'), cpuS: med('explore', 'cpu'), peakMiB: med('explore', 'rss') },
    pairDiffS: median(pairs.map((p) => p.explore.wall - p.lint.wall)),
    lintWallS: pairs.map((p) => round(p.lint.wall, 3)),
    exploreWallS: pairs.map((p) => round(p.explore.wall, 3)),
    pageBytes: statSync(out).size,
  };
  res.diffS = res.explore.wallS - res.lint.wallS;
  res.meetsBar = res.diffS <= 1;
  return res;
}

function ensurePage(doc) {
  const out = pageOf(doc);
  if (!existsSync(out)) execFileSync(process.execPath, [apictl, 'explore', doc, '--no-config', '-o', out], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  return out;
}

// ---------- 2. in headless Chromium ----------
/**
 * Installed before the page's own code. Long tasks (the Long Tasks API: script-driven tasks only;
 * Chromium leaves rendering work out of it) and long animation frames (LoAF: a frame's tasks plus
 * its style, layout and paint), both buffered. The paint times of the title, the first navigation
 * link and the first operation come from the Element Timing API: a MutationObserver puts an
 * `elementtiming` attribute on them (and their descendants: text is reported on its block) as
 * the parser inserts them, so nothing forces a layout while the page loads.
 */
const INIT = () => {
  const b = (window.__bench = { lt: [], loaf: [], el: {}, api: {} });
  const observe = (type, fn) => {
    try {
      new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true });
      b.api[type] = true;
    } catch {
      b.api[type] = false;
    }
  };
  observe('longtask', (e) => b.lt.push({ start: e.startTime, dur: e.duration }));
  observe('long-animation-frame', (e) => b.loaf.push({ start: e.startTime, dur: e.duration, blocking: e.blockingDuration, renderStart: e.renderStart }));
  observe('element', (e) => {
    const k = e.identifier;
    const t = e.renderTime || e.loadTime;
    if (b.el[k] == null || t < b.el[k]) b.el[k] = t;
  });
  const todo = { title: '#top .title', nav: '.ref-nav a', op: 'article.op' };
  let ops = 0;
  const mo = new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (n.nodeType !== 1) continue;
        if (n.matches('article.op') && ++ops > 1) {
          mo.disconnect();
          return;
        }
        let id = null;
        for (const k in todo)
          if (n.matches(todo[k])) {
            id = k;
            delete todo[k];
            break;
          }
        if (!id) id = n.parentElement?.closest('[elementtiming]')?.getAttribute('elementtiming');
        if (id) n.setAttribute('elementtiming', id);
      }
    }
  });
  mo.observe(document, { childList: true, subtree: true });
};

/** Runs in the page: one interaction, in a task of its own; resolves when the state holds and a frame has followed. */
function interact(step) {
  const $ = (s) => document.querySelector(s);
  const LH = 18;
  const pane = $('#source');
  const box = $('#source-text');
  /** Does the drawn window of the source pane cover the lines now visible? */
  const covers = () => {
    const win = box?.querySelector('.window');
    if (!win || pane.hidden) return false;
    const from = Math.round(parseFloat(win.style.top) / LH);
    const count = win.firstChild.textContent.split('\n').length;
    const first = Math.max(0, Math.floor((pane.scrollTop - box.offsetTop) / LH));
    const visible = Math.min(Math.ceil(pane.clientHeight / LH), Number(box.getAttribute('data-lines')) - first);
    return from <= first && first + visible <= from + count;
  };
  let act;
  let cond;
  const info = {};
  if (step === 'source') {
    act = () => $('#toggle-source').click();
    cond = () => !!$('#source-text .window') && covers();
  } else if (step === 'drawer') {
    act = () => $('#toggle-drawer').click();
    cond = () => !$('#drawer').hidden && !!$('#finding-list li'); // the frame that follows lays the list out
  } else if (step === 'finding') {
    const li = $('#finding-list li');
    info.finding = li ? li.textContent.slice(0, 140) : null;
    info.findingLine = li ? Number((/:(\d+) — /.exec(li.firstChild.textContent) || [])[1]) || null : null;
    act = () => li.click();
    cond = () => !!$('#source-text .hl') && covers();
  } else if (step === 'mid' || step === 'end') {
    const old = box.querySelector('.window');
    const max = pane.scrollHeight - pane.clientHeight;
    const target = step === 'mid' ? Math.round(max / 2) : max;
    info.scrollTop = target;
    act = () => {
      pane.scrollTop = target;
    };
    cond = () => box.querySelector('.window') !== old && covers();
  } else throw new Error(`unknown step ${step}`);
  return new Promise((resolve, reject) => {
    setTimeout(() => {
      const t0 = performance.now();
      try {
        act();
      } catch (e) {
        reject(e);
        return;
      }
      const tSync = performance.now();
      let frames = 0;
      const check = () => {
        if (cond()) {
          const tState = performance.now();
          requestAnimationFrame(() =>
            setTimeout(() => {
              const t1 = performance.now();
              resolve({ ...info, t0, t1, ms: t1 - t0, syncMs: tSync - t0, stateMs: tState - t0 });
            }, 0),
          );
        } else if (++frames > 6000) reject(new Error(`${step}: state not reached`));
        else requestAnimationFrame(check);
      };
      check();
    }, 0);
  });
}

let chromium;
async function launch() {
  chromium ??= (await import('playwright-core')).chromium;
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP * ~NOTFOUND', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/** A fresh browser and page with every request but the file itself aborted and counted. */
async function openFresh(file, { beforeGoto } = {}) {
  const browser = await launch();
  const url = pathToFileURL(file).href;
  const { page, requests } = await offlinePage(browser, url);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e.message).slice(0, 200)));
  page.on('crash', () => errors.push('renderer crashed'));
  await page.addInitScript(INIT);
  const cdp = await page.context().newCDPSession(page);
  if (beforeGoto) await beforeGoto({ browser, page, cdp });
  const t0 = Date.now();
  await page.goto(url, { waitUntil: 'load', timeout: 300_000 });
  const loadWallMs = Date.now() - t0;
  return { browser, page, cdp, url, requests, errors, loadWallMs };
}

/** Waits until no long task or long frame has ended for quietMs (the load's script and layout are done). */
async function settle(page, quietMs = 1000, maxMs = 60_000) {
  const t0 = Date.now();
  for (;;) {
    const s = await page.evaluate(() => {
      const all = [...window.__bench.lt, ...window.__bench.loaf];
      const last = all.length ? Math.max(...all.map((e) => e.start + e.dur)) : 0;
      return { now: performance.now(), last };
    });
    if (s.now - s.last >= quietMs || Date.now() - t0 > maxMs) return;
    await page.waitForTimeout(200);
  }
}

const longTasksIn = (lt, from, to) => lt.filter((e) => e.start < to && e.start + e.dur > from);
const summarise = (lt) => ({ n: lt.length, totalMs: lt.reduce((a, e) => a + e.dur, 0), longestMs: Math.max(0, ...lt.map((e) => e.dur)) });

async function oneOpen(file) {
  const s = await openFresh(file);
  const { page, cdp } = s;
  try {
    await page.waitForFunction(() => document.readyState === 'complete');
    await settle(page);
    const load = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      const b = window.__bench;
      return {
        el: b.el,
        api: b.api,
        dcl: nav?.domContentLoadedEventStart,
        load: nav?.loadEventEnd,
        fcp: fcp?.startTime,
        ops: document.querySelectorAll('article.op').length,
        findings: document.querySelectorAll('#finding-list li').length,
      };
    });
    const heap = await cdp.send('Runtime.getHeapUsage');
    await cdp.send('HeapProfiler.collectGarbage').catch(() => {});
    const heapGc = await cdp.send('Runtime.getHeapUsage');
    const loadEnd = await page.evaluate(() => performance.now());
    const steps = {};
    for (const step of ['source', 'drawer', 'finding', 'mid', 'end']) {
      steps[step] = await page.evaluate(interact, step);
      await page.waitForTimeout(300);
    }
    await page.waitForTimeout(200); // long-task entries are delivered asynchronously
    const { lt, loaf } = await page.evaluate(() => ({ lt: window.__bench.lt, loaf: window.__bench.loaf }));
    const heapEnd = await cdp.send('Runtime.getHeapUsage');
    for (const st of Object.values(steps)) {
      st.longestTaskMs = summarise(longTasksIn(lt, st.t0, st.t1)).longestMs;
      st.longestFrameMs = summarise(longTasksIn(loaf, st.t0, st.t1)).longestMs;
    }
    const loadFrames = longTasksIn(loaf, 0, loadEnd);
    return {
      titleMs: load.el.title,
      navMs: load.el.nav,
      titleNavMs: Math.max(load.el.title ?? NaN, load.el.nav ?? NaN),
      firstOpMs: load.el.op ?? NaN, // none: the first operation is not in the first viewport
      fcpMs: load.fcp,
      domContentLoadedMs: load.dcl,
      loadEventMs: load.load,
      settledMs: Math.max(load.load ?? 0, ...loadFrames.map((e) => e.start + e.dur)),
      loadWallMs: s.loadWallMs,
      loadLongTasks: summarise(longTasksIn(lt, 0, loadEnd)),
      loadFrames: { ...summarise(loadFrames), blockingMs: loadFrames.reduce((a, e) => a + (e.blocking ?? 0), 0) },
      heapUsedMiB: heap.usedSize / MiB,
      heapUsedAfterGcMiB: heapGc.usedSize / MiB,
      heapUsedEndMiB: heapEnd.usedSize / MiB,
      operations: load.ops,
      findingsListed: load.findings,
      steps,
      requests: s.requests.length,
      requestSample: s.requests.slice(0, 4),
      errors: s.errors,
      apis: load.api,
    };
  } finally {
    await s.browser.close().catch(() => {});
  }
}

// ---------- diagnosis: trace phases and CPU profile ----------
/** Self time per trace event name on the busiest renderer main thread. */
function tracePhases(buf) {
  const events = JSON.parse(buf.toString('utf8'));
  const list = Array.isArray(events) ? events : events.traceEvents;
  const mains = new Set(list.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map();
  for (const e of list) {
    if (e.ph !== 'X' || typeof e.dur !== 'number' || !mains.has(`${e.pid}:${e.tid}`)) continue;
    const k = `${e.pid}:${e.tid}`;
    if (!byThread.has(k)) byThread.set(k, []);
    byThread.get(k).push(e);
  }
  let evs = [];
  for (const v of byThread.values()) if (v.reduce((a, e) => a + e.dur, 0) > evs.reduce((a, e) => a + e.dur, 0)) evs = v;
  evs.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const stack = [];
  const add = (name, us) => self.set(name, (self.get(name) ?? 0) + us);
  let longestTop = null;
  for (const e of evs) {
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.child += Math.min(e.dur, parent.ts + parent.dur - e.ts);
    else if (!longestTop || e.dur > longestTop.dur) longestTop = e;
    const node = { ts: e.ts, dur: e.dur, name: e.name, child: 0 };
    stack.push(node);
    e.__node = node;
  }
  for (const e of evs) add(e.name, Math.max(0, e.dur - e.__node.child));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return {
    totalMs: round(total / 1000),
    longestTopLevel: longestTop && { name: longestTop.name, ms: round(longestTop.dur / 1000) },
    selfMs: [...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([name, us]) => ({ name, ms: round(us / 1000) })),
  };
}

/** Self and total time per function of a V8 CPU profile; the page's own functions by name and line. */
function profileFunctions(profile, pageUrl, pageLines) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n) => {
    const f = n.callFrame;
    if (f.url === pageUrl) {
      // the page's script: name (or the start of an anonymous function's text) and its line in the HTML
      const text = pageLines
        .slice(f.lineNumber, f.lineNumber + 3)
        .join('⏎')
        .slice(f.columnNumber, f.columnNumber + 48);
      return `${f.functionName || `(anonymous) \`${text}…\``} [page:${f.lineNumber + 1}]`;
    }
    return `${f.functionName || (f.url ? '(anonymous)' : '(native)')}${f.url ? ` [${path.basename(f.url)}]` : ''}`;
  };
  const self = new Map();
  const total = new Map();
  let sum = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    let id = profile.samples[i];
    const n = nodes.get(id);
    if (n.callFrame.functionName === '(idle)') continue;
    sum += dt;
    self.set(label(n), (self.get(label(n)) ?? 0) + dt);
    const seen = new Set();
    for (; id != null; id = parent.get(id)) {
      const l = label(nodes.get(id));
      if (l === '(root)' || seen.has(l)) continue;
      seen.add(l);
      total.set(l, (total.get(l) ?? 0) + dt);
    }
  }
  const top = (m, k) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([fn, ms]) => ({ fn, ms: round(ms) }));
  return {
    busyMs: round(sum),
    selfTop: top(self, 8),
    // the page's script: total (inclusive) time of each of its functions
    pageTotalTop: top(new Map([...total].filter(([l]) => l.includes('[page:'))), 8),
  };
}

async function diagnose(file) {
  let browser;
  const TRACE_CATS = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'loading'];
  const out = {};
  const pageLines = readFileSync(file, 'utf8').split('\n');
  const s = await openFresh(file, {
    beforeGoto: async ({ browser: b, page, cdp }) => {
      browser = b;
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await b.startTracing(page, { categories: TRACE_CATS });
      await cdp.send('Profiler.start');
    },
  });
  const { page, cdp, url } = s;
  try {
    await settle(page);
    const lt = await page.evaluate(() => window.__bench.lt);
    const { profile } = await cdp.send('Profiler.stop');
    out.load = { longTasks: summarise(lt), trace: tracePhases(await browser.stopTracing()), cpu: profileFunctions(profile, url, pageLines) };
    for (const step of ['source', 'drawer', 'finding']) {
      await browser.startTracing(page, { categories: TRACE_CATS });
      await cdp.send('Profiler.start');
      const r = await page.evaluate(interact, step);
      await page.waitForTimeout(300);
      const { profile: p } = await cdp.send('Profiler.stop');
      out[step] = { ms: round(r.ms), trace: tracePhases(await browser.stopTracing()), cpu: profileFunctions(p, url, pageLines) };
    }
  } finally {
    await s.browser.close().catch(() => {});
  }
  return out;
}

// ---------- main ----------
const date = new Date().toISOString();
const meta = {
  date,
  host: `${os.cpus().length} cores (${os.cpus()[0]?.model?.trim()}), ${round(os.totalmem() / 2 ** 30, 1)} GiB`,
  loadavg: os.loadavg().map((x) => round(x, 2)),
  node: process.version,
  runs,
};
const results = [];
let browserVersion = null;
for (const doc of docs) {
  const name = path.relative(corpus, doc).startsWith('..') ? doc : path.relative(corpus, doc);
  const r = { doc: name };
  log(`\n# ${name}`);
  if (doWrite) r.write = writeTimes(doc);
  if (doBrowser) {
    const file = ensurePage(doc);
    r.pageBytes ??= statSync(file).size;
    const opens = [];
    for (let i = 0; i < runs; i++) {
      const o = await oneOpen(file);
      opens.push(o);
      log(
        `  open ${i + 1}/${runs}: title+nav ${n0(o.titleNavMs)} ms, first op ${n0(o.firstOpMs)} ms, DOMContentLoaded ${n0(o.domContentLoadedMs)} ms, settled ${n0(o.settledMs)} ms, long tasks ${o.loadLongTasks.n}/${n0(o.loadLongTasks.totalMs)}/${n0(o.loadLongTasks.longestMs)} ms, longest frame ${n0(o.loadFrames.longestMs)} ms, heap ${fmt(o.heapUsedMiB, 1)} MiB; source ${n0(o.steps.source.ms)} ms, drawer ${n0(o.steps.drawer.ms)} ms, finding ${n0(o.steps.finding.ms)} ms, mid ${n0(o.steps.mid.ms)} ms, end ${n0(o.steps.end.ms)} ms; requests ${o.requests}${o.errors.length ? `; errors: ${o.errors.join('; ')}` : ''}`,
      );
    }
    const m = (f) => median(opens.map(f));
    const STEPS = ['source', 'drawer', 'finding', 'mid', 'end'];
    r.browser = {
      opens: opens.length,
      titleNavMs: m((o) => o.titleNavMs),
      titleMs: m((o) => o.titleMs),
      navMs: m((o) => o.navMs),
      firstOpMs: m((o) => o.firstOpMs),
      fcpMs: m((o) => o.fcpMs),
      domContentLoadedMs: m((o) => o.domContentLoadedMs),
      loadEventMs: m((o) => o.loadEventMs),
      settledMs: m((o) => o.settledMs),
      loadLongTasks: { n: m((o) => o.loadLongTasks.n), totalMs: m((o) => o.loadLongTasks.totalMs), longestMs: m((o) => o.loadLongTasks.longestMs) },
      loadFrames: { n: m((o) => o.loadFrames.n), totalMs: m((o) => o.loadFrames.totalMs), longestMs: m((o) => o.loadFrames.longestMs), blockingMs: m((o) => o.loadFrames.blockingMs) },
      heapUsedMiB: m((o) => o.heapUsedMiB),
      heapUsedAfterGcMiB: m((o) => o.heapUsedAfterGcMiB),
      heapUsedEndMiB: m((o) => o.heapUsedEndMiB),
      steps: Object.fromEntries(
        STEPS.map((k) => [
          k,
          { ms: m((o) => o.steps[k].ms), syncMs: m((o) => o.steps[k].syncMs), longestTaskMs: m((o) => o.steps[k].longestTaskMs), longestFrameMs: m((o) => o.steps[k].longestFrameMs) },
        ]),
      ),
      finding: opens[0].steps.finding.finding,
      findingLine: opens[0].steps.finding.findingLine,
      operations: opens[0].operations,
      findingsListed: opens[0].findingsListed,
      requests: Math.max(...opens.map((o) => o.requests)),
      requestSample: opens.flatMap((o) => o.requestSample).slice(0, 4),
      errors: opens.flatMap((o) => o.errors).slice(0, 4),
      apis: opens[0].apis,
      each: opens,
    };
    if (doProfile) {
      log('  profiling one more open (trace + CPU profile) …');
      r.profile = await diagnose(file);
    }
  }
  results.push(r);
}
if (doBrowser) {
  const b = await launch();
  browserVersion = b.version();
  await b.close();
  meta.chromium = browserVersion;
  meta['playwright-core'] = JSON.parse(readFileSync(path.join(root, 'node_modules', 'playwright-core', 'package.json'), 'utf8')).version;
}

// ---------- report ----------
const lines = [];
lines.push(
  `Measured ${date.slice(0, 16).replace('T', ' ')} UTC · ${meta.host} · load average ${meta.loadavg.join(' ')} · node ${meta.node}${meta.chromium ? ` · chromium ${meta.chromium} (headless, --no-sandbox)` : ''} · median of ${runs}`,
);
lines.push('');
if (doWrite) {
  lines.push('#### Writing the page (wall time of the process; paired, alternating runs after one warm-up)');
  lines.push('');
  lines.push('| file | lint s | explore s | explore − lint s | bar: ≤ lint + 1 s | page MiB | lint / explore CPU s | lint / explore peak MiB |');
  lines.push('|---|---:|---:|---:|---|---:|---:|---:|');
  for (const r of results.filter((x) => x.write)) {
    const w = r.write;
    lines.push(
      `| ${r.doc} | ${fmt(w.lint.wallS)} | ${fmt(w.explore.wallS)} | ${w.diffS >= 0 ? '+' : ''}${fmt(w.diffS)} (pairs: ${w.pairDiffS >= 0 ? '+' : ''}${fmt(w.pairDiffS)}) | ${w.meetsBar ? 'met' : `missed by ${fmt(w.diffS - 1)} s`} | ${fmt(w.pageBytes / MiB)} | ${fmt(w.lint.cpuS)} / ${fmt(w.explore.cpuS)} | ${fmt(w.lint.peakMiB, 0)} / ${fmt(w.explore.peakMiB, 0)} |`,
    );
  }
  lines.push('');
}
if (doBrowser) {
  lines.push('#### The page in headless Chromium');
  lines.push('');
  lines.push(
    'file://, 1400×900 viewport, every request but the page aborted. Load figures: ms from navigation start; "painted" from the Element Timing API; "settled": the last long frame of the load has ended. Interactions: ms from the click (or the scrollTop change) until the expected DOM state holds and the next frame has been produced; in brackets the longest task (Long Tasks API) / the longest frame including rendering (LoAF).',
  );
  lines.push('');
  lines.push(
    '| file | page MiB | title + nav painted | first operation painted | DOMContentLoaded (script done) | settled | long tasks: n / total / longest | longest frame (LoAF) | JS heap MiB: after load / after GC / at the end | open source | open findings drawer | click first finding → line shown | scroll source to middle / end | requests |',
  );
  lines.push('|---|---:|---:|---:|---:|---:|---|---:|---|---|---|---|---|---:|');
  for (const r of results.filter((x) => x.browser)) {
    const b = r.browser;
    const st = (k) => `${n0(b.steps[k].ms)} (${n0(b.steps[k].longestTaskMs)} / ${n0(b.steps[k].longestFrameMs)})`;
    lines.push(
      `| ${r.doc} | ${fmt(r.pageBytes / MiB)} | ${n0(b.titleNavMs)} | ${n0(b.firstOpMs)} | ${n0(b.domContentLoadedMs)} | ${n0(b.settledMs)} | ${n0(b.loadLongTasks.n)} / ${n0(b.loadLongTasks.totalMs)} / ${n0(b.loadLongTasks.longestMs)} | ${n0(b.loadFrames.longestMs)} | ${fmt(b.heapUsedMiB, 1)} / ${fmt(b.heapUsedAfterGcMiB, 1)} / ${fmt(b.heapUsedEndMiB, 1)} | ${st('source')} | ${st('drawer')} | ${st('finding')} | ${n0(b.steps.mid.ms)} (${n0(b.steps.mid.longestFrameMs)}) / ${n0(b.steps.end.ms)} (${n0(b.steps.end.longestFrameMs)}) | ${b.requests} |`,
    );
  }
  lines.push('');
  for (const r of results.filter((x) => x.browser)) {
    const b = r.browser;
    const missing = Object.entries(b.apis)
      .filter(([, ok]) => !ok)
      .map(([k]) => k);
    lines.push(
      `- ${r.doc}: ${b.operations} operations, ${b.findingsListed} findings in the drawer; the first finding is at line ${b.findingLine ?? '–'}; first contentful paint ${n0(b.fcpMs)} ms, load event ${n0(b.loadEventMs)} ms${Number.isNaN(b.firstOpMs) ? '; the first operation is not in the first viewport (no paint time)' : ''}${b.errors.length ? `; page errors: ${b.errors.join('; ')}` : ''}${missing.length ? `; not supported: ${missing.join(', ')}` : ''}${b.requests ? `; requests: ${b.requestSample.join(', ')}` : ''}`,
    );
  }
  lines.push('');
}
if (doProfile) {
  lines.push('#### Where the time goes (one extra open with a Chromium trace and a V8 CPU profile; not in the medians)');
  lines.push('');
  lines.push('| file | phase | main-thread self time by trace event (ms) | page-script functions, inclusive (ms) |');
  lines.push('|---|---|---|---|');
  for (const r of results.filter((x) => x.profile)) {
    for (const [phase, p] of Object.entries(r.profile)) {
      const tr = p.trace.selfMs
        .slice(0, 5)
        .map((e) => `${e.name} ${e.ms}`)
        .join(', ');
      const fns =
        p.cpu.pageTotalTop
          .slice(0, 4)
          .map((e) => `${e.fn} ${e.ms}`)
          .join(', ') || '–';
      lines.push(`| ${r.doc} | ${phase}${p.ms != null ? ` (${n0(p.ms)} ms)` : ''} | ${tr} | ${fns} |`);
    }
  }
  lines.push('');
}
const md = lines.join('\n');
console.log(md);
const resultsDir = path.join(root, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });
const base = path.join(resultsDir, `explore-pages-${date.slice(0, 10)}`);
writeFileSync(`${base}.json`, `${JSON.stringify({ ...meta, results }, null, 2)}\n`);
writeFileSync(`${base}.md`, `${md}\n`);
log(`\nwritten: ${path.relative(root, base)}.json and .md`);
