// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, rootOf, specVersion } from './lib/doc.js';
import { validateExample } from './lib/style-examples.js';
import { allMediaTypes, allParameters, allResponseHeaders } from './lib/definitions.js';
import { allSchemas } from './lib/schemas.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').JsonObject} JsonObject */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Validates one value; adds a finding at the failing place inside the example.
 * @param {Json} root @param {Json} schema @param {Json} value @param {'any' | 'request' | 'response'} mode
 * @param {Path} path @param {string} label @param {Finding[]} out @param {boolean} [coerce]
 */
function check(root, schema, value, mode, path, label, out, coerce = false) {
  if (value === undefined || (!isObject(schema) && typeof schema !== 'boolean')) return;
  const r = validateExample(root, schema, value, mode, coerce);
  if (r) out.push({ message: `${label} does not match its schema: ${r.message}.`, path: [...path, ...r.path] });
}

/** Examples of a parameter, header or media type: `example`, and `examples[*].value` (refs followed). @param {Json} root @param {JsonObject} holder @param {Path} base */
function holderExamples(root, holder, base) {
  const list = [];
  if (holder.example !== undefined) list.push({ value: holder.example, path: [...base, 'example'] });
  if (isObject(holder.examples)) {
    for (const name of Object.keys(holder.examples)) {
      const { value: ex, path } = deref(root, holder.examples[name], [...base, 'examples', name]);
      if (isObject(ex) && ex.value !== undefined) list.push({ value: ex.value, path: [...(path ?? [...base, 'examples', name]), 'value'] });
    }
  }
  return list;
}

/** The schema of a parameter or header: `schema`, or the schema of its single `content` entry. @param {JsonObject} holder */
function holderSchema(holder) {
  if (holder.schema !== undefined) return holder.schema;
  if (isObject(holder.content)) {
    const mts = Object.keys(holder.content);
    if (mts.length === 1 && isObject(holder.content[mts[0]])) return holder.content[mts[0]].schema;
  }
  return undefined;
}

/**
 * Examples validate against their schemas: schema `example`/`examples`, media type, parameter and
 * header `example`/`examples` (Example Objects followed, `externalValue` skipped). Request examples
 * may omit required `readOnly` properties, response examples required `writeOnly` ones. Each example
 * is validated once, where it is written, by an interpreter (no per-schema compilation); the first
 * error of an example is reported at the offending value.
 */
export default createRulesetFunction({ input: null, options: null }, function styleExamples(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const v30 = specVersion(root) === '3.0';
  /** @type {Finding[]} */
  const out = [];
  // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
  for (let eI = 0, eList = allSchemas(root); eI < eList.length; eI++) {
    const e = eList[eI];
    /** @type {JsonObject} */
    const s = e.schema;
    // 3.0: `example: null` usually means "no example" (an empty YAML value).
    if (s.example !== undefined && !(v30 && s.example === null)) check(root, s, s.example, 'any', [...e.path, 'example'], 'Schema example', out);
    if (!v30 && Array.isArray(s.examples)) s.examples.forEach((x, i) => check(root, s, x, 'any', [...e.path, 'examples', String(i)], 'Schema example', out));
  }
  for (const m of allMediaTypes(root)) {
    if (m.media.schema === undefined) continue;
    const mode = m.kind === 'request' ? 'request' : 'response';
    // Only JSON bodies are checked: form fields are text on the wire, other formats are opaque.
    const base = m.mediaType.split(';')[0].trim().toLowerCase();
    if (base !== 'application/json' && !base.endsWith('+json')) continue;
    for (const x of holderExamples(root, m.media, m.path)) check(root, m.media.schema, x.value, mode, x.path, 'Example', out);
  }
  for (const { param, path } of allParameters(root)) {
    const s = holderSchema(param);
    if (s !== undefined) for (const x of holderExamples(root, param, path)) check(root, s, x.value, 'request', x.path, `Example of parameter '${param.name}'`, out, true);
  }
  for (const h of allResponseHeaders(root)) {
    const s = holderSchema(h.header);
    if (s !== undefined) for (const x of holderExamples(root, h.header, h.path)) check(root, s, x.value, 'response', x.path, `Example of header '${h.name}'`, out);
  }
  return out;
});
