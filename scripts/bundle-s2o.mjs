// Build step (after tsc): swagger2openapi and the modules its conversion runs (reftools,
// oas-kit-common, oas-schema-walker, oas-resolver, call-me-maybe) as one CommonJS file,
// dist/convert/s2o.bundle.cjs, which src/convert/s2o.ts loads through V8's code cache
// (src/util/code-cache.ts): requiring the 37 modules one by one costs ≈ 45–60 ms a run on Node 20.
// Left out, as stubs that throw: node-fetch-h2 (with http2-client) and swagger2openapi's own YAML
// 1.x, which only convertFile/convertUrl/convertStr and external-reference resolution use (apictl
// calls convertObj with `resolve: false` and a `text`). Nothing in the bundle can fetch.
// The bundle exports the reftools modules apictl replaces functions of, and a loader for
// swagger2openapi itself, so the replacements are in place before swagger2openapi reads them —
// the same order as with the installed packages.
import { renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { asciiOnly } from './lib/ascii-only.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(repo, 'dist', 'convert', 's2o.bundle.cjs');
const s2oMain = createRequire(path.join(repo, 'package.json')).resolve('swagger2openapi');
const fromS2o = createRequire(s2oMain);
const q = (p) => JSON.stringify(p);
// resolved as swagger2openapi resolves them, so the bundle holds the copies it would load
const entry = [
  `exports.clone = require(${q(fromS2o.resolve('reftools/lib/clone.js'))});`,
  `exports.recurse = require(${q(fromS2o.resolve('reftools/lib/recurse.js'))});`,
  `exports.jptr = require(${q(fromS2o.resolve('reftools/lib/jptr.js'))});`,
  `exports.load = () => require(${q(s2oMain)});`,
].join('\n');
const stub = (name) => path.join(repo, 'scripts', 's2o-stubs', name);
const started = performance.now();
const result = await build({
  stdin: { contents: entry, resolveDir: path.dirname(s2oMain), sourcefile: 's2o-entry.cjs', loader: 'js' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  plugins: [
    {
      name: 'apictl-s2o-stubs',
      setup(b) {
        b.onResolve({ filter: /^node-fetch-h2$/ }, () => ({ path: stub('node-fetch-h2.cjs') }));
        // the YAML 1.x that swagger2openapi and oas-resolver import: nothing else here imports yaml
        b.onResolve({ filter: /^yaml$/ }, (args) => {
          if (!/[\\/]node_modules[\\/](swagger2openapi|oas-resolver)[\\/]/.test(args.importer)) {
            throw new Error(`bundle-s2o: ${args.importer} imports yaml; this step only expects swagger2openapi and oas-resolver to`);
          }
          return { path: stub('yaml-v1.cjs') };
        });
      },
    },
  ],
  write: false,
  legalComments: 'none',
  keepNames: true,
  logLevel: 'warning',
});
const code = asciiOnly(result.outputFiles[0].text);
if (/require\("(node-fetch-h2|http2-client|http2|https|net|tls)"\)/.test(code)) throw new Error('bundle-s2o: a network client was bundled');
writeFileSync(out + '.tmp', code);
renameSync(out + '.tmp', out);
console.log(`bundle-s2o: swagger2openapi → ${path.relative(repo, out)} (${Math.round(code.length / 1024)} KiB) in ${Math.round(performance.now() - started)} ms`);
