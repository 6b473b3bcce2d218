/**
 * Rule-based reverse mapping from the converted document to the 2.0 input.
 *
 * swagger2openapi keeps no provenance, but its moves are regular: definitions → components.schemas,
 * a parameter stays a parameter (matched by name and `in`, because body/formData parameters leave
 * the list and indexes shift), a body parameter's schema becomes each media type's schema, a
 * response schema each response media type's schema, and so on. Each rule walks the 2.0 document
 * alongside, so it also knows what exists; the answer is the longest existing prefix of the best
 * guess. Repairs that create nodes without a 2.0 counterpart record their origin explicitly.
 *
 * The parameter lists of the converted document are copied at build time, so adding or removing
 * parameters later does not change the answers; otherwise the converted document is read when
 * asked (it should not be restructured while the map is in use).
 */
import { getPath, hasChild, isObj, longestExistingPrefix, own, ownObj, refSegments, type Obj } from './json.js';
import type { ComponentNames } from './names.js';
import { BODY_NAME_KEY } from './s2o.js';
import { METHODS_2, paramEntries, type ParamEntry } from './swagger2-model.js';
import type { OriginMap } from './types.js';
import { unescapePointerSegment } from '../findings/finding.js';

/** Identity of a converted parameter: its name and `in`, and the component it references. */
interface ParamId {
  name: unknown;
  in: unknown;
  /** 3.x component name when the parameter is a `$ref` to components.parameters. */
  ref?: string;
}

/** A segment of an explicit origin's pointer: the origin recorded there, and the segments below. */
interface OverrideNode {
  origin?: string[];
  kids?: Map<string, OverrideNode>;
}

const listKey = (path: string, method?: string): string => `${path}\u0000${method ?? ''}`;
const isIndex = (s: string | undefined): boolean => s !== undefined && /^(0|[1-9]\d*)$/.test(s);

/**
 * Builds the origin map of a conversion.
 * @param input the 2.0 input (read only; must not be modified while the map is in use), or a
 *   function returning it on first use (when the input itself was consumed by the conversion)
 * @param doc3 the converted document, in its final form (read when asked)
 * @param explicit origins recorded by repairs (pointer in doc3 → path in the input)
 * @param hoisted components swagger2openapi made from the target of a direct `$ref` (`schemas`
 *   NUL `schema1` → the input path the ref pointed to): their contents map into that node
 */
export function buildOriginMap(source: Obj | (() => Obj), doc3: Obj, names: ComponentNames, explicit: ReadonlyMap<string, string[]>, hoisted: ReadonlyMap<string, string[]> = new Map()): OriginMap {
  let input: Obj | undefined = typeof source === 'function' ? undefined : source;
  const in2 = (): Obj => (input ??= (source as () => Obj)());
  const resolver = new OriginResolver(in2, doc3, names, snapshotParams(doc3), hoisted);
  // The overrides as a tree of path segments: the search for the longest override above a path
  // walks down from the root and stops where no override can lie deeper (most paths stop at once).
  const overrides: OverrideNode = {};
  for (const [pointer, path2] of explicit) {
    if (pointer === '') continue; // a path's own pointer is never empty
    let node = overrides;
    const segs = pointer.slice(1).split('/');
    // hot: per node; bench: bench/convert.mjs (docs/performance.md#indexed-loops-convert)
    for (let i = 0; i < segs.length; i++) {
      const seg = segs[i]!;
      const key = unescapePointerSegment(seg);
      node.kids ??= new Map();
      let kid = node.kids.get(key);
      if (!kid) node.kids.set(key, (kid = {}));
      node = kid;
    }
    node.origin = path2;
  }
  return {
    originOf(path3: string[]): string[] {
      try {
        let hit: string[] | undefined;
        let node: OverrideNode | undefined = overrides;
        // hot: per node; bench: bench/convert.mjs (docs/performance.md#indexed-loops-convert)
        for (let i = 0; i < path3.length && node.kids; i++) {
          node = node.kids.get(path3[i]!);
          if (!node) break;
          hit = node.origin ?? hit;
        }
        if (hit) return longestExistingPrefix(in2(), hit);
        return longestExistingPrefix(in2(), resolver.translate(path3));
      } catch {
        return [];
      }
    },
  };
}

/**
 * Copies of every 3.x parameter list (path item and operation), so that answers do not change
 * when parameters are later added to or removed from the converted document. Only the lists are
 * copied (cheap); the entries are read when a query needs them.
 */
