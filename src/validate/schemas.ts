/**
 * Loads the official JSON Schemas shipped by `@seriousme/openapi-schema-validator` and compiles
 * them with ajv — lazily, once per process and only for the versions actually asked for.
 *
 * ajv is pulled in with `createRequire` on first use rather than a static import: it is heavy
 * to load and compile, and `validateDocument` is synchronous, so a dynamic `import()`
 * is not an option; `require` keeps importing this module free.
 *
 * The whole-document validator normally does not need ajv at all: `npm run build` runs
 * scripts/compile-schemas.mjs, which writes ajv standalone code for each kind to
 * `compiled/<kind>.cjs` next to this module (dist/validate/compiled/). Such a module carries the
 * sha256 of the schema text it was compiled from; when it is missing (tests run from src/, or
 * nobody built) or its hash differs from the schema file read here, the schema is compiled at
 * runtime exactly as before. The ajv instance itself is only created when something needs it
 * beyond the whole-document verdict (`validatorAt`, `schemaDocument`, `formatValidator` — the
 * error explainer, i.e. only for invalid documents).
 *
 * Bench/debug switch: `APICTL_NO_PRECOMPILED=1` ignores the precompiled modules (forces the
 * runtime compile), e.g. to compare both in bench/validate-compile.mjs.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { SpecKind } from '../document/model.js';
import { requireWithCodeCache } from '../util/code-cache.js';
import { isObject } from './json.js';
import { speedup } from '../util/speed.js';

export type { ErrorObject, ValidateFunction };

const require = createRequire(import.meta.url);

/** The subset of the ajv instance API we use (keeps the CJS class typings out of our way). */
interface AjvLike {
  compile(schema: unknown): ValidateFunction;
  getSchema(keyRef: string): ValidateFunction | undefined;
  addFormat(name: string, format: true): unknown;
}
type AjvConstructor = new (opts: Record<string, unknown>) => AjvLike;

const SCHEMA_DIR: Record<SpecKind, string> = {
  'swagger-2.0': 'v2.0',
  'openapi-3.0': 'v3.0',
  'openapi-3.1': 'v3.1',
  'openapi-3.2': 'v3.2',
};

/** One compiled official schema plus what the error explainer needs to navigate it. */
export interface SchemaSet {
  kind: SpecKind;
  /** `draft-04` for 2.0/3.0, `2020-12` for 3.1/3.2. */
  dialect: 'draft-04' | '2020-12';
  /** The schema's own id without a trailing `#`; refs starting with `#` are relative to it. */
  baseId: string;
  /** The root schema document. */
  root: unknown;
  /** Validator for the whole document. */
  validate: ValidateFunction;
  /**
   * Validator for the subschema at `base#pointer` (compiled on first use, cached).
   * Undefined when ajv cannot compile it; callers then treat the subschema as opaque.
   */
  validatorAt(base: string, pointer: string): ValidateFunction | undefined;
  /** A schema document ajv knows by id (the root, or a bundled meta-schema); never fetched. */
  schemaDocument(base: string): unknown;
  /** Validator for a lone `format` keyword, using the same format definitions as the full schema. */
  formatValidator(format: string): ValidateFunction | undefined;
  /** Where `validate` came from: the build-time standalone module, or ajv at runtime. */
  source: 'precompiled' | 'runtime';
}

const sets = new Map<SpecKind, SchemaSet>();

/** The spec kinds with an official schema (one precompiled module each). */
export const SCHEMA_KINDS = Object.keys(SCHEMA_DIR) as SpecKind[];

/** Directory the build writes the precompiled validators to: `compiled/` next to this module. */
export const PRECOMPILED_DIR = fileURLToPath(new URL('./compiled/', import.meta.url));

/** File name of the precompiled validator for a kind inside a precompiled directory. */
export function precompiledFileName(kind: SpecKind): string {
  return `${kind}.cjs`;
}

/** The hash a precompiled module records for the schema text it was compiled from. */
export function schemaHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Directory of the installed `@seriousme/openapi-schema-validator` package. */
function packageDir(): string {
  try {
    // The package has no "exports" map, so its package.json is resolvable directly.
    return path.dirname(require.resolve('@seriousme/openapi-schema-validator/package.json'));
  } catch {
    return path.dirname(require.resolve('@seriousme/openapi-schema-validator'));
  }
}

/** Path of the official schema file for a spec kind. */
export function schemaFile(kind: SpecKind): string {
  return path.join(packageDir(), 'schemas', SCHEMA_DIR[kind], 'schema.json');
}

function loadAjvClass(dialect: SchemaSet['dialect']): AjvConstructor {
  const mod = dialect === 'draft-04' ? (require('ajv-draft-04') as { default?: AjvConstructor }) : (require('ajv/dist/2020.js') as { default?: AjvConstructor });
  // CJS interop: the class is both module.exports and its `default`.
  return (mod.default ?? mod) as AjvConstructor;
}

function addFormats(ajv: AjvLike): void {
  const mod = require('ajv-formats') as { default?: (a: AjvLike) => void };
  const plugin = (mod.default ?? mod) as (a: AjvLike) => void;
  plugin(ajv);
  // Used by the 3.1/3.2 schemas for media type keys; not in ajv-formats. Accept anything, as the
  // upstream validator does: the media type syntax is not worth an error of its own here.
  ajv.addFormat('media-range', true);
}

