// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { documentParts } from './lib/compliance.js';
import { parseMediaType } from './lib/http-syntax.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * Content map keys are media types or media ranges (`type/subtype`, `type/*`, `*\/*`, with
 * optional `; name=value` parameters), and Encoding `contentType` values are comma-separated
 * lists of them.
 */
export default createRulesetFunction({ input: null, options: null }, function mediaTypeNames(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const results = [];
  for (const site of documentParts(rootOf(context)).mediaTypes) {
    const { key, mediaType } = site;
    if (key !== undefined) {
      const r = parseMediaType(key);
      if (r.error) results.push({ message: `'${key}' is not a media type: ${r.error}`, path: site.path });
    }
    if (!isObject(mediaType.encoding)) continue;
    for (const name of Object.keys(mediaType.encoding)) {
      const e = mediaType.encoding[name];
      if (!isObject(e) || typeof e.contentType !== 'string') continue;
      for (const part of e.contentType.split(',')) {
        const r = parseMediaType(part.trim());
        if (r.error)
          results.push({
            message: `contentType '${e.contentType}' of encoding '${name}' is not a list of media types: '${part.trim()}' ${r.error}`,
            path: [...site.path, 'encoding', name, 'contentType'],
          });
      }
    }
  }
  return results;
});
