// What bin/apictl.js's V8 tiering setting (a larger TurboFan budget, Node 20) does to a lint:
// apictl as shipped against APICTL_V8_DEFAULTS=1 (V8's own budget) on the same files, in
// alternation. Each side keeps its own code cache (the setting is part of what V8 checks a cached
// entry against, so sharing one would make every run recompile).
// Usage: npm run build && node bench/v8-tiering.mjs [runs]   (needs ../shared/corpus)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { alternate, fmt, corpusOrExit, repoRoot as root } from './util.mjs';

const corpus = corpusOrExit();
const runs = Number(process.argv[2] ?? 5);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'apictl-bench-tiering-'));
const apictl = path.join(root, 'bin', 'apictl.js');
const files = ['huge/stripe-spec3.yaml', 'huge/kubernetes-swagger.json', 'multi/digitalocean/DigitalOcean-public.v2.yaml', 'small/oai-petstore-2.0.json'];
console.log(`lint: median of ${runs} alternating runs — wall s / CPU s / peak MiB\n`);
console.log('| file | V8 defaults | apictl as shipped | wall ratio | CPU ratio |');
console.log('|---|---|---|---:|---:|');
for (const f of files) {
  const input = path.join(corpus, f);
  const args = [apictl, 'lint', input, '-f', 'json', '--no-record', '--no-config', '-q', '--ref-root', path.dirname(input)];
  const side = (name, env) => ({ name, cmd: process.execPath, args, okStatus: [0, 1], opts: { env: { ...process.env, NO_COLOR: '1', APICTL_CACHE_DIR: path.join(tmp, name), ...env } } });
  const r = alternate([side('defaults', { APICTL_V8_DEFAULTS: '1' }), side('shipped', {})], runs);
  const d = r.defaults;
  const s = r.shipped;
  console.log(`| ${f} | ${fmt(d.wall)} / ${fmt(d.cpu)} / ${fmt(d.rss, 0)} | ${fmt(s.wall)} / ${fmt(s.cpu)} / ${fmt(s.rss, 0)} | ${fmt(s.wall / d.wall)}× | ${fmt(s.cpu / d.cpu)}× |`);
}
rmSync(tmp, { recursive: true, force: true });
