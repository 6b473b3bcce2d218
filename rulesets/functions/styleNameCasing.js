import { createRulesetFunction } from './lib/define.js';
import { isObject, operations, rootOf } from './lib/doc.js';
import { allParameters, allProperties, allResponseHeaders, CASING_LABEL, casingsOf, coreName, dominantCasingWeighted, matchesCasing, optList, regexList } from './lib/style.js';

const TARGETS = ['path-params', 'query-params', 'header-params', 'cookie-params', 'response-headers', 'properties', 'schema-names', 'operation-ids'];
const WHAT = {
  'path-params': 'Path parameter',
  'query-params': 'Query parameter',
  'header-params': 'Header',
  'cookie-params': 'Cookie parameter',
  'response-headers': 'Response header',
  properties: 'Property',
  'schema-names': 'Schema name',
  'operation-ids': 'operationId',
};

/** The `name` (parameters) or `operationId` key under an object's path, built when reported. */
class NameSite {
  constructor(base, key) {
    this.base = base;
    this.key = key;
  }
  get path() {
    return [...this.base, this.key];
  }
}

/** Names of one kind, each with the place to report (its `path` is built when reported): [{ name, site }]. */
function namesOf(root, target) {
  const out = [];
  const inOf = { 'path-params': 'path', 'query-params': 'query', 'header-params': 'header', 'cookie-params': 'cookie' }[target];
  if (inOf) {
    for (const p of allParameters(root)) if (p.param.in === inOf && typeof p.param.name === 'string') out.push({ name: p.param.name, site: new NameSite(p.path, 'name') });
  } else if (target === 'response-headers') {
    for (const h of allResponseHeaders(root)) out.push({ name: h.name, site: { path: h.keyPath } });
  } else if (target === 'properties') {
    for (const p of allProperties(root)) out.push({ name: p.name, site: p });
  } else if (target === 'schema-names') {
    const s = isObject(root) && isObject(root.components) && isObject(root.components.schemas) ? root.components.schemas : {};
    for (const k of Object.keys(s)) out.push({ name: k, site: { path: ['components', 'schemas', k] } });
  } else if (target === 'operation-ids') {
    for (const op of operations(root)) if (typeof op.operation.operationId === 'string') out.push({ name: op.operation.operationId, site: new NameSite(op.path, 'operationId') });
  }
  return out;
}

/**
 * Names of the selected kinds (`targets`) follow `casing` (camel, pascal, snake, kebab, macro,
 * header = Hyphenated-Pascal-Case), or with `casing: auto` the casing most multi-word names of
 * those kinds already follow. `acronyms` lists words allowed in capitals (`ID` → `userID`);
 * names matching an `ignore` pattern are skipped; `$`/`@`/`_` prefixes and `[…]` suffixes are not
 * part of the name. With `namespaceSeparator` (e.g. `.`), only the last part of a name is checked
 * (`io.k8s.api.core.v1.Pod` → `Pod`); with `separator` (e.g. `_` for `Noun_Verb` operationIds such
 * as `StorageAccounts_List`), each part between separators is judged on its own.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['targets'],
      properties: {
        targets: { type: 'array', items: { enum: TARGETS }, minItems: 1 },
        casing: { enum: ['auto', 'camel', 'pascal', 'snake', 'kebab', 'macro', 'header'] },
        acronyms: { type: 'array', items: { type: 'string' } },
        ignore: { type: 'array', items: { type: 'string' } },
        namespaceSeparator: { type: 'string', maxLength: 1 },
        separator: { type: 'string', maxLength: 1 },
      },
    },
  },
  function styleNameCasing(_input, options, context) {
    const root = rootOf(context);
    const casing = options.casing ?? 'auto';
    const acronyms = optList(options, 'acronyms', []);
    const ignore = regexList(options.ignore);
    const sep = options.namespaceSeparator;
    // Names repeat a lot (`id`, `name` in every schema): judge each distinct name once.
    const byName = new Map();
    for (const t of new Set(options.targets)) {
      for (const e of namesOf(root, t)) {
        let g = byName.get(e.name);
        if (!g) {
          g = { name: e.name, uses: [], parts: undefined };
          byName.set(e.name, g);
        }
        g.uses.push({ site: e.site, what: WHAT[t] });
      }
    }
    const groups = [];
    for (const g of byName.values()) {
      if (ignore.some((re) => re.test(g.name))) continue;
      let n = coreName(g.name);
      if (sep && n.includes(sep)) n = n.slice(n.lastIndexOf(sep) + 1);
      // Dotted names address nested fields (`filter.status`, `Parameter1.Name`): every part is a name.
      g.parts = n
        .split('.')
        .flatMap((x) => (options.separator ? x.split(options.separator) : [x]))
        .map(coreName)
        // A part that starts with a digit (`50p`, `2fa`) says nothing about casing.
        .filter((x) => x !== '' && !/^[0-9]/.test(x));
      if (g.parts.length > 0) groups.push(g);
    }
    let target = casing;
    let why = '';
    if (casing === 'auto') {
      // Each part counts once per use of its name.
      const weights = new Map();
      for (const g of groups) for (const p of g.parts) weights.set(p, (weights.get(p) ?? 0) + g.uses.length);
      const d = dominantCasingWeighted(weights, acronyms);
      if (!d) return [];
      target = d.casing;
      why = ` like most names of its kind in this API (${d.count} of ${d.total} multi-word names)`;
    }
    const results = [];
    for (const g of groups) {
      const bad = g.parts.find((p) => !matchesCasing(p, target, acronyms));
      if (bad === undefined) continue;
      const is = casing === 'auto' ? casingsOf(bad, acronyms)[0] : undefined;
      const hint = /[A-Z]{2}/.test(bad) && (target === 'camel' || target === 'pascal') ? ' (list acronyms such as ID in the `acronyms` option to allow them in capitals)' : '';
      for (const u of g.uses) {
        results.push({ message: `${u.what} '${g.name}' is ${is ? CASING_LABEL[is] : 'not ' + CASING_LABEL[target]}; use ${CASING_LABEL[target]}${why}${hint}.`, path: u.site.path });
      }
    }
    return results;
  },
);
