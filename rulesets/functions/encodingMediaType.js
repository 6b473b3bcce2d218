// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf, specVersion } from './lib/doc.js';
import { documentParts } from './lib/compliance.js';
import { parseMediaType } from './lib/http-syntax.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** @param {string} key @returns {boolean} */
function isFormMediaType(key) {
  const mt = parseMediaType(key);
  if (mt.error) return false;
  return mt.type === 'multipart' || (mt.type === 'application' && mt.subtype === 'x-www-form-urlencoded');
}

/** `encoding` of a Media Type Object only applies to multipart and application/x-www-form-urlencoded (and, before 3.2, only to request bodies). */
export default createRulesetFunction({ input: null, options: null }, function encodingMediaType(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const site of documentParts(root).mediaTypes) {
    const { key, mediaType, context: where } = site;
    if (!isObject(mediaType.encoding)) continue;
    if (key !== undefined && !isFormMediaType(key)) {
      results.push({ message: `encoding is ignored for '${key}': it only applies to multipart and application/x-www-form-urlencoded content`, path: [...site.path, 'encoding'] });
      continue;
    }
    const v = specVersion(root);
    if ((v === '3.0' || v === '3.1') && where !== 'request') {
      results.push({ message: `encoding is ignored here: in OpenAPI ${v} it only applies to request bodies`, path: [...site.path, 'encoding'] });
    }
  }
  return results;
});
