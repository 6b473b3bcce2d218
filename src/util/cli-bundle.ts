/**
 * The CLI as one CommonJS bundle (scripts/bundle-cli.mjs), loaded through V8's code cache: the
 * program bin/apictl.js runs when the bundle is current. It is current while every dist module
 * it was built from is unchanged (a `tsc` alone after the build means the plain modules run);
 * `APICTL_NO_BUNDLE=1` always runs the plain modules.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesUnchanged, type FileRecord } from './build-record.js';
import { requireWithCodeCache } from './code-cache.js';
import { speedup } from './speed.js';

// for the worker threads' CommonJS entries, which load their bundles through this module's bundle
export { flushCodeCache } from './code-cache.js';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_BUNDLE = path.join(DIST, 'cli.bundle.cjs');
export const CLI_BUNDLE_INPUTS = path.join(DIST, 'cli.bundle.inputs.json');
/** The validation worker thread, bundled the same way (src/validate/worker-entry.cts loads it). */
export const WORKER_BUNDLE = path.join(DIST, 'validate', 'worker.bundle.cjs');
export const WORKER_BUNDLE_INPUTS = path.join(DIST, 'validate', 'worker.bundle.inputs.json');
/** The rules lane's worker thread, bundled the same way (src/lint/lane-entry.cts loads it). */
export const LANE_BUNDLE = path.join(DIST, 'lint', 'lane.bundle.cjs');
export const LANE_BUNDLE_INPUTS = path.join(DIST, 'lint', 'lane.bundle.inputs.json');
/**
 * This module (with the code cache and build record it uses) as CommonJS, for bin/apictl.js: a
 * CommonJS program that requires it never sets up Node's ES module loader, which an ES module
 * entry costs before its first line, on every run.
 */
export const LOADER_BUNDLE = path.join(DIST, 'util', 'cli-loader.bundle.cjs');
export const LOADER_BUNDLE_INPUTS = path.join(DIST, 'util', 'cli-loader.bundle.inputs.json');

/** True when the CommonJS loader is current (the dist modules it was built from are unchanged). */
export function loaderIsCurrent(): boolean {
  return bundleIsCurrent(LOADER_BUNDLE, LOADER_BUNDLE_INPUTS);
}

export interface Cli {
  main(argv: string[]): Promise<void>;
  /** Ends the process once the output is written (after main). */
  exitWhenWritten(): void;
}

/** True when the bundle exists and every dist module it was built from is unchanged (src/util/build-record.ts). */
export function bundleIsCurrent(bundle = CLI_BUNDLE, inputsFile = CLI_BUNDLE_INPUTS, dir = DIST): boolean {
  try {
    return filesUnchanged(dir, JSON.parse(readFileSync(inputsFile, 'utf8')) as FileRecord) && statSync(bundle).isFile();
  } catch {
    return false;
  }
}

/** The bundled CLI, or undefined when it cannot be used. */
export function loadCliBundle(env: NodeJS.ProcessEnv = process.env): Cli | undefined {
  const cli = loadBundle(CLI_BUNDLE, CLI_BUNDLE_INPUTS, env) as Partial<Cli> | undefined;
  return typeof cli?.main === 'function' && typeof cli.exitWhenWritten === 'function' ? (cli as Cli) : undefined;
}

/** A bundle's exports, or undefined when it is not current (or `APICTL_NO_BUNDLE=1`). */
export function loadBundle(bundle: string, inputsFile: string, env: NodeJS.ProcessEnv = process.env): unknown {
  if (!speedup('bundle', env) || !bundleIsCurrent(bundle, inputsFile)) return undefined;
  return requireWithCodeCache(bundle, env);
}
