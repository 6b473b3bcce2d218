// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { regexFrom } from './lib/secperf.js';
import { allServers, expandServer, urlParts } from './lib/servers.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

// Reserved names that never reach the API (RFC 2606, RFC 6761). localhost and *.localhost are
// loopback names, reported by servers-no-internal-hosts (serversInternalHosts.js), not here.
/** @type {Array<[RegExp, (m: RegExpExecArray) => string]>} */
const RESERVED = [
  [/(?:^|\.)(example\.(?:com|net|org))$/, (m) => `${m[1]} is reserved for documentation, RFC 2606`],
  [/(?:^|\.)example$/, () => 'names under .example are reserved for documentation, RFC 6761'],
  [/(?:^|\.)test$/, () => 'names under .test are reserved for testing, RFC 6761'],
  [/(?:^|\.)invalid$/, () => 'names under .invalid never resolve, RFC 6761'],
];

/**
 * Server URLs (root, path item, operation; templated URLs with every variable value) do not point
 * to reserved example or test hosts, unless the server is marked (default `x-internal: true`) or
 * its description or environment extension (default x-environment) names it a sandbox, mock or
 * example (`exemptPattern`). Scheme-relative URLs (`//host/…`, what a Swagger 2.0 document without
 * `schemes` converts to) are reported too: servers-https-only checks only URLs with a scheme.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: { markerExtension: { type: 'string' }, environmentExtension: { type: 'string' }, exemptPattern: { type: 'string' } },
    },
  },
  /** @param {Json} _input @param {{ markerExtension?: string, environmentExtension?: string, exemptPattern?: string } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function serversPlaceholder(_input, opts, context) {
    const marker = opts?.markerExtension ?? 'x-internal';
    const envExt = opts?.environmentExtension ?? 'x-environment';
    const exempt = regexFrom(opts?.exemptPattern ?? '\\b(sandbox|mock(s|ed)?|examples?|placeholder)\\b', 'i');
    const results = [];
    for (const s of allServers(rootOf(context))) {
      const server = s.server;
      const named = [server.description, server[envExt]].some((t) => typeof t === 'string' && exempt && exempt.test(t));
      const checkHost = server[marker] !== true && !named;
      let placeholder;
      let relative = false;
      for (const c of expandServer(server)) {
        const rel = /^\/\/[^/]/.test(c.url);
        relative ||= rel;
        if (!checkHost || placeholder) continue;
        const parts = urlParts(rel ? `https:${c.url}` : c.url);
        const host = parts?.host.replace(/\.$/, '');
        if (!host) continue;
        for (const [re, why] of RESERVED) {
          const m = re.exec(host);
          if (m) {
            placeholder = {
              why: why(m),
              via: Object.entries(c.choices)
                .map(([k, v]) => `${k}=${v}`)
                .join(', '),
            };
            break;
          }
        }
      }
      if (!placeholder && !relative) continue;
      let message;
      if (placeholder) {
        const where = `Server ${s.url}${placeholder.via ? ` (with ${placeholder.via})` : ''} points to a placeholder host (${placeholder.why})`;
        message = relative ? `${where} and has no scheme: give the real host as an https:// URL.` : `${where}: give the real host, or mark the server \`${marker}: true\`.`;
      } else {
        message = `Server URL ${s.url} has no scheme: clients use the scheme the description was fetched with (http, or none for a local file); write https:${s.url}.`;
      }
      results.push({ message, path: [...s.path, 'url'] });
    }
    return results;
  },
);
