// Cost of getting the official-schema validator ready: schemaSetFor(kind) + the first
// set.validate(doc), with the build-time standalone validators (dist/validate/compiled/) vs. the
// runtime ajv compile (forced with APICTL_NO_PRECOMPILED=1). Each run is a fresh process, the two
// contenders alternate; the document is parsed before the clock starts.
// Usage: node bench/validate-compile.mjs [runs=5] [--cli]   (needs ../shared/corpus and `npm run build`)
//   --cli also times a whole `apictl lint` run (wall/CPU of the process) both ways.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { alternate, fmt, median } from './util.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = path.resolve(root, '../shared/corpus');
const args = process.argv.slice(2);
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
const cli = args.includes('--cli');
if (!existsSync(corpus)) {
  console.error(`bench: ${corpus} not found`);
  process.exit(2);
}
if (!existsSync(path.join(root, 'dist/validate/compiled'))) {
  console.error('bench: dist/validate/compiled not found: run `npm run build` first');
  process.exit(2);
}

const cases = [
  ['huge/kubernetes-swagger.json', 'swagger-2.0'],
  ['huge/stripe-spec3.yaml', 'openapi-3.0'],
];

// The child: parse, then time schemaSetFor + first validate; prints one JSON line.
const child = `
  import { readFileSync } from 'node:fs';
  import { createRequire } from 'node:module';
  const [file, kind] = process.argv.slice(1);
  const text = readFileSync(file, 'utf8');
  const doc = file.endsWith('.json') ? JSON.parse(text) : createRequire(${JSON.stringify(pathToFileURL(path.join(root, 'package.json')).href)})('yaml').parse(text, { maxAliasCount: -1 });
  const { schemaSetFor } = await import(${JSON.stringify(pathToFileURL(path.join(root, 'dist/validate/schemas.js')).href)});
  const t0 = performance.now();
  const set = schemaSetFor(kind);
  const t1 = performance.now();
  const valid = set.validate(doc);
  const t2 = performance.now();
  console.log(JSON.stringify({ source: set.source, valid, set: t1 - t0, validate: t2 - t1 }));
`;

const contenders = [
  { name: 'precompiled', env: {} },
  { name: 'runtime compile', env: { APICTL_NO_PRECOMPILED: '1' } },
];

console.log(`schemaSetFor + first validate, median of ${runs} fresh processes (alternating)\n`);
console.log('| input | validator | schemaSetFor ms | first validate ms | total ms |');
console.log('|---|---|---:|---:|---:|');
for (const [rel, kind] of cases) {
  const file = path.join(corpus, rel);
  const results = Object.fromEntries(contenders.map((c) => [c.name, []]));
  for (let i = 0; i < runs; i++) {
    for (const c of contenders) {
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', child, file, kind], {
        encoding: 'utf8',
        env: { ...process.env, APICTL_NO_PRECOMPILED: '', ...c.env },
        maxBuffer: 1 << 26,
      });
      if (r.status !== 0) throw new Error(`${c.name} on ${rel} failed: ${r.stderr.slice(0, 500)}`);
      const m = JSON.parse(r.stdout.trim().split('\n').pop());
      const want = c.name === 'precompiled' ? 'precompiled' : 'runtime';
      if (m.source !== want) throw new Error(`${c.name}: schema set came from ${m.source}, expected ${want}`);
      results[c.name].push(m);
    }
  }
  for (const c of contenders) {
    const ms = results[c.name];
    const col = (f) => fmt(median(ms.map(f)), 1);
    console.log(`| ${rel} (${kind}) | ${c.name} | ${col((m) => m.set)} | ${col((m) => m.validate)} | ${col((m) => m.set + m.validate)} |`);
  }
}

if (cli) {
  console.log(`\nwhole CLI run: apictl lint -f json --no-record --no-config -q, median of ${runs}\n`);
  console.log('| input | validator | wall s | CPU s |');
  console.log('|---|---|---:|---:|');
  for (const [rel] of cases) {
    const cmdArgs = [path.join(root, 'bin/apictl.js'), 'lint', path.join(corpus, rel), '-f', 'json', '--no-record', '--no-config', '-q'];
    const r = alternate(
      contenders.map((c) => ({
        name: c.name,
        cmd: process.execPath,
        args: cmdArgs,
        opts: { env: { ...process.env, APICTL_NO_PRECOMPILED: '', ...c.env }, stdio: ['ignore', 'ignore', 'pipe'] },
        okStatus: [0, 1],
      })),
      runs,
    );
    for (const c of contenders) console.log(`| ${rel} | ${c.name} | ${fmt(r[c.name].wall)} | ${fmt(r[c.name].cpu)} |`);
  }
}