function stripHash(id: string): string {
  return id.endsWith('#') ? id.slice(0, -1) : id;
}

function dialectOf(kind: SpecKind): SchemaSet['dialect'] {
  return kind === 'swagger-2.0' || kind === 'openapi-3.0' ? 'draft-04' : '2020-12';
}

/**
 * A new ajv instance with the options and formats every official schema is compiled with.
 * `extra` is merged into the options: scripts/compile-schemas.mjs adds `code` for standalone
 * output, so the precompiled validators are generated with exactly these settings.
 */
export function createAjv(kind: SpecKind, extra: Record<string, unknown> = {}): AjvLike {
  const Ajv = loadAjvClass(dialectOf(kind));
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    // The official schemas are trusted; skipping meta-validation saves compile time.
    validateSchema: false,
    // Unknown formats are ignored (strict: false) — do not print about it.
    logger: false,
    // No loadSchema: ajv can only resolve refs to schemas it already holds, so nothing is fetched.
    ...extra,
  });
  addFormats(ajv);
  return ajv;
}

/** What a module written by scripts/compile-schemas.mjs exports. */
interface PrecompiledModule {
  validate?: unknown;
  schemaHash?: unknown;
}

/**
 * The precompiled whole-document validator in `dir` for `kind`, if there is one compiled from
 * exactly `schemaText`; undefined (→ runtime compile) when it is missing, unloadable or stale.
 */
function loadPrecompiled(kind: SpecKind, schemaText: string, dir: string): ValidateFunction | undefined {
  const file = path.join(dir, precompiledFileName(kind));
  if (!existsSync(file)) return undefined;
  let mod: PrecompiledModule;
  try {
    // through V8's code cache: the generated code is large, and compiling it afresh would cost every run
    mod = requireWithCodeCache(file) as PrecompiledModule;
  } catch {
    return undefined;
  }
  if (typeof mod.validate !== 'function' || mod.schemaHash !== schemaHash(schemaText)) return undefined;
  return mod.validate as ValidateFunction;
}

/** Options of {@link buildSchemaSet} (for tests). */
export interface BuildOptions {
  /** Where to look for precompiled validators; null: never use them. Default: {@link PRECOMPILED_DIR}. */
  precompiledDir?: string | null;
}

/** A new, uncached schema set (use {@link schemaSetFor}; this is for tests). */
export function buildSchemaSet(kind: SpecKind, options: BuildOptions = {}): SchemaSet {
  const text = readFileSync(schemaFile(kind), 'utf8');
  const root: unknown = JSON.parse(text);
  if (!isObject(root)) throw new Error(`schema for ${kind} is not an object`);
  const dialect = dialectOf(kind);
  const dir = options.precompiledDir === undefined ? PRECOMPILED_DIR : options.precompiledDir;
  const precompiled = dir !== null && speedup('precompiled') ? loadPrecompiled(kind, text, dir) : undefined;

  // The runtime instance, with the root compiled into it as before: created now when there is
  // no precompiled validator, otherwise on first use of what needs it (invalid documents only).
  let runtime: { ajv: AjvLike; validate: ValidateFunction } | undefined;
  const getRuntime = (): { ajv: AjvLike; validate: ValidateFunction } => {
    if (!runtime) {
      const ajv = createAjv(kind);
      runtime = { ajv, validate: ajv.compile(root) };
    }
    return runtime;
  };
  const validate = precompiled ?? getRuntime().validate;
  const rawId = typeof root.$id === 'string' ? root.$id : typeof root.id === 'string' ? root.id : '';
  const baseId = stripHash(rawId);

  const atCache = new Map<string, ValidateFunction | undefined>();
  const formatCache = new Map<string, ValidateFunction | undefined>();
  return {
    kind,
    dialect,
    baseId,
    root,
    validate,
    source: precompiled ? 'precompiled' : 'runtime',
    validatorAt(base, pointer) {
      if (base === baseId && pointer === '') return validate;
      const key = `${base}#${pointer}`;
      if (atCache.has(key)) return atCache.get(key);
      let fn: ValidateFunction | undefined;
      try {
        fn = getRuntime().ajv.getSchema(key);
      } catch {
        fn = undefined;
      }
      atCache.set(key, fn);
      return fn;
    },
    schemaDocument(base) {
      if (base === baseId) return root;
      try {
        return getRuntime().ajv.getSchema(base)?.schema;
      } catch {
        return undefined;
      }
    },
    formatValidator(format) {
      if (formatCache.has(format)) return formatCache.get(format);
      let fn: ValidateFunction | undefined;
      try {
        fn = getRuntime().ajv.compile({ format });
      } catch {
        fn = undefined;
      }
      formatCache.set(format, fn);
      return fn;
    },
  };
}

/** The compiled schema set for a spec kind (compiled on first call, then cached for the process). */
export function schemaSetFor(kind: SpecKind): SchemaSet {
  // A wrong kind is a caller bug (the type forbids it), not bad input: fail loudly.
  if (!Object.hasOwn(SCHEMA_DIR, kind)) throw new Error(`no official schema for spec kind '${String(kind)}'`);
  let set = sets.get(kind);
  if (!set) {
    set = buildSchemaSet(kind);
    sets.set(kind, set);
  }
  return set;
}
