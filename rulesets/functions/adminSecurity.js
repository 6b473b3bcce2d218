// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { pathOperations, rootOf } from './lib/doc.js';
import { opLabel, regexFrom } from './lib/secperf.js';
import { securityOf } from './lib/security.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const DEFAULT_ADMIN = '/(^|\\/)(admin|administration|management|manage|backoffice|internal)(\\/|$)/i';

/**
 * Operations under administrative paths (`adminPaths`, regular expressions; default /admin,
 * /administration, /management, /manage, /backoffice, /internal segments) accept no security
 * alternative that regular operations also accept (same schemes with the same scopes): an
 * ordinary user's credential must not unlock administration (OWASP API5:2023).
 */
export default createRulesetFunction(
  {
    input: null,
    options: { type: ['object', 'null'], additionalProperties: false, properties: { adminPaths: { type: 'array', items: { type: 'string' } } } },
  },
  /** @param {Json} _input @param {{ adminPaths?: string[] } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function adminSecurity(_input, opts, context) {
    const root = rootOf(context);
    const res = /** @type {RegExp[]} */ ((opts?.adminPaths ?? [DEFAULT_ADMIN]).map((p) => regexFrom(p, 'i')).filter(Boolean));
    /** @param {{ schemes: { name: string, scopes: string[] }[] }} alt */
    const sig = (alt) =>
      alt.schemes
        .map((s) => `${s.name}:${[...s.scopes].sort().join(',')}`)
        .sort()
        .join('&');
    const ops = pathOperations(root);
    const admin = [];
    const regular = new Map();
    for (const op of ops) {
      const sec = securityOf(root, op);
      if (sec.open) continue;
      if (res.some((re) => re.test(op.pathKey))) admin.push({ op, sec });
      else for (const alt of sec.alternatives) if (!regular.has(sig(alt))) regular.set(sig(alt), op);
    }
    const results = [];
    for (const { op, sec } of admin) {
      const shared = sec.alternatives.find((alt) => regular.has(sig(alt)));
      if (!shared) continue;
      const what = shared.schemes.map((s) => (s.scopes.length ? `${s.name} [${s.scopes.join(', ')}]` : s.name)).join(' + ');
      results.push({
        message: `${opLabel(op)} is administrative but accepts the same credentials as ${opLabel(regular.get(sig(shared)))} (${what}): require an admin-only scheme or scope.`,
        path: sec.level === 'operation' ? [...sec.path, String(shared.index)] : op.path,
      });
    }
    return results;
  },
);
