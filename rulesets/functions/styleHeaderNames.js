import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { allParameters, allResponseHeaders, optList } from './lib/style.js';

const RESERVED = ['Accept', 'Content-Type', 'Authorization'];
const X_ALLOW = ['X-Request-ID', 'X-Correlation-ID', 'X-RateLimit-*'];

function globMatcher(list) {
  const res = list.map((g) => new RegExp(`^${g.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i'));
  return (name) => res.some((re) => re.test(name));
}

/**
 * check `reserved`: no header parameter is named Accept, Content-Type or Authorization (OpenAPI
 * ignores them: they are expressed by `content` and `security`). check `x-prefix`: request and
 * response header names do not start with `X-` (RFC 6648), except those on the `allow` list
 * (globs, case-insensitive; default X-Request-ID, X-Correlation-ID, X-RateLimit-*). Each definition
 * is reported once.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['check'],
      properties: {
        check: { enum: ['reserved', 'x-prefix'] },
        names: { type: 'array', items: { type: 'string' } },
        allow: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  function styleHeaderNames(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    if (options.check === 'reserved') {
      const reserved = new Map(optList(options, 'names', RESERVED).map((n) => [n.toLowerCase(), n]));
      for (let entryI = 0, entryList = allParameters(root); entryI < entryList.length; entryI++) {
        const { param, path } = entryList[entryI];
        if (param.in !== 'header' || typeof param.name !== 'string' || !reserved.has(param.name.toLowerCase())) continue;
        const n = reserved.get(param.name.toLowerCase());
        const instead = n === 'Authorization' ? 'a security scheme' : n === 'Accept' ? "the response's content media types" : "the request body's content media types";
        results.push({ message: `Header parameter '${param.name}' is ignored by OpenAPI; describe it with ${instead}.`, path: [...path, 'name'] });
      }
      return results;
    }
    const allowed = globMatcher(optList(options, 'allow', X_ALLOW));
    for (let entryI = 0, entryList = allParameters(root); entryI < entryList.length; entryI++) {
      const { param, path } = entryList[entryI];
      if (param.in !== 'header' || typeof param.name !== 'string' || !/^x-/i.test(param.name) || allowed(param.name)) continue;
      results.push({ message: `Header '${param.name}' uses the deprecated X- prefix (RFC 6648).`, path: [...path, 'name'] });
    }
    for (let hI = 0, hList = allResponseHeaders(root); hI < hList.length; hI++) {
      const h = hList[hI];
      if (!/^x-/i.test(h.name) || allowed(h.name)) continue;
      results.push({ message: `Response header '${h.name}' uses the deprecated X- prefix (RFC 6648).`, path: h.keyPath });
    }
    return results;
  },
);
