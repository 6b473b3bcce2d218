// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { serverObjects } from './lib/servers.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * A server variable with an enum lists its default, and the enum is not empty (every Server Object:
 * root, path items, operations, callbacks, links).
 */
export default createRulesetFunction(
  { input: null, options: null },
  /** @param {Json} _input @param {null} _options @param {RuleContext} context @returns {Finding[]} */
  function serverVariableDefaultInEnum(_input, _options, context) {
    const root = rootOf(context);
    const results = [];
    for (const { server, path } of serverObjects(root)) {
      if (typeof server.url !== 'string' || !isObject(server.variables)) continue;
      for (const name of Object.keys(server.variables)) {
        const v = server.variables[name];
        if (!isObject(v) || !Array.isArray(v.enum)) continue;
        if (v.enum.length === 0) results.push({ message: `Server variable '${name}' has an empty enum`, path: [...path, 'variables', name, 'enum'] });
        else if (typeof v.default === 'string' && !v.enum.includes(v.default)) {
          results.push({ message: `Default '${v.default}' of server variable '${name}' is not one of its enum values (${v.enum.join(', ')})`, path: [...path, 'variables', name, 'default'] });
        }
      }
    }
    return results;
  },
);
