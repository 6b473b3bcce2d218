// Build step (after tsc): bundles what a lint run with apictl's own rules executes besides apictl's
// modules into one CommonJS file, dist/lint/engine.bundle.cjs: spectral-core, spectral-functions
// and apictl's rule functions (rulesets/functions/*.js and their lib/ helpers). One file instead of
// ≈ 400 modules, and one entry in V8's code cache (src/util/code-cache.ts): Spectral's import
// alone costs ≈ 0.2 s a run without it. Every part is required lazily, on first use.
// The function files stay the source of truth (Spectral CLI loads them one by one, as its
// functionsDir convention wants): the bundle records the sha256 of every file it was built from,
// and dist/lint/spectral.js uses the bundle only while they all still match, so editing a
// function never needs a rebuild (the run then takes every Spectral package from node_modules).
import { readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(repo, 'package.json'));
const { ENGINE_BUNDLE, ENGINE_BUNDLE_SOURCES, CORE_FUNCTION_NAMES, ruleFunctionSources } = await import(pathToFileURL(path.join(repo, 'dist', 'lint', 'spectral.js')).href);
const { RULESETS_DIR } = await import(pathToFileURL(path.join(repo, 'dist', 'lint', 'paths.js')).href);
const fnDir = path.join(RULESETS_DIR, 'functions');

const names = readdirSync(fnDir)
  .filter((f) => f.endsWith('.js'))
  .map((f) => f.slice(0, -3))
  .sort();
for (const n of names) if (!/^[A-Za-z_$][\w$]*$/.test(n)) throw new Error(`rule function file ${n}.js: its name must be a JavaScript identifier`);
const core = require.resolve('@stoplight/spectral-core');
const fns = require.resolve('@stoplight/spectral-functions');
const q = (p) => JSON.stringify(p);
const entry = [
  `exports.core = () => require(${q(core)});`,
  // its exports object is what dist/lint/ruleset.js switches Spectral's ruleset validation off on
  `exports.assertions = () => require(${q(path.join(path.dirname(core), 'ruleset', 'validation', 'assertions.js'))});`,
  `exports.functions = () => require(${q(fns)});`,
  `exports.functionFiles = {`,
  ...CORE_FUNCTION_NAMES.map((n) => `  ${n}: () => require(${q(path.join(path.dirname(fns), `${n}.js`))}),`),
  `};`,
  `exports.own = () => ({`,
  ...names.map((n) => `  ${n}: require('./${n}.js').default,`),
  `});`,
].join('\n');
const started = performance.now();
const result = await build({
  stdin: { contents: entry, resolveDir: fnDir, sourcefile: 'lint-engine-entry.cjs', loader: 'js' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  alias: {
    // jsonc-parser's `main` is a UMD build whose requires esbuild cannot follow; its ES build is the same code
    'jsonc-parser': path.join(path.dirname(require.resolve('jsonc-parser/package.json')), 'lib', 'esm', 'main.js'),
    // Spectral's own $ref resolver (file and http readers: node-fetch, whatwg-url, tr46) is never
    // used with apictl's rules: the engine always hands Spectral a resolver of its own, and rulesets
    // that need the resolved document run on the installed Spectral (src/lint/ruleset.ts). Left
    // out, it costs nothing to load, and nothing in this bundle can read a file or the network.
    '@stoplight/spectral-ref-resolver': path.join(repo, 'scripts', 'engine-stubs', 'spectral-ref-resolver.cjs'),
  },
  write: false,
  legalComments: 'none',
  // function names are part of the ruleset fingerprint: keep them as the files have them
  keepNames: true,
  logLevel: 'warning',
});
const sources = ruleFunctionSources(fnDir);
const code = result.outputFiles[0].text;
// the hashes go beside the bundle, so a stale bundle is recognised without loading it
for (const [file, text] of [[ENGINE_BUNDLE, code], [ENGINE_BUNDLE_SOURCES, JSON.stringify(sources)]]) {
  writeFileSync(file + '.tmp', text);
  renameSync(file + '.tmp', file);
}
console.log(`bundle-lint-engine: Spectral + ${names.length} rule functions (${Object.keys(sources).length} files) → ${path.relative(repo, ENGINE_BUNDLE)} (${Math.round(code.length / 1024)} KiB) in ${Math.round(performance.now() - started)} ms`);
