// Scaling: doubles generated documents along several axes and prints, for import, convert and
// lint, the time of each size and its ratio to the size before. Linear cost shows as ratios that
// approach 2 once the document, not the process start, dominates; the target is ≤ 2.3 per
// doubling up to ≥ 5,000. Usage: node bench/scaling.mjs [--runs N] [--max N]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, measure, repoRoot } from './util.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const runs = arg('--runs', 3);
const max = arg('--max', 20_000);
const bin = path.join(repoRoot, 'bin', 'apictl.js');

const head3 = "openapi: 3.0.3\ninfo: {title: scaling, version: '1', description: generated}\nservers: [{url: 'https://api.example.com'}]\n";
const response = (ref) => `      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: '${ref}'}\n`;

/** Each axis: a document of size n (YAML text), and the depth limit it needs. */
const axes = {
  // S0 → S1 → … → Sn, each a bare $ref to the next (what made the ref check cubic)
  'pure ref chain': (n) => {
    let s = `${head3}paths:\n  /a:\n    get:\n      operationId: a\n${response('#/components/schemas/S0')}components:\n  schemas:\n`;
    for (let i = 0; i < n; i++) s += i < n - 1 ? `    S${i}: {$ref: '#/components/schemas/S${i + 1}'}\n` : `    S${i}: {type: string}\n`;
    return s;
  },
  // Swagger 2.0, each schema an object whose property refers to the next (conversion, origin map)
  'property ref chain (2.0)': (n) => {
    let s =
      "swagger: '2.0'\ninfo: {title: scaling, version: '1'}\nhost: api.example.com\nschemes: [https]\npaths:\n  /a:\n    get:\n      operationId: a\n      produces: [application/json]\n      responses:\n        '200':\n          description: ok\n          schema: {$ref: '#/definitions/S0'}\ndefinitions:\n";
    for (let i = 0; i < n; i++) s += i < n - 1 ? `  S${i}: {type: object, properties: {next: {$ref: '#/definitions/S${i + 1}'}}}\n` : `  S${i}: {type: string}\n`;
    return s;
  },
  // n paths with one GET each: every per-operation rule, and findings grow with n
  paths: (n) => {
    let s = `${head3}paths:\n`;
    for (let i = 0; i < n; i++)
      s += `  /r${i}/{id}:\n    get:\n      operationId: get${i}\n      parameters: [{name: id, in: path, required: true, schema: {type: string}}]\n${response('#/components/schemas/Item')}`;
    return `${s}components:\n  schemas:\n    Item: {type: object, properties: {name: {type: string}}}\n`;
  },
  // one schema with n properties, each a finding of several rules (no description, unbounded string)
  findings: (n) => {
    let s = `${head3}paths:\n  /a:\n    get:\n      operationId: a\n${response('#/components/schemas/Wide')}components:\n  schemas:\n    Wide:\n      type: object\n      properties:\n`;
    for (let i = 0; i < n; i++) s += `        p${i}: {type: string}\n`;
    return s;
  },
};

// Nesting is bounded by --max-depth (at most 1000): it doubles up to 480 levels of properties.
const nesting = (n) => {
  let schema = '{type: string}';
  for (let i = 0; i < n; i++) schema = `{type: object, properties: {n: ${schema}}}`;
  return `${head3}paths:\n  /a:\n    get:\n      operationId: a\n${response('#/components/schemas/Deep')}components:\n  schemas:\n    Deep: ${schema}\n`;
};

const dir = mkdtempSync(path.join(os.tmpdir(), 'apictl-scaling-'));
const commands = {
  import: (f) => ['import', f, '--db', path.join(dir, 'reg.db'), '--json', '--max-depth', '1000'],
  convert: (f) => ['convert', f, '--target', '3.1', '--format', 'json', '-o', path.join(dir, 'out.json'), '--max-depth', '1000'],
  lint: (f) => ['lint', f, '--no-record', '--no-config', '-f', 'json', '-o', path.join(dir, 'out-lint.json'), '--max-depth', '1000'],
};

function sizes(from, to) {
  const out = [];
  for (let n = from; n <= to; n *= 2) out.push(n);
  return out;
}

function row(axis, make, ns) {
  const times = {};
  for (const [cmd] of Object.entries(commands)) times[cmd] = [];
  for (const n of ns) {
    const file = path.join(dir, `${axis.replace(/\W+/g, '-')}-${n}.yaml`);
    writeFileSync(file, make(n));
    for (const [cmd, args] of Object.entries(commands)) {
      const walls = [];
      for (let r = 0; r < runs; r++) {
        rmSync(path.join(dir, 'reg.db'), { force: true });
        const m = measure(process.execPath, [bin, ...args(file)]);
        if (m.status !== 0 && m.status !== 1) throw new Error(`${cmd} ${path.basename(file)} exited ${m.status}: ${m.stderr.trim().split('\n')[0]}`);
        walls.push(m.wall);
      }
      times[cmd].push(median(walls));
    }
  }
  for (const [cmd, ts] of Object.entries(times)) {
    const cells = ts.map((t, i) => `${(t * 1000).toFixed(0).padStart(6)} ms${i > 0 ? ` ×${(t / ts[i - 1]).toFixed(2)}` : '      '}`);
    console.log(`${`${axis} · ${cmd}`.padEnd(36)} ${cells.join('  ')}`);
  }
  return times;
}

console.log(`scaling: median wall time of ${runs} runs per size; ×r = ratio to the size before (linear → 2 once the document dominates)`);
const ns = sizes(625, max);
console.log(`${'sizes'.padEnd(36)} ${ns.map((n) => String(n).padStart(15)).join('  ')}`);
let worst = 0;
for (const [axis, make] of Object.entries(axes)) {
  const times = row(axis, make, ns);
  for (const ts of Object.values(times)) for (let i = 1; i < ts.length; i++) worst = Math.max(worst, ts[i] / ts[i - 1]);
}
const depths = sizes(60, 480);
console.log(`${'nesting levels'.padEnd(36)} ${depths.map((n) => String(n).padStart(15)).join('  ')}`);
const deep = row('schema nesting', nesting, depths);
for (const ts of Object.values(deep)) for (let i = 1; i < ts.length; i++) worst = Math.max(worst, ts[i] / ts[i - 1]);
console.log(`worst ratio per doubling: ×${worst.toFixed(2)} (target ≤ 2.3)`);
rmSync(dir, { recursive: true, force: true });
process.exitCode = worst <= 2.3 ? 0 : 1;
