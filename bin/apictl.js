#!/usr/bin/env node
// Thin shim: everything lives in the compiled CLI, loaded here and nowhere else.
import module from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';

// Node 22.1+ keeps V8's compiled code of every module between runs (on Node 20 apictl does the
// same for its bundles: src/util/code-cache.ts). APICTL_NO_CODE_CACHE=1 switches it off.
if (!process.env.APICTL_NO_CODE_CACHE && typeof module.enableCompileCache === 'function') {
  try {
    module.enableCompileCache(process.env.APICTL_CACHE_DIR ? path.join(path.resolve(process.env.APICTL_CACHE_DIR), 'node') : undefined);
  } catch {
    // no cache: only slower
  }
}

// V8 optimises a function with TurboFan once it has run through a budget of bytecode. A lint is a
// few seconds spent in hundreds of different functions: at the default budget V8 optimises many
// of them early, and on a two-core machine those compiles compete with the run itself (a
// Kubernetes lint spent ≈ 1.5 s of CPU on them). A larger budget leaves TurboFan the functions
// that stay hot; measured on Node 20 (V8 11): Kubernetes lint 3.1 → 2.6 s, Stripe −0.2 s,
// DigitalOcean −0.2 s, a small file unchanged. Only where measured (V8 11, Node 20); later Node
// versions tier through Maglev first and keep their defaults. APICTL_V8_DEFAULTS=1 switches it off.
if (!process.env.APICTL_V8_DEFAULTS && process.versions.v8.startsWith('11.')) {
  v8.setFlagsFromString('--interrupt-budget=500000');
}

// The CLI bundle when it is current (scripts/bundle-cli.mjs), else the plain modules.
import('../dist/util/cli-bundle.js')
  .then((b) => b.loadCliBundle() ?? import('../dist/cli/main.js'))
  .then(
    // a command is done when main resolves: end the process then (src/cli/main.ts exitWhenWritten)
    (cli) => cli.main(process.argv).then(() => cli.exitWhenWritten()),
    (err) => {
      if (err && err.code === 'ERR_MODULE_NOT_FOUND' && /dist[\\/](util|cli)[\\/]/.test(String(err.message))) {
        process.stderr.write('apictl is not built: run `npm install` (or `npm run build`) in the package folder\n');
      } else {
        process.stderr.write(`internal error (this is a bug in apictl, please report it): ${err && err.message}\n`);
      }
      process.exitCode = 2;
    },
  );
