// What each rule of the full style guide costs on the huge files, and what the whole lint costs.
// Usage: node --expose-gc --import tsx bench/rule-cost.mts [options] [file ...]   (files relative to
// ../shared/corpus; --expose-gc lets each timed run start after a full collection)
//   --runs=N          repeat each measurement N times and report medians (default 3)
//   --isolated        also time every enabled rule alone, on a fresh copy of the document (so it
//                     pays for the shared per-document indexes it uses); slow
//   --top=N           rows of the per-rule tables (default 30)
//   --rules=a,b       time only these rules alone (with --isolated)
//   --packs=a,b       enable packs
//   --extends=a,b     extend Spectral rulesets (e.g. spectral:oas)
//   --snapshot=LABEL  only write the sorted findings (code, path, message) of each file to
//                     /tmp/apictl-snap-LABEL-<file>.txt (and, in the engine's order, .order) and
//                     exit; diff two labels to prove an optimisation changes nothing
//   --json=FILE       also write the raw numbers as JSON
//   --profile=DIR     write a V8 CPU profile of the first full run of each file to DIR
// CPU time comes from process.cpuUsage() (user + system, includes GC threads); the machine is shared.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDocument, type LoadResult } from '../src/document/load.js';
import { prepareDocument, type Prepared } from '../src/core/prepare.js';
import { loadRuleset } from '../src/lint/ruleset.js';
import { lintDocument } from '../src/lint/engine.js';
import { fingerprintFor } from '../src/lint/fingerprint.js';
import { toPointer } from '../src/findings/finding.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = process.env.APICTL_CORPUS ?? path.resolve(here, '../../shared/corpus');
const args = process.argv.slice(2);
const opt = (name: string): string | undefined => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const flag = (name: string): boolean => args.includes(`--${name}`);
const runs = Number(opt('runs') ?? 3);
const top = Number(opt('top') ?? 30);
const packs = (opt('packs') ?? '').split(',').filter(Boolean);
const extendsList = (opt('extends') ?? '').split(',').filter(Boolean);
const onlyRules = new Set((opt('rules') ?? '').split(',').filter(Boolean));
const snapshot = opt('snapshot');
const jsonOut = opt('json');
const profileDir = opt('profile');
const files = args.filter((a) => !a.startsWith('--'));
if (files.length === 0) files.push('huge/stripe-spec3.yaml', 'huge/kubernetes-swagger.json', 'multi/digitalocean/DigitalOcean-public.v2.yaml');

const cpuMs = (start: NodeJS.CpuUsage): number => {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
};
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const f1 = (n: number): string => n.toFixed(1);
const gc = (globalThis as { gc?: () => void }).gc;

type Then = { function: (...a: unknown[]) => unknown; functionOptions?: unknown; field?: unknown };
type Rule = { name: string; enabled: boolean; then: Then[] };

// Ruleset loading, phase by phase.
const t0 = process.cpuUsage();
const w0 = performance.now();
const rs = await loadRuleset({ packs, extends: extendsList });
const rulesetCpu = cpuMs(t0);
const rulesetWall = performance.now() - w0;
const rules = (rs.ruleset as { rules: Record<string, Rule> }).rules;
const enabled = Object.values(rules).filter((r) => r.enabled);
const enabledNames = new Set(enabled.map((r) => r.name));

// Per-rule CPU accumulators, fed by wrappers around every `then.function`.
const acc = new Map<string, number>();
const calls = new Map<string, number>();
let timing = true;
for (const r of enabled) {
  for (const t of r.then) {
    const inner = t.function;
    const name = r.name;
    const timed = function (this: unknown, ...a: unknown[]) {
      if (!timing) return inner.apply(this, a);
      const s = process.cpuUsage();
      try {
        return inner.apply(this, a);
      } finally {
        acc.set(name, (acc.get(name) ?? 0) + cpuMs(s));
        calls.set(name, (calls.get(name) ?? 0) + 1);
      }
    };
    Reflect.defineProperty(timed, 'name', { value: inner.name });
    t.function = timed;
  }
}

async function prepare(file: string): Promise<{ loaded: LoadResult; prepared: Prepared; loadCpu: number; prepCpu: number }> {
  const full = path.join(corpus, file);
  let s = process.cpuUsage();
  const loaded = await loadDocument({ path: full }, { cwd: path.dirname(full), refRoot: path.dirname(full) });
  const loadCpu = cpuMs(s);
  s = process.cpuUsage();
  const prepared = await prepareDocument(loaded, { validationLimit: Infinity });
  return { loaded, prepared, loadCpu, prepCpu: cpuMs(s) };
}

function setOnly(only: string | undefined): void {
  for (const r of enabled) r.enabled = only === undefined || r.name === only;
}

if (snapshot !== undefined) {
  timing = false;
  for (const file of files) {
    const { loaded, prepared } = await prepare(file);
    const findings = await lintDocument(loaded, prepared, rs);
    const lines = findings.map((f) => `${f.code}\t${toPointer(f.path)}\t${f.message}\t${f.source}:${f.range?.start.line}\t${f.fingerprint}`);
    const out = `/tmp/apictl-snap-${snapshot}-${file.replace(/[/\\]/g, '_')}.txt`;
    writeFileSync(out, [...lines].sort().join('\n') + '\n');
    // The engine's own order too (it decides which of several equal findings is kept).
    writeFileSync(out.replace(/\.txt$/, '.order'), lines.join('\n') + '\n');
    console.log(`${file}: ${findings.length} findings → ${out}`);
  }
  process.exit(0);
}

