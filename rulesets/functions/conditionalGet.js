// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { pathOperations, rootOf } from './lib/doc.js';
import { findParam, hasHeader, opLabel, responseFor } from './lib/secperf.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * GETs whose 200 response declares a validator (ETag or Last-Modified) let clients revalidate:
 * they accept the matching conditional header (If-None-Match, If-Modified-Since) and document
 * 304 Not Modified.
 */
export default createRulesetFunction({ input: null, options: null }, function conditionalGet(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const op of pathOperations(root)) {
    if (op.method !== 'get') continue;
    const ok = responseFor(root, op, '200');
    if (!ok) continue;
    const etag = hasHeader(root, ok, ['ETag']);
    const lastModified = hasHeader(root, ok, ['Last-Modified']);
    if (!etag && !lastModified) continue;
    const missing = [];
    const conditional = etag ? 'If-None-Match' : 'If-Modified-Since';
    if (!findParam(root, op, 'header', etag ? ['If-None-Match', 'If-Modified-Since'] : ['If-Modified-Since', 'If-None-Match'])) missing.push(`the ${conditional} header parameter`);
    if (!responseFor(root, op, '304')) missing.push('a 304 response');
    if (missing.length === 0) continue;
    results.push({
      message: `${opLabel(op)} returns ${etag ? 'ETag' : 'Last-Modified'} but documents no ${missing.join(' and ')}: clients cannot revalidate cheaply.`,
      path: op.path,
    });
  }
  return results;
});
