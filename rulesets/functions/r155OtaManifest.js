// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { responsesOf, rootOf } from './lib/doc.js';
import { contentOf, list, opLabel, squash } from './lib/pack-common.js';
import { r155Ops, reachableProperties } from './lib/r155.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const SIGNATURE = ['signature', 'sig', 'jws', 'signedmanifest', 'manifestsignature'];
const HASH = ['hash', 'digest', 'sha256', 'sha384', 'sha512', 'checksum', 'filehash', 'imagehash', 'payloadhash', 'hashes', 'digests'];
const SIGNER = ['keyid', 'kid', 'certificate', 'certificatechain', 'x5c', 'x5t', 'signingkeyid', 'signercertificate', 'publickeyid'];
const VERSION = ['version', 'softwareversion', 'firmwareversion', 'targetversion', 'packageversion'];
const ROLLBACK = ['securityversion', 'minimumversion', 'minversion', 'minimumsoftwareversion', 'rollbackcounter', 'securitycounter', 'antirollbackcounter', 'rollbackindex'];

/**
 * Secure software update (R155 Annex 5 M16): the JSON manifests that update/OTA/firmware reads
 * return carry fields of a kind. One check, `check` naming the kind:
 * - `manifest-signed`: a signature, a hash and the signing key id or certificate;
 * - `anti-rollback`: a version and a security counter / minimum version.
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: ['manifest-signed', 'anti-rollback'] } } } },
  /** @param {Json} _input @param {{ check: 'manifest-signed' | 'anti-rollback' }} options @param {RuleContext} context @returns {Finding[]} */
  function r155OtaManifest(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    const done = new Set();
    for (const op of r155Ops(root, 'ota')) {
      if (op.method !== 'get') continue;
      for (const r of responsesOf(root, op)) {
        if (!/^2/.test(r.code)) continue;
        const media = contentOf(r.response.content, [...r.path, 'content']);
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
