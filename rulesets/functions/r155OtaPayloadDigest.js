// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { deref, responsesOf, rootOf, typesOf } from './lib/doc.js';
import { contentOf, opLabel, responseHeaders } from './lib/pack-common.js';
import { r155Ops } from './lib/r155.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

const BINARY = /^(application\/(octet-stream|zip|gzip|x-tar|x-gzip|vnd\..*)|binary\/.*)$/;
const DIGEST_HEADERS = ['content-digest', 'repr-digest', 'digest'];

/**
 * Secure software update (R155 Annex 5 M16): binary downloads of update/OTA/firmware reads declare
 * Content-Digest or Repr-Digest (RFC 9530).
 */
export default createRulesetFunction({ input: null, options: null }, function r155OtaPayloadDigest(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const op of r155Ops(root, 'ota')) {
    if (op.method !== 'get') continue;
    for (const r of responsesOf(root, op)) {
      if (!/^2/.test(r.code)) continue;
      const media = contentOf(r.response.content, [...r.path, 'content']);
      const binary = media.some((m) => BINARY.test(m.base) || isBinarySchema(root, m.schema, [...m.path, 'schema']));
      if (!binary) continue;
      const hs = responseHeaders(root, r.response, r.path);
      if (DIGEST_HEADERS.some((h) => hs.has(h))) continue;
      results.push({ message: `The update download ${opLabel(op)} declares no Content-Digest or Repr-Digest header: the vehicle cannot check the payload before installing it.`, path: r.path });
    }
  }
  return results;
});

/** @param {Json} root @param {Json} schema @param {Path} path @returns {boolean} */
function isBinarySchema(root, schema, path) {
  const { value } = deref(root, schema, path);
  return !!value && typeof value === 'object' && typesOf(value).includes('string') && (value.format === 'binary' || typeof value.contentMediaType === 'string');
}
