// Build step (after tsc): bundles what a lint run with apictl's own rules executes besides apictl's
// modules into one CommonJS file, dist/lint/engine.bundle.cjs: spectral-core, spectral-functions
// and apictl's rule functions (rulesets/functions/*.js and their lib/ helpers). One file instead of
// ≈ 400 modules, and one entry in V8's code cache (src/util/code-cache.ts): Spectral's import
// alone costs ≈ 0.2 s a run without it. Every part is required lazily, on first use.
// The function files stay the source of truth (Spectral CLI loads them one by one, as its
// functionsDir convention wants): the bundle records every file it was built from
// (src/util/build-record.ts), and dist/lint/spectral.js uses the bundle only while they are all
// unchanged, so editing a function never needs a rebuild (the run then takes every Spectral
// package from node_modules).
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { asciiOnly } from './lib/ascii-only.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(repo, 'package.json'));
const { ENGINE_BUNDLE, ENGINE_BUNDLE_SOURCES, CORE_FUNCTION_NAMES, ruleFunctionFiles } = await import(pathToFileURL(path.join(repo, 'dist', 'lint', 'spectral.js')).href);
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
const core = require.resolve('@stoplight/spectral-core');
const fns = require.resolve('@stoplight/spectral-functions');
const q = (p) => JSON.stringify(p);
const entry = [
  // Without keepNames, the bundler renames a function where its name would clash in the bundle
  // (Spectral's \`undefined\` becomes \`undefined2\`): each rule function gets back the name its
  // module gives it (the check after the build compares every name)
  `const named = (f, n) => { if (typeof f === 'function' && f.name !== n) Reflect.defineProperty(f, 'name', { value: n, configurable: true }); return f; };`,
  `exports.core = () => require(${q(core)});`,
  // its exports object is what dist/lint/ruleset.js switches Spectral's ruleset validation off on
  `exports.assertions = () => require(${q(path.join(path.dirname(core), 'ruleset', 'validation', 'assertions.js'))});`,
  `exports.functions = () => { const m = require(${q(fns)}); for (const k of Object.keys(m)) named(m[k], k); return m; };`,
  `exports.functionFiles = {`,
  ...CORE_FUNCTION_NAMES.map((n) => `  ${n}: () => { const m = require(${q(path.join(path.dirname(fns), `${n}.js`))}); named(m.default, ${q(n)}); return m; },`),
  `};`,
  `exports.own = () => ({`,
  ...names.map((n) => `  ${n}: named(require('./${n}.js').default, ${q(ownNames.get(n))}),`),
  `});`,
].join('\n');
/**
 * spectral-core's ruleset/function.js builds an ajv instance with ajv-errors and ajv-formats when it
 * is loaded (≈ 40 ms: ajv-errors compiles its keyword's meta-schema) and compiles the option and
 * input schema of every Spectral function when the function is defined. In the bundle, the
 * instance is created on the first compile, and each schema is compiled on the first value the
 * conservative check of rulesets/functions/lib/quick-schema.js is not sure about (then ajv gives
 * the verdict and the error messages, as before). Valid rulesets never need ajv at all.
 * The edit is textual and checked: a spectral-core whose module differs fails the build.
 */
