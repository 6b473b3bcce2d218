// Prose fields of a document (owner: security/performance). One bounded iterative walk.

const KEYS = new Set(['description', 'summary', 'title']);
const SKIP = new Set(['example', 'examples', 'x-examples', 'default', 'enum', 'const']);

/**
 * Strings under a `description`, `summary` or `title` key anywhere in the document as written
 * (example, default, enum and const values skipped) for which `test(text)` is truthy:
 * [{ key, text, path }]. Paths are built only for matches. Bounded by `maxNodes`.
 */
export function findTexts(root, test, maxNodes = 3000000) {
  const out = [];
  if (root === null || typeof root !== 'object') return out;
  const path = [];
  const stack = [{ node: root, keys: Object.keys(root), i: 0 }];
  let n = 0;
  while (stack.length > 0 && n++ < maxNodes) {
    const f = stack[stack.length - 1];
    if (f.i >= f.keys.length) {
      stack.pop();
      path.pop();
      continue;
    }
    const k = f.keys[f.i++];
    const v = f.node[k];
    if (typeof v === 'string') {
      if (KEYS.has(k) && test(v)) out.push({ key: k, text: v, path: [...path, k] });
    } else if (v !== null && typeof v === 'object' && !SKIP.has(k)) {
      path.push(k);
      stack.push({ node: v, keys: Object.keys(v), i: 0 });
    }
  }
  return out;
}
