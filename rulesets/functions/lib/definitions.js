// @ts-check
// Every parameter, response, response header, request body and media type of a document, once,
// at the place it is written (a component used by ten operations is one entry listing the ten).

import { cached, deref, isObject, operations } from './doc.js';
import { pathKey } from './style.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').JsonObject} JsonObject */
/** @typedef {import('./types.js').Path} Path */
/** @typedef {import('./doc.js').Operation} Operation */
/** @typedef {{ code: string | undefined, response: JsonObject, path: Path, ops: Operation[], codes: Set<string> }} ResponseDef */
/**
 * @typedef {{ kind: 'request' | 'response', mediaType: string, media: JsonObject, path: Path, contentPath: Path, codes: string[],
 *   ops: Operation[] }} MediaTypeDef
 */

/** @template {{ path: Path }} E @param {E[]} list @param {Set<string>} seen @param {E} entry */
function addUnique(list, seen, entry) {
  const k = pathKey(entry.path);
  if (seen.has(k)) return;
  seen.add(k);
  list.push(entry);
}

/** Path of the parameter list holder of an operation's path item. @param {Operation} op */
function pathItemPathOf(op) {
  const p = op.path;
  return p[p.length - 2] === 'additionalOperations' ? p.slice(0, -2) : p.slice(0, -1);
}

/**
 * Every parameter definition (components, path items, operations; refs followed), once each:
 * [{ param, path }] where `path` is where the parameter object is written.
 * @param {Json} root
 */
export function allParameters(root) {
  return cached(root, 'style:parameters', () => {
    /** @type {{ param: JsonObject, path: Path }[]} */
    const out = [];
    /** @type {Set<string>} */
    const seen = new Set();
    /** @param {Json} list @param {Path} base */
    const addList = (list, base) => {
      if (!Array.isArray(list)) return;
      list.forEach((p, i) => {
        const { value, path } = deref(root, p, [...base, 'parameters', String(i)]);
        if (isObject(value) && path) addUnique(out, seen, { param: value, path });
      });
    };
    const comps = isObject(root) && isObject(root.components) && isObject(root.components.parameters) ? root.components.parameters : undefined;
    if (comps) {
      for (const k of Object.keys(comps)) {
        const { value, path } = deref(root, comps[k], ['components', 'parameters', k]);
        if (isObject(value) && path) addUnique(out, seen, { param: value, path });
      }
    }
    const items = new Set();
    for (const op of operations(root)) {
      const ip = pathItemPathOf(op);
      const ik = pathKey(ip);
      if (!items.has(ik)) {
        items.add(ik);
        addList(op.pathItem.parameters, ip);
      }
      addList(op.operation.parameters, op.path);
    }
    return out;
  });
}

/**
 * Every response definition (components.responses and each operation's responses, refs followed),
 * once each: [{ code, response, path, ops: [op...] }]. `code` is the status key where it is used
 * (undefined for an unused component).
 * @param {Json} root @returns {ResponseDef[]}
 */
export function allResponses(root) {
  return cached(root, 'style:responses', () => {
    /** @type {Map<string, ResponseDef>} */
    const byPath = new Map();
    /** @param {string | undefined} code @param {Json} raw @param {Path} base @param {Operation | undefined} op */
    const add = (code, raw, base, op) => {
      const { value, path } = deref(root, raw, base);
      if (!isObject(value) || !path) return;
      const k = pathKey(path);
      let e = byPath.get(k);
      if (!e) {
        e = { code, response: value, path, ops: [], codes: new Set() };
        byPath.set(k, e);
      }
      if (code !== undefined) {
        e.codes.add(code);
        if (e.code === undefined) e.code = code;
      }
      if (op) e.ops.push(op);
    };
    for (const op of operations(root)) {
      const rs = op.operation.responses;
      if (!isObject(rs)) continue;
      for (const code of Object.keys(rs)) add(code, rs[code], [...op.path, 'responses', code], op);
    }
    const comps = isObject(root) && isObject(root.components) && isObject(root.components.responses) ? root.components.responses : undefined;
    if (comps) for (const k of Object.keys(comps)) add(undefined, comps[k], ['components', 'responses', k], undefined);
    return [...byPath.values()];
  });
}

