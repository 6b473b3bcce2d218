// @ts-check
// Where every `$ref` of a document points, and which components nothing references.

import { cached, isObject } from './doc.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').JsonObject} JsonObject */

const SCHEMA_CHILD = new Set(['items', 'not', 'additionalProperties', 'contains', 'propertyNames', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties', 'additionalItems']);
const SCHEMA_MAP_OR_LIST = new Set(['properties', 'patternProperties', 'allOf', 'anyOf', 'oneOf', 'prefixItems', 'dependentSchemas', '$defs', 'definitions']);
// Values that are data, not description: a `$ref` key in them is not a reference.
const DATA_KEYS = new Set(['example', 'default', 'enum', 'const']);
const SCHEMA = 1;
const SCHEMA_MAP = 2;
// A map whose keys are names the author chose (an example named `default`, a response `default`,
// a header named `example`), not keywords: no key of it is data or a schema keyword.
const NAMES = 3;
const NAME_MAPS = new Set(['paths', 'webhooks', 'responses', 'headers', 'content', 'links', 'callbacks', 'encoding']);
// The keys refIndex treats specially, each with its class (one lookup per key).
const K_DATA = 1;
const K_CHILD = 2;
const K_MAP_OR_LIST = 3;
const K_EXAMPLES = 4;
const K_VALUE = 5;
const K_SCHEMA = 6;
const K_SCHEMAS = 7;
const KEY_CLASS = new Map([
  ['examples', K_EXAMPLES],
  ['value', K_VALUE],
  ['schema', K_SCHEMA],
  ['schemas', K_SCHEMAS],
]);
for (const k of SCHEMA_CHILD) KEY_CLASS.set(k, K_CHILD);
for (const k of SCHEMA_MAP_OR_LIST) KEY_CLASS.set(k, K_MAP_OR_LIST);
for (const k of DATA_KEYS) KEY_CLASS.set(k, K_DATA);

/**
 * One walk over the whole (unresolved) document, cached: every `$ref` object with its path and
 * whether it stands where a schema is expected (`inSchema`), and the set of `$ref` strings used.
 * Example values, defaults, enums and extension values are data and are not entered. Bounded.
 * @param {Json} root
 */
export function refIndex(root, maxNodes = 2000000) {
  return cached(root, 'style:refs', () => {
    /** @type {{ node: JsonObject, path: string[], inSchema: boolean }[]} */
    const nodes = [];
    /** @type {Set<string>} */
    const targets = new Set();
    if (!isObject(root)) return { nodes, targets };
    // Iterative depth-first walk over one flat stack of (value, key, depth, kind, inExample)
    // entries written by index (no per-node allocation, no builtin call per push); `path` holds
    // the keys of the node being visited and is copied only for the `$ref` objects found.
    const st = [root, '', 0, 0, false];
    let sp = 5;
    /** @type {string[]} */
    const path = [];
    let n = 0;
    while (sp > 0 && n++ < maxNodes) {
      sp -= 5;
      const v = st[sp];
      const key = st[sp + 1];
      const depth = st[sp + 2];
      const kind = st[sp + 3];
      const inExample = st[sp + 4];
      path.length = depth > 0 ? depth - 1 : 0;
      if (depth > 0) path.push(key);
      const cd = depth + 1;
      if (Array.isArray(v)) {
        const ck = kind === SCHEMA_MAP ? SCHEMA : 0;
        for (let i = v.length - 1; i >= 0; i--) {
          const c = v[i];
          if (c === null || typeof c !== 'object') continue;
          st[sp] = c;
          st[sp + 1] = String(i);
          st[sp + 2] = cd;
          st[sp + 3] = ck;
          st[sp + 4] = false;
          sp += 5;
        }
        continue;
      }
      if (typeof v.$ref === 'string') {
        nodes.push({ node: v, path: path.slice(), inSchema: kind === SCHEMA });
        targets.add(v.$ref);
      }
      const atComponents = depth === 1 && key === 'components';
      const examplesMap = kind === NAMES && key === 'examples';
      // for…in with an own-property check: the keys of Object.keys, in the same order, without
      // a new array per object.
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue;
        const c = v[k];
        if (c === null || typeof c !== 'object') continue;
        let ck = 0;
        if (kind === SCHEMA_MAP)
          ck = SCHEMA; // keys are names here, not keywords
        else if (kind === NAMES) {
          if (k.charCodeAt(0) === 120 && k.charCodeAt(1) === 45) continue; // x-…: extension data
        } else {
          const cls = KEY_CLASS.get(k);
          if (cls === undefined) {
            if (k.charCodeAt(0) === 120 && k.charCodeAt(1) === 45) continue; // x-…: extension data
            if (kind === 0 && (atComponents || NAME_MAPS.has(k))) ck = NAMES;
          } else if (cls === K_DATA) {
            continue;
          } else if (kind === SCHEMA) {
            if (cls === K_EXAMPLES) continue; // 3.1: a list of example values
            if (cls === K_CHILD) ck = SCHEMA;
            else if (cls === K_MAP_OR_LIST) ck = SCHEMA_MAP;
          } else {
            if (inExample && cls === K_VALUE) continue; // an Example Object's value is data
            if (cls === K_SCHEMA) ck = SCHEMA;
            else if (cls === K_SCHEMAS && atComponents) ck = SCHEMA_MAP;
            else if (cls === K_EXAMPLES) ck = NAMES; // a map of named Example Objects
          }
        }
        st[sp] = c;
        st[sp + 1] = k;
        st[sp + 2] = cd;
        st[sp + 3] = ck;
        st[sp + 4] = examplesMap;
        sp += 5;
      }
    }
    return { nodes, targets };
  });
}
