// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { operations, rootOf } from './lib/doc.js';
import { isTemplate, segmentsOf } from './lib/pack-common.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

const ANYWHERE = new Set(['debug', '_debug', '__debug__', 'mock', 'mocks', 'actuator', 'heapdump', 'threaddump', 'jolokia', 'phpinfo', '_internal', 'h2-console', 'devtools', 'dev-tools', 'backdoor']);
const LEADING = new Set(['test', 'tests', 'dev', 'env', 'console', 'trace', 'sandbox', 'internal-test']);
const PREFIX = /^(api|rest|v\d+(\.\d+)*)$/i;

/**
 * No development remnants in a published document: debug, mock, actuator, heapdump, jolokia,
 * phpinfo … anywhere in a path, or test, dev, env, console, trace as the leading resource
 * (after api/v1 prefixes).
 */
export default createRulesetFunction({ input: null, options: null }, function r155DevRemnants(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  const seen = new Set();
  for (const op of operations(root)) {
    if (seen.has(op.pathKey)) continue;
    const segs = segmentsOf(op.pathKey).filter((s) => !isTemplate(s));
    let bad = segs.find((s) => ANYWHERE.has(s.toLowerCase()));
    if (!bad) {
      const lead = segmentsOf(op.pathKey).find((s) => !PREFIX.test(s));
      if (lead && LEADING.has(lead.toLowerCase())) bad = lead;
    }
    if (!bad) continue;
    seen.add(op.pathKey);
    results.push({
      message: `Path ${op.pathKey} looks like a development remnant ('${bad}'): remove it from the production document, or describe it in a separate internal one.`,
      path: op.path.slice(0, op.path[op.path.length - 2] === 'additionalOperations' ? -2 : -1),
    });
  }
  return results;
});
