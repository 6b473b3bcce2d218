// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { operations, rootOf } from './lib/doc.js';
import { opLabel } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * An operation text field (default `summary`) reads as a short title: at most `maxLength`
 * characters, one line, no trailing period. Missing fields are left to the rule that requires them.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        field: { type: 'string' },
        maxLength: { type: 'integer', minimum: 1 },
        trailingPeriod: { type: 'boolean' },
      },
    },
  },
  /** @param {Json} _input @param {{ field?: string, maxLength?: number, trailingPeriod?: boolean }} options @param {RuleContext} context @returns {Finding[]} */
  function styleTextStyle(_input, options, context) {
    const field = options.field ?? 'summary';
    const max = options.maxLength ?? 80;
    const results = [];
    for (const op of operations(rootOf(context))) {
      const text = op.operation[field];
      if (typeof text !== 'string' || text.trim() === '') continue;
      const t = text.trim();
      const problems = [];
      if (t.length > max) problems.push(`is ${t.length} characters long (at most ${max})`);
      if (/[\r\n]/.test(t)) problems.push('spans several lines');
      if (options.trailingPeriod !== true && /[^.]\.$/.test(t)) problems.push('ends with a period');
      if (problems.length > 0)
        results.push({ message: `The ${field} of ${opLabel(op)} ${problems.join(' and ')}; keep it a short title and put details in the description.`, path: [...op.path, field] });
    }
    return results;
  },
);
