// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { opLabel } from './lib/secperf.js';
import { collectionReads, ENVELOPE_PROPERTIES, PAGE_SIZE_NAMES, pagingParams, paramMaximum } from './lib/performance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Paginated collection reads all use the same paging parameters (names as written) and the same
 * maximum page size. The most common style is the reference; each operation that differs is
 * reported once.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: { extraNames: { type: 'array', items: { type: 'string' } }, envelopeProperties: { type: 'array', items: { type: 'string' } } },
    },
  },
  /** @param {Json} _input @param {{ extraNames?: string[], envelopeProperties?: string[] } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function paginationConsistent(_input, opts, context) {
    const root = rootOf(context);
    const paged = [];
    for (const { op } of collectionReads(root, opts?.envelopeProperties ?? ENVELOPE_PROPERTIES)) {
      const params = pagingParams(root, op, opts?.extraNames ?? []);
      if (params.length === 0) continue;
      const names = [...new Set(params.map((p) => p.param.name))].sort();
      const size = params.find((p) => PAGE_SIZE_NAMES.includes(p.param.name.toLowerCase().replace(/[^a-z0-9]/g, '')));
      paged.push({ op, sig: names.join(', '), max: size ? paramMaximum(root, size) : undefined });
    }
    if (paged.length < 2) return [];
    /** @template T @param {T[]} values @returns {[T, number]} */
    const majority = (values) => {
      const counts = new Map();
      for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
      return [...counts].sort((a, b) => b[1] - a[1])[0];
    };
    const [sig, sigCount] = majority(paged.map((p) => p.sig));
    const withMax = paged.filter((p) => p.max !== undefined);
    const [max, maxCount] = withMax.length ? majority(withMax.map((p) => p.max)) : [undefined, 0];
    const results = [];
    for (const p of paged) {
      if (p.sig !== sig) {
        results.push({ message: `${opLabel(p.op)} pages with ${p.sig}; ${sigCount} of ${paged.length} paginated operations use ${sig}.`, path: p.op.path });
      } else if (max !== undefined && p.max !== undefined && p.max !== max) {
        results.push({ message: `${opLabel(p.op)} allows pages of up to ${p.max} items; ${maxCount} of ${withMax.length} paginated operations allow ${max}.`, path: p.op.path });
      }
    }
    return results;
  },
);
