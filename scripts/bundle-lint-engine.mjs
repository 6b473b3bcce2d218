// Build step (after tsc): bundles apictl's rule functions (rulesets/functions/*.js and their lib/
// helpers) into one CommonJS file, dist/lint/engine.bundle.cjs: one file instead of ≈ 200
// modules, and one entry in V8's code cache (src/util/code-cache.ts). Spectral is not in it:
// apictl runs its own rules itself (src/lint/runner), and the functions load Spectral only to word
// an error in a rule's options. The function files stay the source of truth (Spectral CLI loads
// them one by one, as its functionsDir convention wants): the bundle records every file it was
// built from (src/util/build-record.ts), and dist/lint/spectral.js uses the bundle only while they
// are all unchanged, so editing a function never needs a rebuild.
import { readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { asciiOnly } from './lib/ascii-only.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { ENGINE_BUNDLE, ENGINE_BUNDLE_SOURCES, ruleFunctionFiles } = await import(pathToFileURL(path.join(repo, 'dist', 'lint', 'spectral.js')).href);
const { recordFiles } = await import(pathToFileURL(path.join(repo, 'dist', 'util', 'build-record.js')).href);
const { RULESETS_DIR } = await import(pathToFileURL(path.join(repo, 'dist', 'lint', 'paths.js')).href);
const fnDir = path.join(RULESETS_DIR, 'functions');

const names = readdirSync(fnDir)
  .filter((f) => f.endsWith('.js'))
  .map((f) => f.slice(0, -3))
  .sort();
for (const n of names) if (!/^[A-Za-z_$][\w$]*$/.test(n)) throw new Error(`rule function file ${n}.js: its name must be a JavaScript identifier`);
// the name each rule function has when loaded from its file (the bundle keeps it: see keepNames below)
const ownNames = new Map();
for (const n of names) ownNames.set(n, (await import(pathToFileURL(path.join(fnDir, `${n}.js`)).href)).default?.name);
const q = (p) => JSON.stringify(p);
const entry = [
  // Without keepNames, the bundler renames a function where its name would clash in the bundle:
  // each rule function gets back the name its module gives it (names are part of the ruleset
  // fingerprint; test/lint/ruleset-snapshot.test.ts compares them all)
  `const named = (f, n) => { if (typeof f === 'function' && f.name !== n) Reflect.defineProperty(f, 'name', { value: n, configurable: true }); return f; };`,
  `exports.own = () => ({`,
  ...names.map((n) => `  ${n}: named(require('./${n}.js').default, ${q(ownNames.get(n))}),`),
  `});`,
].join('\n');

/**
 * The functions import `@stoplight/spectral-core` (as Spectral CLI expects) for one thing: the
 * validator that words an error in a rule's options. In the bundle that import is
 * scripts/engine-stubs/spectral-core.cjs, which loads the installed Spectral on first use.
 */
const SPECTRAL_STUB = path.join(repo, 'scripts', 'engine-stubs', 'spectral-core.cjs');
function lazySpectral() {
  return {
    name: 'apictl-lazy-spectral',
    setup(b) {
      b.onResolve({ filter: /^@stoplight\/spectral-core$/ }, (args) => (args.importer === SPECTRAL_STUB ? { path: args.path, external: true } : { path: SPECTRAL_STUB }));
      b.onResolve({ filter: /^@stoplight\// }, (args) => ({ path: args.path, external: true }));
    },
  };
}

const started = performance.now();
const result = await build({
  stdin: { contents: entry, resolveDir: fnDir, sourcefile: 'lint-engine-entry.cjs', loader: 'js' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  plugins: [lazySpectral()],
  write: false,
  legalComments: 'none',
  // No keepNames: it wraps every closure a function creates in a call that redefines the
  // closure's \`name\` (thousands of sites; in the rule helpers that build closures per schema or
  // per operation that is garbage and time on every large lint). Function names are part
  // of the ruleset fingerprint: the entry gives every rule function the name its module gives it,
  // and test/lint/ruleset-snapshot.test.ts compares them all.
  keepNames: false,
  logLevel: 'warning',
});
const sources = recordFiles(fnDir, ruleFunctionFiles(fnDir));
// ASCII only, so V8 holds the source as a one-byte string (see lib/ascii-only.mjs)
const code = asciiOnly(result.outputFiles[0].text);
// the hashes go beside the bundle, so a stale bundle is recognised without loading it
for (const [file, text] of [
  [ENGINE_BUNDLE, code],
  [ENGINE_BUNDLE_SOURCES, JSON.stringify(sources)],
]) {
  writeFileSync(file + '.tmp', text);
  renameSync(file + '.tmp', file);
}
console.log(
  `bundle-lint-engine: ${names.length} rule functions (${Object.keys(sources).length} files) → ${path.relative(repo, ENGINE_BUNDLE)} (${Math.round(code.length / 1024)} KiB) in ${Math.round(performance.now() - started)} ms`,
);
