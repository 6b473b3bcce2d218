// Preload for tests: records every module the process loads into $APICTL_TRACE_FILE: ES modules
// by URL (loader hook), CommonJS modules by file name (including the CLI and engine bundles,
// which are compiled outside Node's loader but registered in its cache).
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
register(
  'data:text/javascript,' +
    encodeURIComponent(`import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.APICTL_TRACE_FILE, url + '\\n');
  return next(url, context);
}`),
  import.meta.url,
);
const load = Module._load;
Module._load = function (request, parent, isMain, ...rest) {
  try {
    const file = Module._resolveFilename(request, parent, isMain);
    appendFileSync(process.env.APICTL_TRACE_FILE, file + '\n');
  } catch {
    // unresolvable: the real load reports it
  }
  return load.call(this, request, parent, isMain, ...rest);
};
process.once('exit', () => {
  for (const file of Object.keys(Module._cache)) appendFileSync(process.env.APICTL_TRACE_FILE, file + '\n');
});
