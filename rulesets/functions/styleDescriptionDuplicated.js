// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { operations, rootOf } from './lib/doc.js';
import { opLabel } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * No two operations have the very same description (compared after trimming and collapsing white
 * space; texts shorter than `minLength`, default 20 characters, are ignored): a copied description
 * does not say what the operation does. Each operation after the first is reported, naming the
 * first. One pass, a map keyed by the text.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: { minLength: { type: 'integer', minimum: 1 } },
    },
  },
  /** @param {Json} _input @param {{ minLength?: number }} options @param {RuleContext} context @returns {Finding[]} */
  function styleDescriptionDuplicated(_input, options, context) {
    const minLength = options?.minLength ?? 20;
    const first = new Map();
    const out = [];
    for (const op of operations(rootOf(context))) {
      const d = op.operation.description;
      if (typeof d !== 'string') continue;
      const text = d.trim().replace(/\s+/g, ' ');
      if (text.length < minLength) continue;
      const prev = first.get(text);
      if (prev === undefined) first.set(text, op);
      else out.push({ message: `${opLabel(op)} repeats the description of ${opLabel(prev)}: say what this operation does.`, path: [...op.path, 'description'] });
    }
    return out;
  },
);
