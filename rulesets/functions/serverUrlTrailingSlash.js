// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { serverObjects } from './lib/servers.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** Server URLs (root, path items, operations, callbacks, links) do not end with '/': paths start with '/', so a trailing slash doubles it. */
export default createRulesetFunction({ input: null, options: null }, function serverUrlTrailingSlash(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const { server, path } of serverObjects(root)) {
    const url = server.url;
    if (typeof url !== 'string') continue;
    if (url.length > 1 && url.endsWith('/') && !/^[A-Za-z][A-Za-z0-9+.-]*:\/\/\/?$/.test(url)) {
      results.push({ message: `Server URL '${url}' ends with '/': every path starts with '/', so request URLs get '//'`, path: [...path, 'url'] });
    }
  }
  return results;
});
