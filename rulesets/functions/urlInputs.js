// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, parametersOf, pathOperations, rootOf } from './lib/doc.js';
import { hasEnumOrConst, kindsOf, opLabel, paramSchema, resolveSchema, squash } from './lib/secperf.js';
import { walkSide } from './lib/schema-trees.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */
/** @typedef {import('./lib/doc.js').Operation} Operation */

const URL_FORMATS = ['uri', 'url', 'iri', 'uri-reference', 'iri-reference', 'uri-template'];
const NAME_SUFFIXES = ['url', 'uri', 'callback', 'webhook', 'redirect', 'returnto', 'redirectto'];

/**
 * Inputs that take a URL the server may fetch or redirect to (format uri/url/iri, or a name ending
 * in one of `nameSuffixes`: url, uri, callback, webhook, redirect, returnTo) document what they
 * accept: a `pattern`, `enum`/`const`, or an allowlist extension (`allowlistExtensions`, default
 * x-allowed-hosts, x-allowlist). Otherwise the server-side SSRF/open-redirect allowlist is invisible.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: {
        nameSuffixes: { type: 'array', items: { type: 'string' } },
        formats: { type: 'array', items: { type: 'string' } },
        allowlistExtensions: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  /** @param {Json} _input @param {{ nameSuffixes?: string[], formats?: string[], allowlistExtensions?: string[] } | null} opts @param {RuleContext} context @returns {Finding[]} */
  function urlInputs(_input, opts, context) {
    const root = rootOf(context);
    const suffixes = (opts?.nameSuffixes ?? NAME_SUFFIXES).map(squash).filter(Boolean);
    const formats = new Set(opts?.formats ?? URL_FORMATS);
    const exts = opts?.allowlistExtensions ?? ['x-allowed-hosts', 'x-allowlist'];
    /** @param {string} name @param {Json} raw @param {Json} s */
    const isUrlInput = (name, raw, s) => {
      if (!s || !kindsOf(s).includes('string')) return false;
      if (hasEnumOrConst(s) || typeof s.pattern === 'string') return false;
      if (exts.some((e) => (isObject(raw) && raw[e] !== undefined) || s[e] !== undefined)) return false;
      if (typeof s.format === 'string' && formats.has(s.format)) return true;
      const n = squash(name);
      return suffixes.some((x) => n.endsWith(x));
    };
    /** @type {Finding[]} */
    const results = [];
    const seen = new Set();
    /** @param {Path} path @param {string} what @param {Operation} op */
    const push = (path, what, op) => {
      const key = path.join('\u0000');
      if (seen.has(key)) return;
      seen.add(key);
      results.push({ message: `${what} (${opLabel(op)}) takes a URL without a pattern or allowlist: document which hosts and schemes the server accepts (SSRF, open redirect).`, path });
    };
    for (const op of pathOperations(root)) {
      for (const entry of parametersOf(root, op)) {
        if (entry.param.in === 'header' || entry.param.in === 'cookie') continue;
        const ps = paramSchema(root, entry);
        if (!ps) continue;
        const { value } = resolveSchema(root, ps.schema, ps.path);
        if (isUrlInput(entry.param.name, ps.schema, value)) push([...entry.path, 'name'], `${entry.param.in} parameter '${entry.param.name}'`, op);
      }
    }
    walkSide(
      root,
      'request',
      (s, node) => {
        if (!isObject(s.properties) || node.entry.param) return true;
        // Hypermedia links (`links`, `_links`, `href`) are server-generated, not inputs to fetch.
        const path = node.path;
        if (inLinks(path)) return true;
        for (const name of Object.keys(s.properties)) {
          const raw = s.properties[name];
          const { value } = resolveSchema(root, raw, undefined);
          if (value && value.readOnly === true) continue;
          if (squash(name) === 'href') continue;
          if (isUrlInput(name, raw, value)) push([...path, 'properties', name], `Request property '${name}'`, node.op);
        }
        return true;
      },
      {},
    );
    return results;
  },
);

/** @param {Json[]} path a Path (`test` stringifies its index segments) */
function inLinks(path) {
  for (let i = 1; i < path.length; i++) if (path[i - 1] === 'properties' && /^_?links$/i.test(path[i])) return true;
  return false;
}
