// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { pathOperations, rootOf } from './lib/doc.js';
import { isSafeMethod, opLabel } from './lib/secperf.js';
import { isMarkedPublic, securityOf } from './lib/security.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Operations (paths, 3.2 `query` and additionalOperations; not webhooks) of the selected kind
 * (`methods: unsafe` = POST/PUT/PATCH/DELETE/…, `safe` = GET/HEAD/OPTIONS/QUERY/…) must have an
 * effective security requirement with at least one non-empty alternative. A missing requirement,
 * `security: []` or only `{}` alternatives is reported as a possibly unintentionally open endpoint,
 * unless the operation is marked public (`x-public: true`, `publicPaths`, `publicOperations`).
 * Methods in `exemptMethods` (default OPTIONS: CORS preflights carry no credentials) are skipped.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        methods: { enum: ['safe', 'unsafe'] },
        publicExtension: { type: 'string' },
        publicPaths: { type: 'array', items: { type: 'string' } },
        publicOperations: { type: 'array', items: { type: 'string' } },
        exemptMethods: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  /**
   * @param {Json} _input
   * @param {{ methods?: 'safe' | 'unsafe', publicExtension?: string, publicPaths?: string[], publicOperations?: string[], exemptMethods?: string[] }} options
   * @param {RuleContext} context
   * @returns {Finding[]}
   */
  function operationSecured(_input, options, context) {
    const root = rootOf(context);
    const safe = options.methods === 'safe';
    const ext = options.publicExtension ?? 'x-public';
    const exempt = new Set((options.exemptMethods ?? ['options']).map((m) => m.toLowerCase()));
    const results = [];
    for (const op of pathOperations(root)) {
      if (isSafeMethod(op.method) !== safe || exempt.has(op.method)) continue;
      const sec = securityOf(root, op);
      if (!sec.open || isMarkedPublic(op, options)) continue;
      let why;
      if (sec.level === 'none') why = 'has no security requirement (none on the operation and no global `security`)';
      else if (sec.level === 'operation') why = sec.requirements.length === 0 ? 'turns authentication off with `security: []`' : 'has only empty `{}` security alternatives';
      else why = sec.requirements.length === 0 ? 'inherits an empty global `security: []`' : 'inherits only empty `{}` global security alternatives';
      results.push({
        message: `${opLabel(op)} ${why}: possibly an unintentionally open endpoint. Require a security scheme, or mark it \`${ext}: true\` if it is public on purpose.`,
        path: sec.level === 'operation' ? [...op.path, 'security'] : op.path,
      });
    }
    return results;
  },
);
