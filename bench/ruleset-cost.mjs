// Where loadRuleset's time goes, phase by phase, each run in a fresh plain-node process (cold
// module caches, no tsx loader), against the built dist/. Usage: npm run build && node bench/ruleset-cost.mjs [runs] [cold]
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const cpu = (s) => {
  const d = process.cpuUsage(s);
  return (d.user + d.system) / 1000;
};

if (process.argv[2] === '--child') {
  const out = {};
  const step = async (name, f) => {
    const s = process.cpuUsage();
    await f();
    out[name] = cpu(s);
  };
  const mode = process.argv[3];
  if (mode === 'phases') {
    await step('import @stoplight/spectral-core', () => import('@stoplight/spectral-core'));
    await step('import @stoplight/spectral-functions', () => import('@stoplight/spectral-functions'));
    await step('import yaml, yaml-fast', async () => {
      await import('yaml');
      await import('../dist/document/yaml-fast.js');
    });
    const fnDir = path.join(here, '../rulesets/functions');
    const files = readdirSync(fnDir).filter((f) => f.endsWith('.js'));
    await step('import functions/lib/*.js', async () => {
      for (const f of readdirSync(path.join(fnDir, 'lib'))) if (f.endsWith('.js')) await import(pathToFileURL(path.join(fnDir, 'lib', f)).href);
    });
    await step(`import ${files.length} function modules`, () => Promise.all(files.map((f) => import(pathToFileURL(path.join(fnDir, f)).href))));
    const { loadRuleset } = await import('../dist/lint/ruleset.js');
    await step('loadRuleset, modules already imported', () => loadRuleset({}));
    await step('loadRuleset a second time', () => loadRuleset({}));
  } else {
    const w = performance.now();
    await step('import dist/lint/ruleset.js + loadRuleset (cold)', async () => {
      const { loadRuleset } = await import('../dist/lint/ruleset.js');
      await loadRuleset({});
    });
    out['  same, wall ms'] = performance.now() - w;
  }
  process.stdout.write(JSON.stringify(out));
  process.exit(0);
}

const runs = Number(process.argv[2] ?? 5);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
for (const mode of process.argv[3] === 'cold' ? ['cold'] : ['cold', 'phases']) {
  const all = new Map();
  for (let i = 0; i < runs; i++) {
    const r = JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', mode], { encoding: 'utf8' }));
    for (const [k, v] of Object.entries(r)) (all.get(k) ?? all.set(k, []).get(k)).push(v);
  }
  console.log(`${mode} (median of ${runs}, CPU ms):`);
  for (const [k, xs] of all) console.log(`  ${k.padEnd(52)} ${median(xs).toFixed(0).padStart(6)}`);
}
