import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { linkObjects, operationAtRef, operationsById, parametersOf } from './lib/compliance.js';

const LOCATIONS = ['path', 'query', 'header', 'cookie', 'querystring'];

/** The operation a link targets: { op } when found, { missing: message } when it cannot be, {} when not checkable. */
function targetOf(root, link) {
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

const CHECKS = {
  /** operationId names an existing operation; a local operationRef points to an operation. */
  operation(root, link, path) {
    const t = targetOf(root, link);
    return t.missing ? [{ message: t.missing, path: [...path, t.field] }] : [];
  },
  /** Each parameter name (optionally qualified `path.id`) is a parameter of the target operation. */
  parameters(root, link, path) {
    if (!isObject(link.parameters)) return [];
    const { op } = targetOf(root, link);
    if (!op) return [];
    const params = parametersOf(root, op).map((p) => p.param);
    const out = [];
    for (let keyI = 0, keyList = Object.keys(link.parameters); keyI < keyList.length; keyI++) {
      const key = keyList[keyI];
      const dot = key.indexOf('.');
      const qualified = dot > 0 && LOCATIONS.includes(key.slice(0, dot));
      const where = qualified ? key.slice(0, dot) : undefined;
      const name = qualified ? key.slice(dot + 1) : key;
      const match = (p) => (where === undefined || p.in === where) && (p.in === 'header' ? String(p.name).toLowerCase() === name.toLowerCase() : p.name === name);
      if (params.some(match) || (!qualified && params.some((p) => p.name === key))) continue;
      const id = typeof op.operation.operationId === 'string' ? `'${op.operation.operationId}'` : `${op.method.toUpperCase()} ${op.pathKey}`;
      out.push({ message: `Link parameter '${key}' is not a parameter of the target operation ${id}`, path: [...path, 'parameters', key] });
    }
    return out;
  },
};

/** Checks every Link Object of the document against the operation it targets. */
export default createRulesetFunction(
  {
    input: null,
    options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: Object.keys(CHECKS) } } },
  },
  function linkTargets(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    for (const { link, path } of linkObjects(root)) results.push(...CHECKS[options.check](root, link, path));
    return results;
  },
);
