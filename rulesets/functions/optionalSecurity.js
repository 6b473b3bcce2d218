// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, pathOperations, rootOf } from './lib/doc.js';
import { opLabel } from './lib/secperf.js';
import { isMarkedPublic } from './lib/security.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * An empty alternative `{}` next to real ones makes authentication optional. Reported where it is
 * written (global `security` once, or the operation's), unless every operation it applies to is
 * marked public (`x-public: true`, publicPaths, publicOperations). Operations with no non-empty
 * alternative at all are the *-ops-protected rules' business.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: {
        publicExtension: { type: 'string' },
        publicPaths: { type: 'array', items: { type: 'string' } },
        publicOperations: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  /** @param {Json} _input @param {{ publicExtension?: string, publicPaths?: string[], publicOperations?: string[] } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function optionalSecurity(_input, opts, context) {
    const root = rootOf(context);
    const options = opts ?? {};
    const ext = options.publicExtension ?? 'x-public';
    const results = [];
    /** @param {Json[]} list */
    const emptyIndex = (list) => list.findIndex((r) => !isObject(r) || Object.keys(r).length === 0);
    /** @param {Json[]} list */
    const hasReal = (list) => list.some((r) => isObject(r) && Object.keys(r).length > 0);
    const ops = pathOperations(root);
    if (isObject(root) && Array.isArray(root.security) && hasReal(root.security)) {
      const i = emptyIndex(root.security);
      const affected = ops.filter((op) => !Array.isArray(op.operation.security) && !isMarkedPublic(op, options));
      if (i >= 0 && affected.length > 0) {
        results.push({
          message: `The empty \`{}\` alternative in the global \`security\` makes authentication optional for ${affected.length} operation(s) (e.g. ${opLabel(affected[0])}): possibly unintentionally open. Remove it, or mark public operations \`${ext}: true\`.`,
          path: ['security', String(i)],
        });
      }
    }
    for (const op of ops) {
      const list = op.operation.security;
      if (!Array.isArray(list) || !hasReal(list) || isMarkedPublic(op, options)) continue;
      const i = emptyIndex(list);
      if (i < 0) continue;
      results.push({
        message: `The empty \`{}\` alternative makes authentication optional for ${opLabel(op)}: possibly an unintentionally open endpoint. Remove it, or mark the operation \`${ext}: true\` if anonymous access is intended.`,
        path: [...op.path, 'security', String(i)],
      });
    }
    return results;
  },
);
