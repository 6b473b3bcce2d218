// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { parametersOf, rootOf, typesOf } from './lib/doc.js';
import { paramSchema, segmentsOf } from './lib/pack-common.js';
import { fhirOps } from './lib/fhir.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * The logical id in [type]/{id} is a FHIR id: a string of 1–64 characters [A-Za-z0-9\-\.]
 * (pattern or maxLength ≤ 64), never an integer.
 */
export default createRulesetFunction({ input: null, options: null }, function fhirLogicalId(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  const seen = new Set();
  for (const { op, it } of fhirOps(root, ['read', 'update', 'patch', 'delete', 'history-instance', 'vread', 'compartment', 'operation'])) {
    const seg = segmentsOf(op.pathKey)[it.idIndex];
    if (!seg || !/^\{[^}]+\}$/.test(seg)) continue;
    const name = seg.slice(1, -1);
    const p = parametersOf(root, op).find((x) => x.param.in === 'path' && x.param.name === name);
    if (!p) continue;
    const { schema, path } = paramSchema(root, p.param, p.path);
    const key = path.join('/');
    if (!schema || seen.has(key)) continue;
    seen.add(key);
    const types = typesOf(schema);
    if (types.length > 0 && !types.includes('string')) results.push({ message: `The logical id {${name}} is ${types.join('/')}: FHIR ids are strings ([A-Za-z0-9\\-\\.]{1,64}).`, path });
    else if (typeof schema.pattern !== 'string' && !(typeof schema.maxLength === 'number' && schema.maxLength <= 64))
      results.push({ message: `The logical id {${name}} is unbounded: add pattern ^[A-Za-z0-9\\-\\.]{1,64}$.`, path });
    else if (typeof schema.maxLength === 'number' && schema.maxLength > 64)
      results.push({ message: `The logical id {${name}} allows ${schema.maxLength} characters: FHIR ids have at most 64.`, path });
  }
  return results;
});
