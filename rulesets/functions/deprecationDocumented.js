// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { responsesOf, rootOf } from './lib/doc.js';
import { allOperations, headerKey, operationLabel } from './lib/compliance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Deprecated operations tell clients when and how to move: a description (what replaces the
 * operation), and the deprecation signalled at runtime with a `Deprecation` (RFC 9745) or
 * `Sunset` (RFC 8594) response header — or, when `extensions` allows it, a documented sunset
 * date (`x-sunset: 2026-12-31`). A sunset extension must hold a date.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        headers: { type: 'array', items: { type: 'string' } },
        extensions: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  /** @param {Json} _input @param {{ headers?: string[], extensions?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function deprecationDocumented(_input, options, context) {
    const root = rootOf(context);
    const headers = options?.headers ?? ['Deprecation', 'Sunset'];
    const extensions = options?.extensions ?? ['x-sunset'];
    const results = [];
    for (const op of allOperations(root)) {
      const o = op.operation;
      if (o.deprecated !== true) continue;
      const label = operationLabel(op);
      const ext = extensions.find((e) => Object.hasOwn(o, e));
      if (ext !== undefined && !(typeof o[ext] === 'string' && DATE.test(o[ext]))) {
        results.push({ message: `${ext} of deprecated ${label} is not a date (YYYY-MM-DD or an RFC 3339 date-time)`, path: [...op.path, ext] });
      }
      const signalled = responsesOf(root, op).some((r) => headers.some((h) => headerKey(r.response.headers, h) !== undefined));
      if (!signalled && ext === undefined) {
        results.push({
          message: `Deprecated ${label} declares no ${headers.join(' or ')} response header${extensions.length ? ` and no ${extensions.join(' or ')} date` : ''}: clients cannot see when it goes away`,
          path: [...op.path, 'deprecated'],
        });
      }
      if (typeof o.description !== 'string' || o.description.trim() === '') {
        results.push({ message: `Deprecated ${label} has no description saying what replaces it`, path: [...op.path, 'deprecated'] });
      }
    }
    return results;
  },
);
