// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { onceReporter, rootOf } from './lib/doc.js';
import { objectShape } from './lib/pack-common.js';
import { psd2ErrorBodies, tppMessagesOf } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * The message `code` of XS2A error bodies (tppMessages[].code in application/json, `code` in
 * application/problem+json) is an enum of Berlin Group message codes. Each schema is checked once,
 * where it is defined.
 */
export default createRulesetFunction({ input: null, options: null }, function psd2MessageCodesEnumerated(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  /** @type {Finding[]} */
  const results = [];
  const report = onceReporter(results);
  for (const b of psd2ErrorBodies(root)) {
    const isProblem = b.base === 'application/problem+json';
    if (isProblem || b.base === 'application/json') checkCodes(root, b.schema, b.path, isProblem, report);
  }
  return results;
});

/** @param {Json} root @param {Json} schema @param {Path} path @param {boolean} isProblem @param {(message: string, path: Path) => void} report */
function checkCodes(root, schema, path, isProblem, report) {
  const shape = objectShape(root, schema, path);
  let codeProp;
  if (isProblem) codeProp = shape.props.get('code');
  else {
    const t = tppMessagesOf(root, shape);
    if (t?.items) codeProp = objectShape(root, t.items, t.itemsPath).props.get('code');
  }
  if (!codeProp) return;
  const s = codeProp.schema;
  const enumerated = Array.isArray(s.enum) || s.const !== undefined || (Array.isArray(s.oneOf) && s.oneOf.length > 0) || (Array.isArray(s.anyOf) && s.anyOf.length > 0);
  if (!enumerated) report('The message code is a free string: enumerate the Berlin Group message codes (e.g. FORMAT_ERROR, CONSENT_UNKNOWN).', codeProp.path);
}
