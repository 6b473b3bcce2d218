// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, pathOperations, rootOf } from './lib/doc.js';
import { opLabel } from './lib/secperf.js';
import { responseSchemaRoots } from './lib/schema-trees.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Response schemas nest at most `max` object levels (default 6). A level is an object with
 * properties or additionalProperties; arrays and allOf/anyOf/oneOf add none. Recursive schemas are
 * followed until they repeat. anyOf/oneOf alternatives that offer a scalar (an id) next to an
 * object are expandable references and are not counted as embedded. Reported once per response schema definition, with the deepest chain.
 */
export default createRulesetFunction(
  { input: null, options: { type: ['object', 'null'], additionalProperties: false, properties: { max: { type: 'integer', minimum: 1 } } } },
  /** @param {Json} _input @param {{ max?: number } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function responseDepth(_input, opts, context) {
    const root = rootOf(context);
    const max = opts?.max ?? 6;
    const memo = new Map();
    const onStack = new Set();
    let budget = 200000;
    // Deepest object chain below a schema: { depth, chain: [property names] }.
    let level = 0;
    /** @param {Json} raw @param {Path} path @returns {{ depth: number, chain: string[] }} */
    const depthOf = (raw, path) => {
      const { value: s } = deref(root, raw, path);
      // Bounded: total work, and recursion depth (long $ref chains).
      if (!isObject(s) || budget-- <= 0 || level > 400) return { depth: 0, chain: [] };
      if (memo.has(s)) return memo.get(s);
      if (onStack.has(s)) return { depth: 0, chain: [] };
      onStack.add(s);
      level++;
      /** @type {{ depth: number, chain: string[] }} */
      let best = { depth: 0, chain: [] };
      /** @param {Json} child @param {string | undefined} name */
      const consider = (child, name) => {
        const d = depthOf(child, []);
        if (d.depth > best.depth) best = { depth: d.depth, chain: name === undefined ? d.chain : [name, ...d.chain] };
      };
      // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
      if (isObject(s.properties)) {
        const keys = Object.keys(s.properties);
        for (let i = 0; i < keys.length; i++) consider(s.properties[keys[i]], keys[i]);
      }
      if (isObject(s.additionalProperties)) consider(s.additionalProperties, '*');
      if (isObject(s.items)) consider(s.items, '[]');
      if (Array.isArray(s.allOf)) for (let i = 0; i < s.allOf.length; i++) consider(s.allOf[i], undefined);
      for (const k of ['anyOf', 'oneOf']) {
        if (!Array.isArray(s[k])) continue;
        // `anyOf: [id string, Object]` is an expandable reference: by default only the id is sent.
        const expandable = s[k].some((x) => isScalar(deref(root, x, []).value));
        if (!expandable) for (const x of s[k]) consider(x, undefined);
      }
      const result = { depth: best.depth + (isObject(s.properties) || isObject(s.additionalProperties) ? 1 : 0), chain: best.chain };
      onStack.delete(s);
      level--;
      memo.set(s, result);
      return result;
    };
    const results = [];
    const seen = new Set();
    for (const op of pathOperations(root)) {
      for (const entry of responseSchemaRoots(root, op)) {
        const { value, path } = deref(root, entry.schema, entry.path);
        if (!isObject(value) || seen.has(value)) continue;
        seen.add(value);
        const d = depthOf(entry.schema, entry.path);
        if (d.depth <= max) continue;
        results.push({
          message: `${opLabel(op)} ${entry.code} response nests ${d.depth} object levels (max ${max}), e.g. ${shortChain(d.chain)}: consider links, expansion parameters or flatter resources.`,
          path: path ?? entry.path,
        });
      }
    }
    return results;
  },
);

/** @param {Json} s @returns {boolean} */
function isScalar(s) {
  if (!isObject(s)) return false;
  /** @type {unknown[]} */
  const t = Array.isArray(s.type) ? s.type : [s.type];
  return t.length > 0 && t.every((x) => x === 'string' || x === 'integer' || x === 'number' || x === 'null') && !isObject(s.properties);
}

/** @param {string[]} chain @returns {string} */
function shortChain(chain) {
  const names = chain.filter((x) => x !== '[]');
  return names.length > 10 ? `${names.slice(0, 10).join('.')}.…` : names.join('.');
}
