// @ts-check
// Shared helpers for apictl's rule functions. Plain ESM JavaScript so Spectral's own ruleset
// loader can bundle our functions when a team `extends` our rulesets from Spectral CLI.
// Every helper is pure, bounded and never throws on odd input.

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').JsonObject} JsonObject */
/** @typedef {import('./types.js').Path} Path */
/** @typedef {{ method: string, pathKey: string, isWebhook: boolean, operation: JsonObject, pathItem: JsonObject, path: Path }} Operation One operation of `operations`. */

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];
const COMPOSITIONS = ['allOf', 'anyOf', 'oneOf'];

/** Per-document memo: computed once per linted document, shared by every rule. */
/** @type {WeakMap<object, Map<string, Json>>} */
const memo = new WeakMap();
/** @template T @param {Json} root @param {string} key @param {() => T} compute @returns {T} */
export function cached(root, key, compute) {
  if (root === null || typeof root !== 'object') return compute();
  let m = memo.get(root);
  if (!m) {
    m = new Map();
    memo.set(root, m);
  }
  const v = m.get(key);
  if (v !== undefined || m.has(key)) return v;
  const computed = compute();
  m.set(key, computed);
  return computed;
}

/** The memoised value for `key` when it was computed already for this document, else undefined. @param {Json} root @param {string} key @returns {Json} */
export function cachedIfComputed(root, key) {
  const m = root !== null && typeof root === 'object' ? memo.get(root) : undefined;
  return m === undefined ? undefined : m.get(key);
}

/** @param {unknown} v @returns {boolean} */
export function isObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The document root from a Spectral function context (the unresolved document). @param {Partial<import('./types.js').RuleContext> | null | undefined} context @returns {Json} */
export function rootOf(context) {
  return context?.document ? context.document.data : undefined;
}

/** Decodes a local JSON pointer `#/a/b~1c` into segments, or undefined. @param {unknown} ref @returns {string[] | undefined} */
export function pointerSegments(ref) {
  if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
  const p = ref.slice(1);
  if (p === '') return [];
  if (!p.startsWith('/')) return undefined;
  // Without `%` or `~` no segment changes when decoded (the common case: plain names).
  if (!p.includes('%') && !p.includes('~')) return p.slice(1).split('/');
  return p.slice(1).split('/').map(decodeSegment);
}

/** One segment of a `$ref` fragment: URI-decoded (kept as written when it is not valid), then `~1` → `/`, `~0` → `~`. @param {string} s */
export function decodeSegment(s) {
  let d = s;
  try {
    d = decodeURIComponent(s);
  } catch {
    // keep as written
  }
  return d.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Value at path segments, own properties only. @param {Json} root @param {ReadonlyArray<string | number>} segs @returns {Json} */
export function at(root, segs) {
  let cur = root;
  for (const s of segs) {
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, s)) return undefined;
    cur = cur[s];
  }
  return cur;
}

/**
 * Follows local `$ref`s from a node until a value that is not a reference.
 * Returns { value, path } where path is where the value lives (undefined when unresolvable).
 * @param {Json} root @param {Json} node @param {Path | undefined} path
 * @returns {{ value: Json, path: Path | undefined }}
 */
export function deref(root, node, path) {
  if (!isObject(node) || typeof node.$ref !== 'string') return { value: node, path };
  // Where a `$ref` string leads depends on the document only: resolved once per document and
  // string (real documents repeat the same references thousands of times). The answer is shared,
  // so it is frozen (copy the path to extend it in place).
  if (root === null || typeof root !== 'object') return follow(root, node);
  let m = derefMemo.get(root);
  if (!m) {
    m = new Map();
    derefMemo.set(root, m);
  }
  let r = m.get(node.$ref);
  if (r === undefined) {
    r = follow(root, node);
    if (r.path !== undefined) Object.freeze(r.path);
    Object.freeze(r);
    m.set(node.$ref, r);
  }
  return r;
}

/** @type {WeakMap<object, Map<string, { value: Json, path: Path | undefined }>>} */
const derefMemo = new WeakMap();

/** @param {Json} root @param {Json} node @returns {{ value: Json, path: Path | undefined }} */
function follow(root, node) {
  let value = node;
  /** @type {Path | undefined} */
  let where;
  const seen = new Set();
  while (isObject(value) && typeof value.$ref === 'string') {
    if (seen.has(value.$ref) || seen.size > 50) return { value: undefined, path: undefined };
    seen.add(value.$ref);
    const segs = pointerSegments(value.$ref);
    if (!segs) return { value: undefined, path: undefined };
    where = segs;
    value = at(root, segs);
  }
  return { value, path: where };
}

/** The OpenAPI major.minor of the (converted) document: '3.0', '3.1', '3.2' or '2.0'. @param {Json} root @returns {string | undefined} */
export function specVersion(root) {
  if (!isObject(root)) return undefined;
  if (typeof root.swagger === 'string') return '2.0';
  const m = /^3\.(\d+)/.exec(String(root.openapi ?? ''));
  return m ? `3.${m[1]}` : undefined;
}

