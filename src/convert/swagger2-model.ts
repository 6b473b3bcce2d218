/** Navigation helpers for Swagger 2.0 documents (the input and its working copy). */
import { getPath, isObj, own, ownObj, refSegments, type Obj } from './json.js';

/** The operation keys of a 2.0 Path Item Object. */
export const METHODS_2 = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

/** Calls `fn` for every operation object under `paths`, in document order. */
export function forEachOperation(doc: Obj, fn: (pathKey: string, method: string, op: Obj, pathItem: Obj) => void): void {
  const paths = ownObj(doc, 'paths');
  if (!paths) return;
  // indexed loops: this runs over every path item of large documents before V8 optimises it
  // hot: per node; bench: bench/convert.mjs (docs/performance.md#indexed-loops-convert)
  const pathKeys = Object.keys(paths);
  for (let i = 0; i < pathKeys.length; i++) {
    const pathKey = pathKeys[i]!;
    const item = ownObj(paths, pathKey);
    if (!item) continue;
    const keys = Object.keys(item);
    for (let j = 0; j < keys.length; j++) {
      const method = keys[j]!;
      if (!(METHODS_2 as readonly string[]).includes(method)) continue;
      const op = ownObj(item, method);
      if (op) fn(pathKey, method, op, item);
    }
  }
}

/** Resolves an internal `#/…` reference; undefined when it is external or dangling. */
export function resolveLocalRef(doc: unknown, ref: string): unknown {
  const segs = refSegments(ref);
  return segs ? getPath(doc, segs) : undefined;
}

/** A parameter list entry with its `$ref` (if any) resolved. */
export interface ParamEntry {
  /** The list entry itself (a Parameter or a `{$ref}` object). */
  entry: Obj;
  /** The Parameter Object (the entry, or the referenced global parameter); undefined when dangling. */
  param: Obj | undefined;
  /** Name of the referenced global parameter (`#/parameters/<name>`), when the entry is a `$ref` to one. */
  globalName: string | undefined;
  index: number;
}

/** Resolves the entries of a `parameters` list (op level or path level). */
export function paramEntries(doc: Obj, list: unknown): ParamEntry[] {
  if (!Array.isArray(list)) return [];
  const out: ParamEntry[] = [];
  list.forEach((entry, index) => {
    if (!isObj(entry)) return;
    const ref = own(entry, '$ref');
    if (typeof ref === 'string') {
      const segs = refSegments(ref);
      const target = segs ? getPath(doc, segs) : undefined;
      const globalName = segs?.length === 2 && segs[0] === 'parameters' ? segs[1] : undefined;
      out.push({ entry, param: isObj(target) ? target : undefined, globalName, index });
    } else {
      out.push({ entry, param: entry, globalName: undefined, index });
    }
  });
  return out;
}

/** `name` and `in` of a parameter, as one comparable key. */
export function paramKey(p: Obj | undefined): string | undefined {
  if (!p) return undefined;
  const name = own(p, 'name');
  const loc = own(p, 'in');
  return typeof name === 'string' && typeof loc === 'string' ? `${loc}\u0000${name}` : undefined;
}

/** The media types an operation consumes (operation level, else global; strings become one-element lists). */
export function effectiveConsumes(doc: Obj, op: Obj): string[] {
  const pick = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : undefined);
  return pick(own(op, 'consumes')) ?? pick(own(doc, 'consumes')) ?? [];
}

/** A 2.0 Response Object site: where it is and what it is (inline or global). */
export interface ResponseSite {
  response: Obj;
  /** Path of the response in the 2.0 document. */
  source: string[];
  /** Path of the same response in the converted 3.x document. */
  target: string[];
}

/**
 * Every inline Response Object: operation responses that are not `$ref`s, and the global ones.
 * `componentName` turns a global response name into its 3.x component name.
 */
export function responseSites(doc: Obj, componentName: (name: string) => string): ResponseSite[] {
  const out: ResponseSite[] = [];
  forEachOperation(doc, (pathKey, method, op) => {
    const responses = ownObj(op, 'responses');
    if (!responses) return;
    for (const code of Object.keys(responses)) {
      const r = ownObj(responses, code);
      if (!r || typeof own(r, '$ref') === 'string') continue;
      const p = ['paths', pathKey, method, 'responses', code];
      out.push({ response: r, source: p, target: p });
    }
  });
  const globals = ownObj(doc, 'responses');
  for (const name of Object.keys(globals ?? {})) {
    const r = ownObj(globals, name);
    if (!r || typeof own(r, '$ref') === 'string') continue;
    out.push({ response: r, source: ['responses', name], target: ['components', 'responses', componentName(name)] });
  }
  return out;
}
