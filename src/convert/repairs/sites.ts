/** Finding things in the working 2.0 copy and in the converted 3.x document, for the repairs. */
import type { ConversionContext } from '../context.js';
import { own, ownArr, ownObj, type Obj } from '../json.js';
import { forEachOperation, paramEntries, resolveLocalRef, type ParamEntry } from '../swagger2-model.js';

/**
 * The 2.0 input path a repair should cite for a parameter: the global parameter for `$ref`s, the
 * path-level original for copies made by the path-level repair, else the entry's own position.
 */
function paramSource(ctx: ConversionContext, e: ParamEntry, listPath: readonly string[]): string[] {
  if (e.globalName !== undefined) return ['parameters', e.globalName];
  return ctx.movedFrom.get(e.entry) ?? [...listPath, String(e.index)];
}

/** Where a converted non-body parameter lives in the 3.x document. */
export type ParamSite3 = { kind: 'op'; path: string; method: string } | { kind: 'pathItem'; path: string } | { kind: 'component'; name: string };

/** The 3.x parameter with this name and location at `site` (undefined when swagger2openapi dropped it). */
export function findParam3(doc3: Obj, site: ParamSite3, name: string, loc: string): Obj | undefined {
  if (site.kind === 'component') {
    return ownObj(ownObj(ownObj(doc3, 'components'), 'parameters'), site.name);
  }
  const item = ownObj(ownObj(doc3, 'paths'), site.path);
  const holder = site.kind === 'op' ? ownObj(item, site.method) : item;
  const list = ownArr(holder, 'parameters') ?? [];
  return list.find((p): p is Obj => own(p, 'name') === name && own(p, 'in') === loc);
}

/** The 3.x operation object. */
export function operation3(doc3: Obj, path: string, method: string): Obj | undefined {
  return ownObj(ownObj(ownObj(doc3, 'paths'), path), method);
}

/** The 3.x operation's request body, following a `$ref` to components.requestBodies. */
export function requestBody3(doc3: Obj, path: string, method: string): Obj | undefined {
  const rb = ownObj(operation3(doc3, path, method), 'requestBody');
  const ref = own(rb, '$ref');
  if (typeof ref === 'string') {
    const target = resolveLocalRef(doc3, ref);
    return target !== null && typeof target === 'object' && !Array.isArray(target) ? (target as Obj) : undefined;
  }
  return rb;
}

/** `schema.items` followed `depth` times (depth 1 = `schema.items`). */
export function itemsAt(schema: Obj | undefined, depth: number): Obj | undefined {
  let cur = schema;
  for (let i = 0; i < depth && cur; i++) cur = ownObj(cur, 'items');
  return cur;
}

/** Defers in-place edits of the working copy until every reader has seen the original values (a global parameter is read once per operation that uses it). */
export class DeferredEdits {
  private readonly edits: Array<() => void> = [];
  add(edit: () => void): void {
    this.edits.push(edit);
  }
  apply(): void {
    for (const e of this.edits) e();
    this.edits.length = 0;
  }
}

/** A resolved parameter entry with the input path a repair should cite for it. */
export interface IndexedParam extends ParamEntry {
  source: string[];
}

export interface IndexedOperation {
  path: string;
  method: string;
  op: Obj;
  params: IndexedParam[];
}

export interface IndexedPathItem {
  path: string;
  item: Obj;
  params: IndexedParam[];
}

/** Every operation and path item of the working copy with its parameters resolved, built once for all repairs. */
export interface Swagger2Index {
  operations: IndexedOperation[];
  pathItems: IndexedPathItem[];
}

/**
 * Indexes the working copy's operations and parameter lists. Build it after the path-level move
 * (which changes the lists); later repairs only edit parameter objects, never the lists.
 */
export function indexOperations(work: Obj, ctx: ConversionContext): Swagger2Index {
  // each entry written out (not spread: an object-spread copy is slow in code not yet optimised,
  // and large documents have tens of thousands of entries; docs/performance.md#conversion)
  // hot: per node; bench: bench/convert.mjs (docs/performance.md#indexed-loops-convert)
  const withSources = (list: unknown, listPath: string[]): IndexedParam[] => {
    const entries = paramEntries(work, list);
    const out: IndexedParam[] = new Array(entries.length);
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      out[i] = { entry: e.entry, param: e.param, globalName: e.globalName, index: e.index, source: paramSource(ctx, e, listPath) };
    }
    return out;
  };
  const operations: IndexedOperation[] = [];
  const pathItems: IndexedPathItem[] = [];
  const paths = ownObj(work, 'paths');
  for (const path of Object.keys(paths ?? {})) {
    const item = ownObj(paths, path);
    if (!item) continue;
    pathItems.push({ path, item, params: withSources(own(item, 'parameters'), ['paths', path, 'parameters']) });
  }
  forEachOperation(work, (path, method, op) => {
    operations.push({ path, method, op, params: withSources(own(op, 'parameters'), ['paths', path, method, 'parameters']) });
  });
  return { operations, pathItems };
}

/**
 * Calls `fn` once for every non-body, non-form Parameter Object of the working copy: global ones
 * (their 3.x site is the component), and inline ones at path and operation level. `$ref` entries
 * are skipped (the global they point to is visited itself).
 */
export function forEachSimpleParam(work: Obj, index: Swagger2Index, componentName: (name2: string) => string, fn: (p: Obj, site: ParamSite3, source: string[]) => void): void {
  const simple = (p: Obj | undefined): p is Obj => {
    const loc = own(p, 'in');
    return p !== undefined && typeof loc === 'string' && loc !== 'body' && loc !== 'formData';
  };
  const globals = ownObj(work, 'parameters');
  for (const name of Object.keys(globals ?? {})) {
    const p = ownObj(globals, name);
    if (simple(p)) fn(p, { kind: 'component', name: componentName(name) }, ['parameters', name]);
  }
  // indexed loops: these run over every parameter entry of the document, mostly before V8
  // optimises them, where `for…of` allocates an iterator result per entry
  // one site per list, made when a parameter of the list needs it
  // hot: per node; bench: bench/convert.mjs (docs/performance.md#indexed-loops-convert)
  const inline = (params: IndexedParam[], makeSite: () => ParamSite3): void => {
    let site: ParamSite3 | undefined;
    for (let i = 0; i < params.length; i++) {
      const e = params[i]!;
      if (e.globalName === undefined && e.param === e.entry && simple(e.param)) fn(e.param, (site ??= makeSite()), e.source);
    }
  };
  // hot: per node; bench: bench/convert.mjs (docs/performance.md#indexed-loops-convert)
  for (let i = 0; i < index.pathItems.length; i++) {
    const { path, params } = index.pathItems[i]!;
    inline(params, () => ({ kind: 'pathItem', path }));
  }
  for (let i = 0; i < index.operations.length; i++) {
    const { path, method, params } = index.operations[i]!;
    inline(params, () => ({ kind: 'op', path, method }));
  }
}

/** Calls `fn` for every formData parameter of every operation (`$ref`s resolved, path-level copies included). */
export function forEachFormParam(index: Swagger2Index, fn: (p: Obj, path: string, method: string, source: string[]) => void): void {
  // hot: per node; bench: bench/convert.mjs (docs/performance.md#indexed-loops-convert)
  for (let i = 0; i < index.operations.length; i++) {
    const { path, method, params } = index.operations[i]!;
    for (let j = 0; j < params.length; j++) {
      const e = params[j]!;
      if (e.param && own(e.param, 'in') === 'formData') fn(e.param, path, method, e.source);
    }
  }
}