function lazyFunctionValidation() {
  const target = path.join(path.dirname(core), 'ruleset', 'function.js');
  const quick = path.join(fnDir, 'lib', 'quick-schema.js');
  const edits = [
    [
      "const ajv = new ajv_1.default({ allErrors: true, allowUnionTypes: true, strict: true, keywords: ['x-internal'] });\n(0, ajv_errors_1.default)(ajv);\n(0, ajv_formats_1.default)(ajv);\n",
      `let ajvInstance;
const ajv = {
    compile(schema) {
        if (ajvInstance === undefined) {
            ajvInstance = new ajv_1.default({ allErrors: true, allowUnionTypes: true, strict: true, keywords: ['x-internal'] });
            (0, ajv_errors_1.default)(ajvInstance);
            (0, ajv_formats_1.default)(ajvInstance);
        }
        return ajvInstance.compile(schema);
    },
};
const { compileQuick: apictlCompileQuick } = require(${JSON.stringify(quick)});
// ajv's \`type\` keyword, loosely: a value none of these accept fails the schema whatever else it says
const APICTL_LOOSE_TYPES = {
    string: (d) => typeof d === 'string',
    number: (d) => typeof d === 'number',
    integer: (d) => typeof d === 'number',
    boolean: (d) => typeof d === 'boolean',
    null: (d) => d === null,
    array: (d) => Array.isArray(d),
    object: (d) => d !== null && typeof d === 'object' && !Array.isArray(d),
};
function apictlLazyValidator(schema, rejectByType) {
    const sure = apictlCompileQuick(schema);
    // for inputs (whose errors Spectral reads only with errorOnInvalidInput): a value of another type is surely invalid
    const types = rejectByType && schema !== null && typeof schema === 'object' ? [].concat(schema.type ?? []) : [];
    const typeTests = types.every((t) => APICTL_LOOSE_TYPES[t] !== undefined) ? types.map((t) => APICTL_LOOSE_TYPES[t]) : [];
    let compiled;
    const validate = function (data) {
        if (sure !== undefined && sure(data)) {
            validate.errors = null;
            return true;
        }
        if (typeTests.length > 0 && !typeTests.some((t) => t(data))) {
            validate.errors = null;
            return false;
        }
        compiled ??= ajv.compile(schema);
        const valid = compiled(data);
        validate.errors = compiled.errors;
        return valid;
    };
    validate.errors = null;
    return validate;
}
`,
    ],
    ['const validateOptions = options === null ? DEFAULT_OPTIONS_VALIDATOR : ajv.compile(options);', 'const validateOptions = options === null ? DEFAULT_OPTIONS_VALIDATOR : apictlLazyValidator(options);'],
    ['const validateInput = input !== null ? ajv.compile(input) : input;', 'const validateInput = input !== null ? apictlLazyValidator(input, !errorOnInvalidInput) : input;'],
  ];
  // ruleset/validation/assertions.js loads ajv's 2020 dialect and Spectral's ruleset meta-schemas
  // for assertValidRuleset, which apictl's own rules skip: load them when it first runs.
  const assertions = path.join(path.dirname(core), 'ruleset', 'validation', 'assertions.js');
  const assertionEdits = [['const ajv_1 = require("./ajv");', 'const ajv_1 = { get createValidator() { return require("./ajv").createValidator; } };']];
  return {
    name: 'apictl-lazy-function-validation',
    setup(b) {
      b.onLoad({ filter: /[\\/]ruleset[\\/](function|validation[\\/]assertions)\.js$/ }, (args) => {
        const file = path.resolve(args.path);
        if (file !== target && file !== assertions) return undefined;
        let text = readFileSync(args.path, 'utf8');
        for (const [from, to] of file === target ? edits : assertionEdits) {
          if (text.split(from).length !== 2) throw new Error(`bundle-lint-engine: ${args.path} is not the version this build step edits (looked for: ${from.split('\n')[0]}); update lazyFunctionValidation()`);
          text = text.replace(from, () => to);
        }
        return { contents: text, loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/**
 * Spectral sorts its results (runner/utils/results.js) with `localeCompare` on the source, the
 * rule code and the joined path of every pair compared, though most pairs share their source
 * (one file) and many their code: ≈ 1 µs a call, ≈ 15 ms of a Kubernetes lint's rules lane
 * (2,000 results). Equal strings compare as 0 before the locale-aware comparison is asked (which
 * answers 0 for them too): the same order, and the same results.
 */
function equalStringsFirst() {
  const target = path.join(path.dirname(core), 'runner', 'utils', 'results.js');
  const edits = [
    ['    return String(left).localeCompare(String(right), void 0, { numeric: true });', '    const l = String(left), r = String(right);\n    return l === r ? 0 : l.localeCompare(r, void 0, { numeric: true });'],
    ['    return left.localeCompare(right);', '    return left === right ? 0 : left.localeCompare(right);'],
    ['    const diffPath = left.path.join().localeCompare(right.path.join());', '    const lp = left.path.join(), rp = right.path.join();\n    const diffPath = lp === rp ? 0 : lp.localeCompare(rp);'],
  ];
  return {
    name: 'apictl-equal-strings-first',
    setup(b) {
      b.onLoad({ filter: /[\\/]runner[\\/]utils[\\/]results\.js$/ }, (args) => {
        if (path.resolve(args.path) !== target) return undefined;
        let text = readFileSync(args.path, 'utf8');
        for (const [from, to] of edits) {
          if (text.split(from).length !== 2) throw new Error(`bundle-lint-engine: ${args.path} is not the version this build step edits (looked for: ${from.trim()}); update equalStringsFirst()`);
          text = text.replace(from, () => to);
        }
        return { contents: text, loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/**
 * `require('lodash')` (the full build: ≈ 8 ms to evaluate) resolves to scripts/engine-stubs/lodash.cjs,
 * which loads the functions Spectral and @stoplight/json use from lodash's per-method modules on
 * first use. A plugin rather than an alias: an alias would also redirect the stub's own
 * `lodash/<method>.js` requires. The bundle is checked after the build for lodash functions the
 * stub does not have.
 */
const LODASH_STUB = path.join(repo, 'scripts', 'engine-stubs', 'lodash.cjs');
function lodashByMethod() {
  return {
    name: 'apictl-lodash-by-method',
    setup(b) {
      b.onResolve({ filter: /^lodash$/ }, () => ({ path: LODASH_STUB }));
    },
  };
}

/** Lodash functions the bundled code reads (`lodash_1.get`, `lodash.set`, …) that the stub lacks. */
function lodashGaps(code) {
  const have = new Set(Object.keys(require(LODASH_STUB)));
  const gaps = new Set();
  if (!code.includes('// scripts/engine-stubs/lodash.cjs')) gaps.add('(the stub is not in the bundle)');
  if (code.includes('// node_modules/lodash/lodash.js')) gaps.add("(lodash's full build is in the bundle)");
  // each module of the bundle starts with a `// <file>` line; in those that require lodash, every
  // read of the variable it is bound to must be a function the stub has
  for (const section of code.split(/\n(?=\/\/ \S+\n)/)) {
    for (const [, v] of section.matchAll(/var (\w+) = require_lodash\(\);/g)) {
      for (const m of section.matchAll(new RegExp(`(?<![\\w.$])${v}\\b(?!\\s*=[^=])(\\.(\\w+))?`, 'g'))) {
        if (m[2] === undefined) gaps.add(`${v} used as a whole`);
        else if (!have.has(m[2])) gaps.add(m[2]);
      }
    }
  }
  return [...gaps];
}

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
    // …and spectral-runtime's fetch helper, never called by a lint, need no http client either
    'node-fetch': path.join(repo, 'scripts', 'engine-stubs', 'node-fetch.cjs'),
    // a polyfill of what Node has had natively since version 15 (see the stub)
    'es-aggregate-error': path.join(repo, 'scripts', 'engine-stubs', 'es-aggregate-error.cjs'),
  },
  plugins: [lazyFunctionValidation(), equalStringsFirst(), lodashByMethod()],
  write: false,
  legalComments: 'none',
  // No keepNames: it wraps every closure a function creates in a call that redefines the
  // closure's \`name\` (≈ 3,000 sites; in the rule helpers that build closures per schema or per
  // operation that cost ≈ 5 MB of garbage and 10 ms a Kubernetes lint). Function names are part
  // of the ruleset fingerprint: the entry gives every rule function the name its module gives it,
  // the build checks Spectral's below, and test/lint/ruleset-snapshot.test.ts compares them all.
  keepNames: false,
  logLevel: 'warning',
});
const sources = recordFiles(fnDir, ruleFunctionFiles(fnDir));
{
  const gaps = lodashGaps(result.outputFiles[0].text);
  if (gaps.length > 0) throw new Error(`bundle-lint-engine: the bundle reads lodash functions scripts/engine-stubs/lodash.cjs does not provide: ${gaps.join(', ')}`);
}
{
  // Spectral's functions have the names their package gives them (the entry names each by the key
  // it is exported under, and apictl's own by the name read from its file above)
  const mod = { exports: {} };
  new Function('exports', 'require', 'module', '__filename', '__dirname', result.outputFiles[0].text)(mod.exports, require, mod, ENGINE_BUNDLE, path.dirname(ENGINE_BUNDLE));
  const b = mod.exports;
  const wrong = [];
  const installed = require(fns);
  for (const n of CORE_FUNCTION_NAMES) {
    const got = [b.functionFiles[n]().default?.name, b.functions()[n]?.name];
    if (got.some((g) => g !== installed[n]?.name)) wrong.push(`Spectral's ${n}: ${got.join(' / ')} instead of ${installed[n]?.name}`);
  }
  if (wrong.length > 0) throw new Error(`bundle-lint-engine: function names changed in the bundle (they are part of the ruleset fingerprint):\n${wrong.join('\n')}`);
}
// ASCII only, so V8 holds the source as a one-byte string (see lib/ascii-only.mjs)
const code = asciiOnly(result.outputFiles[0].text);
// the hashes go beside the bundle, so a stale bundle is recognised without loading it
for (const [file, text] of [[ENGINE_BUNDLE, code], [ENGINE_BUNDLE_SOURCES, JSON.stringify(sources)]]) {
  writeFileSync(file + '.tmp', text);
  renameSync(file + '.tmp', file);
}
console.log(`bundle-lint-engine: Spectral + ${names.length} rule functions (${Object.keys(sources).length} files) → ${path.relative(repo, ENGINE_BUNDLE)} (${Math.round(code.length / 1024)} KiB) in ${Math.round(performance.now() - started)} ms`);
