// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** The document lists servers at all. */
export default createRulesetFunction({ input: null, options: null }, function serversDeclared(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  // Without servers every URL resolves against `/` of wherever the document is served;
  // documents without paths (webhooks or components only) call no server.
  if (!isObject(root) || !isObject(root.paths) || (Array.isArray(root.servers) && root.servers.length > 0)) return [];
  return [{ message: 'No servers are declared, so clients cannot tell where the API lives', path: Array.isArray(root.servers) ? ['servers'] : [] }];
});
