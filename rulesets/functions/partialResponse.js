// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { pathOperations, rootOf } from './lib/doc.js';
import { findParam, isItemPath, mediaOf, opLabel, propertiesOf, resolveSchema, responseFor } from './lib/secperf.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * GETs of single resources with more than `maxProperties` top-level properties (default 30)
 * offer a field-selection query parameter (`params`, default fields, select, $select, _elements,
 * _fields) so clients can fetch only what they need.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: { maxProperties: { type: 'integer', minimum: 1 }, params: { type: 'array', minItems: 1, items: { type: 'string' } } },
    },
  },
  /** @param {Json} _input @param {{ maxProperties?: number, params?: string[] } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function partialResponse(_input, opts, context) {
    const root = rootOf(context);
    const limit = opts?.maxProperties ?? 30;
    const names = opts?.params ?? ['fields', 'select', '$select', '_elements', '_fields'];
    const results = [];
    for (const op of pathOperations(root)) {
      if (op.method !== 'get' || !isItemPath(op.pathKey)) continue;
      const ok = responseFor(root, op, '200');
      if (!ok) continue;
      let count = 0;
      for (const m of mediaOf(root, ok.response, ok.path)) {
        if (!m.schema) continue;
        const { value, path } = resolveSchema(root, m.schema, m.schemaPath);
        if (value) count = Math.max(count, propertiesOf(root, value, path).size);
      }
      if (count <= limit || findParam(root, op, 'query', names)) continue;
      results.push({ message: `${opLabel(op)} returns ${count} properties but offers no ${names[0]} parameter for partial responses.`, path: op.path });
    }
    return results;
  },
);
