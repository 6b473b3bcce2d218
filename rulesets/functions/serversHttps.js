// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { allServers, expandServer, urlParts } from './lib/servers.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Every server URL (root, path item, operation) uses https (or wss); templated URLs are checked
 * for their default and every enum value of their variables. Relative URLs inherit the scheme of
 * the document's location and are accepted.
 */
export default createRulesetFunction(
  {
    input: null,
    options: { type: ['object', 'null'], additionalProperties: false, properties: { schemes: { type: 'array', items: { type: 'string' } } } },
  },
  /** @param {Json} _input @param {{ schemes?: string[] } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function serversHttps(_input, opts, context) {
    const allowed = new Set((opts?.schemes ?? ['https', 'wss']).map((s) => s.toLowerCase()));
    const results = [];
    for (const s of allServers(rootOf(context))) {
      const bad = new Map();
      for (const c of expandServer(s.server)) {
        const parts = urlParts(c.url);
        if (parts && !allowed.has(parts.scheme) && !bad.has(parts.scheme)) bad.set(parts.scheme, c);
      }
      for (const [scheme, c] of bad) {
        const via = Object.entries(c.choices)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ');
        results.push({
          message: via ? `Server URL ${s.url} can resolve to ${scheme}:// (${via}): serve the API over https only.` : `Server URL ${s.url} uses ${scheme}://, not https.`,
          path: [...s.path, 'url'],
        });
      }
    }
    return results;
  },
);
