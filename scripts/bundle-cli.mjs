// Build step (after tsc): the compiled CLI (dist/cli/main.js and every module it imports, command
// modules included) as one CommonJS file, dist/cli.bundle.cjs, which bin/apictl.js loads through
// V8's code cache (src/util/code-cache.ts). Node 20 cannot cache ES modules' compiled code, and
// loading them one by one costs every run several times what the bundle does (docs/performance.md).
// Packages stay outside (required at run time as before), except chalk, an ES-only package that
// a CommonJS file cannot require on Node 20, and commander, which every command loads.
// `import.meta.url` becomes each module's own dist/ URL, so paths relative to a module still
// resolve as in dist/. The bundle records every dist file it was built from (size, mtime,
// sha256: src/util/build-record.ts), and src/util/cli-bundle.ts uses it only while they are all
// unchanged (a `tsc` alone after the build means the plain modules run). The validation worker
// thread (dist/validate/worker.js and its modules) is bundled the same way, for the same reason.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { asciiOnly } from './lib/ascii-only.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(repo, 'dist');
const INCLUDED = new Set(['chalk', 'commander']);

/**
 * commander loads node:child_process (and with it net and dgram, on every run) for the
 * executable subcommands apictl does not have; it only ever calls `childProcess.spawn`. The edit
 * loads the module on that call. Checked: a commander whose text differs fails the build.
 */
function lazyChildProcess(text, file) {
  const line = "const childProcess = require('node:child_process');";
  const uses = [...text.matchAll(/\bchildProcess\.(\w+)/g)].map((m) => m[1]);
  if (text.split(line).length !== 2 || uses.length === 0 || uses.some((u) => u !== 'spawn')) {
    throw new Error(`bundle-cli: ${file} is not the commander this build step edits (it should require child_process once and only call childProcess.spawn)`);
  }
  return text.replace(line, () => "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };");
}

/** Bundles one dist entry module (and every dist module it imports) into `out`, with its build record beside it. */
async function bundle(entry, out) {
  const started = performance.now();
  const result = await build({
    entryPoints: [path.join(dist, entry)],
    absWorkingDir: repo,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    outfile: out,
    metafile: true,
    legalComments: 'none',
    keepNames: true,
    // a module may shadow `require` (createRequire): the URL helper takes the bundle's own
    // and run-time `import()`s go through the loader's when it offers one (a script compiled from
    // V8's code cache cannot import on Node 20)
    banner: {
      js: [
        `const __apictlModuleUrl = (rel) => require('node:url').pathToFileURL(require('node:path').join(__dirname, ${JSON.stringify(path.relative(path.dirname(out), dist).split(path.sep).join('/') || '.')}, rel)).href;`,
        "const __apictlImport = (specifier) => (typeof module.apictlImport === 'function' ? module.apictlImport(specifier) : import(specifier));",
      ].join('\n'),
    },
    logLevel: 'warning',
    plugins: [
      {
        name: 'apictl-cli',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('node:')) return undefined;
            const pkg = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
            // inside an included package (chalk's own #imports) or one of them: bundle it
            if (INCLUDED.has(pkg) || args.path.startsWith('#')) return undefined;
            return { path: args.path, external: true };
          });
          b.onLoad({ filter: /\.js$/ }, (args) => {
            let text = readFileSync(args.path, 'utf8');
            if (args.path.endsWith(path.join('commander', 'lib', 'command.js'))) text = lazyChildProcess(text, args.path);
            if (args.path.startsWith(dist + path.sep) && text.includes('import.meta.url')) {
              const rel = path.relative(dist, args.path).split(path.sep).join('/');
              text = text.replaceAll('import.meta.url', `__apictlModuleUrl(${JSON.stringify(rel)})`);
            }
            return { contents: text, loader: 'js', resolveDir: path.dirname(args.path) };
          });
        },
      },
    ],
  });
  const banner = result.outputFiles[0].text.indexOf('\n', result.outputFiles[0].text.indexOf('const __apictlImport'));
  const head = result.outputFiles[0].text.slice(0, banner);
  // the imports esbuild left (packages and computed specifiers): through the banner's helper
  const body = result.outputFiles[0].text.slice(banner).replace(/(?<![\w$.])import\(/g, '__apictlImport(');
  if (/__apictlImport\(\s*['"`]\./.test(body)) throw new Error(`bundle-cli: a relative run-time import() cannot go through the loader (${entry})`);
  // ASCII only, so V8 holds the source as a one-byte string (see lib/ascii-only.mjs)
  const code = asciiOnly(head + body);
  if (/\bimport\.meta\b/.test(code)) throw new Error('bundle-cli: import.meta left in the bundle');
  const { recordFiles } = await import(pathToFileURL(path.join(dist, 'util', 'build-record.js')).href);
  const inputs = recordFiles(
    dist,
    Object.keys(result.metafile.inputs)
      .map((input) => path.resolve(repo, input))
      .filter((abs) => abs.startsWith(dist + path.sep))
      .map((abs) => path.relative(dist, abs).split(path.sep).join('/')),
  );
  for (const [file, text] of [
    [out, code],
    [out.replace(/\.cjs$/, '.inputs.json'), JSON.stringify(inputs)],
  ]) {
    writeFileSync(file + '.tmp', text);
    renameSync(file + '.tmp', file);
  }
  console.log(`bundle-cli: ${Object.keys(inputs).length} dist modules → ${path.relative(repo, out)} (${Math.round(code.length / 1024)} KiB) in ${Math.round(performance.now() - started)} ms`);
}

await bundle(path.join('cli', 'main.js'), path.join(dist, 'cli.bundle.cjs'));
// the validation worker thread (src/validate/worker-entry.cts loads it)
await bundle(path.join('validate', 'worker.js'), path.join(dist, 'validate', 'worker.bundle.cjs'));
// the rules lane's worker thread (src/lint/lane-entry.cts loads it)
await bundle(path.join('lint', 'lane-worker.js'), path.join(dist, 'lint', 'lane.bundle.cjs'));
// the loader of the bundles itself, for bin/apictl.js (a CommonJS program: no ES module loader)
await bundle(path.join('util', 'cli-bundle.js'), path.join(dist, 'util', 'cli-loader.bundle.cjs'));
