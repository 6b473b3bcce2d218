/**
 * Where Schema Objects live, and how to visit every subschema.
 *
 * Only schema positions are visited: a key named `example`, `nullable` or `$ref` means something
 * different in a Media Type, Parameter or Example Object, and the repairs must not touch those.
 */
import { isObj, own, ownObj, type Obj } from './json.js';
import { forEachOperation, paramEntries } from './swagger2-model.js';

/** Keywords whose value is a map of subschemas. */
const MAP_KEYWORDS = ['properties'] as const;
/** Keywords whose value is one subschema (boolean `additionalProperties` is skipped). */
const SINGLE_KEYWORDS = ['additionalProperties', 'items', 'not', 'x-not'] as const;
/** Keywords whose value is a list of subschemas (`items` as a list is 2.0/JSON Schema tuple syntax). */
const LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'x-anyOf', 'x-oneOf', 'items'] as const;
/** One bit per subschema keyword (`items` one bit for both its forms). */
const KEYWORD_BITS = new Map<string, number>();
for (const k of [...MAP_KEYWORDS, ...SINGLE_KEYWORDS, ...LIST_KEYWORDS]) if (!KEYWORD_BITS.has(k)) KEYWORD_BITS.set(k, 1 << KEYWORD_BITS.size);

/** Visitor of a schema tree; `path` is a live stack (copy it to keep it). */
export interface SchemaVisitor {
  /**
   * Called before the subschemas. May return a replacement object, which the visitor has already
   * put in the schema's place; the walk then goes on in the replacement.
   */
  enter?(schema: Obj, path: string[]): Obj | undefined;
  /** Called after the subschemas were visited (post-order), so it may restructure `schema`. */
  leave?(schema: Obj, path: string[]): void;
}

/**
 * Visits `schema` and all its subschemas depth first. `path` is the schema's path and is used as a
 * stack (restored on return). Shared subtrees are visited once per occurrence; input is cloned
 * from JSON-like data, so there are no cycles.
 */
export function walkSchemaTree(schema: Obj, path: string[], visitor: SchemaVisitor): void {
  // plain loops (no per-node callbacks or segment arrays): this runs for every schema node of
  // large documents
  const replaced = visitor.enter?.(schema, path);
  if (replaced) schema = replaced;
  // Which subschema keywords the schema has, from one pass over its own keys (most schemas have
  // none, or one or two, among a few keys); they are then visited in the fixed order above.
  let mask = 0;
  for (const k in schema) {
    const bit = KEYWORD_BITS.get(k);
    if (bit !== undefined && Object.hasOwn(schema, k)) mask |= bit;
  }
  // indexed loops throughout: most of a document's schema nodes are walked before V8 optimises
  // this function, where `for…of` allocates an iterator result per element
  // hot: per node; bench: bench/convert.mjs (docs/performance.md#indexed-loops-convert)
  if (mask !== 0) {
    for (let ki = 0; ki < MAP_KEYWORDS.length; ki++) {
      const k = MAP_KEYWORDS[ki]!;
      if (!(mask & KEYWORD_BITS.get(k)!)) continue;
      const m = schema[k];
      if (!isObj(m)) continue;
      const names = Object.keys(m);
      for (let ni = 0; ni < names.length; ni++) {
        const name = names[ni]!;
        const c = m[name];
        if (!isObj(c)) continue;
        path.push(k, name);
        walkSchemaTree(c, path, visitor);
        path.length -= 2;
      }
    }
    for (let ki = 0; ki < SINGLE_KEYWORDS.length; ki++) {
      const k = SINGLE_KEYWORDS[ki]!;
      if (!(mask & KEYWORD_BITS.get(k)!)) continue;
      const c = schema[k];
      if (!isObj(c)) continue;
      path.push(k);
      walkSchemaTree(c, path, visitor);
      path.length -= 1;
    }
    for (let ki = 0; ki < LIST_KEYWORDS.length; ki++) {
      const k = LIST_KEYWORDS[ki]!;
      if (!(mask & KEYWORD_BITS.get(k)!)) continue;
      const l = schema[k];
      if (!Array.isArray(l)) continue;
      for (let i = 0; i < l.length; i++) {
        const c: unknown = l[i];
        if (!isObj(c)) continue;
        path.push(k, String(i));
        walkSchemaTree(c, path, visitor);
        path.length -= 2;
      }
    }
  }
  visitor.leave?.(schema, path);
}

