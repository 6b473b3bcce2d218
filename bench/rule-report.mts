// How often each rule fires on every file of ../shared/corpus, to find noisy or broken rules.
// Usage: npx tsx bench/rule-report.mts [rule-id-prefix...]   (add --packs=psd2,gdpr to enable packs)
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintSource, loadRuleset } from '../src/lint/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = path.resolve(root, '../shared/corpus');
const args = process.argv.slice(2);
const packs = (args.find((a) => a.startsWith('--packs='))?.slice(8) ?? '').split(',').filter(Boolean);
const prefixes = args.filter((a) => !a.startsWith('--'));
const files: string[] = [];
for (const dir of ['small', 'medium', 'huge', 'swagger2']) {
  for (const f of readdirSync(path.join(corpus, dir))) if (/\.(ya?ml|json)$/.test(f)) files.push(path.join(dir, f));
}
files.push('multi/digitalocean/DigitalOcean-public.v2.yaml');
const rs = await loadRuleset({ packs });
const totals = new Map<string, { findings: number; files: number; ops: number }>();
let opsTotal = 0;
for (const f of files) {
  if (!statSync(path.join(corpus, f)).isFile()) continue;
  const started = performance.now();
  try {
    const r = await lintSource({ path: f }, rs, { load: { cwd: corpus, refRoot: path.dirname(path.join(corpus, f)) } });
    const by = new Map<string, number>();
    for (const x of r.findings) if (prefixes.length === 0 || prefixes.some((p) => x.code.startsWith(p))) by.set(x.code, (by.get(x.code) ?? 0) + 1);
    opsTotal += r.prepared.stats.operations;
    for (const [code, n] of by) {
      const t = totals.get(code) ?? { findings: 0, files: 0, ops: 0 };
      t.findings += n;
      t.files += 1;
      totals.set(code, t);
    }
    console.log(
      `${f} (${r.prepared.stats.operations} ops, ${Math.round(performance.now() - started)} ms): ${[...by]
        .sort((a, b) => b[1] - a[1])
        .map(([c, n]) => `${c}=${n}`)
        .join(' ')}`,
    );
  } catch (err) {
    console.log(`${f}: FAILED ${(err as Error).message}`);
  }
}
console.log(`\nper rule over ${files.length} files, ${opsTotal} operations (findings / files hit):`);
for (const [code, t] of [...totals].sort((a, b) => b[1].findings - a[1].findings)) console.log(`  ${code}: ${t.findings} / ${t.files}`);