console.log(`ruleset: ${enabled.length} of ${Object.keys(rules).length} rules enabled; loadRuleset ${f1(rulesetCpu)} ms CPU, ${f1(rulesetWall)} ms wall (first load in this process)\n`);
const report: Record<string, unknown> = { rulesetCpu, files: {} };

for (const file of files) {
  const { loaded, prepared, loadCpu, prepCpu } = await prepare(file);
  console.log(`## ${file}: load ${f1(loadCpu)} ms, validate+convert ${f1(prepCpu)} ms CPU`);

  // 1. The full ruleset in one run, `runs` times: total lint CPU, and each rule's share of it
  //    (shared indexes are charged to the first rule that builds them).
  const totals: number[] = [];
  const ruleTimes: number[] = [];
  const perRun = new Map<string, number[]>();
  const post = { origin: [] as number[], locate: [] as number[], fingerprint: [] as number[], gc: [] as number[] };
  let findingsCount = 0;
  for (let i = 0; i < runs; i++) {
    acc.clear();
    calls.clear();
    // A fresh copy of the document: the per-document memos start empty, as in a real run.
    const doc = structuredClone(prepared.document);
    gc?.();
    const p2: Prepared = { ...prepared, document: doc };
    let originMs = 0;
    let locateMs = 0;
    const origOf = p2.originOf;
    p2.originOf = (x) => {
      const s = performance.now();
      try {
        return origOf(x);
      } finally {
        originMs += performance.now() - s;
      }
    };
    const l2 = Object.create(loaded) as LoadResult;
    l2.locate = (x) => {
      const s = performance.now();
      try {
        return loaded.locate(x);
      } finally {
        locateMs += performance.now() - s;
      }
    };
    const session = profileDir !== undefined && i === 0 ? new Session() : undefined;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 200 });
      await session.post('Profiler.start');
    }
    const s = process.cpuUsage();
    const findings = await lintDocument(l2, p2, rs);
    totals.push(cpuMs(s));
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(profileDir!, { recursive: true });
      writeFileSync(path.join(profileDir!, `${file.replace(/[/\\]/g, '_')}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    }
    findingsCount = findings.length;
    let sum = 0;
    for (const [n, ms] of acc) {
      sum += ms;
      (perRun.get(n) ?? perRun.set(n, []).get(n)!).push(ms);
    }
    ruleTimes.push(sum);
    const fs = performance.now();
    for (const f of findings) fingerprintFor(f.code, f.path, doc);
    post.fingerprint.push(performance.now() - fs);
    post.origin.push(originMs);
    post.locate.push(locateMs);
  }
  const total = median(totals);
  const fnTotal = median(ruleTimes);
  console.log(
    `full ruleset, one run (median of ${runs}): ${f1(total)} ms CPU for lintDocument (min ${f1(Math.min(...totals))}, first run ${f1(totals[0]!)}), of which rule functions ${f1(fnTotal)} ms; ` +
      `${findingsCount} findings; post-processing: originOf ${f1(median(post.origin))} ms, locate ${f1(median(post.locate))} ms, fingerprintFor ${f1(median(post.fingerprint))} ms (wall)`,
  );
  const shares = [...perRun].map(([n, xs]) => [n, median(xs), calls.get(n) ?? 0] as const).sort((a, b) => b[1] - a[1]);
  console.log(`\ntop ${top} rules in the full run (CPU ms, median; shared indexes charged to their first user):`);
  console.log('| rule | CPU ms | calls |\n|---|---:|---:|');
  for (const [n, ms, c] of shares.slice(0, top)) console.log(`| ${n} | ${f1(ms)} | ${c} |`);
  const fileReport: Record<string, unknown> = { loadCpu, prepCpu, total, fnTotal, findings: findingsCount, post, shares };

  // 2. Each rule alone, on a fresh copy of the document.
  if (flag('isolated')) {
    const alone: Array<[string, number]> = [];
    const timeAlone = async (name: string | null): Promise<number> => {
      const xs: number[] = [];
      for (let i = 0; i < runs; i++) {
        const doc = structuredClone(prepared.document);
        if (name === null) for (const r of enabled) r.enabled = false;
        else setOnly(name);
        acc.clear();
        gc?.();
        const s = process.cpuUsage();
        await lintDocument(loaded, { ...prepared, document: doc }, rs);
        xs.push(cpuMs(s));
      }
      // The least disturbed run: other processes and the collector only ever add time.
      return Math.min(...xs);
    };
    // What a run costs with no rule at all (Spectral's set-up): subtracted from each rule's time.
    const empty = await timeAlone(null);
    for (const r of enabled) if (onlyRules.size === 0 || onlyRules.has(r.name)) alone.push([r.name, Math.max(0, (await timeAlone(r.name)) - empty)]);
    setOnly(undefined);
    alone.sort((a, b) => b[1] - a[1]);
    const sum = alone.reduce((n, [, ms]) => n + ms, 0);
    console.log(
      `\ntop ${top} rules alone (CPU ms of lintDocument with only that rule on a fresh copy of the document, minus a run without rules (${f1(empty)} ms), min of ${runs}; sum over all ${alone.length} rules ${f1(sum)} ms):`,
    );
    console.log('| rule | CPU ms |\n|---|---:|');
    for (const [n, ms] of alone.slice(0, top)) console.log(`| ${n} | ${f1(ms)} |`);
    fileReport.alone = alone;
  }
  (report.files as Record<string, unknown>)[file] = fileReport;
  console.log('');
}
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(report, null, 1));
void enabledNames;
