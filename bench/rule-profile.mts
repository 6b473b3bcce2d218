// A V8 CPU profile of one or more rules (comma separated) run alone, directly (no Spectral), on N
// fresh copies of a document: where a rule and the shared indexes it builds spend their time.
// Usage: node --expose-gc --import tsx bench/rule-profile.mts [file] [rule,rule] [copies]
// (file relative to ../shared/corpus); writes /tmp/apictl-rule.cpuprofile (open it in Chrome
// DevTools or speedscope).
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { loadDocument } from '../src/document/load.js';
import { prepareDocument } from '../src/core/prepare.js';
import { loadRuleset } from '../src/lint/ruleset.js';
const file = process.argv[2] ?? 'huge/stripe-spec3.yaml';
const names = (process.argv[3] ?? 'property-name-casing').split(',');
const n = Number(process.argv[4] ?? 10);
const corpus = process.env.APICTL_CORPUS ?? path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../shared/corpus');
const full = path.join(corpus, file);
const loaded = await loadDocument({ path: full }, { cwd: path.dirname(full), refRoot: path.dirname(full) });
const prepared = await prepareDocument(loaded, { validationLimit: Infinity });
const rs = await loadRuleset({});
const rules = (rs.ruleset as any).rules;
const docs = Array.from({ length: n }, () => structuredClone(prepared.document));
(globalThis as any).gc?.();
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const s = process.cpuUsage();
let count = 0;
for (const d of docs)
  for (const name of names)
    for (const t of rules[name].then) {
      const r = t.function(d, t.functionOptions ?? null, { document: { data: d }, documentInventory: {}, rule: rules[name], path: [] });
      count += Array.isArray(r) ? r.length : 0;
    }
const c = process.cpuUsage(s);
const { profile } = await session.post('Profiler.stop');
console.log(`${names.join(',')}: ${((c.user + c.system) / 1000 / n).toFixed(1)} ms CPU per document (profiling on), ${count / n} results`);
writeFileSync('/tmp/apictl-rule.cpuprofile', JSON.stringify(profile));
