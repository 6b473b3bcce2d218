// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, parametersOf, requestBodyOf, rootOf } from './lib/doc.js';
import { allOperations } from './lib/compliance.js';
import { embeddedExpressions, linkObjects, parseRuntimeExpression } from './lib/links.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/** @typedef {ReturnType<typeof allOperations>[number]} OperationEntry */

const EXPRESSION_START = /^\$(url|method|statusCode|request|response)\b/;

/** Problems of one expression used in the context of operation `op` (may be undefined). @param {Json} root @param {string} expr @param {OperationEntry | undefined} op @returns {string[]} */
function problemsOf(root, expr, op) {
  const r = parseRuntimeExpression(expr);
  if (!r.ok) return [`'${expr}' is not a valid runtime expression: ${r.reason}`];
  if (!op || r.source !== 'request') return [];
  if (r.kind === 'body') return requestBodyOf(root, op) ? [] : [`'${expr}' reads the request body, but the operation has no requestBody`];
  const where = r.kind === 'header' ? 'header' : r.kind;
  const declared = parametersOf(root, op).some(
    ({ param }) => param.in === where && (where === 'header' ? String(param.name).toLowerCase() === /** @type {string} */ (r.name).toLowerCase() : param.name === r.name),
  );
  return declared ? [] : [`'${expr}' reads the ${where} parameter '${r.name}', which the operation does not declare (it cannot be evaluated)`];
}

/** Problems of a string that is, or embeds, runtime expressions. @param {Json} root @param {string} s @param {OperationEntry | undefined} op @param {{ bareKey: boolean }} flags @returns {string[]} */
function stringProblems(root, s, op, { bareKey }) {
  if (s.includes('{')) {
    const { error, found } = embeddedExpressions(s);
    if (error) return [`'${s}' has an unbalanced '{'`];
    const exprs = found.filter((f) => f.expr.startsWith('$'));
    if (exprs.length > 0) return exprs.flatMap((f) => problemsOf(root, f.expr, op));
  }
  if (s.startsWith('$')) return bareKey || EXPRESSION_START.test(s) ? problemsOf(root, s, op) : [];
  if (bareKey && !/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(s)) {
    return [`Callback key '${s}' is neither a runtime expression (e.g. {$request.body#/callbackUrl}) nor an absolute URL`];
  }
  return [];
}

/**
 * Runtime expressions are well formed and can be evaluated: callback keys and Link Object
 * `parameters` / `requestBody` values. `$request.*` sources must be declared by the operation
 * they are evaluated against (when it is known: inline callbacks and inline links).
 */
export default createRulesetFunction({ input: null, options: null }, function runtimeExpressions(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  if (!isObject(root)) return [];
  const results = [];
  const callbackSites = [];
  for (const op of allOperations(root)) {
    const cbs = op.operation.callbacks;
    if (!isObject(cbs)) continue;
    for (const name of Object.keys(cbs)) if (isObject(cbs[name]) && typeof cbs[name].$ref !== 'string') callbackSites.push({ cb: cbs[name], path: [...op.path, 'callbacks', name], op });
  }
  const comps = isObject(root.components) && isObject(root.components.callbacks) ? root.components.callbacks : {};
  for (const name of Object.keys(comps)) if (isObject(comps[name])) callbackSites.push({ cb: comps[name], path: ['components', 'callbacks', name], op: undefined });
  for (const { cb, path, op } of callbackSites) {
    for (const key of Object.keys(cb)) {
      if (key.startsWith('x-') || key === '$ref') continue;
      for (const message of stringProblems(root, key, op, { bareKey: true })) results.push({ message, path: [...path, key] });
    }
  }
  for (const { link, path, operation } of linkObjects(root)) {
    if (isObject(link.parameters)) {
      for (const k of Object.keys(link.parameters)) {
        const v = link.parameters[k];
        if (typeof v === 'string') for (const message of stringProblems(root, v, operation, { bareKey: false })) results.push({ message, path: [...path, 'parameters', k] });
      }
    }
    if (typeof link.requestBody === 'string') {
      for (const message of stringProblems(root, link.requestBody, operation, { bareKey: false })) results.push({ message, path: [...path, 'requestBody'] });
    }
  }
  return results;
});