function snapshotParams(doc3: Obj): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  const paths = ownObj(doc3, 'paths');
  const keys = Object.keys(paths ?? {});
  // hot: per node; bench: bench/convert.mjs (docs/performance.md#indexed-loops-convert)
  for (let i = 0; i < keys.length; i++) {
    const p = keys[i]!;
    const item = ownObj(paths, p);
    if (!item) continue;
    const own1 = own(item, 'parameters');
    if (Array.isArray(own1)) out.set(listKey(p), own1.slice());
    const methods = Object.keys(item);
    for (let j = 0; j < methods.length; j++) {
      const m = methods[j]!;
      const list = own(ownObj(item, m), 'parameters');
      if (Array.isArray(list)) out.set(listKey(p, m), list.slice());
    }
  }
  return out;
}

/** Name, `in` and referenced component of a 3.x parameter list entry. */
function paramId(doc3: Obj, p: unknown): ParamId {
  const ref = own(p, '$ref');
  if (typeof ref !== 'string') return { name: own(p, 'name'), in: own(p, 'in') };
  const segs = refSegments(ref);
  const target = segs ? getPath(doc3, segs) : undefined;
  const component = segs?.length === 3 && segs[0] === 'components' && segs[1] === 'parameters' ? segs[2] : undefined;
  return { name: own(target, 'name'), in: own(target, 'in'), ...(component !== undefined ? { ref: component } : {}) };
}

/** A 2.0 parameter found for a 3.x one: the list it is in and the entry. */
interface Param2 {
  listPath: string[];
  entry: ParamEntry;
}

class OriginResolver {
  constructor(
    private readonly input: () => Obj,
    private readonly doc3: Obj,
    private readonly names: ComponentNames,
    private readonly params3: Map<string, unknown[]>,
    private readonly hoisted: ReadonlyMap<string, string[]>,
  ) {}

  private get in2(): Obj {
    return this.input();
  }

  /** Best 2.0 path for a 3.x path (may run past what exists; the caller trims it). */
  translate(p: readonly string[]): string[] {
    // Index reads and slices throughout, not `[a, ...rest]` destructuring: that runs the iterator
    // protocol (an object per element) for each of the thousands of paths a lint asks about.
    const top = p[0];
    switch (top) {
      case undefined:
        return [];
      case 'openapi':
        return ['swagger'];
      case 'servers':
        return this.servers();
      case 'components':
        return this.components(p.slice(1));
      case 'paths':
        return this.paths(p.slice(1));
      default:
        return [...p]; // info, tags, security, externalDocs, extensions: unchanged
    }
  }

  private servers(): string[] {
    for (const k of ['x-servers', 'x-ms-parameterized-host', 'host', 'basePath', 'schemes']) {
      if (hasChild(this.in2, k)) return [k];
    }
    return [];
  }

  private components(p: string[]): string[] {
    const kind = p[0];
    const name = p[1];
    const r = p.slice(2);
    const from = kind !== undefined && name !== undefined ? this.hoisted.get(`${kind}\u0000${name}`) : undefined;
    if (from !== undefined) {
      // a copy of the node a direct `$ref` pointed to (examples are wrapped as `{value}`)
      const node = getPath(this.in2, from);
      if (kind === 'schemas') return [...from, ...schemaRest(node, r)];
      if (kind === 'parameters') return [...from, ...paramRest(node, r)];
      if (kind === 'headers') return [...from, ...headerRest(node, r)];
      return r[0] === 'value' ? [...from, ...r.slice(1)] : from;
    }
    const section: Record<string, string> = { schemas: 'definitions', parameters: 'parameters', responses: 'responses', securitySchemes: 'securityDefinitions' };
    const to = kind !== undefined && Object.hasOwn(section, kind) ? section[kind]! : undefined;
    if (to === undefined) return [];
    if (name === undefined) return [to];
    switch (kind) {
      case 'schemas': {
        const base = ['definitions', this.names.schemas.fromComponent(name)];
        return [...base, ...schemaRest(getPath(this.in2, base), r)];
      }
      case 'parameters': {
        const base = ['parameters', this.names.parameters.fromComponent(name)];
        return [...base, ...paramRest(getPath(this.in2, base), r)];
      }
      case 'responses':
        return this.response(['responses', this.names.responses.fromComponent(name)], r);
      default:
        return ['securityDefinitions', this.names.securitySchemes.fromComponent(name), ...securityRest(r)];
    }
  }

  private paths(p: string[]): string[] {
    const path = p[0];
    const seg = p[1];
    const r = p.slice(2);
    if (path === undefined) return ['paths'];
    if (seg === undefined) return ['paths', path];
    if (seg === 'parameters') return this.param(path, undefined, r);
    if ((METHODS_2 as readonly string[]).includes(seg)) return this.operation(path, seg, r);
    return ['paths', path, seg, ...r];
  }

