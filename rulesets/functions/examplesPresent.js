// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, requestBodyOf, responsesOf, rootOf } from './lib/doc.js';
import { allOperations, operationLabel, codeMatches } from './lib/compliance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** @param {Json} s @returns {boolean} */
function hasOwnExample(s) {
  return isObject(s) && (s.example !== undefined || (Array.isArray(s.examples) && s.examples.length > 0));
}

const schemaMemo = new WeakMap();

/**
 * Whether documentation tools can show an example for a schema: an example on the schema or on a
 * subschema within `depth` levels (properties, items, allOf/anyOf/oneOf; refs followed) — tools
 * assemble an object's example from its properties' examples.
 * @param {Json} root @param {Json} raw @param {number} [depth] @returns {boolean}
 */
function schemaHasExample(root, raw, depth = 3) {
  const top = deref(root, raw, []).value;
  if (!isObject(top)) return false;
  if (schemaMemo.has(top)) return schemaMemo.get(top);
  const r = searchExample(root, top, depth);
  schemaMemo.set(top, r);
  return r;
}

/** @param {Json} root @param {Json} raw @param {number} depth @returns {boolean} */
function searchExample(root, raw, depth) {
  const seen = new Set();
  // A flat stack of (schema, depth) pairs.
  const stack = [raw, 0];
  while (stack.length > 0) {
    const d = stack.pop();
    const r = stack.pop();
    const s = isObject(r) && typeof r.$ref === 'string' ? deref(root, r, []).value : r;
    if (!isObject(s) || seen.has(s)) continue;
    seen.add(s);
    if (hasOwnExample(s)) return true;
    if (d >= depth) continue;
    const props = s.properties;
    if (isObject(props)) for (const k of Object.keys(props)) stack.push(props[k], d + 1);
    if (isObject(s.items)) stack.push(s.items, d + 1);
    pushAll(stack, s.allOf, d);
    pushAll(stack, s.anyOf, d);
    pushAll(stack, s.oneOf, d);
  }
  return false;
}

/** @param {Json[]} stack @param {Json} list @param {number} d */
function pushAll(stack, list, d) {
  if (Array.isArray(list)) for (const m of list) stack.push(m, d);
}

/** @param {Json} root @param {Json} mt @returns {boolean} */
function mediaTypeHasExample(root, mt) {
  if (!isObject(mt)) return true;
  if (mt.example !== undefined || (isObject(mt.examples) && Object.keys(mt.examples).length > 0)) return true;
  if (mt.schema === undefined) return true;
  return schemaHasExample(root, mt.schema);
}

/**
 * Operations illustrate their payloads: each request body and each success (`codes`, default
 * 2XX) response media type that has a schema gives an example — `example`/`examples` on the
 * media type, or on its schema or a subschema near its top (properties, items, compositions).
 * Reported once per operation, naming the media types without one.
 */
export default createRulesetFunction(
  {
    input: null,
    options: { type: 'object', additionalProperties: false, properties: { codes: { type: 'array', items: { type: 'string' } } } },
  },
  /** @param {Json} _input @param {{ codes?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function examplesPresent(_input, options, context) {
    const root = rootOf(context);
    const codes = options?.codes ?? ['2XX'];
    const results = [];
    for (const op of allOperations(root)) {
      const missing = [];
      const rb = requestBodyOf(root, op);
      if (rb && isObject(rb.body.content)) {
        for (const key of Object.keys(rb.body.content)) if (!mediaTypeHasExample(root, deref(root, rb.body.content[key], []).value)) missing.push(`request ${key}`);
      }
      for (const { code, response } of responsesOf(root, op)) {
        if (!codeMatches(code, codes) || !isObject(response.content)) continue;
        for (const key of Object.keys(response.content)) if (!mediaTypeHasExample(root, deref(root, response.content[key], []).value)) missing.push(`${code} ${key}`);
      }
      if (missing.length > 0)
        results.push({ message: `${operationLabel(op)} has no example for ${missing.slice(0, 4).join(', ')}${missing.length > 4 ? ` and ${missing.length - 4} more` : ''}`, path: op.path });
    }
    return results;
  },
);
