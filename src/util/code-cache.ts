/**
 * CommonJS modules loaded through V8's code cache. A lint run executes a few MB of JavaScript
 * (Spectral and its dependencies, apictl's rule functions, the precompiled schema validators);
 * parsing and compiling them again in every process costs a large share of a run's fixed time.
 * Node 22.1+ caches compiled code itself (`module.enableCompileCache`, switched on by the CLI);
 * on Node 20 this module does it for the few large bundles apictl builds (each one file, so one
 * cache entry each):
 *
 * - a module's cache entry is named after the sha1 of its text and lives in a per-user folder
 *   ({@link codeCacheDir}, created with mode 0700), one folder per V8 version and architecture;
 * - V8 checks an entry against its version and flags and rejects what does not fit; a rejected or
 *   missing entry is (re)written once the process exits, when it holds every function the run
 *   compiled, by writing a temporary file and renaming it (concurrent runs never see half a file);
 *   the three newest entries of a module are kept, older ones (earlier builds) removed;
 * - any failure to read or write the cache just means compiling as usual.
 *
 * `APICTL_NO_CODE_CACHE=1` switches it off; `APICTL_CACHE_DIR` moves the folder.
 */
import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { speedup } from './speed.js';

const requireHere = createRequire(import.meta.url);

interface NodeModuleInternals {
  _cache: Record<string, { exports: unknown } | undefined>;
  _nodeModulePaths(dir: string): string[];
  wrap(source: string): string;
  new (id: string, parent?: unknown): { exports: unknown; filename: string; paths: string[]; loaded: boolean; apictlImport?: (specifier: string) => Promise<unknown> };
}
const NodeModule = Module as unknown as NodeModuleInternals;

/** The per-user folder of apictl's caches, or undefined when there is none to use. */
export function codeCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.APICTL_CACHE_DIR) return path.resolve(env.APICTL_CACHE_DIR);
  let base: string | undefined;
  try {
    if (process.platform === 'win32') base = env.LOCALAPPDATA;
    else if (process.platform === 'darwin') base = path.join(os.homedir(), 'Library', 'Caches');
    // the XDG spec: a relative XDG_CACHE_HOME is invalid and ignored
    else base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(os.homedir(), '.cache');
  } catch {
    return undefined; // no home folder (os.homedir throws without HOME and a user entry): no cache
  }
  return base && path.isAbsolute(base) ? path.join(base, 'apictl') : undefined;
}

/** True when Node caches compiled code on its own (22.1+, once the CLI switched it on). */
function nodeCaches(): boolean {
  const m = Module as unknown as { getCompileCacheDir?: () => string | undefined };
  return typeof m.getCompileCacheDir === 'function' && m.getCompileCacheDir() !== undefined;
}

interface Pending {
  script: vm.Script;
  file: string;
  /** The module's file name: its entries are `<name>-<hash>.bin`. */
  name: string;
}
const pending: Pending[] = [];

/** Entries kept per module name (one per text it had): the newest few, so rebuilds do not pile up. */
const KEEP_PER_MODULE = 3;

/**
 * Writes the entries still missing. Runs at exit; a worker thread, which may be terminated (and
 * then never sees its exit event) once it is no longer needed, calls it as soon as it has loaded.
 */
export function flushCodeCache(): void {
  for (const { script, file, name } of pending.splice(0)) {
    try {
      const dir = path.dirname(file);
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
      renameSync(tmp, file);
      const older = readdirSync(dir)
        .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.bin') && path.join(dir, f) !== file)
        .map((f) => ({ f, t: statSync(path.join(dir, f)).mtimeMs }))
        .sort((a, b) => b.t - a.t);
      for (const { f } of older.slice(KEEP_PER_MODULE - 1)) rmSync(path.join(dir, f), { force: true });
    } catch {
      // a cache that cannot be written is only a slower next run
    }
  }
}

/**
 * `require(file)` for a CommonJS file, compiled with the code cache when one is available. The
 * module is registered in Node's module cache like any other, so a later plain `require` of the
 * same file gets the same instance.
 */
export function requireWithCodeCache(file: string, env: NodeJS.ProcessEnv = process.env): unknown {
  const known = NodeModule._cache[file];
  if (known) return known.exports;
  const dir = speedup('code-cache', env) ? codeCacheDir(env) : undefined;
  if (dir === undefined || nodeCaches()) return requireHere(file);
  // The bytes are hashed as read (hashing the string would encode it to UTF-8 again), and the
  // bundles apictl builds are ASCII (scripts/lib/ascii-only.mjs), which decodes as Latin-1 at the
  // cost of a copy instead of a UTF-8 validation, the cheaper of the two on large bundles.
  const bytes = readFileSync(file);
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const key = createHash('sha1').update(bytes).digest('hex').slice(0, 20);
  const cacheFile = path.join(dir, `v8-${process.versions.v8}-${process.arch}`, `${path.basename(file)}-${key}.bin`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // No importModuleDynamically: Node 20 loses it for a script compiled from cached data (and warns
  // that the main-context loader is experimental). A module that imports ES modules at run time
  // calls `module.apictlImport` instead (scripts/bundle-cli.mjs rewrites its `import()`s so).
  const script = new vm.Script(NodeModule.wrap(source), { filename: file, cachedData });
  if (cachedData === undefined || script.cachedDataRejected) {
    if (pending.length === 0) process.once('exit', flushCodeCache);
    pending.push({ script, file: cacheFile, name: path.basename(file) });
  }
  const mod = new NodeModule(file, undefined);
  mod.filename = file;
  // specifiers are absolute, bare or node: ones (the bundle script checks): resolving them from here is the same
  mod.apictlImport = (specifier: string): Promise<unknown> => import(specifier);
  mod.paths = NodeModule._nodeModulePaths(path.dirname(file));
  NodeModule._cache[file] = mod;
  try {
    const wrapper = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: unknown, filename: string, dirname: string) => void;
    wrapper.call(mod.exports, mod.exports, createRequire(file), mod, file, path.dirname(file));
  } catch (err) {
    delete NodeModule._cache[file];
    throw err;
  }
  mod.loaded = true;
  return mod.exports;
}
