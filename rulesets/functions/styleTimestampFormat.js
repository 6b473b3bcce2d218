// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf, typesOf } from './lib/doc.js';
import { allProperties } from './lib/schemas.js';
import { optList, regex } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const NAMES = '(^|_)(at|date|time|timestamp)$|[a-z0-9](At|Date|Time|Timestamp)$|^(created|updated|modified|deleted|expires|expiry|timestamp|date)$';

/**
 * Properties named like points in time (`createdAt`, `updated_at`, `birthDate`, `startTime`,
 * `expires`) that are strings declare a date/time format (RFC 3339 `date-time` or `date`, or
 * `time`). Numeric timestamps (Unix time) are accepted unless `allowNumeric` is false.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        names: { type: 'string' },
        formats: { type: 'array', items: { type: 'string' } },
        allowNumeric: { type: 'boolean' },
      },
    },
  },
  /** @param {Json} _input @param {{ names?: string, formats?: string[], allowNumeric?: boolean }} options @param {RuleContext} context @returns {Finding[]} */
  function styleTimestampFormat(_input, options, context) {
    const names = regex(options.names ?? NAMES) ?? /** @type {RegExp} */ (regex(NAMES));
    const formats = new Set(optList(options, 'formats', ['date-time', 'date', 'time']));
    const allowNumeric = options.allowNumeric !== false;
    const results = [];
    for (const p of allProperties(rootOf(context))) {
      if (!names.test(p.name)) continue;
      const s = p.schema;
      const types = typesOf(s).filter((t) => t !== 'null');
      if (types.length !== 1 || s.enum !== undefined) continue;
      if (types[0] === 'string') {
        if (typeof s.format === 'string' && formats.has(s.format)) continue;
        results.push({ message: `Property '${p.name}' looks like a timestamp but is a string without ${[...formats].join('/')} format${s.format ? ` (format: ${s.format})` : ''}.`, path: p.path });
      } else if (!allowNumeric && (types[0] === 'integer' || types[0] === 'number')) {
        results.push({ message: `Property '${p.name}' looks like a timestamp but is a number; use an RFC 3339 string (format: date-time).`, path: p.path });
      }
    }
    return results;
  },
);
