// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { allServers, expandServer, urlParts } from './lib/servers.js';
import { isCredentialName } from './lib/credentials.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** Server URLs carry no credentials: no `user:password@` userinfo, no key or token in the query. */
export default createRulesetFunction({ input: null, options: null }, function serversNoCredentials(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const results = [];
  for (const s of allServers(rootOf(context))) {
    for (const c of expandServer(s.server)) {
      const parts = urlParts(c.url);
      if (!parts) continue;
      let why;
      if (parts.userinfo !== undefined && parts.userinfo !== '') why = 'embeds user credentials (`user:password@`)';
      else if (parts.query) {
        const names = parts.query
          .slice(1)
          .split('&')
          .map((kv) => decodeSafe(kv.split('=')[0]));
        const hit = names.find((n) => isCredentialName(n));
        if (hit) why = `carries '${hit}' in its query string`;
      }
      if (why) {
        results.push({ message: `Server URL ${s.url} ${why}: credentials in URLs end up in logs, histories and Referer headers.`, path: [...s.path, 'url'] });
        break;
      }
    }
  }
  return results;
});

/** @param {string} s */
function decodeSafe(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
