/** Runs swagger2openapi with the options apictl relies on. */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { InputError } from '../errors.js';
import { requireWithCodeCache } from '../util/code-cache.js';
import type { Obj } from './json.js';
import { speedup } from '../util/speed.js';

type S2o = typeof import('swagger2openapi')['default'];
type CircularClone = (obj: unknown, hash?: WeakMap<object, unknown>) => unknown;

/**
 * A drop-in for reftools' `circularClone`, which swagger2openapi runs over the whole input: the
 * same result (own enumerable keys in order, assigned with [[Set]], shared and cyclic objects
 * cloned once through the same WeakMap), without the original's per-key temporary objects and
 * constructor calls — a third of swagger2openapi's time on large documents. Objects that are
 * not plain objects or arrays go to the original.
 */
export function makeFastCircularClone(original: CircularClone): CircularClone {
  const clone = (obj: unknown, hash?: WeakMap<object, unknown>): unknown => {
    if (typeof obj !== 'object' || obj === null) return obj;
    if (hash === undefined && handedOver.has(obj)) return handOver(obj as Obj);
    const seen = hash ?? new WeakMap<object, unknown>();
    const hit = seen.get(obj);
    if (hit !== undefined) return hit;
    const proto: unknown = Object.getPrototypeOf(obj);
    let out: Record<string, unknown> | unknown[];
    if (proto === Object.prototype) out = {};
    else if (proto === Array.prototype) out = [];
    else return original(obj, seen);
    seen.set(obj, out);
    const src = obj as Record<string, unknown>;
    const dst = out as Record<string, unknown>;
    for (const k of Object.keys(src)) dst[k] = clone(src[k], seen);
    return out;
  };
  return clone;
}

type JsonClone = (obj: unknown) => unknown;

/** What makeFastJsonClone's copy returns for a value it leaves to the original. */
const NOT_PLAIN: unique symbol = Symbol('not plain JSON');
/** Deeper values go to the original (which throws on cycles, as it should). */
const PLAIN_DEPTH = 64;

function plainCopy(v: unknown, depth: number): unknown {
  if (v === null) return null;
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      // JSON turns -0 into 0 and NaN or ±Infinity into null: the original's business
      return Number.isFinite(v) && !Object.is(v, -0) ? v : NOT_PLAIN;
    case 'object':
      break;
    default:
      return NOT_PLAIN; // undefined, functions, symbols, bigints
  }
  if (depth > PLAIN_DEPTH) return NOT_PLAIN;
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto === Array.prototype) {
    const src = v as unknown[];
    const out = new Array<unknown>(src.length);
    // hot: per node; bench: bench/convert.mjs (docs/performance.md#indexed-loops-convert)
    for (let i = 0; i < src.length; i++) {
      const c = plainCopy(src[i], depth + 1); // a hole reads as undefined: not plain
      if (c === NOT_PLAIN) return NOT_PLAIN;
      out[i] = c;
    }
    return out;
  }
  if (proto !== Object.prototype) return NOT_PLAIN;
  const src = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  // an indexed loop: ≈ 12,000 calls on Kubernetes, mostly before V8 optimises this function,
  // where `for…of` allocates an iterator result per key
  // hot: per node; bench: bench/convert.mjs (docs/performance.md#indexed-loops-convert)
  const keys = Object.keys(src);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    // JSON.parse makes `__proto__` an own key, and a `toJSON` changes what JSON.stringify writes
    if (k === '__proto__' || k === 'toJSON') return NOT_PLAIN;
    const c = plainCopy(src[k], depth + 1);
    if (c === NOT_PLAIN) return NOT_PLAIN;
    out[k] = c;
  }
  return out;
}

/**
 * A drop-in for reftools' `clone`, `JSON.parse(JSON.stringify(obj))`, which swagger2openapi calls
 * for the schema of every media type of every response and body (≈ 12,000 times on Kubernetes,
 * mostly for a one-key `{$ref}`): the same value built directly when the value is plain JSON data
 * (plain objects and arrays of strings, finite numbers, booleans and null, as parsed documents
 * are). Anything else (−0, NaN, undefined, a class instance, a `toJSON` or `__proto__` key, or
 * deeper than 64 levels) goes to the original, with its conversions and its errors.
 */
