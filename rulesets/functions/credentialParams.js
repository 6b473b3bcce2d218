// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { parametersOf, pathOperations, rootOf } from './lib/doc.js';
import { opLabel, segments, squash } from './lib/secperf.js';
import { CREDENTIAL_EXACT, CREDENTIAL_SUFFIXES, isCredentialName } from './lib/credentials.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Query and path parameters are not credentials: names equal to an entry of `names` or ending with
 * one of `suffixes` (compared lower case without separators) are reported, except those in `allow`.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: {
        names: { type: 'array', items: { type: 'string' } },
        suffixes: { type: 'array', items: { type: 'string' } },
        allow: { type: 'array', items: { type: 'string' } },
        in: { type: 'array', items: { enum: ['query', 'path', 'querystring'] } },
      },
    },
  },
  /**
   * @param {Json} _input
   * @param {{ names?: string[], suffixes?: string[], allow?: string[], in?: ('query' | 'path' | 'querystring')[] } | null} opts
   * @param {RuleContext} context
   * @returns {Finding[]}
   */
  function credentialParams(_input, opts, context) {
    const root = rootOf(context);
    const exact = opts?.names ?? CREDENTIAL_EXACT;
    const suffixes = opts?.suffixes ?? CREDENTIAL_SUFFIXES;
    const allow = opts?.allow ?? [];
    const where = new Set(opts?.in ?? ['query', 'path']);
    const results = [];
    const seen = new Set();
    // Shared parameters repeat the same few names on every operation: judge each name once.
    const verdicts = new Map();
    /** @param {string} name */
    const isCredential = (name) => {
      let v = verdicts.get(name);
      if (v === undefined) {
        v = isCredentialName(name, exact, suffixes, allow);
        verdicts.set(name, v);
      }
      return v;
    };
    for (const op of pathOperations(root)) {
      for (const { param, path } of parametersOf(root, op)) {
        if (!where.has(param.in) || !isCredential(param.name)) continue;
        if (param.in === 'path' && identifiesResource(op.pathKey, param.name)) continue;
        const key = path.join('\u0000');
        if (seen.has(key)) continue;
        seen.add(key);
        results.push({
          message: `${param.in === 'path' ? 'Path' : 'Query'} parameter '${param.name}' (${opLabel(op)}) looks like a credential: URLs are logged by servers, proxies and browsers. Send it in a header (e.g. Authorization) or the body.`,
          path: [...path, 'name'],
        });
      }
    }
    return results;
  },
);

/** `/tokens/{token}`, `/authorizations/{authorization}`: the parameter names an item of the collection before it. @param {string} pathKey @param {string} name @returns {boolean} */
function identifiesResource(pathKey, name) {
  const segs = segments(pathKey);
  const i = segs.indexOf(`{${name}}`);
  if (i <= 0) return false;
  const prev = squash(segs[i - 1]);
  const n = squash(name);
  if (prev === '' || n === '') return false;
  return prev.startsWith(n) || (n.endsWith('id') && n.length > 2 && prev.startsWith(n.slice(0, -2)));
}
