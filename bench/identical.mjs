// Writes what apictl makes of the corpus, for a byte-for-byte comparison across a refactoring:
// the 16 documents of the lint set linted (JSON, the core style guide and every pack) and the 28
// Swagger 2.0 documents converted to 3.0 and to 3.1 (56 conversions).
//
//   node bench/identical.mjs OUT_DIR          (after npm run build; then diff -r OLD_DIR OUT_DIR)
//
// Runs two files at a time. Exit codes and stderr are kept beside each output.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = path.resolve(root, '../shared/corpus');
const out = path.resolve(process.argv[2] ?? '');
if (!process.argv[2]) {
  console.error('usage: node bench/identical.mjs OUT_DIR');
  process.exit(2);
}
const LINT_SET = [
  'huge/kubernetes-swagger.json',
  'huge/stripe-spec3.yaml',
  'medium/asana.yaml',
  'medium/twilio_api_v2010.json',
  'small/bump-train-travel-3.1.yaml',
  'small/oai-callback-example-3.0.yaml',
  'small/oai-link-example-3.0.yaml',
  'small/oai-non-oauth-scopes-3.1.yaml',
  'small/oai-petstore-2.0.json',
  'small/oai-petstore-expanded-3.0.yaml',
  'small/oai-uber-2.0.yaml',
  'small/oai-uspto-3.0.yaml',
  'small/oai-webhook-example-3.1.yaml',
  'small/redocly-museum-3.1.yaml',
  'multi/digitalocean/DigitalOcean-public.v2.yaml',
  'multi/oai-petstore-separate-2.0/spec/swagger.yaml',
];
const name = (f) => f.replace(/[/\\]/g, '__');
const jobs = [];
for (const f of LINT_SET) {
  jobs.push({ out: `lint-core-${name(f)}.json`, args: ['lint', f, '-f', 'json', '--no-record', '--no-config'] });
  jobs.push({ out: `lint-packs-${name(f)}.json`, args: ['lint', f, '-f', 'json', '--no-record', '--no-config', '--pack', 'psd2', '--pack', 'fhir', '--pack', 'r155', '--pack', 'gdpr'] });
}
for (const f of readdirSync(path.join(corpus, 'swagger2'))
  .filter((x) => /\.(json|ya?ml)$/.test(x))
  .sort()) {
  for (const target of ['3.0', '3.1']) jobs.push({ out: `convert-${target}-${name(f)}.json`, args: ['convert', `swagger2/${f}`, '--target', target, '--format', 'json'] });
}

mkdirSync(out, { recursive: true });
const run = (job) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'bin/apictl.js'), ...job.args], { cwd: corpus, env: { ...process.env, NO_COLOR: '1', APICTL_DB: undefined } });
    const stdout = [];
    const stderr = [];
    child.stdout.on('data', (d) => stdout.push(d));
    child.stderr.on('data', (d) => stderr.push(d));
    child.on('close', (code) => {
      writeFileSync(path.join(out, job.out), Buffer.concat(stdout));
      writeFileSync(path.join(out, `${job.out}.stderr`), `exit ${code}\n${Buffer.concat(stderr)}`);
      resolve();
    });
  });
const queue = [...jobs];
await Promise.all(
  [0, 1].map(async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await run(job);
  }),
);
console.log(`${jobs.length} outputs in ${out}`);
