// Build step (after tsc): swagger2openapi and the modules its conversion runs (reftools,
// oas-kit-common, oas-schema-walker, oas-resolver, call-me-maybe) as one CommonJS file,
// dist/convert/s2o.bundle.cjs, which src/convert/s2o.ts loads through V8's code cache
// (src/util/code-cache.ts): requiring its modules one by one costs every run on Node 20.
// Three passes of swagger2openapi are replaced by plain walks doing the same, and two loops skip
// properties a parameter does not have (EDITS below).
// Left out, as stubs that throw: node-fetch-h2 (with http2-client) and swagger2openapi's own YAML
// 1.x, which only convertFile/convertUrl/convertStr and external-reference resolution use (apictl
// calls convertObj with `resolve: false` and a `text`). Nothing in the bundle can fetch.
// Node's `http`, which lib/statusCodes.js requires for its STATUS_CODES table alone, is replaced by
// that table as this build's Node has it: loading Node's HTTP stack slowed every conversion,
// and swagger2openapi only ever reads the table as `statusCodes[response]`, with a Response Object
// as the key ("[object Object]", never a status code), so no answer depends on it.
// The bundle exports the reftools modules apictl replaces functions of, and a loader for
// swagger2openapi itself, so the replacements are in place before swagger2openapi reads them —
// the same order as with the installed packages.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
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

/**
 * Textual edits of swagger2openapi's index.js, each checked (a swagger2openapi whose text differs
 * fails the build). Three of its passes walk the whole document through reftools' recurse, which
 * builds a state object per node for callbacks that need little of it; each edit does the same
 * work in the same order with a plain walk:
 * - the pass that deletes null values needs the key and whether a JSON pointer segment from the
 *   root to it starts with "example" (its test, `state.path.indexOf('/example') < 0`, means exactly
 *   that: encoded segments have no "/" and keep a leading "example");
 * - detectObjectReferences copies every object met a second time (apictl sets `anchors`), and does
 *   not enter an object the walk entered before (recurse's identity detection: plain objects only);
 * - the `$ref` fix-up acts on `$ref` and `x-ms-odata` keys only, and reads the state's parent,
 *   parent key and (rarely) path, which the plain walk builds for those keys alone.
 * The caller can say what makes two of those passes no-ops (src/convert/s2o.ts
 * runSwagger2openapi): `apictlNoNulls`, the document holds no null (nothing to delete);
 * `apictlTree`, no object in it is reached twice (nothing to copy), and the detection is skipped.
 * Two loops over the ≈ 20 schema keywords of a parameter (`delete param[prop]` for each) skip the
 * keywords the parameter does not have: deleting an absent property is a no-op, but a runtime call
 * (the loop that only deletes goes over the parameter's own few keys instead).
 * test/convert/s2o-bundle.test.ts converts documents with nulls, shared objects and `$ref`s with
 * siblings both ways (bundle and installed packages), and the corpus conversions are compared too.
 */
