// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { serverObjects, serverVariablesIn } from './lib/servers.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** Every variable of a Server Object (root, path items, operations, callbacks, links) is used in its URL template. */
export default createRulesetFunction({ input: null, options: null }, function serverVariablesUsed(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const { server, path } of serverObjects(root)) {
    if (typeof server.url !== 'string' || !isObject(server.variables)) continue;
    const used = new Set(serverVariablesIn(server.url));
    for (const name of Object.keys(server.variables)) {
      if (!used.has(name)) results.push({ message: `Server variable '${name}' does not occur in the URL ${server.url}`, path: [...path, 'variables', name] });
    }
  }
  return results;
});
