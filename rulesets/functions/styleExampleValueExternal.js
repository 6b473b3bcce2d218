// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, rootOf, specVersion } from './lib/doc.js';
import { allMediaTypes, allParameters, allResponseHeaders } from './lib/definitions.js';
import { pathKey } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * An Example Object has `value` or `externalValue`, not both (the specification says they are
 * mutually exclusive). Only 3.0 needs the rule: the official schemas of 3.1 and 3.2 refuse both
 * (oas3-schema reports it there). Checked in components.examples and in the `examples` map of every media type
 * (request bodies, responses, content of parameters and headers), parameter and header; refs are
 * followed and each Example Object is reported once, where it is written.
 */
export default createRulesetFunction({ input: null, options: null }, function styleExampleValueExternal(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  /** @type {Finding[]} */
  const out = [];
  // 3.1 and 3.2's JSON Schema rejects both already (oas3-schema): one finding is enough
  if (!isObject(root) || (specVersion(root) !== '3.0' && specVersion(root) !== '2.0')) return out;
  const seen = new Set();
  /** @param {Json} raw @param {Path} at @param {string} name */
  const check = (raw, at, name) => {
    const { value, path } = deref(root, raw, at);
    if (!isObject(value) || !path) return;
    const k = pathKey(path);
    if (seen.has(k)) return;
    seen.add(k);
    if (Object.hasOwn(value, 'value') && Object.hasOwn(value, 'externalValue')) {
      out.push({ message: `Example '${name}' has both value and externalValue: they are mutually exclusive.`, path });
    }
  };
  /** @param {Json} holder @param {Path} base */
  const examplesOf = (holder, base) => {
    if (!isObject(holder) || !isObject(holder.examples)) return;
    for (const name of Object.keys(holder.examples)) check(holder.examples[name], [...base, 'examples', name], name);
  };
  // a parameter or header: its own examples and those of its `content` media type
  /** @param {Json} holder @param {Path} base */
  const holderAndContent = (holder, base) => {
    if (!isObject(holder)) return;
    examplesOf(holder, base);
    if (isObject(holder.content)) for (const mt of Object.keys(holder.content)) examplesOf(holder.content[mt], [...base, 'content', mt]);
  };
  const comps = isObject(root.components) ? root.components : {};
  if (isObject(comps.examples)) for (const name of Object.keys(comps.examples)) check(comps.examples[name], ['components', 'examples', name], name);
  for (const m of allMediaTypes(root)) examplesOf(m.media, m.path);
  // request bodies no operation uses are not among allMediaTypes
  if (isObject(comps.requestBodies)) {
    for (const name of Object.keys(comps.requestBodies)) {
      const { value, path } = deref(root, comps.requestBodies[name], ['components', 'requestBodies', name]);
      if (isObject(value) && path && isObject(value.content)) for (const mt of Object.keys(value.content)) examplesOf(value.content[mt], [...path, 'content', mt]);
    }
  }
  for (const { param, path } of allParameters(root)) holderAndContent(param, path);
  for (const h of allResponseHeaders(root)) holderAndContent(h.header, h.path);
  return out;
});
