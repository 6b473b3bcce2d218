import { createRulesetFunction } from './lib/define.js';
import { operations, rootOf } from './lib/doc.js';

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
  function styleOperationField(_input, options, context) {
    const root = rootOf(context);
    const ops = operations(root);
    const field = options.field;
    const missing = ops.filter((op) => !present(op.operation[field]));
    if (missing.length === 0) return [];
    if (missing.length === ops.length && ops.length > 1) {
      return [{ message: `No operation has a ${field} (${ops.length} operations).`, path: [missing[0].isWebhook ? 'webhooks' : 'paths'] }];
    }
    return missing.map((op) => ({ message: `Operation has no ${field}.`, path: op.path }));
  },
);
