// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { requestBodyOf, rootOf } from './lib/doc.js';
import { contentOf, headerParams, list, opLabel } from './lib/pack-common.js';
import { r155Ops, requestFieldNames } from './lib/r155.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

const SIGNED_MEDIA = /^application\/(jose(\+json)?|jws|jwt|cose|pkcs7-mime|pkcs7-signature)$/;

/**
 * Remote vehicle commands and telemetry ingestion accept signed messages only (RFC 9421 Signature
 * + Signature-Input headers, a JOSE/COSE signed media type, or a top-level signature/jws field).
 */
export default createRulesetFunction({ input: null, options: null }, function r155MessageAuthenticity(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  const ops = [...new Set([...r155Ops(root, 'command'), ...r155Ops(root, 'telemetry')])];
  for (const op of ops) {
    const hs = headerParams(root, op);
    if (hs.has('signature') && hs.has('signature-input')) continue;
    const rb = requestBodyOf(root, op);
    const media = rb ? contentOf(rb.body.content, []).map((m) => m.base) : [];
    if (media.some((m) => SIGNED_MEDIA.test(m))) continue;
    const names = requestFieldNames(root, op);
    if (names.has('signature') || names.has('jws')) continue;
    const missing = ['Signature', 'Signature-Input'].filter((h) => !hs.has(h.toLowerCase()));
    results.push({ message: `${opLabel(op)} accepts unsigned messages: declare ${list(missing)} (RFC 9421) or a signed body (JWS, application/jose).`, path: [...op.path, 'parameters'] });
  }
  return results;
});
