// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { allServers } from './lib/servers.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * When a server list offers more than one environment (URLs that differ in more than the scheme),
 * each server has a `description` or the environment extension (default x-environment) so that
 * production and sandbox cannot be confused.
 */
export default createRulesetFunction(
  { input: null, options: { type: ['object', 'null'], additionalProperties: false, properties: { extension: { type: 'string' } } } },
  /** @param {Json} _input @param {{ extension?: string } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function serversEnvironment(_input, opts, context) {
    const ext = opts?.extension ?? 'x-environment';
    const groups = new Map();
    for (const s of allServers(rootOf(context))) {
      const listKey = s.path.slice(0, -1).join('\u0000');
      if (!groups.has(listKey)) groups.set(listKey, []);
      groups.get(listKey).push(s);
    }
    const results = [];
    for (const list of groups.values()) {
      const places = new Set(
        list.map((/** @type {{ url: string }} */ s) =>
          s.url
            .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
            .replace(/\/+$/, '')
            .toLowerCase(),
        ),
      );
      if (places.size < 2) continue;
      for (const s of list) {
        const d = s.server.description;
        if ((typeof d === 'string' && d.trim() !== '') || s.server[ext] !== undefined) continue;
        results.push({ message: `Server ${s.url} is one of ${places.size} environments but has no description or ${ext}: say which environment it is.`, path: s.path });
      }
    }
    return results;
  },
);
