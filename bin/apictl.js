#!/usr/bin/env node
// Thin shim: everything lives in the compiled CLI, loaded here and nowhere else.
import('../dist/cli/main.js').then(
  (cli) => cli.main(process.argv),
  (err) => {
    if (err && err.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes('dist/cli/main.js')) {
      process.stderr.write('apictl is not built: run `npm install` (or `npm run build`) in the package folder\n');
    } else {
      process.stderr.write(`internal error (this is a bug in apictl, please report it): ${err && err.message}\n`);
    }
    process.exitCode = 2;
  },
);
