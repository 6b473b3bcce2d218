// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { gdprDoc } from './lib/gdpr.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Path (or query) parameters are not personal data — URLs end up in access logs, proxies, browser
 * history and Referer headers. A parameter is personal when it is marked or named like personal data;
 * each name is reported once, where it is first defined.
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, required: ['in'], properties: { in: { enum: ['path', 'query'] } } } },
  /** @param {Json} _input @param {{ in: 'path' | 'query' }} options @param {RuleContext} context @returns {Finding[]} */
  function gdprPersonalParams(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    // One finding per parameter name: the first place it is defined, with the number of others.
    const byName = new Map();
    for (const f of gdprDoc(root).fields) {
      if (f.kind !== 'parameter' || f.in !== options.in) continue;
      const e = byName.get(f.name);
      if (e) e.count++;
      else byName.set(f.name, { f, count: 1 });
    }
    for (const { f, count } of byName.values()) {
      const why = f.term ? `looks like personal data ('${f.term}')` : `is marked ${f.marker?.key ?? 'personal data'}`;
      const fix = options.in === 'path' ? 'address the resource by an opaque id' : 'send it in a POST body (search) or use an opaque id';
      const more = count > 1 ? ` (defined ${count} times)` : '';
      results.push({ message: `${options.in === 'path' ? 'Path' : 'Query'} parameter '${f.name}'${more} ${why}: URLs are logged and cached; ${fix}.`, path: f.path });
    }
    return results;
  },
);
