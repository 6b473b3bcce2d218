// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { pathOperations, rootOf } from './lib/doc.js';
import { hasHeader, mediaOf, opLabel, regexFrom, responseFor } from './lib/secperf.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * GETs that download large binary representations (media types matching `mediaTypes`, default
 * octet-stream, video, audio, zip, gzip, tar, pdf) support range requests: a 206 Partial Content
 * response, or Accept-Ranges declared on the 200, so interrupted transfers resume.
 */
export default createRulesetFunction(
  { input: null, options: { type: ['object', 'null'], additionalProperties: false, properties: { mediaTypes: { type: 'string' } } } },
  /** @param {Json} _input @param {{ mediaTypes?: string } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function rangeRequests(_input, opts, context) {
    const root = rootOf(context);
    const re = regexFrom(opts?.mediaTypes ?? '/^(application\\/(octet-stream|zip|gzip|x-tar|x-gzip|pdf)|video\\/|audio\\/)/i', 'i');
    const results = [];
    for (const op of pathOperations(root)) {
      if (op.method !== 'get') continue;
      const ok = responseFor(root, op, '200');
      if (!ok) continue;
      const big = mediaOf(root, ok.response, ok.path).find((m) => re?.test(m.mediaType));
      if (!big) continue;
      if (responseFor(root, op, '206') || hasHeader(root, ok, ['Accept-Ranges'])) continue;
      results.push({ message: `${opLabel(op)} downloads ${big.mediaType} but documents neither 206 Partial Content nor Accept-Ranges: large transfers cannot resume.`, path: op.path });
    }
    return results;
  },
);
