// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { regexFrom } from './lib/secperf.js';
import { allServers, expandServer, urlParts } from './lib/servers.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const DEFAULT_HOSTS = [
  '^localhost$',
  '\\.localhost$',
  '^127\\.',
  '^0\\.0\\.0\\.0$',
  '^\\[::1?\\]$',
  '^10\\.',
  '^192\\.168\\.',
  '^172\\.(1[6-9]|2\\d|3[01])\\.',
  '^169\\.254\\.',
  '^\\[f[cd][0-9a-f]{2}:',
  '\\.(local|internal|intranet|lan|corp|home\\.arpa)$',
];

/**
 * Published server URLs do not point to loopback, private (RFC 1918, RFC 4193), link-local or
 * internal-only hosts. Servers marked with the marker extension (default `x-internal: true`) are
 * development entries on purpose and skipped.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: { hostPatterns: { type: 'array', items: { type: 'string' } }, markerExtension: { type: 'string' } },
    },
  },
  /** @param {Json} _input @param {{ hostPatterns?: string[], markerExtension?: string } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function serversInternalHosts(_input, opts, context) {
    const marker = opts?.markerExtension ?? 'x-internal';
    const patterns = /** @type {RegExp[]} */ ((opts?.hostPatterns ?? DEFAULT_HOSTS).map((p) => regexFrom(p)).filter(Boolean));
    const results = [];
    for (const s of allServers(rootOf(context))) {
      if (s.server[marker] === true) continue;
      for (const c of expandServer(s.server)) {
        const parts = urlParts(c.url);
        if (!parts || !patterns.some((re) => re.test(parts.host))) continue;
        results.push({
          message: `Server URL ${s.url} points to the internal host '${parts.host}': list public endpoints, or mark a development server \`${marker}: true\`.`,
          path: [...s.path, 'url'],
        });
        break;
      }
    }
    return results;
  },
);
