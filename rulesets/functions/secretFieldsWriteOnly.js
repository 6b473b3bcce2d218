// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { namedPropertiesFinder } from './lib/secperf.js';
import { sideNodes, walkSide } from './lib/schema-trees.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Request properties named in `names` (compared lower case without separators; `suffixes` match
 * name endings) are `writeOnly: true`, unless they are also sent in responses (a response rule
 * such as no-secrets-in-responses reports those).
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
      },
    },
  },
  /** @param {Json} _input @param {{ names: string[], suffixes?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function secretFieldsWriteOnly(_input, options, context) {
    const root = rootOf(context);
    const namedProps = namedPropertiesFinder(root, options.names, options.suffixes);
    /** @type {Finding[]} */
    const results = [];
    // Matching properties sent in any response (and not writeOnly there).
    const inResponses = new Set();
    walkSide(
      root,
      'response',
      (s, node) => {
        for (const p of namedProps(s, node)) if (!p.writeOnly) inResponses.add(p.path.join('\u0000'));
      },
      {},
    );
    const targets = sideNodes(root, 'request').refTargets;
    walkSide(
      root,
      'request',
      (s, node) => {
        // Only reusable schemas (components, or targets of a $ref) can end up in a response.
        if (!targets.has(s) && node.path[0] !== 'components') return;
        for (const p of namedProps(s, node)) {
          if (p.writeOnly || p.readOnly || inResponses.has(p.path.join('\u0000'))) continue;
          results.push({
            message: `Request property '${p.name}' is a secret: mark it \`writeOnly: true\`${/pass/i.test(p.name) ? ' and `format: password`' : ''} so it is never echoed in responses and UIs mask it.`,
            path: p.path,
          });
        }
      },
      {},
    );
    return results;
  },
);
