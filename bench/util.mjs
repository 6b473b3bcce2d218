// Shared helpers for the benchmarks: run commands in alternation, report medians and ratios.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (the folder above bench/). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** ../shared/corpus beside the repository; a benchmark cannot run without it (exit 2). */
export function corpusOrExit() {
  const corpus = path.resolve(repoRoot, '../shared/corpus');
  if (!existsSync(corpus)) {
    console.error(`bench: ${corpus} not found`);
    process.exit(2);
  }
  return corpus;
}

const haveTime = existsSync('/usr/bin/time');

/** Runs a command once; returns wall seconds, CPU seconds (user+sys) and peak RSS in MiB. */
export function measure(cmd, args, opts = {}) {
  const started = process.hrtime.bigint();
  const r = haveTime
    ? spawnSync('/usr/bin/time', ['-f', '__TIME__ %U %S %M', cmd, ...args], { encoding: 'utf8', maxBuffer: 1 << 30, ...opts })
    : spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 30, ...opts });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  let cpu = NaN;
  let rss = NaN;
  const m = /__TIME__ ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr ?? '');
  if (m) {
    cpu = Number(m[1]) + Number(m[2]);
    rss = Number(m[3]) / 1024;
  }
  return { wall, cpu, rss, status: r.status, stderr: (r.stderr ?? '').replace(/__TIME__.*\n?/, '') };
}

export const median = (xs) => {
  const s = [...xs].filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/**
 * Runs each contender `runs` times in alternation (A B A B …) and returns medians per contender.
 * One untimed warm-up round goes first (as hyperfine's --warmup): every contender then starts with
 * the files in the page cache and its own caches filled (apictl's code cache, Node's for the others).
 */
export function alternate(contenders, runs, { warmup = 1 } = {}) {
  const results = Object.fromEntries(contenders.map((c) => [c.name, []]));
  for (let i = 0; i < warmup; i++) {
    for (const c of contenders) {
      const m = measure(c.cmd, c.args, c.opts);
      if (!(c.okStatus ?? [0]).includes(m.status)) throw new Error(`${c.name} failed (exit ${m.status}): ${m.stderr.slice(0, 500)}`);
    }
  }
  for (let i = 0; i < runs; i++) {
    for (const c of contenders) {
      const m = measure(c.cmd, c.args, c.opts);
      if (!(c.okStatus ?? [0]).includes(m.status)) throw new Error(`${c.name} failed (exit ${m.status}): ${m.stderr.slice(0, 500)}`);
      results[c.name].push(m);
    }
  }
  return Object.fromEntries(Object.entries(results).map(([name, ms]) => [name, { wall: median(ms.map((m) => m.wall)), cpu: median(ms.map((m) => m.cpu)), rss: median(ms.map((m) => m.rss)) }]));
}

export const fmt = (n, d = 2) => (Number.isNaN(n) ? 'n/a' : n.toFixed(d));

/**
 * A page of `browser` on which every request but `url` itself is aborted; `requests` collects the
 * ones tried (data: URLs are not network requests and are not counted).
 */
export async function offlinePage(browser, url) {
  const requests = [];
  const note = (u) => {
    if (u !== url && !u.startsWith('data:') && !requests.includes(u.slice(0, 160))) requests.push(u.slice(0, 160));
  };
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, serviceWorkers: 'block' });
  await context.route('**/*', (route) => {
    const u = route.request().url();
    if (u === url) return route.continue();
    note(u);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  page.on('request', (r) => note(r.url()));
  return { page, requests };
}
