// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { psd2Doc } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').JsonObject} JsonObject */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** XS2A resources live under /v{major}/: in the path, or at the end of every server URL. */
export default createRulesetFunction({ input: null, options: null }, function psd2VersionPrefix(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const { ops } = psd2Doc(root);
  if (ops.length === 0) return [];
  return versionPrefix(root, ops);
});

/** @param {Json} root @param {ReturnType<typeof psd2Doc>['ops']} ops @returns {Finding[]} */
function versionPrefix(root, ops) {
  /** @type {string[]} */
  const servers = Array.isArray(root.servers) ? root.servers.filter(isObject).map((/** @type {JsonObject} */ s) => String(s.url ?? '')) : [];
  if (servers.length > 0 && servers.every((u) => /\/v\d+\/?$/.test(u))) return [];
  const results = [];
  const seen = new Set();
  for (const x of ops) {
    if (x.res.version || seen.has(x.op.pathKey)) continue;
    seen.add(x.op.pathKey);
    results.push({ message: `XS2A resource ${x.op.pathKey} is not under a /v{major}/ prefix (e.g. /v1${x.op.pathKey}).`, path: x.op.path.slice(0, -1) });
  }
  return results;
}
