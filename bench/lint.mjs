// apictl lint against Spectral CLI (spectral:oas) and Redocly CLI (recommended) on the same files,
// in alternation, in the same run. The anchors are installed from npm into bench/.anchors (not
// project dependencies). Usage: node bench/lint.mjs [runs]   (needs ../shared/corpus and dist/;
// APICTL_BENCH_FILES=a,b limits it to those corpus files)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { alternate, fmt, corpusOrExit, repoRoot as root } from './util.mjs';

const corpus = corpusOrExit();
const runs = Number(process.argv[2] ?? 3);
const anchors = path.join(root, 'bench', '.anchors');
const spectralBin = path.join(anchors, 'node_modules', '@stoplight', 'spectral-cli', 'dist', 'index.js');
const redoclyBin = path.join(anchors, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
if (!existsSync(spectralBin) || !existsSync(redoclyBin)) {
  mkdirSync(anchors, { recursive: true });
  writeFileSync(path.join(anchors, 'package.json'), JSON.stringify({ name: 'apictl-bench-anchors', private: true }));
  console.error('installing the anchors (Spectral CLI 6, Redocly CLI 2) into bench/.anchors …');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent', '@stoplight/spectral-cli@6.16.3', '@redocly/cli@2.77.0'], { cwd: anchors, stdio: 'inherit' });
}
const tmp = mkdtempSync(path.join(os.tmpdir(), 'apictl-bench-'));
const spectralRuleset = path.join(tmp, '.spectral.yaml');
writeFileSync(spectralRuleset, 'extends: ["spectral:oas"]\n');
const redoclyConfig = path.join(tmp, 'redocly.yaml');
writeFileSync(redoclyConfig, 'extends:\n  - recommended\n');
const apictl = path.join(root, 'bin', 'apictl.js');
// APICTL_BENCH_FILES=huge/kubernetes-swagger.json,… runs only those (corpus-relative)
const files = process.env.APICTL_BENCH_FILES ? process.env.APICTL_BENCH_FILES.split(',') : ['huge/stripe-spec3.yaml', 'huge/kubernetes-swagger.json', 'multi/digitalocean/DigitalOcean-public.v2.yaml'];

const ok = { opts: { cwd: tmp, env: { ...process.env, NO_COLOR: '1' } } };
// Linters exit 1 when they find errors; only a crash (exit ≥ 2 other than findings) is a failure.
const accept = (c) => ({ ...c, okStatus: [0, 1] });
console.log(`lint: median of ${runs} alternating runs — wall s / CPU s / peak MiB\n`);
console.log('| file | Spectral (spectral:oas) | Redocly (recommended) | apictl (full style guide) | Spectral ÷ apictl (wall) | apictl ÷ Redocly (wall) | apictl peak MiB |');
console.log('|---|---|---|---|---:|---:|---:|');
for (const f of files) {
  const input = path.join(corpus, f);
  const r = alternate(
    [
      accept({ name: 'spectral', cmd: process.execPath, args: [spectralBin, 'lint', '-r', spectralRuleset, '-f', 'json', '-q', input], ...ok }),
      accept({ name: 'redocly', cmd: process.execPath, args: [redoclyBin, 'lint', '--config', redoclyConfig, '--format', 'json', input], ...ok }),
      accept({ name: 'apictl', cmd: process.execPath, args: [apictl, 'lint', input, '-f', 'json', '--no-record', '--no-config', '-q', '--ref-root', path.dirname(input)], ...ok }),
    ],
    runs,
  );
  const s = r.spectral;
  const d = r.redocly;
  const a = r.apictl;
  console.log(
    `| ${f} | ${fmt(s.wall)} / ${fmt(s.cpu)} / ${fmt(s.rss, 0)} | ${fmt(d.wall)} / ${fmt(d.cpu)} / ${fmt(d.rss, 0)} | ${fmt(a.wall)} / ${fmt(a.cpu)} / ${fmt(a.rss, 0)} | ${fmt(s.wall / a.wall)}× | ${fmt(a.wall / d.wall)}× | ${fmt(a.rss, 0)} |`,
  );
}
rmSync(tmp, { recursive: true, force: true });
