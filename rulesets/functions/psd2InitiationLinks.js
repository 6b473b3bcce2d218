// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { responsesOf, rootOf } from './lib/doc.js';
import { contentOf, objectShape, opLabel } from './lib/pack-common.js';
import { psd2Ops } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** The 201 body of consent / payment / signing-basket initiation defines `_links` (scaRedirect, scaOAuth, startAuthorisation, self, status). */
export default createRulesetFunction({ input: null, options: null }, function psd2InitiationLinks(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const { op } of psd2Ops(root, 'initiation-or-basket')) {
    for (const r of responsesOf(root, op)) {
      if (r.code !== '201') continue;
      for (const m of contentOf(r.response.content, [...r.path, 'content'])) {
        if (m.base !== 'application/json' || m.schema === undefined) continue;
        const shape = objectShape(root, m.schema, [...m.path, 'schema']);
        if (!shape.props.has('_links'))
          results.push({
            message: `The 201 initiation body${r.path[0] === 'components' ? '' : ` of ${opLabel(op)}`} has no _links (scaRedirect, scaOAuth, startAuthorisation, self, status).`,
            path: [...m.path, 'schema'],
          });
      }
    }
  }
  return results;
});