/** A top-level Schema Object of a 2.0 document. */
export interface Swagger2SchemaRoot {
  schema: Obj;
  path: string[];
  kind: 'definition' | 'body' | 'response';
}

/** Every top-level schema of a 2.0 document: definitions, body parameter schemas, response schemas. */
export function swagger2SchemaRoots(doc: Obj): Swagger2SchemaRoot[] {
  const out: Swagger2SchemaRoot[] = [];
  const defs = ownObj(doc, 'definitions');
  for (const name of Object.keys(defs ?? {})) {
    const s = ownObj(defs, name);
    if (s) out.push({ schema: s, path: ['definitions', name], kind: 'definition' });
  }
  const addParams = (list: unknown, base: string[]): void => {
    const entries = paramEntries(doc, list);
    // hot: per node; bench: bench/convert.mjs (docs/performance.md#indexed-loops-convert)
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      if (e.globalName !== undefined || e.param !== e.entry) continue; // `$ref`s: the global is visited itself
      const s = ownObj(e.param, 'schema');
      if (s && own(e.param, 'in') === 'body') out.push({ schema: s, path: [...base, String(e.index), 'schema'], kind: 'body' });
    }
  };
  const addResponses = (responses: Obj | undefined, base: string[]): void => {
    for (const code of Object.keys(responses ?? {})) {
      const s = ownObj(ownObj(responses, code), 'schema');
      if (s) out.push({ schema: s, path: [...base, code, 'schema'], kind: 'response' });
    }
  };
  const globals = ownObj(doc, 'parameters');
  for (const name of Object.keys(globals ?? {})) {
    const p = ownObj(globals, name);
    const s = ownObj(p, 'schema');
    if (s && own(p, 'in') === 'body') out.push({ schema: s, path: ['parameters', name, 'schema'], kind: 'body' });
  }
  addResponses(ownObj(doc, 'responses'), ['responses']);
  const paths = ownObj(doc, 'paths');
  for (const pathKey of Object.keys(paths ?? {})) {
    addParams(own(ownObj(paths, pathKey), 'parameters'), ['paths', pathKey, 'parameters']);
  }
  forEachOperation(doc, (pathKey, method, op) => {
    addParams(own(op, 'parameters'), ['paths', pathKey, method, 'parameters']);
    addResponses(ownObj(op, 'responses'), ['paths', pathKey, method, 'responses']);
  });
  return out;
}

/** A top-level Schema Object of a 3.x document. */
export interface OpenApi3SchemaRoot {
  schema: Obj;
  path: string[];
  /** Set when the schema describes a request body's media type (its key). */
  requestBodyMediaType?: string;
}

const METHODS_3 = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const isRef = (v: unknown): boolean => isObj(v) && typeof own(v, '$ref') === 'string';

/**
 * Every top-level schema of a 3.x document (components, parameters, headers, media types of
 * request bodies and responses, callbacks, webhooks). `$ref`s to components are not followed: the
 * component itself is listed once.
 */
