// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, pathOperations, rootOf } from './lib/doc.js';
import { hasEnumOrConst, kindsOf, opLabel } from './lib/secperf.js';
import { isBinaryString } from './lib/limits.js';
import { isLengthBoundingPattern } from './lib/patterns.js';
import { responseSchemaRoots } from './lib/schema-trees.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const COMPOSITIONS = ['allOf', 'anyOf', 'oneOf'];

const BOUNDED_FORMATS = ['date', 'date-time', 'time', 'uuid', 'email', 'idn-email', 'ipv4', 'ipv6', 'duration'];
/** No unbounded string below (shared: results are only read). */
const NONE = Object.freeze({ count: 0, example: undefined });

/**
 * Success response schemas bound their strings: each string reachable from the response (writeOnly
 * parts skipped) declares maxLength, or is bounded by enum/const, a bounded format (option
 * boundedFormats) or an anchored pattern without unbounded quantifiers. One finding per response
 * schema definition, naming the first unbounded string.
 */
export default createRulesetFunction(
  { input: null, options: { type: ['object', 'null'], additionalProperties: false, properties: { boundedFormats: { type: 'array', items: { type: 'string' } } } } },
  /** @param {Json} _input @param {{ boundedFormats?: string[] } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function responseStrings(_input, opts, context) {
    const root = rootOf(context);
    const formats = new Set(opts?.boundedFormats ?? BOUNDED_FORMATS);
    const memo = new Map();
    const onStack = new Set();
    let budget = 300000;
    let level = 0;
    // Unbounded strings below a schema: { count, example: [names] }; counted once per schema object.
    /** @param {Json} raw @returns {{ count: number, example: string[] | undefined }} */
    const scan = (raw) => {
      const s = isObject(raw) && typeof raw.$ref === 'string' ? deref(root, raw, undefined).value : raw;
      if (!isObject(s) || budget-- <= 0 || level > 400 || s.writeOnly === true) return NONE;
      const known = memo.get(s);
      if (known !== undefined) return known;
      if (onStack.has(s)) return NONE;
      onStack.add(s);
      level++;
      let count = 0;
      /** @type {string[] | undefined} */
      let example;
      const kinds = kindsOf(s);
      if (
        kinds.includes('string') &&
        !isBinaryString(s) &&
        typeof s.maxLength !== 'number' &&
        !hasEnumOrConst(s) &&
        !(typeof s.format === 'string' && formats.has(s.format)) &&
        !isLengthBoundingPattern(s.pattern)
      ) {
        count++;
        example = [];
      }
      /** @param {Json} child @param {string | undefined} name */
      const add = (child, name) => {
        const r = scan(child);
        count += r.count;
        if (r.example === undefined) return;
        // The shallowest unbounded string makes the clearest example.
        if (example === undefined || r.example.length + (name === undefined ? 0 : 1) < example.length) example = name === undefined ? r.example : [name, ...r.example];
      };
      // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
      if (isObject(s.properties)) {
        const keys = Object.keys(s.properties);
        for (let i = 0; i < keys.length; i++) add(s.properties[keys[i]], keys[i]);
      }
      if (isObject(s.additionalProperties)) add(s.additionalProperties, '*');
      if (isObject(s.items)) add(s.items, undefined);
      for (let j = 0; j < COMPOSITIONS.length; j++) {
        const list = s[COMPOSITIONS[j]];
        if (Array.isArray(list)) for (let i = 0; i < list.length; i++) add(list[i], undefined);
      }
      onStack.delete(s);
      level--;
      const result = { count, example };
      memo.set(s, result);
      return result;
    };
    const results = [];
    const seen = new Set();
    for (const op of pathOperations(root)) {
      for (const entry of responseSchemaRoots(root, op)) {
        if (entry.code[0] !== '2') continue;
        const { value, path } = deref(root, entry.schema, entry.path);
        if (!isObject(value) || seen.has(value)) continue;
        seen.add(value);
        const r = scan(entry.schema);
        if (r.count === 0) continue;
        const where = r.example?.length ? `'${r.example.join('.')}'` : 'the body';
        results.push({
          message: `${opLabel(op)} ${entry.code} response has strings without maxLength (first: ${where}): its size has no documented bound.`,
          path: path ?? entry.path,
        });
      }
    }
    return results;
  },
);
