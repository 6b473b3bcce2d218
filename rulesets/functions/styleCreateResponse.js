import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, rootOf } from './lib/doc.js';
import { hasStatus, looksPlural, opLabel, optList, pathOps, pathSegments, perOperationOrOnce, statusKeys } from './lib/style.js';

/**
 * A POST to a collection creates a member and answers 201 Created (RFC 9110 §15.3.2), or 202 when
 * creation is asynchronous. A path is a collection when its last segment is a static plural noun and
 * the API also reads it (GET on the same path) or addresses its members (`<path>/{id}`); other POSTs
 * are actions and are not judged. With `requireLocation`, the 201 response declares a `Location`
 * header. When no create operation of the API answers 201, one finding describes the convention.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        requireLocation: { type: 'boolean' },
        exceptions: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  function styleCreateResponse(_input, options, context) {
    const root = rootOf(context);
    const ops = pathOps(root);
    const paths = isObject(root) && isObject(root.paths) ? Object.keys(root.paths) : [];
    const itemParents = new Set(paths.filter((p) => /\/\{[^{}/]+\}$/.test(p)).map((p) => p.replace(/\/\{[^{}/]+\}$/, '')));
    const gets = new Set(ops.filter((o) => o.method === 'get').map((o) => o.pathKey));
    const exceptions = optList(options, 'exceptions', []);
    const creates = ops.filter((op) => {
      if (op.method !== 'post') return false;
      const segs = pathSegments(op.pathKey);
      const last = segs[segs.length - 1];
      if (!last || last.template || last.params.length > 0 || last.text === '' || last.text.includes(':')) return false;
      if (!looksPlural(last.text, exceptions) || /^v\d/.test(last.text)) return false;
      return gets.has(op.pathKey) || itemParents.has(op.pathKey);
    });
    const failing = creates.filter((op) => !hasStatus(statusKeys(op), ['201', '202']));
    const results = perOperationOrOnce(
      creates,
      failing,
      (op) => `${opLabel(op)} creates a member of a collection but documents no 201 Created (or 202 Accepted) response (has ${statusKeys(op).join(', ') || 'none'}).`,
      (n) => `None of the ${n} POST operations on collections documents 201 Created (or 202 Accepted).`,
    );
    if (options.requireLocation) {
      for (const op of creates) {
        const raw = isObject(op.operation.responses) ? op.operation.responses['201'] : undefined;
        if (raw === undefined) continue;
        const r = deref(root, raw, []).value;
        const headers = isObject(r) && isObject(r.headers) ? Object.keys(r.headers).map((h) => h.toLowerCase()) : [];
        if (!headers.includes('location')) results.push({ message: `The 201 response of ${opLabel(op)} declares no Location header for the created resource.`, path: [...op.path, 'responses', '201'] });
      }
    }
    return results;
  },
);