  private operation(path: string, method: string, p: string[]): string[] {
    const seg = p[0];
    const r = p.slice(1);
    const base = ['paths', path, method];
    switch (seg) {
      case 'parameters':
        return this.param(path, method, r);
      case 'requestBody':
        return this.requestBody(path, method, r);
      case 'responses':
        return r[0] === undefined ? [...base, 'responses'] : this.response([...base, 'responses', r[0]], r.slice(1));
      case 'servers':
        return hasChild(getPath(this.in2, base), 'schemes') ? [...base, 'schemes'] : this.servers();
      case BODY_NAME_KEY: {
        const body = this.findParam(path, method, (e) => own(e.param, 'in') === 'body');
        return body ? [...body.listPath, String(body.entry.index), 'name'] : base;
      }
      case undefined:
        return base;
      default:
        return [...base, seg, ...r];
    }
  }

  /** The 2.0 parameter lists that apply to an operation (operation level first), or the path item's. */
  private lists(path: string, method: string | undefined): string[][] {
    const item = ['paths', path, 'parameters'];
    return method === undefined ? [item] : [['paths', path, method, 'parameters'], item];
  }

  /** Resolved entries of a 2.0 parameter list, once per list: a finding per parameter asks again and again. */
  private readonly entriesCache = new Map<string, ParamEntry[]>();
  private entriesAt(listPath: string[]): ParamEntry[] {
    const key = listPath.join('\u0000');
    let e = this.entriesCache.get(key);
    if (!e) this.entriesCache.set(key, (e = paramEntries(this.in2, getPath(this.in2, listPath))));
    return e;
  }

  private findParam(path: string, method: string | undefined, pred: (e: ParamEntry) => boolean): Param2 | undefined {
    for (const listPath of this.lists(path, method)) {
      const entry = this.entriesAt(listPath).find(pred);
      if (entry) return { listPath, entry };
    }
    return undefined;
  }

  /** `…/parameters/<i>/…` of a path item (method undefined) or an operation. */
  private param(path: string, method: string | undefined, p: string[]): string[] {
    const idx = p[0];
    const rest = p.slice(1);
    const fallback = method === undefined ? ['paths', path, 'parameters'] : ['paths', path, method, 'parameters'];
    const list = this.params3.get(listKey(path, method));
    if (idx === undefined || !list || !isIndex(idx) || Number(idx) >= list.length) return fallback;
    const id = paramId(this.doc3, list[Number(idx)]);
    const global = id.ref !== undefined ? this.names.parameters.fromComponent(id.ref) : undefined;
    const found =
      (global !== undefined ? this.findParam(path, method, (e) => e.globalName === global) : undefined) ??
      this.findParam(path, method, (e) => own(e.param, 'name') === id.name && own(e.param, 'in') === id.in);
    if (!found) return global !== undefined ? ['parameters', global, ...paramRest(getPath(this.in2, ['parameters', global]), rest)] : fallback;
    const site = [...found.listPath, String(found.entry.index)];
    if (rest.length === 0 || rest[0] === '$ref') return [...site, ...rest];
    // inside a referenced parameter: point at the global parameter the user has to edit
    const base = found.entry.globalName !== undefined ? ['parameters', found.entry.globalName] : site;
    return [...base, ...paramRest(found.entry.param, rest)];
  }

  private requestBody(path: string, method: string, r: string[]): string[] {
    const opBase = ['paths', path, method];
    // the same precedence as the path-level repair: an operation's own body or form fields win,
    // and a path-level body does not apply to an operation with form fields (or vice versa)
    const opLevel = this.entriesAt([...opBase, 'parameters']);
    const isBody = (e: ParamEntry): boolean => own(e.param, 'in') === 'body';
    const hasOwnForm = opLevel.some((e) => own(e.param, 'in') === 'formData');
    const body = hasOwnForm ? undefined : this.findParam(path, method, isBody);
    const seg = r[0];
    const mt = r[1];
    const kind = r[2];
    const r3 = r.slice(3);
    if (body) {
      const site = [...body.listPath, String(body.entry.index)];
      if (seg === undefined) return site;
      const p = body.entry.param;
      const bp = body.entry.globalName !== undefined ? ['parameters', body.entry.globalName] : site;
      if (seg !== 'content') return [...bp, ...r];
      if (kind === 'schema') return [...bp, 'schema', ...schemaRest(own(p, 'schema'), r3)];
      if (kind === 'example') return mt !== undefined && hasChild(own(p, 'x-examples'), mt) ? [...bp, 'x-examples', mt] : [...bp, 'x-example'];
      if (kind === 'examples') return [...bp, 'x-examples', ...r3.slice(0, 1)];
      return bp;
    }
    if (seg === 'content' && kind === 'schema' && r3[0] === 'properties' && r3[1] !== undefined) {
      const name = r3[1];
      const field = this.findParam(path, method, (e) => own(e.param, 'in') === 'formData' && own(e.param, 'name') === name);
      if (field) return [...field.listPath, String(field.entry.index), ...itemsLikeRest(field.entry.param, r3.slice(2))];
    }
    if (seg === 'content' && kind === 'encoding' && r3[0] !== undefined) {
      const name = r3[0];
      const field = this.findParam(path, method, (e) => own(e.param, 'in') === 'formData' && own(e.param, 'name') === name);
      if (field) return [...field.listPath, String(field.entry.index), 'collectionFormat'];
    }
    if (seg === 'content' && hasChild(getPath(this.in2, opBase), 'consumes')) return [...opBase, 'consumes'];
    return opBase;
  }

