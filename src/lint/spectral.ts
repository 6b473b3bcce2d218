/**
 * Where a lint run gets its rule functions and, for extended rulesets, Spectral:
 * - apictl's own rule functions come from the engine bundle built by scripts/bundle-lint-engine.mjs
 *   (dist/lint/engine.bundle.cjs, loaded through V8's code cache) while the function files are
 *   exactly those it was built from (src/util/build-record.ts); otherwise (a function edited since
 *   the build, no build, or `APICTL_NO_BUNDLE=1`) from the function files, as Spectral CLI loads them.
 * - Spectral (core, functions, rulesets, ref resolver) comes from node_modules, one copy, and only
 *   when a config extends a Spectral ruleset: apictl runs its own rules itself (src/lint/runner).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesUnchanged, type FileRecord } from '../util/build-record.js';
import { requireWithCodeCache } from '../util/code-cache.js';
import { RULESETS_DIR } from './paths.js';
import { speedup } from '../util/speed.js';

export const ENGINE_BUNDLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'engine.bundle.cjs');
export const ENGINE_BUNDLE_SOURCES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'engine.bundle.sources.json');
/** The directory of apictl's own rule functions. */
export const OWN_FUNCTIONS_DIR = path.join(RULESETS_DIR, 'functions');

type Loose = Record<string, unknown>;
export interface SpectralModules {
  /** `@stoplight/spectral-core`. */
  core(): Loose;
  /** A spectral-functions function by name (undefined when there is none). */
  coreFunction(name: string): unknown;
  /** `@stoplight/spectral-rulesets`. */
  rulesets(): Loose;
  /** `@stoplight/spectral-ref-resolver`. */
  refResolver(): Loose;
  /** apictl's own rule functions by name, when they come from the bundle (else: load the files). */
  ownFunctions: Loose | undefined;
  /** Where apictl's own functions come from. */
  source: 'bundle' | 'node_modules';
}

/** Every function and helper file: `name.js` and `lib/name.js`, sorted. */
export function ruleFunctionFiles(fnDir: string): string[] {
  const out: string[] = [];
  for (const sub of ['', 'lib']) {
    let entries: string[];
    try {
      entries = readdirSync(path.join(fnDir, sub)).filter((f) => f.endsWith('.js'));
    } catch {
      continue;
    }
    for (const f of entries) out.push(sub ? `${sub}/${f}` : f);
  }
  return out.sort();
}

/** True when the bundle's record lists exactly the function files there are now, each unchanged. */
export function ownFunctionsUnchanged(recorded: FileRecord, fnDir: string = OWN_FUNCTIONS_DIR): boolean {
  const files = ruleFunctionFiles(fnDir);
  return files.length === Object.keys(recorded).length && files.every((f) => Object.hasOwn(recorded, f)) && filesUnchanged(fnDir, recorded);
}

interface EngineBundle {
  own(): Loose;
}

function fromBundle(): Loose | undefined {
  if (!speedup('bundle')) return undefined;
  try {
    if (!ownFunctionsUnchanged(JSON.parse(readFileSync(ENGINE_BUNDLE_SOURCES, 'utf8')) as FileRecord)) return undefined;
    return (requireWithCodeCache(ENGINE_BUNDLE) as EngineBundle).own();
  } catch {
    return undefined;
  }
}

let installed: SpectralModules | undefined;
/** Spectral as installed in node_modules, and apictl's functions loaded from their files. */
export function installedSpectral(): SpectralModules {
  installed ??= fromNodeModules();
  return installed;
}

function fromNodeModules(): SpectralModules {
  const require = createRequire(import.meta.url);
  return {
    core: () => require('@stoplight/spectral-core') as Loose,
    coreFunction: (name) => (require('@stoplight/spectral-functions') as Loose)[name],
    rulesets: () => require('@stoplight/spectral-rulesets') as Loose,
    refResolver: () => require('@stoplight/spectral-ref-resolver') as Loose,
    ownFunctions: undefined,
    source: 'node_modules',
  };
}

let modules: SpectralModules | undefined;
/** The modules of a run with apictl's own rules only: its functions from the bundle when it is current (chosen once a process). */
export function spectralModules(): SpectralModules {
  if (modules === undefined) {
    const own = fromBundle();
    modules = own ? { ...installedSpectral(), ownFunctions: own, source: 'bundle' } : installedSpectral();
  }
  return modules;
}
