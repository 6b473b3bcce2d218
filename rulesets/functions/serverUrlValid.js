// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { SERVER_VARIABLE, serverObjects, serverVariablesIn } from './lib/servers.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').JsonObject} JsonObject */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** The problem of a server URL template, or undefined. @param {JsonObject} server */
function urlProblem(server) {
  /** @type {string} */
  const url = server.url;
  if (url.trim() === '') return 'is empty';
  if (/[\s<>"\\^`|]/.test(url.replace(SERVER_VARIABLE, ''))) return 'contains spaces or characters not allowed in a URL';
  if (/[{}]/.test(url.replace(SERVER_VARIABLE, ''))) return 'has unbalanced { }';
  const names = serverVariablesIn(url);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup !== undefined) return `uses the variable {${dup}} more than once`;
  if (names.some((n) => n === '')) return 'has an empty variable {}';
  const vars = isObject(server.variables) ? server.variables : {};
  const expanded = url.replace(SERVER_VARIABLE, (_m, n) => (isObject(vars[n]) && typeof vars[n].default === 'string' ? vars[n].default : 'x'));
  if (expanded.includes('?')) return 'contains a query string; servers are base URLs (declare query parameters on operations)';
  if (expanded.includes('#')) return 'contains a fragment';
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(expanded)) {
    let parsed;
    try {
      parsed = new URL(expanded);
    } catch {
      return names.length > 0 ? 'is not a valid URL once its variables are replaced by their defaults' : 'is not a valid URL';
    }
    if (/^(https?|wss?):$/.test(parsed.protocol) && parsed.hostname === '') return 'has no host';
  }
  return undefined;
}

/**
 * Server URL templates (root, path items, operations, callbacks, links) are well formed: balanced
 * braces, each variable once, no query or fragment, a host when absolute.
 */
export default createRulesetFunction({ input: null, options: null }, function serverUrlValid(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const { server, path } of serverObjects(root)) {
    if (typeof server.url !== 'string') continue;
    const why = urlProblem(server);
    if (why !== undefined) results.push({ message: `Server URL '${server.url}' ${why}`, path: [...path, 'url'] });
  }
  return results;
});
