// @ts-check
// Security helpers for apictl's security rules (owner: security/performance). Pure, never throw.
import { cached, deref, effectiveSecurity, isObject, operations } from './doc.js';
import { regexFrom } from './secperf.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').JsonObject} JsonObject */
/** @typedef {import('./types.js').Path} Path */
/** @typedef {import('./doc.js').Operation} Operation */
/** @typedef {{ index: number, schemes: { name: string, scopes: string[], scheme: JsonObject | undefined }[] }} Alternative */
/** @typedef {{ requirements: Json, level: string, path: Json, open: boolean, optional: boolean, alternatives: Alternative[] }} SecurityInfo path: a Path, undefined when level is 'none' (Json: callers test level) */

/** Declared security schemes, refs followed: Map name → { scheme, path }. @param {Json} root */
export function securitySchemes(root) {
  return cached(root, 'security:schemes', () => {
    /** @type {Map<string, { scheme: JsonObject, path: Path }>} */
    const m = new Map();
    const list = isObject(root) && isObject(root.components) ? root.components.securitySchemes : undefined;
    if (!isObject(list)) return m;
    for (const name of Object.keys(list)) {
      const { value, path } = deref(root, list[name], ['components', 'securitySchemes', name]);
      if (isObject(value)) m.set(name, { scheme: value, path: path ?? ['components', 'securitySchemes', name] });
    }
    return m;
  });
}

/**
 * The security in force for an operation:
 * { requirements (array | undefined), level ('operation' | 'document' | 'none'), path (of the array),
 *   open (no requirement, or an explicitly empty list), optional (an empty `{}` alternative among others),
 *   alternatives: [{ index, schemes: [{ name, scopes, scheme? }] }] (non-empty alternatives only) }.
 * @param {Json} root @param {Operation} op @returns {SecurityInfo}
 */
export function securityOf(root, op) {
  return cached(root, 'security:of', () => new WeakMap()).get(op.operation) ?? computeSecurity(root, op);
}

/** @param {Json} root @param {Operation} op @returns {SecurityInfo} */
function computeSecurity(root, op) {
  const eff = effectiveSecurity(root, op.operation);
  const reqs = eff.requirements;
  const path = eff.level === 'operation' ? [...op.path, 'security'] : eff.level === 'document' ? ['security'] : undefined;
  const schemes = securitySchemes(root);
  /** @type {Alternative[]} */
  const alternatives = [];
  let empty = 0;
  if (Array.isArray(reqs)) {
    reqs.forEach((req, index) => {
      if (!isObject(req) || Object.keys(req).length === 0) {
        empty++;
        return;
      }
      alternatives.push({
        index,
        schemes: Object.keys(req).map((name) => ({
          name,
          scopes: Array.isArray(req[name]) ? req[name].filter((s) => typeof s === 'string') : [],
          scheme: schemes.get(name)?.scheme,
        })),
      });
    });
  }
  const result = {
    requirements: reqs,
    level: eff.level,
    path,
    open: alternatives.length === 0,
    optional: alternatives.length > 0 && empty > 0,
    alternatives,
  };
  cached(root, 'security:of', () => new WeakMap()).set(op.operation, result);
  return result;
}

/**
 * An operation marked as intentionally public: the marker extension (default `x-public`) is true on
 * the operation or its path item, or the path matches one of `publicPaths` (regular expressions),
 * or its operationId is listed in `publicOperations`.
 * @param {Operation} op @param {import('./types.js').RuleOptions | undefined} options
 */
export function isMarkedPublic(op, options) {
  const ext = options && typeof options.publicExtension === 'string' ? options.publicExtension : 'x-public';
  if (op.operation[ext] === true || (isObject(op.pathItem) && op.pathItem[ext] === true)) return true;
  const ids = options && Array.isArray(options.publicOperations) ? options.publicOperations : [];
  if (typeof op.operation.operationId === 'string' && ids.includes(op.operation.operationId)) return true;
  const paths = options && Array.isArray(options.publicPaths) ? options.publicPaths : [];
  for (const p of paths) {
    const re = regexFrom(p, '');
    if (re?.test(op.pathKey)) return true;
  }
  return false;
}

/** Every security requirement list of the document: [{ list, path }] (document level first). @param {Json} root */
export function requirementLists(root) {
  return cached(root, 'security:lists', () => {
    /** @type {{ list: Json[], path: Path, op?: Operation }[]} */
    const out = [];
    if (isObject(root) && Array.isArray(root.security)) out.push({ list: root.security, path: ['security'] });
    for (const op of operations(root)) if (Array.isArray(op.operation.security)) out.push({ list: op.operation.security, path: [...op.path, 'security'], op });
    return out;
  });
}

/** Scopes a scheme declares: Set, or undefined when the scheme does not declare scopes (not oauth2). @param {Json} scheme */
export function declaredScopes(scheme) {
  if (!isObject(scheme) || scheme.type !== 'oauth2' || !isObject(scheme.flows)) return undefined;
  /** @type {Set<string>} */
  const s = new Set();
  for (const f of Object.keys(scheme.flows)) {
    const flow = scheme.flows[f];
    if (isObject(flow) && isObject(flow.scopes)) for (const k of Object.keys(flow.scopes)) s.add(k);
  }
  return s;
}

/** True for schemes that carry scopes or roles (oauth2, openIdConnect). @param {Json} scheme */
export function isScopedType(scheme) {
  return isObject(scheme) && (scheme.type === 'oauth2' || scheme.type === 'openIdConnect');
}