export function makeFastJsonClone(original: JsonClone): JsonClone {
  return (obj: unknown): unknown => {
    const c = plainCopy(obj, 0);
    return c === NOT_PLAIN ? original(obj) : c;
  };
}

/**
 * Documents given to swagger2openapi that nobody reads again (runSwagger2openapi's own working
 * copy). swagger2openapi clones its whole input before converting — a second full copy of a
 * document apictl has already copied or parsed for it. The clone of a handed-over document is a
 * fresh top level over the same children: swagger2openapi edits and deletes top-level keys of its
 * copy while it still reads the input's `host`, `basePath`, `schemes` and
 * `x-ms-parameterized-host`, which stay in place; below the top level it owns the objects.
 */
const handedOver = new WeakSet<object>();

function handOver(obj: Obj): Obj {
  handedOver.delete(obj);
  const out: Obj = Array.isArray(obj) ? ([] as unknown as Obj) : {};
  for (const k of Object.keys(obj)) out[k] = obj[k];
  return out;
}

type RecurseCallback = (obj: Record<string, unknown>, key: string, state: Record<string, unknown>) => void;
type Recurse = (object: unknown, state: Record<string, unknown> | null | undefined, callback: RecurseCallback) => void;

/** A path segment chain whose string is built only when someone reads it. */
class PathNode {
  constructor(
    public parent: PathNode | undefined,
    public key: string,
    public str: string | undefined,
  ) {}
}

/**
 * A drop-in for reftools' `recurse`, which swagger2openapi runs over the whole document several
 * times: the same visits in the same order, the same state fields (key, depth, parent, pkey,
 * payload, seen, identity, identityPath, identityDetection), except that `state.path` — the JSON
 * pointer of the current key, escaped and URI-encoded — is computed when it is read instead of
 * for every key (swagger2openapi reads it only in rare branches). With identity detection the
 * first path of every object is recorded as a node, and `identityPath` becomes its string when an
 * object is met a second time (the original builds the string of every object).
 */
export function makeFastRecurse(jpescape: (s: string) => string): Recurse {
  const segment = (key: string): string => encodeURIComponent(jpescape(key));
  const nodeString = (n: PathNode): string => {
    if (n.str === undefined) n.str = nodeString(n.parent!) + '/' + segment(n.key);
    return n.str;
  };
  /** State objects: `path` is an accessor over (base node, current key); assigning it fixes a string. */
  class State {
    _key: string | undefined = undefined;
    // the node comes from the caller: one allocation per visited object, not two
    constructor(public _base: PathNode = new PathNode(undefined, '', '#')) {}
    get path(): string {
      return this._key === undefined ? nodeString(this._base) : nodeString(this._base) + '/' + segment(this._key);
    }
    set path(v: string) {
      this._base = new PathNode(undefined, '', v);
      this._key = undefined;
    }
  }
  // enumerable like the original's own `path` property, for callbacks that copy or list the state
  Object.defineProperty(State.prototype, 'path', { enumerable: true });
  const defaultState = (): Record<string, unknown> => ({
    path: '#',
    depth: 0,
    pkey: '',
    parent: {},
    payload: {},
    seen: new WeakMap(),
    identity: false,
    identityDetection: false,
  });
  const walk = (object: Record<string, unknown>, state: State & Record<string, unknown>, callback: RecurseCallback): void => {
    const base = state._base;
    const seen = state.seen as WeakMap<object, unknown>;
    for (const key in object) {
      state.key = key;
      state._key = key;
      const child = object[key];
      const first = typeof child === 'object' && child !== null ? seen.get(child) : undefined;
      state.identityPath = first instanceof PathNode ? nodeString(first) : first;
      state.identity = first !== undefined;
      if (Object.hasOwn(object, key)) callback(object, key, state);
      const now = object[key];
      if (typeof now === 'object' && !state.identity) {
        const node = new PathNode(base, key, undefined);
        // the object's first path, as a node: its string is built only if the object is met again
        if (state.identityDetection && !Array.isArray(now) && now !== null) seen.set(now, node);
        const next = new State(node) as State & Record<string, unknown>;
        next.parent = object;
        next.depth = state.depth ? (state.depth as number) + 1 : 1;
        next.pkey = key;
        next.payload = state.payload;
        next.seen = seen;
        next.identity = false;
        next.identityDetection = state.identityDetection;
        if (now !== null) walk(now as Record<string, unknown>, next, callback);
      }
      state._key = undefined;
    }
  };
  return (object, given, callback) => {
    let state = (given ?? { depth: 0 }) as Record<string, unknown>;
    if (!state.depth) state = Object.assign(new State(), defaultState(), state);
    if (typeof object !== 'object' || object === null) return;
    if (!(state instanceof State)) {
      // a caller-made state with a depth: copy it into one of ours (same fields, lazy path)
      state = Object.assign(new State(), state);
    }
    walk(object as Record<string, unknown>, state as State & Record<string, unknown>, callback);
  };
}

