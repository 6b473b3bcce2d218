// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { onceReporter, rootOf, typesOf } from './lib/doc.js';
import { objectShape, resolved } from './lib/pack-common.js';
import { FHIR_SEARCH_KINDS, fhirJsonResponseBodies, withArticle } from './lib/fhir.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** 200 bodies of FHIR searches and histories are a Bundle (schemas told by `$ref` name or `resourceType`). */
export default createRulesetFunction({ input: null, options: null }, function fhirSearchBundle(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  /** @type {Finding[]} */
  const results = [];
  const add = onceReporter(results);
  for (const b of fhirJsonResponseBodies(root, FHIR_SEARCH_KINDS, (code) => code === '200')) {
    const t = b.type;
    if (t === 'Bundle' || t === 'oneOf') continue;
    const { schema } = resolved(root, b.schema, b.path);
    const shape = objectShape(root, b.schema, b.path);
    if (!t && shape.props.has('entry') && shape.props.has('type')) continue;
    add(
      `${b.what} is ${t ? withArticle(t) : schema && typesOf(schema).includes('array') ? 'a bare array' : 'not a Bundle'}: ${b.it.kind.startsWith('history') ? 'history' : 'search'} results are a Bundle (type ${b.it.kind.startsWith('history') ? 'history' : 'searchset'}).`,
      b.path,
    );
  }
  return results;
});
