// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { cached, operations, rootOf, typesOf } from './lib/doc.js';
import { bodySchemas, squash } from './lib/pack-common.js';
import { reachableProperties } from './lib/r155.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const KEY_MATERIAL = new Set([
  'privkey',
  'privatekeypem',
  'masterkey',
  'rootkey',
  'seed',
  'keyseed',
  'keymaterial',
  'symmetrickey',
  'aeskey',
  'hmackey',
  'mackey',
  'signingkey',
  'encryptionkey',
  'keypair',
  'pkcs8',
  'pkcs12',
  'pfx',
  'p12',
  'devicekey',
  'devicesecret',
  'sharedsecret',
  'psk',
  'presharedkey',
]);

/**
 * No response exposes key material (masterKey, seed, keyMaterial, symmetric/HMAC/signing keys,
 * PKCS#12 bundles, pre-shared keys …) — complementing core no-secrets-in-responses, which covers
 * passwords, privateKey and secretKey. Each property is reported once, where it is defined;
 * writeOnly properties are exempt.
 */
export default createRulesetFunction(
  { input: null, options: { type: ['object', 'null'], additionalProperties: false, properties: { names: { type: 'array', items: { type: 'string' } } } } },
  /** @param {Json} _input @param {{ names?: string[] } | null} options @param {RuleContext} context @returns {Finding[]} */
  function r155KeyMaterial(_input, options, context) {
    const root = rootOf(context);
    const names = options?.names ? new Set(options.names.map(squash)) : KEY_MATERIAL;
    const props = cached(root, 'packs:r155ResponseProps', () => {
      const roots = [];
      for (const op of operations(root)) for (const b of bodySchemas(root, op, { request: false, codes: /^[0-9d]/ })) roots.push({ schema: b.schema, path: b.path });
      return reachableProperties(root, roots, 50000);
    });
    const results = [];
    const seen = new Set();
    for (const p of props) {
      const n = squash(p.name);
      if (!names.has(n) || p.schema.writeOnly === true) continue;
      const types = typesOf(p.schema);
      if (types.length > 0 && !types.includes('string') && !types.includes('object')) continue;
      const where = p.target ?? p.path;
      const key = where.join('/');
      if (seen.has(key)) continue;
      seen.add(key);
      results.push({ message: `Response property '${p.name}' exposes key material: keys stay in secure storage (HSM/secure element) and never leave the back-end in a response.`, path: where });
    }
    return results;
  },
);
