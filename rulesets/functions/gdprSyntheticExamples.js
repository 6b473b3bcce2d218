// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { cached, isObject, operations, rootOf } from './lib/doc.js';
import { gdprDoc } from './lib/gdpr.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').JsonObject} JsonObject */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const EMAIL = /[A-Za-z0-9._%+-]+@((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,})/g;
const RESERVED = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i;

/**
 * Examples are synthetic: every e-mail address in an example (schema, parameter and media-type
 * examples, components.examples) uses a reserved domain (RFC 2606: example.com/.net/.org, .example,
 * .test, .invalid). Real-looking addresses in published documents are personal data, or get mailed.
 */
export default createRulesetFunction({ input: null, options: null }, function gdprSyntheticExamples(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  /** @type {Finding[]} */
  const results = [];
  const seen = new Set();
  /** @param {Json} value @param {Path} path @param {number} [depth] */
  const scan = (value, path, depth = 0) => {
    if (depth > 12) return;
    if (typeof value === 'string') {
      const bad = [...value.matchAll(EMAIL)].map((m) => m[0]).filter((e) => !RESERVED.test(e.split('@')[1]));
      if (bad.length > 0 && !seen.has(path.join('/'))) {
        seen.add(path.join('/'));
        results.push({ message: `Example e-mail ${bad.slice(0, 2).join(', ')} is not on a reserved domain: use example.com, example.org or .test addresses (RFC 2606).`, path });
      }
    } else if (Array.isArray(value)) value.slice(0, 200).forEach((v, i) => scan(v, [...path, String(i)], depth + 1));
    else if (isObject(value)) for (const k of Object.keys(value).slice(0, 500)) scan(value[k], [...path, k], depth + 1);
  };
  for (const f of gdprDoc(root).fields) {
    for (const k of ['example', 'default']) if (f.node[k] !== undefined) scan(f.node[k], [...f.path, k]);
    if (Array.isArray(f.node.examples)) scan(f.node.examples, [...f.path, 'examples']);
    if (f.kind === 'parameter' && isObject(f.node.schema)) for (const k of ['example', 'default']) if (f.node.schema[k] !== undefined) scan(f.node.schema[k], [...f.path, 'schema', k]);
    if (f.kind === 'parameter' && isObject(f.node.examples))
      for (const k of Object.keys(f.node.examples)) if (isObject(f.node.examples[k])) scan(f.node.examples[k].value, [...f.path, 'examples', k, 'value']);
  }
  for (const m of mediaTypes(root)) {
    if (m.media.example !== undefined) scan(m.media.example, [...m.path, 'example']);
    if (isObject(m.media.examples)) for (const k of Object.keys(m.media.examples)) if (isObject(m.media.examples[k])) scan(m.media.examples[k].value, [...m.path, 'examples', k, 'value']);
  }
  const ex = isObject(root.components) && isObject(root.components.examples) ? root.components.examples : {};
  for (const k of Object.keys(ex)) if (isObject(ex[k])) scan(ex[k].value, ['components', 'examples', k, 'value']);
  return results;
});

/** @param {Json} root */
function mediaTypes(root) {
  return cached(root, 'packs:mediaTypes', () => {
    /** @type {{ media: JsonObject, path: Path }[]} */
    const out = [];
    /** @param {Json} content @param {Path} p */
    const add = (content, p) => {
      if (!isObject(content)) return;
      for (const mt of Object.keys(content)) if (isObject(content[mt])) out.push({ media: content[mt], path: [...p, mt] });
    };
    const c = isObject(root.components) ? root.components : {};
    for (const k of Object.keys(isObject(c.responses) ? c.responses : {})) if (isObject(c.responses[k])) add(c.responses[k].content, ['components', 'responses', k, 'content']);
    for (const k of Object.keys(isObject(c.requestBodies) ? c.requestBodies : {})) if (isObject(c.requestBodies[k])) add(c.requestBodies[k].content, ['components', 'requestBodies', k, 'content']);
    for (const op of operations(root)) {
      const o = op.operation;
      if (isObject(o.requestBody)) add(o.requestBody.content, [...op.path, 'requestBody', 'content']);
      if (isObject(o.responses)) for (const code of Object.keys(o.responses)) if (isObject(o.responses[code])) add(o.responses[code].content, [...op.path, 'responses', code, 'content']);
    }
    return out;
  });
}
