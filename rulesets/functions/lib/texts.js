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
  // Parallel stacks (node, its keys, the next key's index) instead of one frame object per node.
  const nodes = [root];
  const keyLists = [Object.keys(root)];
  const next = [0];
  let top = 0;
  let n = 0;
  while (top >= 0 && n++ < maxNodes) {
    const keys = keyLists[top];
    const i = next[top];
    if (i >= keys.length) {
      nodes.pop();
      keyLists.pop();
      next.pop();
      top--;
      path.pop();
      continue;
    }
    next[top] = i + 1;
    const k = keys[i];
    const v = nodes[top][k];
    if (typeof v === 'string') {
      if (KEYS.has(k) && test(v)) out.push({ key: k, text: v, path: [...path, k] });
    } else if (v !== null && typeof v === 'object' && !SKIP.has(k)) {
      path.push(k);
      nodes.push(v);
      keyLists.push(Object.keys(v));
      next.push(0);
      top++;
    }
  }
  return out;
}
