// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { pathSegments } from './lib/paths.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {{ lit: Map<string, TrieNode>, tpl: TrieNode | undefined, ends: number[], first: number }} TrieNode */

/**
 * Two paths are ambiguous when a request URL could match both and neither is more specific: each
 * has a literal segment where the other has a template (`/{entity}/me` and `/books/{id}`). OpenAPI
 * matches concrete paths before templated ones only when one is more specific everywhere
 * (`/users/me` before `/users/{id}` is fine), or when a declared path covers exactly the URLs
 * both match. Paths that differ only in parameter names are reported by validation
 * (equivalent-paths), not here.
 */
export default createRulesetFunction({ input: null, options: null }, function stylePathAmbiguity(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  if (!isObject(root) || !isObject(root.paths)) return [];
  /** @type {Map<number, { key: string, segs: (string | null)[] }[]>} */
  const byLength = new Map();
  const shapes = new Set();
  for (const key of Object.keys(root.paths)) {
    if (!key.startsWith('/')) continue;
    // Mixed segments (`{id}.json`) match like literals of their own: treat them as literals.
    const segs = pathSegments(key.replace(/\/+$/, '')).map((s) => (s.template ? null : s.text));
    shapes.add(segs.map((x) => x ?? '{}').join('/'));
    const list = byLength.get(segs.length) ?? [];
    list.push({ key, segs });
    byLength.set(segs.length, list);
  }
  const found = [];
  let group = 0;
  for (const list of byLength.values()) {
    group++;
    // Only paths that have templates can be ambiguous with each other.
    const templated = list.filter((p) => p.segs.includes(null));
    // A trie of the templated paths (literal children by text, one child for templates), each node
    // knowing the first path below it: a path meets only the paths it can overlap with, earliest
    // first, and stops at the first that makes it ambiguous (a path is reported once, with the
    // first path it is ambiguous with). Comparing every pair is far too slow on many paths.
    const trie = newNode(0);
    templated.forEach((p, index) => {
      let node = trie;
      for (const seg of p.segs) {
        let next = seg === null ? node.tpl : node.lit.get(seg);
        if (next === undefined) {
          next = newNode(index);
          if (seg === null) node.tpl = next;
          else node.lit.set(seg, next);
        }
        node = next;
      }
      node.ends.push(index);
    });
    for (let j = 1; j < templated.length; j++) {
      const b = templated[j];
      const i = firstAmbiguous(trie, b.segs, 0, false, false, j, (i) => {
        // A declared path for exactly the URLs both match (`/users/me` for `/users/{id}` and
        // `/{entity}/me`) is more specific than either and settles the match.
        const a = templated[i];
        return !shapes.has(a.segs.map((x, k) => x ?? b.segs[k] ?? '{}').join('/'));
      });
      if (i !== undefined) found.push({ group, i, j, a: templated[i], b });
    }
  }
  // by path length as first seen, then the earlier path, then the later one (as a pairwise scan reports them)
  found.sort((x, y) => x.group - y.group || x.i - y.i || x.j - y.j);
  const results = found.map(({ a, b }) => ({ message: `Path ${b.key} is ambiguous with ${a.key}: a request can match both and neither is more specific.`, path: ['paths', b.key] }));
  return results;
});

/**
 * A trie node; `first` is the index of the first path that reached it (the smallest below it).
 * @param {number} first
 * @returns {TrieNode}
 */
function newNode(first) {
  return { lit: new Map(), tpl: undefined, ends: [], first };
}

/**
 * The smallest index below `limit` of a path in `node`'s subtree that overlaps `segs` (from
 * position k) with each side more specific somewhere (`earlier`/`later`: the earlier path has a
 * literal where the later has a template, and the reverse) and passes `accept`; undefined if none.
 * Subtrees whose first path is not below the best found so far are not entered.
 * @param {TrieNode} node @param {(string | null)[]} segs @param {number} k @param {boolean} earlier @param {boolean} later @param {number} limit
 * @param {(i: number) => boolean} accept @returns {number | undefined}
 */
function firstAmbiguous(node, segs, k, earlier, later, limit, accept) {
  if (node.first >= limit) return undefined;
  if (k === segs.length) {
    if (!earlier || !later) return undefined;
    for (const i of node.ends) if (i < limit && accept(i)) return i;
    return undefined;
  }
  let best = limit;
  /** @param {TrieNode | undefined} child @param {boolean} e @param {boolean} l */
  const visit = (child, e, l) => {
    if (child === undefined || child.first >= best) return;
    const i = firstAmbiguous(child, segs, k + 1, e, l, best, accept);
    if (i !== undefined && i < best) best = i;
  };
  const y = segs[k];
  if (y !== null) {
    visit(node.lit.get(y), earlier, later);
    visit(node.tpl, earlier, true);
  } else {
    visit(node.tpl, earlier, later);
    // insertion order is the order of their first paths: stop once none can beat the best
    for (const child of node.lit.values()) {
      if (child.first >= best) break;
      visit(child, true, later);
    }
  }
  return best < limit ? best : undefined;
}
