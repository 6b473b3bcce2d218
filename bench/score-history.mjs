// `apictl score X --history` over a database holding 10,000 runs of X (and 2,000 of 100 other specs).
// Usage: node bench/score-history.mjs [runs]   (needs a built dist/)
// Reports medians of fresh processes, in alternation with `node -e 0` (the floor every CLI pays);
// own work = what a command costs beyond `node -e 0`: CPU time (user + sys), time lived in-process, and wall time.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, measure, median } from './util.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => path.join(root, 'dist', p);
const { openRegistry } = await import(dist('store/index.js'));
const { recordLintRun, history, baseline } = await import(dist('score/history.js'));
const { buildLintRunRecord } = await import(dist('score/record.js'));

const runs = Number(process.argv[2] ?? 21);
const RUNS_OF_X = 10_000;
const OTHER_SPECS = 100;
const RUNS_PER_OTHER = 20;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'apictl-bench-score-'));
const db = path.join(tmp, 'apictl.db');

// A realistic run: 40 rules over four categories and a pack, some firing.
const categories = ['style', 'security', 'performance', 'compliance'];
const rules = new Map(Array.from({ length: 40 }, (_, i) => [`rule-${i}`, { category: categories[i % 4], enabled: true, ...(i % 10 === 9 ? { pack: 'psd2' } : {}) }]));
const severities = ['error', 'warn', 'warn', 'info', 'hint'];
function record(spec, i) {
  const findings = [];
  for (let r = 0; r < 40; r++) {
    const n = (i * 7 + r * 13) % 9 === 0 ? (i + r) % 25 : 0;
    for (let k = 0; k < n; k++) findings.push({ code: `rule-${r}`, severity: severities[r % 5], category: categories[r % 4], fingerprint: `${r}/${k}` });
  }
  return buildLintRunRecord(
    { operations: 120, findings, rules, packs: ['psd2'], valid: i % 50 !== 0 },
    {
      specIdentity: spec,
      contentHash: (i % 16).toString(16).repeat(64),
      gitCommit: (i % 16).toString(16).repeat(40),
      apictlVersion: '0.1.0',
      rulesetVersion: '1.0.0',
      rulesetFingerprint: i < RUNS_OF_X / 2 ? 'a1b2c3d4e5f60718' : 'f0e1d2c3b4a59687',
      time: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000),
    },
  );
}

let t = performance.now();
const reg = openRegistry(db);
for (let i = 0; i < RUNS_OF_X; i++) recordLintRun(reg, record('file:specs/x.yaml', i));
const insertMs = performance.now() - t;
for (let s = 0; s < OTHER_SPECS; s++) for (let i = 0; i < RUNS_PER_OTHER; i++) recordLintRun(reg, record(`file:specs/other-${s}.yaml`, i));
// The queries `score X --history` makes, in-process (no process start, no module loading).
const q = [];
for (let k = 0; k < 50; k++) {
  t = performance.now();
  history(reg, 'file:specs/x.yaml', 51);
  baseline(reg, 'file:specs/x.yaml');
  q.push(performance.now() - t);
}
q.sort((a, b) => a - b);
const plan = reg.db
  .prepare('EXPLAIN QUERY PLAN SELECT id FROM lint_runs WHERE spec = ? ORDER BY run_at DESC, id DESC LIMIT 51')
  .all('file:specs/x.yaml')
  .map((r) => r.detail)
  .join('; ');
reg.close();

const bin = path.join(root, 'bin', 'apictl.js');
// Besides wall time of the whole process, each run reports how long it lived in-process (from
// Node's time origin to its exit event), which leaves out process creation and teardown — the
// noisiest part on a busy machine.
const EXIT_HOOK = `data:text/javascript,process.on('exit',()=>process.stderr.write('__LIVED__'+performance.now()+'\\n'))`;
const contenders = [
  ['node -e 0', ['-e', '0']],
  ['apictl score X --history', [bin, 'score', 'file:specs/x.yaml', '--history', '--db', db]],
  ['apictl score X', [bin, 'score', 'file:specs/x.yaml', '--db', db]],
  ['apictl score X --explain --json', [bin, 'score', 'file:specs/x.yaml', '--explain', '--json', '--db', db]],
  ['apictl score --all (101 specs)', [bin, 'score', '--all', '--db', db]],
];
const loadBefore = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
const results = new Map(contenders.map(([name]) => [name, { wall: [], cpu: [], lived: [] }]));
for (let i = 0; i < runs; i++) {
  for (const [name, args] of contenders) {
    const m = measure(process.execPath, ['--import', EXIT_HOOK, ...args]);
    if (m.status !== 0) throw new Error(`${name} failed (exit ${m.status}): ${m.stderr.slice(0, 500)}`);
    const lived = Number(/__LIVED__([\d.]+)/.exec(m.stderr)?.[1] ?? NaN);
    const r = results.get(name);
    r.wall.push(m.wall);
    r.cpu.push(m.cpu);
    r.lived.push(lived / 1000);
  }
}
const med = (name, k) => median(results.get(name)[k]);

console.log(`score history: ${RUNS_OF_X.toLocaleString('en')} runs of one spec + ${(OTHER_SPECS * RUNS_PER_OTHER).toLocaleString('en')} of ${OTHER_SPECS} others`);
console.log(`recording: ${fmt(insertMs / RUNS_OF_X, 3)} ms per run (one IMMEDIATE transaction each)`);
console.log(`queries of --history in-process: median ${fmt(q[q.length >> 1], 2)} ms (plan: ${plan})`);
console.log(
  `\nmedian of ${runs} fresh processes, alternated; load average before: ${loadBefore}, after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.cpus().length} CPUs\n`,
);
console.log('| command | wall s | CPU s | in-process s | own CPU ms | own in-process ms | own wall ms |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
const own = (name, k) => (med(name, k) - med('node -e 0', k)) * 1000;
for (const [name] of contenders) {
  const base = name === 'node -e 0';
  const cells = base ? ['–', '–', '–'] : [fmt(own(name, 'cpu'), 0), fmt(own(name, 'lived'), 0), fmt(own(name, 'wall'), 0)];
  console.log(`| ${name} | ${fmt(med(name, 'wall'), 3)} | ${fmt(med(name, 'cpu'))} | ${fmt(med(name, 'lived'), 3)} | ${cells.join(' | ')} |`);
}
// CPU time is the work the process does; wall time on a busy machine also counts waiting for a core.
const H = 'apictl score X --history';
const verdict = own(H, 'cpu');
console.log(
  `\n--history own work: ${fmt(verdict, 0)} ms CPU, ${fmt(own(H, 'lived'), 0)} ms in-process, ${fmt(own(H, 'wall'), 0)} ms wall ${verdict < 100 ? '(< 100 ms: ok)' : '(OVER the 100 ms budget)'}`,
);
rmSync(tmp, { recursive: true, force: true });
if (verdict >= 100) process.exitCode = 1;
