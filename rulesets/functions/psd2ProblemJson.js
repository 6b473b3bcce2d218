// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { onceReporter, rootOf } from './lib/doc.js';
import { objectShape } from './lib/pack-common.js';
import { psd2ErrorBodies } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * application/problem+json error bodies (4xx/5xx) of XS2A operations follow the Berlin Group
 * RFC 7807 variant: `type` and `code` required, `title` at most 70 and `detail` at most 500
 * characters. Each schema is checked once, where it is defined.
 */
export default createRulesetFunction({ input: null, options: null }, function psd2ProblemJson(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  /** @type {Finding[]} */
  const results = [];
  const report = onceReporter(results);
  for (const b of psd2ErrorBodies(root)) if (b.base === 'application/problem+json') checkProblem(root, b.schema, b.path, b.code, report);
  return results;
});

/** @param {Json} root @param {Json} schema @param {Path} path @param {string} code @param {(message: string, path: Path) => void} report */
function checkProblem(root, schema, path, code, report) {
  const shape = objectShape(root, schema, path);
  const missing = ['type', 'code'].filter((k) => !shape.required.has(k));
  if (missing.length > 0) report(`The ${code} application/problem+json body must require ${missing.join(' and ')} (Berlin Group RFC 7807 variant).`, path);
  for (const [k, max] of [
    ['title', 70],
    ['detail', 500],
  ]) {
    const p = shape.props.get(k);
    if (p && !(typeof p.schema.maxLength === 'number' && p.schema.maxLength <= max)) report(`Problem ${k} must declare maxLength ${max}.`, p.path);
  }
}
