// @ts-check
// Prose fields of a document (owner: security/performance). One bounded iterative walk.

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').Path} Path */

const KEYS = new Set(['description', 'summary', 'title']);
const SKIP = new Set(['example', 'examples', 'x-examples', 'default', 'enum', 'const']);

/**
 * Whether the keys of the node at `path` name children rather than keywords, so that a key such
 * as `default` or `example` there is a response code or a property name, not a data value: a
 * Responses Object (not a schema property called `responses`) and a schema's property maps.
 * @param {string[]} path
 */
function namesAChild(path) {
  const parent = path[path.length - 1];
  if (parent === 'properties' || parent === 'patternProperties') return true;
  return parent === 'responses' && path[path.length - 2] !== 'properties' && path[path.length - 2] !== 'patternProperties';
}

/**
 * Strings under a `description`, `summary` or `title` key anywhere in the document as written
 * (example, default, enum and const values skipped; a `default` response and properties named
 * so are not values) for which `test(text)` is truthy:
 * [{ key, text, path }]. Paths are built only for matches. Bounded by `maxNodes`.
 * @param {Json} root @param {(text: string) => unknown} test
 */
export function findTexts(root, test, maxNodes = 3000000) {
  /** @type {{ key: string, text: string, path: Path }[]} */
  const out = [];
  if (root === null || typeof root !== 'object') return out;
  /** @type {string[]} */
  const path = [];
  // Parallel stacks (node, its keys, the next key's index) instead of one frame object per node.
  // An array has no key list: its elements are read by index (Object.keys of an array makes a
  // string per element), and its keys are made only for the path.
  /** @param {Json} v @returns {string[] | null} */
  const keysOf = (v) => (Array.isArray(v) ? null : Object.keys(v));
  const nodes = [root];
  const keyLists = [keysOf(root)];
  const next = [0];
  let top = 0;
  let n = 0;
  while (top >= 0 && n++ < maxNodes) {
    const keys = keyLists[top];
    const node = nodes[top];
    const i = next[top];
    if (i >= (keys === null ? node.length : keys.length)) {
      nodes.pop();
      keyLists.pop();
      next.pop();
      top--;
      path.pop();
      continue;
    }
    next[top] = i + 1;
    const v = keys === null ? node[i] : node[keys[i]];
    if (typeof v === 'string') {
      if (keys !== null && KEYS.has(keys[i]) && test(v)) out.push({ key: keys[i], text: v, path: [...path, keys[i]] });
    } else if (v !== null && typeof v === 'object') {
      const k = keys === null ? String(i) : keys[i];
      if (SKIP.has(k) && !namesAChild(path)) continue;
      path.push(k);
      nodes.push(v);
      keyLists.push(keysOf(v));
      next.push(0);
      top++;
    }
  }
  return out;
}