  private response(base: string[], p: string[]): string[] {
    const seg = p[0];
    const r = p.slice(1);
    const node = getPath(this.in2, base);
    if (seg === undefined) return base;
    if (typeof own(node, '$ref') === 'string') return seg === '$ref' ? [...base, '$ref'] : base;
    if (seg === 'content') {
      const mt = r[0];
      const kind = r[1];
      const r3 = r.slice(2);
      if (kind === 'examples' || kind === 'example') return mt !== undefined ? [...base, 'examples', mt] : [...base, 'examples'];
      return [...base, 'schema', ...(kind === 'schema' ? schemaRest(own(node, 'schema'), r3) : [])];
    }
    if (seg === 'headers') {
      const h = r[0];
      const hr = r.slice(1);
      if (h === undefined) return [...base, 'headers'];
      return [...base, 'headers', h, ...headerRest(own(ownObj(node, 'headers'), h), hr)];
    }
    return [...base, seg, ...r];
  }
}

/** Inside a 2.0 Schema Object: mostly the same keys; see the comments for the differences. */
function schemaRest(node: unknown, r: readonly string[]): string[] {
  const out: string[] = [];
  let cur = node;
  for (let i = 0; i < r.length; ) {
    const seg = r[i]!;
    if (hasChild(cur, seg)) {
      out.push(seg);
      cur = own(cur, seg);
      i++;
      continue;
    }
    if (!isObj(cur)) break;
    // x-anyOf / x-oneOf / x-not became the real keywords
    if ((seg === 'anyOf' || seg === 'oneOf' || seg === 'not') && hasChild(cur, `x-${seg}`)) {
      out.push(`x-${seg}`);
      cur = own(cur, `x-${seg}`);
      i++;
      continue;
    }
    // allOf/anyOf wrappers created by the conversion ($ref siblings; null unions in 3.1) stand for
    // the same 2.0 schema
    if ((seg === 'allOf' || seg === 'anyOf') && isIndex(r[i + 1])) {
      i += 2;
      continue;
    }
    if (seg === 'nullable' && hasChild(cur, 'x-nullable')) out.push('x-nullable');
    else if (seg === 'examples' && hasChild(cur, 'example')) out.push('example');
    break;
  }
  return out;
}

/** Inside a 2.0 non-body parameter, header or `items`: the schema keywords sit on the object itself. */
function itemsLikeRest(node: unknown, p: readonly string[]): string[] {
  const seg = p[0];
  const r = p.slice(1);
  if (seg === undefined) return [];
  if (seg === 'items') return ['items', ...itemsLikeRest(own(node, 'items'), r)];
  if (seg === 'x-collectionFormat') return ['collectionFormat'];
  if (seg === 'nullable') return ['x-nullable'];
  if (seg === 'example' && !hasChild(node, 'example')) return ['x-example'];
  return [seg, ...r];
}

/** Inside a 2.0 Parameter Object. */
function paramRest(param: unknown, r: readonly string[]): string[] {
  const seg = r[0];
  const rr = r.slice(1);
  if (seg === undefined) return [];
  if (seg === 'schema') return own(param, 'in') === 'body' ? ['schema', ...schemaRest(own(param, 'schema'), rr)] : itemsLikeRest(param, rr);
  if (seg === 'style' || seg === 'explode' || seg === 'x-collectionFormat') return ['collectionFormat'];
  if (seg === 'example') return ['x-example'];
  if (seg === 'examples' || seg === 'content') return [];
  return [...r];
}

/** Inside a 2.0 response header. */
function headerRest(header: unknown, r: readonly string[]): string[] {
  const seg = r[0];
  const rr = r.slice(1);
  if (seg === undefined) return [];
  if (seg === 'schema') return itemsLikeRest(header, rr);
  if (seg === 'style' || seg === 'explode' || seg === 'x-collectionFormat') return ['collectionFormat'];
  return [...r];
}

/** Inside a 2.0 Security Scheme Object (`flows/<f>/…` was flat). */
function securityRest(p: readonly string[]): string[] {
  const seg = p[0];
  const r = p.slice(1);
  if (seg === undefined) return [];
  if (seg === 'flows') {
    const key = r[1];
    const r4 = r.slice(2);
    if (key === undefined) return ['flow'];
    return key === 'scopes' ? ['scopes', ...r4] : [key];
  }
  if (seg === 'scheme') return ['type'];
  return [seg, ...r];
}
