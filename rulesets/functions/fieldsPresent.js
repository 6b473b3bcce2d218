// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject } from './lib/doc.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** Value at a dotted field path ('contact.email'), own properties only. @param {Json} obj @param {string} dotted @returns {Json} */
function get(obj, dotted) {
  let cur = obj;
  for (const k of dotted.split('.')) {
    if (!isObject(cur) || !Object.hasOwn(cur, k)) return undefined;
    cur = cur[k];
  }
  return cur;
}

/** @param {Json} v @returns {boolean} */
function present(v) {
  if (typeof v === 'string') return v.trim() !== '';
  return v !== undefined && v !== null;
}

/**
 * Reports the fields of the given object that are missing or blank: every field of `all`, and at
 * least one field of each group in `anyOf`. Fields are dotted paths relative to the given node; a
 * group is only checked when its parent object exists (a missing parent is reported by `all`).
 * With `when: {field, pattern}` nothing is checked unless that field is a string matching pattern.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        all: { type: 'array', items: { type: 'string' } },
        anyOf: { type: 'array', items: { type: 'array', items: { type: 'string' }, minItems: 1 } },
        label: { type: 'string' },
        when: {
          type: 'object',
          additionalProperties: false,
          required: ['field', 'pattern'],
          properties: { field: { type: 'string' }, pattern: { type: 'string' } },
        },
      },
    },
  },
  /** @param {Json} input @param {{ all?: string[], anyOf?: string[][], label?: string, when?: { field: string, pattern: string } }} options @param {RuleContext} context @returns {Finding[]} */
  function fieldsPresent(input, options, context) {
    if (!isObject(input)) return [];
    if (options.when) {
      const v = get(input, options.when.field);
      let re;
      try {
        re = new RegExp(options.when.pattern);
      } catch {
        return [];
      }
      if (typeof v !== 'string' || !re.test(v)) return [];
    }
    const base = context.path ?? [];
    const label = options.label ?? base.join('.');
    const results = [];
    const missingParents = new Set();
    for (const f of options.all ?? []) {
      if (present(get(input, f))) continue;
      if ([...missingParents].some((p) => f.startsWith(`${p}.`))) continue;
      missingParents.add(f);
      const segs = f.split('.');
      const parent = segs.slice(0, -1);
      results.push({ message: `${label} has no ${f}`, path: [...base, ...(isObject(get(input, parent.join('.'))) || parent.length === 0 ? parent : [])] });
    }
    for (const group of options.anyOf ?? []) {
      const parent = group[0].split('.').slice(0, -1).join('.');
      if (parent !== '' && !isObject(get(input, parent))) continue;
      if (group.some((f) => present(get(input, f)))) continue;
      results.push({ message: `${label} has none of ${group.join(', ')}`, path: [...base, ...(parent === '' ? [] : parent.split('.'))] });
    }
    return results;
  },
);
