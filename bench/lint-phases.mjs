// Where one `apictl lint` of a file spends its time, phase by phase, as the CLI runs them (fresh
// process each run, built dist/, plain node). Usage: npm run build && node bench/lint-phases.mjs [runs] [file...]
// Prints medians of CPU ms (user + system, all threads) and wall ms per phase.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = process.env.APICTL_CORPUS ?? path.resolve(here, '../../shared/corpus');

if (process.argv[2] === '--child') {
  const file = path.join(corpus, process.argv[3]);
  const out = {};
  const t0 = { cpu: process.cpuUsage(), wall: performance.now() };
  let last = { cpu: process.cpuUsage(), wall: performance.now() };
  const mark = (name) => {
    const d = process.cpuUsage(last.cpu);
    out[name] = [(d.user + d.system) / 1000, performance.now() - last.wall];
    last = { cpu: process.cpuUsage(), wall: performance.now() };
  };
  const { loadRuleset, lintPrepared } = await import('../dist/lint/index.js');
  const { prepareDocument } = await import('../dist/core/prepare.js');
  const { loadDocument } = await import('../dist/document/load.js');
  mark('import modules');
  const rs = await loadRuleset({});
  mark('loadRuleset');
  const loaded = await loadDocument({ path: file }, { cwd: path.dirname(file), refRoot: path.dirname(file) });
  mark('loadDocument');
  const prepared = await prepareDocument(loaded, { validationLimit: Infinity });
  mark('prepareDocument (validate, convert)');
  const findings = await lintPrepared(loaded, prepared, rs);
  mark('lint (rules, engine)');
  const { formatJson } = await import('../dist/formatters/json.js');
  formatJson({ files: [loaded.entry.displayPath], findings });
  mark('format json');
  const d = process.cpuUsage(t0.cpu);
  out.total = [(d.user + d.system) / 1000, performance.now() - t0.wall];
  out.rssMiB = [process.resourceUsage().maxRSS / 1024, 0];
  process.stdout.write(JSON.stringify(out));
  process.exit(0);
}

const runs = Number(process.argv[2] ?? 3);
const files = process.argv.slice(3);
if (files.length === 0) files.push('huge/stripe-spec3.yaml', 'huge/kubernetes-swagger.json', 'multi/digitalocean/DigitalOcean-public.v2.yaml');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
for (const f of files) {
  const all = new Map();
  for (let i = 0; i < runs; i++) {
    const r = JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', f], { encoding: 'utf8', maxBuffer: 1 << 26 }));
    for (const [k, v] of Object.entries(r)) (all.get(k) ?? all.set(k, []).get(k)).push(v);
  }
  console.log(`\n${f} (median of ${runs}): phase | CPU ms | wall ms`);
  for (const [k, xs] of all) console.log(`| ${k} | ${median(xs.map((x) => x[0])).toFixed(0)} | ${k === 'rssMiB' ? '' : median(xs.map((x) => x[1])).toFixed(0)} |`);
}