/**
 * Every response header definition, once each: [{ name, header, path }] (components.headers,
 * and the headers of every response; refs followed; `path` is where the header object is written).
 * @param {Json} root
 */
export function allResponseHeaders(root) {
  return cached(root, 'style:responseHeaders', () => {
    /** @type {{ name: string, header: JsonObject, path: Path, keyPath: Path }[]} */
    const out = [];
    /** @type {Set<string>} */
    const seen = new Set();
    /** @param {Json} map @param {Path} base */
    const addMap = (map, base) => {
      if (!isObject(map)) return;
      for (const name of Object.keys(map)) {
        const { value, path } = deref(root, map[name], [...base, name]);
        if (!isObject(value) || !path) continue;
        // A shared header component is reported once, under the name it is used with first.
        addUnique(out, seen, { name, header: value, path, keyPath: [...base, name] });
      }
    };
    for (const r of allResponses(root)) addMap(r.response.headers, [...r.path, 'headers']);
    const comps = isObject(root) && isObject(root.components) && isObject(root.components.headers) ? root.components.headers : undefined;
    if (comps) addMap(comps, ['components', 'headers']);
    return out;
  });
}

/**
 * Every request body definition used by an operation (refs followed), once each:
 * [{ body, path, ops }].
 * @param {Json} root
 */
export function allRequestBodies(root) {
  return cached(root, 'style:requestBodies', () => {
    /** @type {Map<string, { body: JsonObject, path: Path, ops: Operation[] }>} */
    const byPath = new Map();
    for (const op of operations(root)) {
      if (op.operation.requestBody === undefined) continue;
      const { value, path } = deref(root, op.operation.requestBody, [...op.path, 'requestBody']);
      if (!isObject(value) || !path) continue;
      const k = pathKey(path);
      /** @type {{ body: JsonObject, path: Path, ops: Operation[] }} */
      const e = byPath.get(k) ?? { body: value, path, ops: [] };
      e.ops.push(op);
      byPath.set(k, e);
    }
    return [...byPath.values()];
  });
}

/**
 * Every media type of every request body and response, once each:
 * [{ kind: 'request' | 'response', mediaType, media, path (of the media type object), contentPath, codes, ops }].
 * @param {Json} root
 */
export function allMediaTypes(root) {
  return cached(root, 'style:mediaTypes', () => {
    /** @type {MediaTypeDef[]} */
    const out = [];
    /** @param {'request' | 'response'} kind @param {JsonObject} holder @param {Path} base @param {string[]} codes @param {Operation[]} ops */
    const add = (kind, holder, base, codes, ops) => {
      if (!isObject(holder.content)) return;
      for (const mt of Object.keys(holder.content)) {
        const media = holder.content[mt];
        out.push({ kind, mediaType: mt, media: isObject(media) ? media : {}, path: [...base, 'content', mt], contentPath: [...base, 'content'], codes, ops });
      }
    };
    for (const b of allRequestBodies(root)) add('request', b.body, b.path, [], b.ops);
    for (const r of allResponses(root)) add('response', r.response, r.path, [...r.codes], r.ops);
    return out;
  });
}

/** Is a media type JSON (application/json, any +json, or a json parameterised type)? @param {unknown} mt */
export function isJsonMediaType(mt) {
  const base = String(mt).split(';')[0].trim().toLowerCase();
  return base === 'application/json' || base.endsWith('+json');
}

/** Is a status key an error (4xx, 5xx, 4XX, 5XX or default)? @param {unknown} code */
export function isErrorCode(code) {
  return /^[45](\d\d|XX)$/i.test(String(code)) || code === 'default';
}
