import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { pathSegments } from './lib/style.js';

/**
 * Two paths are ambiguous when a request URL could match both and neither is more specific: each
 * has a literal segment where the other has a template (`/{entity}/me` and `/books/{id}`). OpenAPI
 * matches concrete paths before templated ones only when one is more specific everywhere
 * (`/users/me` before `/users/{id}` is fine), or when a declared path covers exactly the URLs
 * both match. Paths that differ only in parameter names are reported by validation
 * (equivalent-paths), not here.
 */
export default createRulesetFunction({ input: null, options: null }, function stylePathAmbiguity(_input, _options, context) {
  const root = rootOf(context);
  if (!isObject(root) || !isObject(root.paths)) return [];
  const byLength = new Map();
  const shapes = new Set();
  for (let keyI = 0, keyList = Object.keys(root.paths); keyI < keyList.length; keyI++) {
    const key = keyList[keyI];
    if (!key.startsWith('/')) continue;
    // Mixed segments (`{id}.json`) match like literals of their own: treat them as literals.
    const segs = pathSegments(key.replace(/\/+$/, '')).map((s) => (s.template ? null : s.text));
    shapes.add(segs.map((x) => x ?? '{}').join('/'));
    const list = byLength.get(segs.length) ?? [];
    list.push({ key, segs });
    byLength.set(segs.length, list);
  }
  const results = [];
  const reported = new Set();
  for (const list of byLength.values()) {
    // Only paths that have templates can be ambiguous with each other; bucket by the first literal too.
    const templated = list.filter((p) => p.segs.includes(null));
    for (let i = 0; i < templated.length; i++) {
      const a = templated[i];
      for (let j = i + 1; j < templated.length; j++) {
        const b = templated[j];
        let aMoreSpecific = false;
        let bMoreSpecific = false;
        let overlap = true;
        for (let k = 0; k < a.segs.length && overlap; k++) {
          const x = a.segs[k];
          const y = b.segs[k];
          if (x !== null && y !== null) overlap = x === y;
          else if (x !== null) aMoreSpecific = true;
          else if (y !== null) bMoreSpecific = true;
        }
        if (!overlap || !aMoreSpecific || !bMoreSpecific || reported.has(b.key)) continue;
        // A declared path for exactly the URLs both match (`/users/me` for `/users/{id}` and
        // `/{entity}/me`) is more specific than either and settles the match.
        const meet = a.segs.map((x, k) => x ?? b.segs[k] ?? '{}').join('/');
        if (shapes.has(meet)) continue;
        reported.add(b.key);
        results.push({ message: `Path ${b.key} is ambiguous with ${a.key}: a request can match both and neither is more specific.`, path: ['paths', b.key] });
      }
    }
  }
  return results;
});
