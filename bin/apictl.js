#!/usr/bin/env node
// Thin shim: everything lives in the compiled CLI, loaded here and nowhere else. CommonJS
// (bin/package.json): an ES module entry makes Node set up its ES module loader before the first
// line runs, on every run (docs/performance.md#start-up-bundles-code-cache-and-v8-flags).
'use strict';
const nodeModule = require('node:module');
const path = require('node:path');
const v8 = require('node:v8');

// APICTL_PLAIN=1: none of the speed machinery (src/util/speed.ts), these two included
const plain = !!process.env.APICTL_PLAIN && process.env.APICTL_PLAIN !== '0';

// Node 22.1+ keeps V8's compiled code of every module between runs (on Node 20 apictl does the
// same for its bundles: src/util/code-cache.ts). APICTL_NO_CODE_CACHE=1 switches it off.
if (!plain && !process.env.APICTL_NO_CODE_CACHE && typeof nodeModule.enableCompileCache === 'function') {
  try {
    nodeModule.enableCompileCache(process.env.APICTL_CACHE_DIR ? path.join(path.resolve(process.env.APICTL_CACHE_DIR), 'node') : undefined);
  } catch {
    // no cache: only slower
  }
}

// V8 optimises a function with TurboFan once it has run through a budget of bytecode. A lint is a
// few seconds spent in hundreds of different functions: at the default budget V8 optimises many
// of them early, and on a two-core machine those compiles compete with the run itself. A larger
// budget leaves TurboFan the functions that stay hot. Only on V8 11 (Node 20), where it was
// shown to pay (docs/performance.md#v8-flags); later Node versions tier through Maglev first and
// keep their defaults. APICTL_V8_DEFAULTS=1 switches it off.
if (!plain && !process.env.APICTL_V8_DEFAULTS && process.versions.v8.startsWith('11.')) {
  v8.setFlagsFromString('--interrupt-budget=500000');
}

// The CLI bundle when it is current (scripts/bundle-cli.mjs), else the plain modules; found by
// src/util/cli-bundle.ts, itself required as CommonJS (its bundle) while that is current.
function loadCli() {
  if (plain) return import('../dist/cli/main.js');
  let loader;
  try {
    loader = require('../dist/util/cli-loader.bundle.cjs');
  } catch {
    loader = undefined; // not built, or built by an older build step: the ES module
  }
  if (loader && typeof loader.loaderIsCurrent === 'function' && loader.loaderIsCurrent()) {
    const cli = loader.loadCliBundle();
    return cli ? Promise.resolve(cli) : import('../dist/cli/main.js');
  }
  return import('../dist/util/cli-bundle.js').then((b) => b.loadCliBundle() ?? import('../dist/cli/main.js'));
}

loadCli().then(
  // a command is done when main resolves: end the process then (src/cli/main.ts exitWhenWritten)
  (cli) => cli.main(process.argv).then(() => cli.exitWhenWritten()),
  (err) => {
    if (err && err.code === 'ERR_MODULE_NOT_FOUND' && /dist[\\/](util|cli)[\\/]/.test(String(err.message))) {
      process.stderr.write('apictl is not built: run `npm install` (or `npm run build`) in the package folder\n');
    } else {
      process.stderr.write(`internal error (this is a bug in apictl, please report it): ${err?.message}\n`);
    }
    process.exitCode = 2;
  },
);
