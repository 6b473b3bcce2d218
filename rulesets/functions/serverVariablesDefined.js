// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { serverObjects, serverVariablesIn } from './lib/servers.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** Every {name} in the URL template of a Server Object (root, path items, operations, callbacks, links) is defined in its `variables`. */
export default createRulesetFunction({ input: null, options: null }, function serverVariablesDefined(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const { server, path } of serverObjects(root)) {
    if (typeof server.url !== 'string') continue;
    const vars = isObject(server.variables) ? server.variables : {};
    for (const name of new Set(serverVariablesIn(server.url))) {
      if (!Object.hasOwn(vars, name)) results.push({ message: `Server URL uses {${name}} but variables defines no '${name}'`, path: [...path, 'url'] });
    }
  }
  return results;
});
