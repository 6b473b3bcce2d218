// @ts-check
// Server Objects and their URL templates. Two lists with different scopes: allServers, the servers
// of what the API serves (root, paths' path items, their operations) for the security rules, and
// serverObjects, every Server Object written anywhere (webhooks, callbacks and links too) for the
// compliance rules that check how a server is written. Pure, never throw.

import { allOperations } from './compliance.js';
import { linkObjects } from './links.js';
import { cached, deref, isObject, operations } from './doc.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').JsonObject} JsonObject */
/** @typedef {import('./types.js').Path} Path */

/** Every Server Object: root, path items and operations. [{ server, path (of the server), url }]. @param {Json} root */
export function allServers(root) {
  return cached(root, 'servers:all', () => {
    /** @type {{ server: JsonObject, path: Path, url: string }[]} */
    const out = [];
    /** @param {Json} list @param {Path} base */
    const add = (list, base) => {
      if (!Array.isArray(list)) return;
      list.forEach((s, i) => {
        if (isObject(s) && typeof s.url === 'string') out.push({ server: s, path: [...base, 'servers', String(i)], url: s.url });
      });
    };
    if (!isObject(root)) return out;
    add(root.servers, []);
    if (isObject(root.paths)) {
      for (const key of Object.keys(root.paths)) {
        const { value, path } = deref(root, root.paths[key], ['paths', key]);
        if (isObject(value) && path) add(value.servers, path);
      }
    }
    for (const op of operations(root)) if (!op.isWebhook) add(op.operation.servers, op.path);
    return out;
  });
}

/**
 * The concrete URLs a templated server URL can stand for: each `{var}` replaced by its default and
 * by each enum value (at most `limit` combinations). Unknown variables stay as written.
 * [{ url, choices: { var: value } }].
 * @param {JsonObject} server (its `url` a string)
 */
export function expandServer(server, limit = 32) {
  const url = server.url;
  const names = [...url.matchAll(/\{([^}]+)\}/g)].map((/** @type {RegExpExecArray} */ m) => m[1]);
  /** @type {{ url: string, choices: Record<string, string> }[]} */
  let combos = [{ url, choices: {} }];
  const vars = isObject(server.variables) ? server.variables : {};
  for (const name of [...new Set(names)]) {
    const v = isObject(vars[name]) ? vars[name] : undefined;
    if (!v) continue;
    /** @type {string[]} */
    const values = [];
    if (typeof v.default === 'string') values.push(v.default);
    if (Array.isArray(v.enum)) for (const e of v.enum) if (typeof e === 'string' && !values.includes(e)) values.push(e);
    if (values.length === 0) continue;
    /** @type {{ url: string, choices: Record<string, string> }[]} */
    const next = [];
    for (const c of combos) for (const val of values) if (next.length < limit) next.push({ url: c.url.split(`{${name}}`).join(val), choices: { ...c.choices, [name]: val } });
    combos = next;
  }
  return combos;
}

/** Scheme and host of an absolute URL (`scheme://[userinfo@]host[:port]…`), lower case; undefined otherwise. @param {string} url */
export function urlParts(url) {
  const m = /^([a-z][a-z0-9+.-]*):\/\/(?:([^@/?#]*)@)?(\[[^\]]*\]|[^:/?#]*)(?::(\d*))?([^?#]*)(\?[^#]*)?/i.exec(url);
  if (!m) return undefined;
  return { scheme: m[1].toLowerCase(), userinfo: m[2], host: m[3].toLowerCase(), port: m[4], path: m[5], query: m[6] };
}

/**
 * Every Server Object of the document with its path: root, path items (paths, webhooks,
 * components.pathItems), operations (callbacks included) and links.
 * @param {Json} root
 */
export function serverObjects(root) {
  return cached(root, 'compliance:servers', () => {
    /** @type {{ server: JsonObject, path: Path }[]} */
    const out = [];
    if (!isObject(root)) return out;
    const seen = new Set();
    /** @param {Json} servers @param {Path} p */
    const list = (servers, p) => {
      if (!Array.isArray(servers)) return;
      servers.forEach((s, i) => {
        if (isObject(s) && !seen.has(s)) {
          seen.add(s);
          out.push({ server: s, path: [...p, String(i)] });
        }
      });
    };
    list(root.servers, ['servers']);
    const items = new Set();
    for (const op of allOperations(root)) {
      const itemPath = op.path.slice(0, op.path[op.path.length - 2] === 'additionalOperations' ? -2 : -1);
      if (!items.has(op.pathItem)) {
        items.add(op.pathItem);
        list(op.pathItem.servers, [...itemPath, 'servers']);
      }
      list(op.operation.servers, [...op.path, 'servers']);
    }
    for (const l of linkObjects(root)) {
      if (isObject(l.link.server) && !seen.has(l.link.server)) {
        seen.add(l.link.server);
        out.push({ server: l.link.server, path: [...l.path, 'server'] });
      }
    }
    return out;
  });
}

/** A `{name}` of a server URL template (global: for matchAll and replace). */
export const SERVER_VARIABLE = /\{([^{}]*)\}/g;

/** The variable names of a server URL template, in order, repeats kept. @param {string} url */
export function serverVariablesIn(url) {
  return [...url.matchAll(SERVER_VARIABLE)].map((m) => m[1]);
}
