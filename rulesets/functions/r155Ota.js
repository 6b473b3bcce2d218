import { createRulesetFunction } from './lib/define.js';
import { contentOf, list, opLabel, r155Ops, reachableProperties, responseHeaders, responsesOf, rootOf, squash, typesOf, deref } from './lib/packs.js';

const SIGNATURE = ['signature', 'sig', 'jws', 'signedmanifest', 'manifestsignature'];
const HASH = ['hash', 'digest', 'sha256', 'sha384', 'sha512', 'checksum', 'filehash', 'imagehash', 'payloadhash', 'hashes', 'digests'];
const SIGNER = ['keyid', 'kid', 'certificate', 'certificatechain', 'x5c', 'x5t', 'signingkeyid', 'signercertificate', 'publickeyid'];
const VERSION = ['version', 'softwareversion', 'firmwareversion', 'targetversion', 'packageversion'];
const ROLLBACK = ['securityversion', 'minimumversion', 'minversion', 'minimumsoftwareversion', 'rollbackcounter', 'securitycounter', 'antirollbackcounter', 'rollbackindex'];
const BINARY = /^(application\/(octet-stream|zip|gzip|x-tar|x-gzip|vnd\..*)|binary\/.*)$/;
const DIGEST_HEADERS = ['content-digest', 'repr-digest', 'digest'];

/**
 * Secure software update (R155 Annex 5 M16):
 * - `manifest-signed`: JSON responses of update/OTA/firmware reads carry a signature, a hash and
 *   the signing key id or certificate;
 * - `anti-rollback`: those manifests carry a version and a security counter / minimum version;
 * - `payload-digest`: binary downloads declare Content-Digest or Repr-Digest (RFC 9530).
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: ['manifest-signed', 'anti-rollback', 'payload-digest'] } } } },
  function r155Ota(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    const done = new Set();
    for (const op of r155Ops(root, 'ota')) {
      if (op.method !== 'get') continue;
      for (let rI = 0, rList = responsesOf(root, op); rI < rList.length; rI++) {
        const r = rList[rI];
        if (!/^2/.test(r.code)) continue;
        const media = contentOf(r.response.content, [...r.path, 'content']);
        if (options.check === 'payload-digest') {
          const binary = media.some((m) => BINARY.test(m.base) || isBinarySchema(root, m.schema, [...m.path, 'schema']));
          if (!binary) continue;
          const hs = responseHeaders(root, r.response, r.path);
          if (DIGEST_HEADERS.some((h) => hs.has(h))) continue;
          results.push({ message: `The update download ${opLabel(op)} declares no Content-Digest or Repr-Digest header: the vehicle cannot check the payload before installing it.`, path: r.path });
          continue;
        }
        for (const m of media) {
          if (!(m.base === 'application/json' || m.base.endsWith('+json')) || m.schema === undefined) continue;
          const sp = [...m.path, 'schema'];
          if (done.has(sp.join('/'))) continue;
          done.add(sp.join('/'));
          const names = new Set(reachableProperties(root, [{ schema: m.schema, path: sp }]).map((p) => squash(p.name)));
          if (names.size === 0) continue;
          if (options.check === 'manifest-signed') {
            const missing = [];
            if (!SIGNATURE.some((n) => names.has(n))) missing.push('a signature');
            if (!HASH.some((n) => names.has(n))) missing.push('a hash (SHA-256 or stronger)');
            if (!SIGNER.some((n) => names.has(n))) missing.push('the signing key id or certificate');
            if (missing.length > 0) results.push({ message: `The update manifest returned by ${opLabel(op)} lacks ${list(missing)}.`, path: sp });
          } else {
            const missing = [];
            if (!VERSION.some((n) => names.has(n))) missing.push('a version');
            if (!ROLLBACK.some((n) => names.has(n))) missing.push('a security version / minimum version (anti-rollback counter)');
            if (missing.length > 0) results.push({ message: `The update manifest returned by ${opLabel(op)} lacks ${list(missing)}: downgrades to vulnerable software cannot be refused.`, path: sp });
          }
        }
      }
    }
    return results;
  },
);

function isBinarySchema(root, schema, path) {
  const { value } = deref(root, schema, path);
  return !!value && typeof value === 'object' && typesOf(value).includes('string') && (value.format === 'binary' || typeof value.contentMediaType === 'string');
}
