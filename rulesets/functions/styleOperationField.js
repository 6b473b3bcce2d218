// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { ignoredByAuthor, operations, rootOf } from './lib/doc.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */
/** @typedef {import('./lib/doc.js').Operation} Operation */

/** `a summary`, `an operationId`, `tags`: the field as an English noun phrase. @param {string} field */
function withArticle(field) {
  if (field.endsWith('s')) return field;
  return /^[aeiou]/i.test(field) ? `an ${field}` : `a ${field}`;
}

/** @param {Json} v */
function present(v) {
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.length > 0;
  return v !== undefined && v !== null;
}

/**
 * Every operation has a non-empty `field` (summary, description, tags). When no operation of the
 * document has it, the API follows a different convention throughout: one finding at `paths` says
 * so instead of one per operation.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['field'],
      properties: { field: { type: 'string' } },
    },
  },
  /** @param {Json} _input @param {{ field: string }} options @param {RuleContext} context @returns {Finding[]} */
  function styleOperationField(_input, options, context) {
    const root = rootOf(context);
    const ops = operations(root);
    const field = options.field;
    const missing = ops.filter((op) => !present(op.operation[field]));
    if (missing.length === 0) return [];
    /** @param {Operation} op */
    const perOperation = (op) => ({ message: `Operation has no ${field}.`, path: op.path });
    // operations whose author ignores the rule do not count towards the convention (their own
    // findings are returned, to be suppressed as ignored)
    const rule = context?.rule?.name;
    const ignored = new Set(ops.filter((op) => ignoredByAuthor(root, op.path, rule)));
    const openCount = ops.length - ignored.size;
    const openMissing = ignored.size === 0 ? missing : missing.filter((op) => !ignored.has(op));
    if (openMissing.length > 0 && openMissing.length === openCount && openCount > 1) {
      const once = { message: `No operation has ${withArticle(field)} (${openCount} operations).`, path: [openMissing[0].isWebhook ? 'webhooks' : 'paths'] };
      return [once, ...missing.filter((op) => ignored.has(op)).map(perOperation)];
    }
    return missing.map(perOperation);
  },
);
