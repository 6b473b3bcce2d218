// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { pathOperations, requestBodyOf, rootOf } from './lib/doc.js';
import { kindsOf, mediaOf } from './lib/secperf.js';
import { isBinaryMedia, isBinaryString, limitNodes, limitOptions, limitReporter } from './lib/limits.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Binary payloads an API receives (side `request`) or sends (side `response`) declare maxLength
 * (bytes): format binary/byte, contentEncoding, contentMediaType, or a body of a binary media type.
 * On the request side, a binary request body without a schema is reported too.
 */
export default createRulesetFunction(
  {
    input: null,
    options: limitOptions(),
  },
  /** @param {Json} _input @param {{ side: 'request' | 'response', bodiesOnly?: boolean }} options @param {RuleContext} context @returns {Finding[]} */
  function binaryMaxLength(_input, options, context) {
    const root = rootOf(context);
    /** @type {Finding[]} */
    const results = [];
    const report = limitReporter(options.side, results);
    if (options.side === 'request') {
      // Binary bodies described by their media type only (no schema to put maxLength on).
      for (const op of pathOperations(root)) {
        const rb = requestBodyOf(root, op);
        if (!rb) continue;
        for (const m of mediaOf(root, rb.body, rb.path)) {
          if (!m.schema && isBinaryMedia(m.mediaType)) {
            results.push({ message: `Request body '${m.mediaType}' has no schema, so its size is unbounded: add \`schema: {type: string, format: binary, maxLength: …}\`.`, path: m.path });
          }
        }
      }
    }
    // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
    for (let nodeI = 0, nodeList = limitNodes(root, options.side, 'stringOrBinary', options.bodiesOnly ?? false); nodeI < nodeList.length; nodeI++) {
      const node = nodeList[nodeI];
      const s = node.schema;
      if (typeof s.maxLength === 'number') continue;
      // Or the body schema itself (not a subschema, not reached through a $ref) of a binary media type.
      if (isBinaryString(s) || (node.entry.mediaType && node.parent === undefined && node.refPath === undefined && isBinaryMedia(node.entry.mediaType) && kindsOf(s).includes('string'))) {
        report(node, 'is a binary payload without maxLength (bytes).');
      }
    }
    return results;
  },
);
