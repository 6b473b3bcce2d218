// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { allSchemaNodes, documentedValues, squash } from './lib/pack-common.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

const FIELD =
  /^(alg|algorithm|algorithms|cipher|ciphers|ciphersuite|ciphersuites|hashalgorithm|digestalgorithm|signaturealgorithm|signingalgorithm|encryptionalgorithm|keyalgorithm|macalgorithm|hmacalgorithm|hashfunction|hashtype|digesttype|signaturetype)$/;
const WEAK = /(?<![a-z0-9])(none|md2|md4|md5|sha-?1|rc2|rc4|3des|des(ede3?)?(-cbc)?|tripledes|rsa1_5|hmac-?md5|hmac-?sha-?1|hs-?md5)(?![a-z0-9])/i;

/**
 * Algorithm fields (alg, algorithm, hashAlgorithm, cipher, signatureAlgorithm …) do not offer
 * broken or obsolete cryptography (none, MD5, SHA-1, DES/3DES, RC4, RSA1_5) in their enum,
 * const, default or examples.
 */
export default createRulesetFunction({ input: null, options: null }, function r155DeprecatedCrypto(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const n of allSchemaNodes(root)) {
    if (!n.name || !FIELD.test(squash(n.name))) continue;
    const weak = [...new Set(documentedValues(n.schema).filter((v) => WEAK.test(v)))];
    if (weak.length === 0) continue;
    results.push({ message: `'${n.name}' offers ${weak.join(', ')}: broken or obsolete algorithms enable forgery and downgrade; allow SHA-256+, ECDSA/EdDSA/RSA-PSS, AES-GCM only.`, path: n.path });
  }
  return results;
});