let loaded: S2o | undefined;

/** What apictl needs of swagger2openapi's packages: the reftools modules it patches, and a loader. */
interface S2oModules {
  clone: { circularClone?: CircularClone; __apictlOriginal?: CircularClone; clone?: JsonClone; __apictlOriginalClone?: JsonClone };
  recurse: { recurse?: Recurse; __apictlOriginal?: Recurse };
  jptr: { jpescape?: (s: string) => string };
  load: () => S2o;
  from: 'bundle' | 'packages';
}

/** dist/convert/s2o.bundle.cjs (scripts/bundle-s2o.mjs): next to this module once built. */
export const S2O_BUNDLE = fileURLToPath(new URL('./s2o.bundle.cjs', import.meta.url));

function s2oModules(env: NodeJS.ProcessEnv = process.env): S2oModules {
  if (speedup('bundle', env) && existsSync(S2O_BUNDLE)) {
    return { ...(requireWithCodeCache(S2O_BUNDLE, env) as Omit<S2oModules, 'from'>), from: 'bundle' };
  }
  const s2oMain = createRequire(import.meta.url).resolve('swagger2openapi');
  const req = createRequire(s2oMain);
  return {
    clone: req('reftools/lib/clone.js') as S2oModules['clone'],
    recurse: req('reftools/lib/recurse.js') as S2oModules['recurse'],
    jptr: req('reftools/lib/jptr.js') as S2oModules['jptr'],
    load: () => req(s2oMain) as S2o,
    from: 'packages',
  };
}

/** Where the loaded swagger2openapi came from (for tests). */
export let s2oSource: S2oModules['from'] | undefined;

/**
 * swagger2openapi, loaded on first use with the faster clones and walk installed: from the bundle
 * (one file, compiled through V8's code cache) when it is built, else from node_modules.
 * swagger2openapi reads `require('reftools/lib/clone.js').circularClone` and `.clone`, and
 * `require('reftools/lib/recurse.js').recurse` once, when its module is first evaluated, so those
 * modules of its own reftools are patched just before. test/convert/s2o-clone.test.ts holds the
 * drop-ins to the originals' results and checks that swagger2openapi picked them up.
 */
export function loadSwagger2openapi(): S2o {
  if (loaded) return loaded;
  const m = s2oModules();
  const cloneModule = m.clone;
  if (typeof cloneModule.circularClone === 'function' && !cloneModule.__apictlOriginal) {
    cloneModule.__apictlOriginal = cloneModule.circularClone;
    cloneModule.circularClone = makeFastCircularClone(cloneModule.circularClone);
  }
  if (typeof cloneModule.clone === 'function' && !cloneModule.__apictlOriginalClone) {
    cloneModule.__apictlOriginalClone = cloneModule.clone;
    cloneModule.clone = makeFastJsonClone(cloneModule.clone);
  }
  const recurseModule = m.recurse;
  const jpescape = m.jptr.jpescape;
  if (typeof recurseModule.recurse === 'function' && typeof jpescape === 'function' && !recurseModule.__apictlOriginal) {
    recurseModule.__apictlOriginal = recurseModule.recurse;
    recurseModule.recurse = makeFastRecurse(jpescape);
  }
  loaded = m.load();
  s2oSource = m.from;
  return loaded;
}

