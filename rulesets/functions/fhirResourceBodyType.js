// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { onceReporter, requestBodyOf, responsesOf, rootOf } from './lib/doc.js';
import { contentOf, opLabel } from './lib/pack-common.js';
import { fhirOps, fhirSchemaType, isJsonish, withArticle } from './lib/fhir.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * read, vread, update, patch and create bodies carry the resource type of their URL (schemas told
 * by `$ref` name or `resourceType`; Binary is left alone).
 */
export default createRulesetFunction({ input: null, options: null }, function fhirResourceBodyType(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  /** @type {Finding[]} */
  const results = [];
  const add = onceReporter(results);
  for (const { op, it } of fhirOps(root, ['read', 'vread', 'update', 'patch', 'create'])) {
    if (it.type === 'Binary') continue;
    const want = it.type;
    /** @type {[ReturnType<typeof contentOf>[number], string][]} */
    const bodies = [];
    if (it.kind === 'update' || it.kind === 'create') {
      const rb = requestBodyOf(root, op);
      if (rb) for (const m of contentOf(rb.body.content, [...rb.path, 'content'])) if (isJsonish(m.base) && m.schema !== undefined) bodies.push([m, 'request body']);
    }
    for (const r of responsesOf(root, op)) {
      if (!/^20[01]$/.test(r.code)) continue;
      for (const m of contentOf(r.response.content, [...r.path, 'content'])) if (isJsonish(m.base) && m.schema !== undefined) bodies.push([m, `${r.code} response`]);
    }
    for (const [m, what] of bodies) {
      const t = fhirSchemaType(root, m.schema, [...m.path, 'schema']);
      if (t && t !== 'oneOf' && t !== want && !(t === 'OperationOutcome' && what !== 'request body'))
        add(`The ${what} of ${opLabel(op)} is ${withArticle(t)}, not ${withArticle(want)}.`, [...m.path, 'schema']);
    }
  }
  return results;
});