/**
 * Every operation of the document: paths, webhooks (3.1+), 3.2's `query` method and
 * `additionalOperations`. Path items given as local refs are followed.
 * Each: { method (lower case; additionalOperations keep their name), pathKey, isWebhook, operation, pathItem, path }.
 * @param {Json} root @returns {Operation[]}
 */
export function operations(root) {
  return cached(root, 'operations', () => {
    /** @type {Operation[]} */
    const out = [];
    if (!isObject(root)) return out;
    for (const container of ['paths', 'webhooks']) {
      const items = root[container];
      if (!isObject(items)) continue;
      for (const key of Object.keys(items)) {
        const { value: item, path: itemPath } = deref(root, items[key], [container, key]);
        if (!isObject(item) || !itemPath) continue;
        for (const m of METHODS) {
          if (isObject(item[m])) out.push({ method: m, pathKey: key, isWebhook: container === 'webhooks', operation: item[m], pathItem: item, path: [...itemPath, m] });
        }
        if (isObject(item.additionalOperations)) {
          for (const m of Object.keys(item.additionalOperations)) {
            const op = item.additionalOperations[m];
            if (isObject(op)) out.push({ method: m.toLowerCase(), pathKey: key, isWebhook: container === 'webhooks', operation: op, pathItem: item, path: [...itemPath, 'additionalOperations', m] });
          }
        }
      }
    }
    return out;
  });
}

/** Operations of `paths` only: the API surface the provider serves (webhooks are requests it sends). Shared, read only. @param {Json} root @returns {Operation[]} */
export function pathOperations(root) {
  return cached(root, 'doc:pathOperations', () => operations(root).filter((op) => !op.isWebhook));
}

/** @typedef {{ param: JsonObject, path: Path }} ParamEntry */
/** @type {WeakMap<object, ParamEntry[]>} */
const parametersMemo = new WeakMap();
/**
 * Parameters that apply to an operation: path-level ones overridden by operation-level ones with
 * the same name and `in`, refs followed: [{ param, path }]. Memoised per operation entry: shared,
 * read only.
 * @param {Json} root @param {{ operation: JsonObject, pathItem?: JsonObject, path: Path }} op @returns {ParamEntry[]}
 */
export function parametersOf(root, op) {
  let out = parametersMemo.get(op);
  if (out !== undefined) return out;
  /** @type {Map<string, ParamEntry>} */
  const byKey = new Map();
  /** @param {Json} list @param {Path} basePath */
  const add = (list, basePath) => {
    if (!Array.isArray(list)) return;
    list.forEach((p, i) => {
      const { value, path } = deref(root, p, [...basePath, 'parameters', String(i)]);
      if (!isObject(value) || typeof value.name !== 'string') return;
      byKey.set(`${value.in}:${value.name}`, { param: value, path: path ?? [...basePath, 'parameters', String(i)] });
    });
  };
  add(op.pathItem?.parameters, op.path.slice(0, op.path[op.path.length - 2] === 'additionalOperations' ? -2 : -1));
  add(op.operation.parameters, op.path);
  out = [...byKey.values()];
  parametersMemo.set(op, out);
  return out;
}

/** Security requirements in force for an operation (operation-level overrides document-level). @param {Json} root @param {JsonObject} operation */
export function effectiveSecurity(root, operation) {
  if (Array.isArray(operation.security)) return { requirements: operation.security, level: 'operation' };
  if (isObject(root) && Array.isArray(root.security)) return { requirements: root.security, level: 'document' };
  return { requirements: undefined, level: 'none' };
}

/** @typedef {{ code: string, response: JsonObject, path: Path }} ResponseEntry */
/** @type {WeakMap<object, ResponseEntry[]>} */
const responsesMemo = new WeakMap();
/**
 * Every response of an operation, refs followed: [{ code, response, path }], the code as written
 * ('200', '2XX', 'default'; `x-` keys are extensions, not responses). Memoised per operation
 * entry (the lists of operations are cached, so their entries are stable; one operation object
 * can sit at two places when YAML aliases share it): shared, read only.
 * @param {Json} root @param {{ operation: JsonObject, path: Path }} op @returns {ResponseEntry[]}
 */
export function responsesOf(root, op) {
  let out = responsesMemo.get(op);
  if (out !== undefined) return out;
  out = [];
  const rs = op.operation.responses;
  if (isObject(rs)) {
    for (const code of Object.keys(rs)) {
      if (code.startsWith('x-')) continue;
      const { value, path } = deref(root, rs[code], [...op.path, 'responses', code]);
      if (isObject(value)) out.push({ code, response: value, path: path ?? [...op.path, 'responses', code] });
    }
  }
  responsesMemo.set(op, out);
  return out;
}

/** The request body of an operation, ref followed: { body, path } or undefined. @param {Json} root @param {{ operation: JsonObject, path: Path }} op @returns {{ body: JsonObject, path: Path } | undefined} */
export function requestBodyOf(root, op) {
  const { value, path } = deref(root, op.operation.requestBody, [...op.path, 'requestBody']);
  return isObject(value) ? { body: value, path: path ?? [...op.path, 'requestBody'] } : undefined;
}

