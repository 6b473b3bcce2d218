// apictl convert against the swagger2openapi CLI alone, on the same files in the same run.
// Usage: node bench/convert.mjs [runs]   (needs ../shared/corpus and a built dist/)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { alternate, fmt, corpusOrExit, repoRoot as root } from './util.mjs';

const corpus = corpusOrExit();
const runs = Number(process.argv[2] ?? 5);
const files = ['huge/kubernetes-swagger.json', 'swagger2/10-go-swagger-bugs_1753_fixture-1753.yaml', 'swagger2/08-go-swagger-bugs_1277_fixture-cloudbreak-1277.json'];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'apictl-bench-'));
const apictl = path.join(root, 'bin', 'apictl.js');
const s2o = path.join(root, 'node_modules', 'swagger2openapi', 'swagger2openapi.js');

console.log(`convert: median of ${runs} alternating runs (wall s / CPU s / peak MiB)\n`);
console.log('| file | swagger2openapi CLI | apictl convert | apictl ÷ s2o (wall) | apictl ÷ s2o (CPU) |');
console.log('|---|---|---|---:|---:|');
for (const f of files) {
  const input = path.join(corpus, f);
  const ext = path.extname(f);
  const r = alternate(
    [
      { name: 's2o', cmd: process.execPath, args: [s2o, '--patch', '--warnOnly', '-o', path.join(tmp, 's2o' + ext), input] },
      { name: 'apictl', cmd: process.execPath, args: [apictl, 'convert', input, '-o', path.join(tmp, 'apictl' + ext), '--quiet'] },
    ],
    runs,
  );
  const a = r.apictl;
  const s = r.s2o;
  console.log(`| ${f} | ${fmt(s.wall)} / ${fmt(s.cpu)} / ${fmt(s.rss, 0)} | ${fmt(a.wall)} / ${fmt(a.cpu)} / ${fmt(a.rss, 0)} | ${fmt(a.wall / s.wall)}× | ${fmt(a.cpu / s.cpu)}× |`);
}
rmSync(tmp, { recursive: true, force: true });
