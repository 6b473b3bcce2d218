// @ts-check
// The credential-name dictionary shared by apictl's security rules (owner: security/performance).
import { squash } from './secperf.js';

/**
 * Names that are credentials wherever they appear (compared lower case, separators removed).
 * A name matches when it equals an entry of `exact`, or ends with an entry of `suffixes`
 * (`adminPassword`, `stripe_api_key`). Paging tokens (`page_token`, `next_token`) match neither.
 */
export const CREDENTIAL_EXACT = ['token', 'auth', 'authorization', 'credential', 'credentials', 'pwd', 'passwd', 'passphrase', 'sessionid'];
export const CREDENTIAL_SUFFIXES = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'apikey',
  'apitoken',
  'accesstoken',
  'authtoken',
  'idtoken',
  'refreshtoken',
  'bearertoken',
  'sessiontoken',
  'privatekey',
  'secretkey',
  'accesskey',
  'clientsecret',
];

/** A list squashed once per list object (option lists are the same object on every call). */
/** @type {WeakMap<string[], string[]>} */
const squashedLists = new WeakMap();
/** @param {string[]} list */
function squashed(list) {
  let v = squashedLists.get(list);
  if (v === undefined) {
    v = list.map(squash);
    squashedLists.set(list, v);
  }
  return v;
}

/** @param {unknown} name @param {string[]} [exact] @param {string[]} [suffixes] @param {string[]} [allow] */
export function isCredentialName(name, exact = CREDENTIAL_EXACT, suffixes = CREDENTIAL_SUFFIXES, allow = []) {
  if (typeof name !== 'string' || name === '') return false;
  const s = squash(name);
  if (allow.length > 0 && squashed(allow).includes(s)) return false;
  if (squashed(exact).includes(s)) return true;
  for (const q of squashed(suffixes)) if (q !== '' && s.endsWith(q)) return true;
  return false;
}
