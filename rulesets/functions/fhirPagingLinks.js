// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { onceReporter, rootOf } from './lib/doc.js';
import { objectShape } from './lib/pack-common.js';
import { FHIR_SEARCH_KINDS, fhirJsonResponseBodies } from './lib/fhir.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** The Bundles FHIR searches and histories return define `link` (self, next, previous paging). */
export default createRulesetFunction({ input: null, options: null }, function fhirPagingLinks(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  /** @type {Finding[]} */
  const results = [];
  const add = onceReporter(results);
  for (const b of fhirJsonResponseBodies(root, FHIR_SEARCH_KINDS, (code) => code === '200')) {
    if (b.type !== 'Bundle' && !(b.type === undefined && objectShape(root, b.schema, b.path).props.has('entry'))) continue;
    const shape = objectShape(root, b.schema, b.path);
    if (shape.props.size > 0 && !shape.props.has('link')) add('The result Bundle defines no link (self, next, previous): clients cannot page.', b.path);
  }
  return results;
});