/** Key swagger2openapi writes its warnings under (collected and removed by the final sweep). */
export const S2O_WARNING_KEY = 'x-s2o-warning';

/** Operation extension that keeps a body parameter's name (swagger2openapi's `rbname`). */
export const BODY_NAME_KEY = 'x-codegen-request-body-name';

/**
 * Converts a (pre-processed) 2.0 document with swagger2openapi.
 *
 * - `patch` + `warnOnly`: fix what can be fixed and write warnings into the output instead of
 *   failing; apictl's repairs remove the causes it knows, the sweep turns the rest into notes.
 * - `resolve: false`: never read files or URLs (the loader bundles external refs itself).
 * - `resolveInternal: true`: keep every request body inline (no hoisting into
 *   components.requestBodies); the repairs and the origin map find bodies where the 2.0 body was.
 * - `anchors: true`: shared subtrees are not an error (swagger2openapi copies each repeat).
 * - `text`: a placeholder; without it swagger2openapi serialises the whole input to YAML just to
 *   have it for messages, which is most of its run time on large inputs.
 *
 * `work` is handed over: swagger2openapi's output shares its objects below the top level and
 * edits them, so the caller must not read it afterwards (take copies of what is still needed
 * before the call). Any failure becomes an InputError. Returns the output, how many warnings
 * swagger2openapi wrote into it (under S2O_WARNING_KEY), and the components it made from the
 * targets of direct `$ref`s (the ref as written → the new component's ref).
 *
 * `facts` about `work` spare swagger2openapi two of its whole-document passes (in the bundle,
 * scripts/bundle-s2o.mjs): with `tree` (no object is reached twice) its detection of shared
 * objects, which only copies objects met a second time; with `noNulls` (no null anywhere) its
 * pass that deletes nulls. A fact that does not hold would change the output, so only say what
 * is known.
 */
export async function runSwagger2openapi(work: Obj, facts: { tree?: boolean; noNulls?: boolean } = {}): Promise<{ openapi: Obj; warnings: number; hoisted: Map<string, string> }> {
  // swagger2openapi prints an internal exception with console.warn before rejecting with the same
  // exception. The core must not print, so console.warn is silenced while the conversion (which
  // only runs in microtasks, no I/O) is pending; the rejection is reported as an InputError.
  const originalWarn = console.warn;
  console.warn = () => {};
  let warnings = 0;
  const s2o = loadSwagger2openapi();
  handedOver.add(work);
  try {
    const result = await s2o.convertObj(work, {
      patch: true,
      warnOnly: true,
      // read by swagger2openapi exactly when it writes a warning: counting the reads tells whether
      // the output has to be swept for warnings at all (a full pass over large documents)
      get warnProperty(): string {
        warnings++;
        return S2O_WARNING_KEY;
      },
      resolve: false,
      resolveInternal: true,
      anchors: true,
      rbname: BODY_NAME_KEY,
      text: '(omitted)',
      apictlTree: facts.tree === true,
      apictlNoNulls: facts.noNulls === true,
    });
    // swagger2openapi's `refmap`: each `$ref` into another part of the document than the 2.0
    // sections (`#/paths/…`, as the loader writes for a file referenced more than once) whose
    // target it copied into a new component, to that component's ref.
    const hoisted = new Map<string, string>();
    for (const [from, to] of Object.entries(result.refmap ?? {})) if (typeof to === 'string') hoisted.set(from, to);
    return { openapi: result.openapi, warnings, hoisted };
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    throw new InputError(`cannot convert Swagger 2.0 document: ${msg}`);
  } finally {
    console.warn = originalWarn;
    handedOver.delete(work);
  }
}
