/**
 * Where a lint run gets Spectral (core, functions, rulesets, ref resolver) and apictl's own rule
 * functions from: one place, so every part comes from the same copy of spectral-core (its
 * `instanceof` checks and shared state hold).
 *
 * Normally that is the engine bundle built by scripts/bundle-lint-engine.mjs
 * (dist/lint/engine.bundle.cjs), loaded through V8's code cache. It is used only while the rule
 * function files are exactly those it was built from (src/util/build-record.ts); otherwise (a function edited since
 * the build, no build, or `APICTL_NO_BUNDLE=1`) everything comes from node_modules and the
 * function files, as Spectral CLI would load them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesUnchanged, type FileRecord } from '../util/build-record.js';
import { requireWithCodeCache } from '../util/code-cache.js';
import { RULESETS_DIR } from './paths.js';

export const ENGINE_BUNDLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'engine.bundle.cjs');
export const ENGINE_BUNDLE_SOURCES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'engine.bundle.sources.json');
/** The directory of apictl's own rule functions. */
export const OWN_FUNCTIONS_DIR = path.join(RULESETS_DIR, 'functions');

/**
 * spectral-functions that have a module of their own: loading just the ones a ruleset uses (the
 * very objects the package index exports) saves compiling the others' option schemas (≈ 40 ms).
 */
export const CORE_FUNCTION_NAMES = ['alphabetical', 'casing', 'defined', 'enumeration', 'falsy', 'length', 'or', 'pattern', 'truthy', 'undefined', 'xor'] as const;

type Loose = Record<string, unknown>;
export interface SpectralModules {
  /** `@stoplight/spectral-core`. */
  core: Loose;
  /** spectral-core's ruleset assertion module (its exports object), when it has the expected layout. */
  assertions(): { assertValidRuleset?: unknown } | undefined;
  /** A spectral-functions function by name (undefined when there is none). */
  coreFunction(name: string): unknown;
  /** `@stoplight/spectral-rulesets`. */
  rulesets(): Loose;
  /** `@stoplight/spectral-ref-resolver`. */
  refResolver(): Loose;
  /** apictl's own rule functions by name, when they come from the bundle (else: load the files). */
  ownFunctions: Loose | undefined;
  /** Where they come from. */
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
  core(): Loose;
  assertions(): { assertValidRuleset?: unknown };
  functions(): Loose;
  functionFiles: Record<string, () => { default?: unknown }>;
  own(): Loose;
}

function fromBundle(): SpectralModules | undefined {
  if (process.env.APICTL_NO_BUNDLE) return undefined;
  try {
    if (!ownFunctionsUnchanged(JSON.parse(readFileSync(ENGINE_BUNDLE_SOURCES, 'utf8')) as FileRecord)) return undefined;
    const b = requireWithCodeCache(ENGINE_BUNDLE) as EngineBundle;
    return {
      core: b.core(),
      assertions: () => b.assertions(),
      coreFunction: (name) => {
        const file = Object.hasOwn(b.functionFiles, name) ? b.functionFiles[name] : undefined;
        return file ? file().default : b.functions()[name];
      },
      // never used with the bundle (only extended rulesets need them): from node_modules all the same
      rulesets: () => installedSpectral().rulesets(),
      refResolver: () => installedSpectral().refResolver(),
      ownFunctions: b.own(),
      source: 'bundle',
    };
  } catch {
    return undefined;
  }
}

let installed: SpectralModules | undefined;
/** Spectral as installed in node_modules (rule functions loaded from their files). */
export function installedSpectral(): SpectralModules {
  installed ??= fromNodeModules();
  return installed;
}

function fromNodeModules(): SpectralModules {
  const require = createRequire(import.meta.url);
  const corePath = require.resolve('@stoplight/spectral-core');
  return {
    core: require(corePath) as Loose,
    assertions: () => {
      try {
        return require(path.join(path.dirname(corePath), 'ruleset', 'validation', 'assertions.js')) as { assertValidRuleset?: unknown };
      } catch {
        return undefined;
      }
    },
    coreFunction: (name) => {
      if ((CORE_FUNCTION_NAMES as readonly string[]).includes(name)) {
        try {
          const fn = (require(`@stoplight/spectral-functions/dist/${name}.js`) as { default?: unknown }).default;
          if (typeof fn === 'function') return fn;
        } catch {
          // a different layout of the package: use its index
        }
      }
      return (require('@stoplight/spectral-functions') as Loose)[name];
    },
    rulesets: () => require('@stoplight/spectral-rulesets') as Loose,
    refResolver: () => require('@stoplight/spectral-ref-resolver') as Loose,
    ownFunctions: undefined,
    source: 'node_modules',
  };
}

let modules: SpectralModules | undefined;
/** The Spectral for apictl's own rules: the engine bundle when it is current, else as installed (chosen once a process). */
export function spectralModules(): SpectralModules {
  modules ??= fromBundle() ?? installedSpectral();
  return modules;
}