/**
 * Walks a schema and its subschemas (properties, items, additionalProperties, allOf/anyOf/oneOf,
 * not, prefixItems, patternProperties), following local refs once each. `visit(schema, path, info)`
 * may return false to stop descending. Bounded by `maxNodes`.
 * @param {Json} root @param {Json} schema @param {Path} path
 * @param {(schema: JsonObject, path: Path, info: { depth: number, viaRef: boolean }) => unknown} visit
 */
export function walkSchema(root, schema, path, visit, maxNodes = 20000) {
  const seen = new Set();
  const stack = [[schema, path, 0]];
  let n = 0;
  while (stack.length > 0 && n++ < maxNodes) {
    // index reads, not `[raw, p, depth] =`: array destructuring steps an iterator
    // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
    const frame = /** @type {Json[]} */ (stack.pop());
    const raw = frame[0];
    const p = frame[1];
    const depth = frame[2];
    const { value: s, path: sp } = deref(root, raw, p);
    if (!isObject(s) || seen.has(s)) continue;
    seen.add(s);
    const where = sp ?? p;
    if (visit(s, where, { depth, viaRef: isObject(raw) && typeof raw.$ref === 'string' }) === false) continue;
    if (isObject(s.properties)) {
      const keys = Object.keys(s.properties);
      for (let i = 0; i < keys.length; i++) stack.push([s.properties[keys[i]], [...where, 'properties', keys[i]], depth + 1]);
    }
    if (isObject(s.patternProperties)) {
      const keys = Object.keys(s.patternProperties);
      for (let i = 0; i < keys.length; i++) stack.push([s.patternProperties[keys[i]], [...where, 'patternProperties', keys[i]], depth + 1]);
    }
    if (isObject(s.items)) stack.push([s.items, [...where, 'items'], depth + 1]);
    if (Array.isArray(s.prefixItems)) s.prefixItems.forEach((/** @type {Json} */ x, /** @type {number} */ i) => stack.push([x, [...where, 'prefixItems', String(i)], depth + 1]));
    if (isObject(s.additionalProperties)) stack.push([s.additionalProperties, [...where, 'additionalProperties'], depth + 1]);
    for (const k of COMPOSITIONS) {
      if (Array.isArray(s[k])) s[k].forEach((x, i) => stack.push([x, [...where, k, String(i)], depth + 1]));
    }
    if (isObject(s.not)) stack.push([s.not, [...where, 'not'], depth + 1]);
  }
}

/** Schema types as a list (3.1 type arrays and 3.0 single types). @param {Json} schema @returns {string[]} */
export function typesOf(schema) {
  if (!isObject(schema)) return [];
  if (Array.isArray(schema.type)) return schema.type.filter((/** @type {Json} */ t) => typeof t === 'string');
  return typeof schema.type === 'string' ? [schema.type] : [];
}

export { METHODS };

/**
 * Words of an identifier, the one splitter of every rule: separators and case changes
 * (`userIDNumber` → user, ID, Number; `date_of_birth`, `Date-Of-Birth` → date, of, birth).
 * @param {unknown} name
 * @returns {string[]}
 */
export function splitWords(name) {
  if (typeof name !== 'string') return [];
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0);
}

/**
 * The words of `splitWords`, in lower case.
 * @param {unknown} name
 * @returns {string[]}
 */
export function lowerWords(name) {
  return splitWords(name).map((w) => w.toLowerCase());
}

/**
 * True when an `x-apictl-ignore` with a reason names `rule` on the node at `path` or on one of
 * its ancestors: the author accepted what the rule says there. Rules that report one finding for
 * many nodes (an API-wide convention) read it to count only the nodes not ignored; everything
 * else is suppressed after the run (src/lint/ignore.ts), which this mirrors.
 * @param {Json} root @param {Path} path @param {unknown} rule
 */
export function ignoredByAuthor(root, path, rule) {
  if (typeof rule !== 'string') return false;
  let cur = root;
  for (let i = 0; ; i++) {
    if (isObject(cur) && Object.hasOwn(cur, 'x-apictl-ignore')) {
      const v = cur['x-apictl-ignore'];
      const reason = isObject(v) ? v[rule] : Array.isArray(v) ? v.find((e) => isObject(e) && e.rule === rule)?.reason : undefined;
      if (typeof reason === 'string' && reason.trim() !== '') return true;
    }
    if (i === path.length || cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, path[i])) return false;
    cur = cur[path[i]];
  }
}

/**
 * A reporter that adds each (message, path) to `results` once: rules that reach a schema from
 * several places report it where it is defined, a single time.
 * @param {Array<{ message: string, path: Array<string | number> }>} results
 */
export function onceReporter(results) {
  const done = new Set();
  /** @param {string} message @param {Array<string | number>} path */
  return (message, path) => {
    const key = `${path.join('/')}\u0000${message}`;
    if (done.has(key)) return;
    done.add(key);
    results.push({ message, path });
  };
}