const pointerOf = `'#' + keys.map((k) => '/' + encodeURIComponent(jptr.jpescape(k))).join('')`;
const EDITS = [
  [
    'null-deleting pass',
    `        recurse(openapi, {}, function(obj, key, state){
            if ((obj[key] === null) && (!key.startsWith('x-')) && key !== 'default' && (state.path.indexOf('/example') < 0)) delete obj[key]; // this saves *so* much grief later
        });
`,
    // apictlNoNulls: the caller knows the document holds no null (see runSwagger2openapi)
    `        if (!options.apictlNoNulls) (function apictlDropNulls(object, underExample) {
            for (let key in object) {
                const inExample = underExample || key.startsWith('example');
                if (object.hasOwnProperty(key) && object[key] === null && !key.startsWith('x-') && key !== 'default' && !inExample) delete object[key];
                const now = object[key];
                if (typeof now === 'object' && now !== null) apictlDropNulls(now, inExample);
            }
        })(openapi, false);
`,
  ],
  [
    'detectObjectReferences',
    `function detectObjectReferences(obj, options) {
    const seen = new WeakSet();
    recurse(obj, {identityDetection:true}, function (obj, key, state) {
        if ((typeof obj[key] === 'object') && (obj[key] !== null)) {
            if (seen.has(obj[key])) {
                if (options.anchors) {
                    obj[key] = clone(obj[key]);
                }
                else {
                    throwError('YAML anchor or merge key at '+state.path, options);
                }
            }
            else {
                seen.add(obj[key]);
            }
        }
    });
}
`,
    `function detectObjectReferences(obj, options) {
    // one state per object (1: met through an own key, 2: entered) instead of two sets
    const state = new WeakMap();
    const keys = [];
    const walk = (object) => {
        for (let key in object) {
            const isOwn = object.hasOwnProperty(key);
            const child = object[key];
            if (typeof child !== 'object' || child === null) continue;
            let st = state.get(child) | 0;
            const identity = (st & 2) !== 0;
            if (isOwn) {
                if (st & 1) {
                    if (options.anchors) {
                        object[key] = clone(child);
                    }
                    else {
                        keys.push(key);
                        throwError('YAML anchor or merge key at '+${pointerOf}, options);
                        keys.pop();
                    }
                }
                else {
                    st |= 1;
                    state.set(child, st);
                }
            }
            const now = object[key];
            if (typeof now === 'object' && now !== null && !identity) {
                if (!Array.isArray(now)) state.set(now, (now === child ? st : state.get(now) | 0) | 2);
                keys.push(key);
                walk(now);
                keys.pop();
            }
        }
    };
    if (typeof obj === 'object' && obj !== null) walk(obj);
}
`,
  ],
  [
    'shared-object detection call',
    `        detectObjectReferences(swagger, options);
`,
    `        if (!options.apictlTree) detectObjectReferences(swagger, options);
`,
  ],
  [
    '$ref fix-up pass',
    `    recurse(openapi, { payload: { options: options } }, fixupRefs);
`,
    `    (function apictlFixupRefs(root) {
        const payload = { options: options };
        const keys = [];
        const walk = (object, parent, pkey) => {
            for (let key in object) {
                if ((key === '$ref' || key === 'x-ms-odata') && object.hasOwnProperty(key)) {
                    keys.push(key);
                    fixupRefs(object, key, { key: key, payload: payload, parent: parent, pkey: pkey, get path() { return ${pointerOf}; } });
                    keys.pop();
                }
                const now = object[key];
                if (typeof now === 'object' && now !== null) {
                    keys.push(key);
                    walk(now, object, key);
                    keys.pop();
                }
            }
        };
        if (typeof root === 'object' && root !== null) walk(root, {}, '');
    })(openapi);
`,
  ],
  [
    'parameter type properties moved to the schema',
    `                for (let prop of common.parameterTypeProperties) {
                    if (typeof param[prop] !== 'undefined') param.schema[prop] = param[prop];
                    delete param[prop];
                }
`,
    `                for (let prop of common.parameterTypeProperties) {
                    if (!(prop in param)) continue;
                    if (typeof param[prop] !== 'undefined') param.schema[prop] = param[prop];
                    delete param[prop];
                }
`,
  ],
  [
    'parameter type properties deleted',
    `        for (let prop of common.parameterTypeProperties) {
            delete param[prop];
        }
`,
    // the parameter's own keys (a handful) against the ≈ 20 names, instead of the other way round
    `        common.apictlTypeProperties ??= new Set(common.parameterTypeProperties);
        for (const prop in param) {
            if (common.apictlTypeProperties.has(prop)) delete param[prop];
        }
`,
  ],
];
const s2oIndex = path.join(path.dirname(s2oMain), 'index.js');
const editS2o = {
  name: 'apictl-s2o-edits',
  setup(b) {
    b.onLoad({ filter: /[\\/]swagger2openapi[\\/]index\.js$/ }, (args) => {
      if (path.resolve(args.path) !== s2oIndex) return undefined;
      let text = readFileSync(args.path, 'utf8');
      for (const [name, from, to] of EDITS) {
        if (text.split(from).length !== 2) throw new Error(`bundle-s2o: ${args.path} is not the version this build step edits (its ${name}); update EDITS`);
        text = text.replace(from, () => to);
      }
      return { contents: text, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};
const started = performance.now();
const result = await build({
  stdin: { contents: entry, resolveDir: path.dirname(s2oMain), sourcefile: 's2o-entry.cjs', loader: 'js' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  plugins: [
    editS2o,
    {
      name: 'apictl-s2o-stubs',
      setup(b) {
        b.onResolve({ filter: /^node-fetch-h2$/ }, () => ({ path: stub('node-fetch-h2.cjs') }));
        b.onResolve({ filter: /^(node:)?http$/ }, (args) => {
          if (!/[\\/]node_modules[\\/]swagger2openapi[\\/]lib[\\/]statusCodes\.js$/.test(args.importer)) {
            throw new Error(`bundle-s2o: ${args.importer} imports http; this step only expects swagger2openapi's lib/statusCodes.js to`);
          }
          return { path: 'http', namespace: 'apictl-status-codes' };
        });
        b.onLoad({ filter: /.*/, namespace: 'apictl-status-codes' }, () => ({
          contents: `module.exports = { STATUS_CODES: ${JSON.stringify(createRequire(import.meta.url)('node:http').STATUS_CODES)} };`,
          loader: 'js',
        }));
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
if (/require\("(node:)?(node-fetch-h2|http2-client|http2|https?|net|tls)"\)/.test(code)) throw new Error('bundle-s2o: a network client was bundled');
writeFileSync(out + '.tmp', code);
renameSync(out + '.tmp', out);
console.log(`bundle-s2o: swagger2openapi → ${path.relative(repo, out)} (${Math.round(code.length / 1024)} KiB) in ${Math.round(performance.now() - started)} ms`);
