// Load times: the multi-file DigitalOcean spec (2,907 files) and the 50 MB JSON from hostile/gen.js.
// Usage: node bench/load.mjs [runs]   (needs ../shared/corpus and a built dist/)
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { alternate, fmt, corpusOrExit, repoRoot as root } from './util.mjs';

const corpus = corpusOrExit();
const runs = Number(process.argv[2] ?? 3);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'apictl-bench-'));
copyFileSync(path.join(corpus, 'hostile', 'gen.js'), path.join(tmp, 'gen.cjs'));
execFileSync(process.execPath, ['gen.cjs'], { cwd: tmp, stdio: 'ignore' });

const loader = path.join(tmp, 'load.mjs');
await import('node:fs').then((fs) =>
  fs.writeFileSync(
    loader,
    `import { loadDocument } from ${JSON.stringify(path.join(root, 'dist', 'index.js'))};\n` +
      `const t = performance.now(); const d = await loadDocument({ path: process.argv[2] }, { refRoot: process.argv[3], limits: { maxBytes: 64 * 1024 * 1024 } });\n` +
      `console.error('files', d.files.size, 'ms', Math.round(performance.now() - t));\n`,
  ),
);
const cases = [
  ['multi/digitalocean (2,907 files, YAML)', path.join(corpus, 'multi/digitalocean/DigitalOcean-public.v2.yaml')],
  ['hostile big-50mb.json (50 MB JSON)', path.join(tmp, 'big-50mb.json')],
  ['huge/stripe-spec3.yaml (4 MB YAML)', path.join(corpus, 'huge/stripe-spec3.yaml')],
  ['huge/kubernetes-swagger.json (4 MB JSON)', path.join(corpus, 'huge/kubernetes-swagger.json')],
];
console.log(`load (read + parse + bundle $refs + detect), median of ${runs} runs, in a fresh process each\n`);
console.log('| input | wall s | CPU s | peak MiB | node -e 0 wall s |');
console.log('|---|---:|---:|---:|---:|');
for (const [name, file] of cases) {
  const r = alternate(
    [
      { name: 'node', cmd: process.execPath, args: ['-e', '0'] },
      { name: 'load', cmd: process.execPath, args: [loader, file] },
    ],
    runs,
  );
  console.log(`| ${name} | ${fmt(r.load.wall)} | ${fmt(r.load.cpu)} | ${fmt(r.load.rss, 0)} | ${fmt(r.node.wall)} |`);
}
rmSync(tmp, { recursive: true, force: true });
