// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { isSafeMethod, namedPropertiesFinder, opLabel, regexFrom } from './lib/secperf.js';
import { walkSide } from './lib/schema-trees.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */
/** @typedef {import('./lib/doc.js').Operation} Operation */

/**
 * Response schemas (all codes, or `codes`: regular expression over the status code, e.g.
 * '^([45]|default)') do not define properties named in `names` (compared lower case without
 * separators; `suffixes` match name endings). writeOnly properties are not sent and pass.
 * Operations marked with `exemptExtension` (default x-token-endpoint: true), whose path matches
 * `exemptPaths`, or (with `methods: safe`) that do not read are skipped.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['names'],
      properties: {
        names: { type: 'array', items: { type: 'string' } },
        suffixes: { type: 'array', items: { type: 'string' } },
        codes: { type: 'string' },
        exemptExtension: { type: 'string' },
        exemptPaths: { type: 'array', items: { type: 'string' } },
        reason: { type: 'string' },
        methods: { enum: ['all', 'safe'] },
      },
    },
  },
  /**
   * @param {Json} _input
   * @param {{ names: string[], suffixes?: string[], codes?: string, exemptExtension?: string, exemptPaths?: string[], reason?: string, methods?: 'all' | 'safe' }} options
   * @param {RuleContext} context
   * @returns {Finding[]}
   */
  function forbiddenResponseProperties(_input, options, context) {
    const root = rootOf(context);
    const namedProps = namedPropertiesFinder(root, options.names, options.suffixes);
    const codes = options.codes ? regexFrom(options.codes, 'i') : undefined;
    const ext = options.exemptExtension ?? 'x-token-endpoint';
    const exemptPaths = /** @type {RegExp[]} */ ((options.exemptPaths ?? []).map((p) => regexFrom(p, '')).filter(Boolean));
    const readsOnly = (options.methods ?? 'all') === 'safe';
    /** @param {Operation} op */
    const exempt = (op) => op.operation[ext] === true || exemptPaths.some((re) => re.test(op.pathKey)) || (readsOnly && !isSafeMethod(op.method));
    /** @type {Finding[]} */
    const results = [];
    const reported = new Set();
    walkSide(
      root,
      'response',
      (s, node) => {
        for (const p of namedProps(s, node)) {
          if (p.writeOnly) continue;
          const key = p.path.join('\u0000');
          if (reported.has(key)) continue;
          reported.add(key);
          results.push({
            message: `Response property '${p.name}' (${opLabel(node.op)} ${node.entry.code}) ${options.reason ?? 'is a secret: remove it from the response, or mark it writeOnly if it is only ever sent'}.`,
            path: p.path,
          });
        }
      },
      {
        variant: `sensitive:${JSON.stringify([options.codes, options.methods, ext, options.exemptPaths])}`,
        filterOp: (op) => !exempt(op),
        filterRoot: codes ? (entry) => codes.test(entry.code) : undefined,
      },
    );
    return results;
  },
);
