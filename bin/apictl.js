#!/usr/bin/env node
// Thin shim: everything lives in the compiled CLI, loaded here and nowhere else.
import module from 'node:module';
import path from 'node:path';

// Node 22.1+ keeps V8's compiled code of every module between runs (on Node 20 apictl does the
// same for its bundles: src/util/code-cache.ts). APICTL_NO_CODE_CACHE=1 switches it off.
if (!process.env.APICTL_NO_CODE_CACHE && typeof module.enableCompileCache === 'function') {
  try {
    module.enableCompileCache(process.env.APICTL_CACHE_DIR ? path.join(path.resolve(process.env.APICTL_CACHE_DIR), 'node') : undefined);
  } catch {
    // no cache: only slower
  }
}

// The CLI bundle when it is current (scripts/bundle-cli.mjs), else the plain modules.
import('../dist/util/cli-bundle.js')
  .then((b) => b.loadCliBundle() ?? import('../dist/cli/main.js'))
  .then(
    (cli) => cli.main(process.argv),
    (err) => {
      if (err && err.code === 'ERR_MODULE_NOT_FOUND' && /dist[\\/](util|cli)[\\/]/.test(String(err.message))) {
        process.stderr.write('apictl is not built: run `npm install` (or `npm run build`) in the package folder\n');
      } else {
        process.stderr.write(`internal error (this is a bug in apictl, please report it): ${err && err.message}\n`);
      }
      process.exitCode = 2;
    },
  );