export function openapi3SchemaRoots(doc: Obj): OpenApi3SchemaRoot[] {
  const out: OpenApi3SchemaRoot[] = [];
  const schemaAt = (holder: Obj, base: string[], requestBodyMediaType?: string): void => {
    const s = ownObj(holder, 'schema');
    if (s) out.push({ schema: s, path: [...base, 'schema'], ...(requestBodyMediaType !== undefined ? { requestBodyMediaType } : {}) });
  };
  const content = (holder: Obj, base: string[], inRequestBody: boolean): void => {
    const c = ownObj(holder, 'content');
    for (const mt of Object.keys(c ?? {})) {
      const m = ownObj(c, mt);
      if (!m) continue;
      schemaAt(m, [...base, 'content', mt], inRequestBody ? mt : undefined);
      const enc = ownObj(m, 'encoding');
      for (const name of Object.keys(enc ?? {})) {
        headers(ownObj(ownObj(enc, name), 'headers'), [...base, 'content', mt, 'encoding', name, 'headers']);
      }
    }
  };
  const paramOrHeader = (p: unknown, base: string[]): void => {
    if (!isObj(p) || isRef(p)) return;
    schemaAt(p, base);
    content(p, base, false);
  };
  const headers = (h: Obj | undefined, base: string[]): void => {
    for (const name of Object.keys(h ?? {})) paramOrHeader(own(h, name), [...base, name]);
  };
  const params = (list: unknown, base: string[]): void => {
    if (Array.isArray(list)) list.forEach((p, i) => paramOrHeader(p, [...base, String(i)]));
  };
  const requestBody = (rb: unknown, base: string[]): void => {
    if (isObj(rb) && !isRef(rb)) content(rb, base, true);
  };
  const response = (r: unknown, base: string[]): void => {
    if (!isObj(r) || isRef(r)) return;
    headers(ownObj(r, 'headers'), [...base, 'headers']);
    content(r, base, false);
  };
  const callbacks = (cbs: Obj | undefined, base: string[]): void => {
    for (const name of Object.keys(cbs ?? {})) {
      const cb = ownObj(cbs, name);
      if (!cb || isRef(cb)) continue;
      for (const expr of Object.keys(cb)) pathItem(own(cb, expr), [...base, name, expr]);
    }
  };
  const operation = (op: Obj, base: string[]): void => {
    params(own(op, 'parameters'), [...base, 'parameters']);
    requestBody(own(op, 'requestBody'), [...base, 'requestBody']);
    const rs = ownObj(op, 'responses');
    for (const code of Object.keys(rs ?? {})) response(own(rs, code), [...base, 'responses', code]);
    callbacks(ownObj(op, 'callbacks'), [...base, 'callbacks']);
  };
  function pathItem(item: unknown, base: string[]): void {
    if (!isObj(item) || isRef(item)) return;
    params(own(item, 'parameters'), [...base, 'parameters']);
    for (const m of METHODS_3) {
      const op = ownObj(item, m);
      if (op) operation(op, [...base, m]);
    }
  }

  const comps = ownObj(doc, 'components');
  const section = (k: string): Obj | undefined => ownObj(comps, k);
  for (const name of Object.keys(section('schemas') ?? {})) {
    const s = ownObj(section('schemas'), name);
    if (s) out.push({ schema: s, path: ['components', 'schemas', name] });
  }
  for (const name of Object.keys(section('parameters') ?? {})) paramOrHeader(own(section('parameters'), name), ['components', 'parameters', name]);
  headers(section('headers'), ['components', 'headers']);
  for (const name of Object.keys(section('responses') ?? {})) response(own(section('responses'), name), ['components', 'responses', name]);
  for (const name of Object.keys(section('requestBodies') ?? {})) requestBody(own(section('requestBodies'), name), ['components', 'requestBodies', name]);
  callbacks(section('callbacks'), ['components', 'callbacks']);
  for (const name of Object.keys(section('pathItems') ?? {})) pathItem(own(section('pathItems'), name), ['components', 'pathItems', name]);
  const paths = ownObj(doc, 'paths');
  for (const p of Object.keys(paths ?? {})) pathItem(own(paths, p), ['paths', p]);
  const hooks = ownObj(doc, 'webhooks');
  for (const h of Object.keys(hooks ?? {})) pathItem(own(hooks, h), ['webhooks', h]);
  return out;
}
