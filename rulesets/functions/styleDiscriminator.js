// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { at, deref, isObject, pointerSegments, rootOf } from './lib/doc.js';
import { allSchemas, collectProperties, collectRequired } from './lib/schemas.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').JsonObject} JsonObject */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * A discriminator works only if every candidate schema has the discriminating property and requires
 * it, and every mapping target exists. With oneOf/anyOf the candidates are the members (the
 * composing schema's own properties count for each); without, the schema itself (inheritance
 * through allOf).
 */
export default createRulesetFunction({ input: null, options: null }, function styleDiscriminator(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
  for (let eI = 0, eList = allSchemas(root); eI < eList.length; eI++) {
    const e = eList[eI];
    /** @type {JsonObject} */
    const s = e.schema;
    const d = s.discriminator;
    if (!isObject(d) || typeof d.propertyName !== 'string') continue;
    const name = d.propertyName;
    const ownProps = collectProperties(root, s, e.path);
    const ownReq = collectRequired(root, s);
    const members = [...(Array.isArray(s.oneOf) ? s.oneOf.map((m, i) => ['oneOf', i, m]) : []), ...(Array.isArray(s.anyOf) ? s.anyOf.map((m, i) => ['anyOf', i, m]) : [])];
    if (members.length === 0) {
      if (!ownProps.has(name)) results.push({ message: `Discriminator property '${name}' is not defined in the schema's properties.`, path: [...e.path, 'discriminator', 'propertyName'] });
      else if (!ownReq.has(name)) results.push({ message: `Discriminator property '${name}' is not required.`, path: [...e.path, 'discriminator', 'propertyName'] });
    } else {
      for (const [kw, i, m] of members) {
        const { value, path } = deref(root, m, [...e.path, kw, String(i)]);
        if (!isObject(value)) continue;
        const props = collectProperties(root, value, path ?? []);
        const req = collectRequired(root, value);
        const label = typeof m?.$ref === 'string' ? m.$ref.split('/').pop() : `${kw}[${i}]`;
        if (!props.has(name) && !ownProps.has(name)) results.push({ message: `${label} has no discriminator property '${name}'.`, path: [...e.path, kw, String(i)] });
        else if (!req.has(name) && !ownReq.has(name)) results.push({ message: `${label} does not require the discriminator property '${name}'.`, path: [...e.path, kw, String(i)] });
      }
    }
    if (isObject(d.mapping)) {
      const schemas = isObject(root.components) && isObject(root.components.schemas) ? root.components.schemas : {};
      for (const [k, v] of Object.entries(d.mapping)) {
        if (typeof v !== 'string') continue;
        const segs = pointerSegments(v);
        // A pointer outside components comes from another file of a multi-file description: not judged.
        const ok = segs ? segs[0] !== 'components' || at(root, segs) !== undefined : v.includes('/') || v.includes('.') ? true : Object.hasOwn(schemas, v);
        if (!ok) results.push({ message: `Discriminator mapping '${k}' points to '${v}', which does not exist.`, path: [...e.path, 'discriminator', 'mapping', k] });
      }
    }
  }
  return results;
});
