// YAML loading in one process: the yaml-ast-parser route of parseYamlFast (the line reader
// switched off) against parseYamlFast with the line reader (src/document/yaml-lines.ts) first.
// Each timing covers parse + locator + locating a sample of the document's paths (up to 3,000,
// spread over the whole tree), the way parseSourceText and the finding reporter use them.
// The two run in alternation (old, new, old, new …) after warm-up rounds; medians are printed.
// No forced garbage collection between runs: on this VM a collection that shrinks the heap makes
// the next run pay for faulting its pages in again, which swamps the smaller of two timings.
// A second table times one parse in a fresh process each (what a CLI run pays, before the JIT has
// warmed up), also in alternation.
// Usage: node --import tsx bench/yaml-parse.mjs [runs] [fresh-process runs]   (needs ../shared/corpus)
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseYamlFast } from '../src/document/yaml-fast.ts';
import { parseYamlLines } from '../src/document/yaml-lines.ts';
import { fmt, median, corpusOrExit, repoRoot as root } from './util.mjs';

const corpus = corpusOrExit();
const self = fileURLToPath(import.meta.url);
if (process.argv[2] === '--one') {
  // child of the fresh-process table: one parse + locate, printed as milliseconds
  const [file, mode] = process.argv.slice(3);
  const text = readFileSync(file, 'utf8');
  const t0 = performance.now();
  const r = parseYamlFast(text, 256, { lines: mode === 'lines' });
  if (!r) throw new Error(`${file}: not read`);
  r.locator.locate(['paths']);
  console.log(performance.now() - t0);
  process.exit(0);
}
const runs = Number(process.argv[2] ?? 15);
const freshRuns = Number(process.argv[3] ?? 7);

/** Up to `max` paths of the value, every k-th of a breadth-first walk, deepest included. */
function samplePaths(value, max = 3000) {
  const all = [];
  const queue = [[value, []]];
  for (let i = 0; i < queue.length; i++) {
    const [v, p] = queue[i];
    all.push(p);
    if (v && typeof v === 'object') for (const k of Object.keys(v)) queue.push([v[k], [...p, k]]);
  }
  const step = Math.max(1, Math.floor(all.length / max));
  return all.filter((_, i) => i % step === 0).slice(0, max);
}

function once(texts, pathsPer, lines) {
  const t0 = performance.now();
  let found = 0;
  for (let i = 0; i < texts.length; i++) {
    const r = parseYamlFast(texts[i], 256, { lines });
    if (!r) continue;
    for (const p of pathsPer[i]) found += r.locator.locate(p).found;
  }
  return { ms: performance.now() - t0, found };
}

function bench(name, files) {
  const texts = files.map((f) => readFileSync(f, 'utf8'));
  const accepted = texts.filter((t) => parseYamlLines(t, 256) !== undefined).length;
  const pathsPer = texts.map((t) => {
    const r = parseYamlFast(t, 256, { lines: false });
    return r ? samplePaths(r.value, Math.max(50, Math.floor(3000 / texts.length))) : [];
  });
  const nPaths = pathsPer.reduce((n, p) => n + p.length, 0);
  for (let i = 0; i < 2; i++) {
    const a = once(texts, pathsPer, false);
    const b = once(texts, pathsPer, true);
    if (a.found !== b.found) throw new Error(`${name}: the two routes locate differently (${a.found} vs ${b.found} segments found)`);
  }
  const old = [];
  const neu = [];
  for (let i = 0; i < runs; i++) {
    // alternate which goes first, so neither always runs on a freshly collected heap
    if (i % 2 === 0) {
      old.push(once(texts, pathsPer, false).ms);
      neu.push(once(texts, pathsPer, true).ms);
    } else {
      neu.push(once(texts, pathsPer, true).ms);
      old.push(once(texts, pathsPer, false).ms);
    }
  }
  const bytes = texts.reduce((n, t) => n + t.length, 0);
  const mo = median(old);
  const mn = median(neu);
  console.log(`| ${name} | ${files.length} | ${fmt(bytes / 1e6, 2)} | ${accepted}/${files.length} | ${nPaths} | ${fmt(mo, 1)} | ${fmt(mn, 1)} | ${fmt(mo / mn, 2)}× |`);
}

const list = (dir, re) => {
  const out = [];
  const walk = (d) => {
    for (const f of readdirSync(d).sort()) {
      const p = path.join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (re.test(f)) out.push(p);
    }
  };
  walk(dir);
  return out;
};
const c = (p) => path.join(corpus, p);
const doAll = list(c('multi/digitalocean'), /\.ya?ml$/);

console.log(`parseYamlFast without → with the line reader: parse + locator + locating sampled paths; median of ${runs} runs, in alternation, one process (node ${process.version})\n`);
console.log('| input | files | MB | lines accepts | paths located | yaml-ast-parser ms | lines ms | ratio |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
bench('huge/stripe-spec3.yaml', [c('huge/stripe-spec3.yaml')]);
bench('medium/asana.yaml', [c('medium/asana.yaml')]);
bench('swagger2/10-go-swagger-bugs_1753_fixture-1753.yaml', [c('swagger2/10-go-swagger-bugs_1753_fixture-1753.yaml')]);
bench('digitalocean/DigitalOcean-public.v2.yaml', [c('multi/digitalocean/DigitalOcean-public.v2.yaml')]);
bench('digitalocean/resources/droplets (all files)', list(c('multi/digitalocean/resources/droplets'), /\.ya?ml$/));
bench(`digitalocean (all ${doAll.length} YAML files)`, doAll);

if (freshRuns > 0) console.log(`\nOne parse (+ locator ready) in a fresh process each, median of ${freshRuns} runs in alternation\n`);
if (freshRuns > 0) console.log('| input | yaml-ast-parser ms | lines ms | ratio |\n|---|---:|---:|---:|');
for (const [name, file] of freshRuns > 0
  ? [
      ['huge/stripe-spec3.yaml', c('huge/stripe-spec3.yaml')],
      ['medium/asana.yaml', c('medium/asana.yaml')],
      ['digitalocean/DigitalOcean-public.v2.yaml', c('multi/digitalocean/DigitalOcean-public.v2.yaml')],
    ]
  : []) {
  const one = (mode) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', self, '--one', file, mode], { cwd: root, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    return Number(r.stdout.trim());
  };
  const old = [];
  const neu = [];
  one('ast');
  one('lines');
  for (let i = 0; i < freshRuns; i++) {
    old.push(one('ast'));
    neu.push(one('lines'));
  }
  console.log(`| ${name} | ${fmt(median(old), 1)} | ${fmt(median(neu), 1)} | ${fmt(median(old) / median(neu), 2)}× |`);
}
