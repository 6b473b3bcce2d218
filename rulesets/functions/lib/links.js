// @ts-check
// Link Objects and the runtime expressions they and callbacks carry (OAS 3.x Link Object,
// Runtime Expressions): where each link is, which operation it targets, and what an expression says.

import { at, cached, isObject, METHODS, pointerSegments } from './doc.js';
import { allOperations, operationsById } from './compliance.js';
import { isToken } from './http-syntax.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').JsonObject} JsonObject */
/** @typedef {import('./types.js').Path} Path */
/** @typedef {import('./compliance.js').AnyOperation} AnyOperation */

/**
 * Every Link Object as written: components.links and inline links of responses (components and
 * operations). Each: { name, link, path, operation } with operation the operation entry whose
 * response declares it inline (undefined for shared links and components).
 * @param {Json} root
 */
export function linkObjects(root) {
  return cached(root, 'compliance:links', () => {
    /** @type {{ name: string, link: JsonObject, path: Path, operation: AnyOperation | undefined }[]} */
    const out = [];
    if (!isObject(root)) return out;
    const seen = new Set();
    /** @param {Json} links @param {Path} p @param {AnyOperation | undefined} operation */
    const fromLinks = (links, p, operation) => {
      if (!isObject(links)) return;
      for (const name of Object.keys(links)) {
        const l = links[name];
        if (!isObject(l) || typeof l.$ref === 'string' || seen.has(l)) continue;
        seen.add(l);
        out.push({ name, link: l, path: [...p, name], operation });
      }
    };
    const c = isObject(root.components) ? root.components : {};
    fromLinks(c.links, ['components', 'links'], undefined);
    if (isObject(c.responses)) for (const k of Object.keys(c.responses)) if (isObject(c.responses[k])) fromLinks(c.responses[k].links, ['components', 'responses', k, 'links'], undefined);
    for (const op of allOperations(root)) {
      const rs = op.operation.responses;
      if (!isObject(rs)) continue;
      for (const code of Object.keys(rs)) {
        const r = rs[code];
        if (isObject(r) && typeof r.$ref !== 'string') fromLinks(r.links, [...op.path, 'responses', code, 'links'], op);
      }
    }
    return out;
  });
}

/** The Operation Object a local operationRef (`#/paths/~1a/get`) points to, or undefined. @param {Json} root @param {unknown} ref */
export function operationAtRef(root, ref) {
  const segs = pointerSegments(ref);
  if (!segs || segs.length < 2) return undefined;
  const op = at(root, segs);
  if (!isObject(op)) return undefined;
  const last = segs[segs.length - 1];
  const isMethod = METHODS.includes(last) || segs[segs.length - 2] === 'additionalOperations';
  if (!isMethod) return undefined;
  return allOperations(root).find((o) => o.operation === op);
}

/** The operation a Link Object targets: { op } when found, { missing: message, field } when it cannot be, {} when not checkable. @param {Json} root @param {JsonObject} link */
export function linkTarget(root, link) {
  if (typeof link.operationId === 'string') {
    const op = operationsById(root).get(link.operationId);
    return op ? { op } : { missing: `Link target operationId '${link.operationId}' does not exist in this document`, field: 'operationId' };
  }
  if (typeof link.operationRef === 'string' && link.operationRef.startsWith('#')) {
    const op = operationAtRef(root, link.operationRef);
    return op ? { op } : { missing: `Link operationRef '${link.operationRef}' does not point to an Operation Object of this document`, field: 'operationRef' };
  }
  return {};
}

/**
 * Parses a runtime expression (OAS "Runtime Expressions" ABNF). Returns { ok: true, source,
 * kind, name } or { ok: false, reason }.
 * @param {string} expr
 */
export function parseRuntimeExpression(expr) {
  if (expr === '$url' || expr === '$method' || expr === '$statusCode') return { ok: true };
  const m = /^\$(request|response)\.(header|query|path|body)(.*)$/s.exec(expr);
  if (!m) return { ok: false, reason: 'expected $url, $method, $statusCode, $request.<source> or $response.<source>' };
  const [, source, kind, rest] = m;
  if (kind === 'body') {
    if (rest === '') return { ok: true, source, kind };
    if (!rest.startsWith('#')) return { ok: false, reason: `a body reference is 'body' or 'body#/json/pointer'` };
    const ptr = rest.slice(1);
    if (ptr !== '' && !ptr.startsWith('/')) return { ok: false, reason: 'the JSON pointer after # must start with /' };
    if (/~(?![01])/.test(ptr)) return { ok: false, reason: "'~' in a JSON pointer must be escaped as ~0 (and '/' as ~1)" };
    return { ok: true, source, kind, pointer: ptr };
  }
  if (!rest.startsWith('.') || rest.length < 2) return { ok: false, reason: `'${kind}.' must be followed by a name` };
  const name = rest.slice(1);
  if (kind === 'header' && !isToken(name)) return { ok: false, reason: `'${name}' is not a valid header name` };
  if (source === 'response' && kind !== 'header') return { ok: false, reason: `a response has no ${kind} parameters` };
  return { ok: true, source, kind, name };
}

/** The `{…}` expressions embedded in a string: [{ expr, index }]. Unbalanced braces yield { error }. @param {string} s */
export function embeddedExpressions(s) {
  /** @type {{ expr: string, index: number }[]} */
  const out = [];
  let i = 0;
  while (i < s.length) {
    const open = s.indexOf('{', i);
    if (open < 0) break;
    const close = s.indexOf('}', open + 1);
    if (close < 0) return { error: 'unbalanced {', found: out };
    out.push({ expr: s.slice(open + 1, close), index: open });
    i = close + 1;
  }
  return { found: out };
}
