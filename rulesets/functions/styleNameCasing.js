// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, operations, rootOf } from './lib/doc.js';
import { allParameters, allResponseHeaders } from './lib/definitions.js';
import { allProperties } from './lib/schemas.js';
import { CASING_LABEL, casingsOf, coreName, dominantCasingWeighted, matchesCasing } from './lib/casing.js';
import { optList, regexList } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const TARGETS = ['path-params', 'query-params', 'header-params', 'cookie-params', 'response-headers', 'properties', 'schema-names', 'operation-ids'];
/** @type {Record<string, string>} */
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

/** @type {Record<string, string>} */
const PARAM_IN = { 'path-params': 'path', 'query-params': 'query', 'header-params': 'header', 'cookie-params': 'cookie' };

/** Where a use of a name is reported: built only for the uses that produce a finding. @param {string} target @param {Json} obj @returns {Path} */
function usePath(target, obj) {
  if (PARAM_IN[target] !== undefined) return [...obj.path, 'name'];
  if (target === 'response-headers') return obj.keyPath;
  if (target === 'properties') return obj.path;
  if (target === 'schema-names') return ['components', 'schemas', obj];
  return [...obj.path, 'operationId'];
}

/**
 * Calls `use(name, target, obj)` for every name of one kind, in document order; `obj` is what
 * `usePath` turns into the place to report (a parameter, header, property or operation entry, or
 * the schema name).
 * @param {Json} root @param {string} target @param {(name: string, target: string, obj: Json) => void} use
 */
function eachName(root, target, use) {
  const inOf = PARAM_IN[target];
  if (inOf !== undefined) {
    for (const p of allParameters(root)) if (p.param.in === inOf && typeof p.param.name === 'string') use(p.param.name, target, p);
  } else if (target === 'response-headers') {
    for (const h of allResponseHeaders(root)) use(h.name, target, h);
  } else if (target === 'properties') {
    for (const p of allProperties(root)) use(p.name, target, p);
  } else if (target === 'schema-names') {
    if (isObject(root) && isObject(root.components) && isObject(root.components.schemas)) for (const k of Object.keys(root.components.schemas)) use(k, target, k);
  } else if (target === 'operation-ids') {
    for (const op of operations(root)) if (typeof op.operation.operationId === 'string') use(op.operation.operationId, target, op);
  }
}

/** `x` starts with a digit (such a part, `50p`, `2fa`, says nothing about casing). @param {string} x */
const startsWithDigit = (x) => {
  const c = x.charCodeAt(0);
  return c >= 48 && c <= 57;
};

/** The parts of a name judged for casing (see below), without decorations, empty and digit-led parts. @param {string} name @param {string | undefined} sep @param {string | undefined} separator */
function partsOf(name, sep, separator) {
  let n = coreName(name);
  if (sep && n.includes(sep)) n = n.slice(n.lastIndexOf(sep) + 1);
  // Dotted names address nested fields (`filter.status`, `Parameter1.Name`): every part is a name.
  if (!n.includes('.') && !(separator && n.includes(separator))) {
    const x = coreName(n);
    return x !== '' && !startsWithDigit(x) ? [x] : [];
  }
  const parts = [];
  for (const dotted of n.split('.')) {
    for (const piece of separator ? dotted.split(separator) : [dotted]) {
      const x = coreName(piece);
      if (x !== '' && !startsWithDigit(x)) parts.push(x);
    }
  }
  return parts;
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
  /**
   * @param {Json} _input @param {{ targets: string[], casing?: string, acronyms?: string[], ignore?: string[], namespaceSeparator?: string, separator?: string }} options
   * @param {RuleContext} context @returns {Finding[]}
   */
  function styleNameCasing(_input, options, context) {
    const root = rootOf(context);
    const casing = options.casing ?? 'auto';
    const acronyms = optList(options, 'acronyms', []);
    const ignore = regexList(options.ignore);
    const sep = options.namespaceSeparator;
    const separator = options.separator;
    // Names repeat a lot (`id`, `name` in every schema): judge each distinct name once. A group's
    // uses are kept flat, [target, obj, target, obj, …]; paths are built for findings only.
    /** @type {Map<string, Json[]>} */
    const byName = new Map();
    /** @param {string} name @param {string} target @param {Json} obj */
    const use = (name, target, obj) => {
      const uses = byName.get(name);
      if (uses === undefined) byName.set(name, [target, obj]);
      else uses.push(target, obj);
    };
    for (const t of new Set(options.targets)) eachName(root, t, use);
    const groups = [];
    for (const [name, uses] of byName) {
      let ignored = false;
      for (const re of ignore) {
        if (re.test(name)) {
          ignored = true;
          break;
        }
      }
      if (ignored) continue;
      const parts = partsOf(name, sep, separator);
      if (parts.length > 0) groups.push({ name, uses, parts });
    }
    let target = casing;
    let why = '';
    // Does a part follow the target casing? In auto mode the target is one of the casings
    // casingsOf lists (never header), so the casings a part fits answer it.
    /** @type {(p: string) => boolean} */
    let fits;
    if (casing === 'auto') {
      // Each part counts once per use of its name.
      const weights = new Map();
      for (const g of groups) {
        const n = g.uses.length / 2;
        for (const p of g.parts) weights.set(p, (weights.get(p) ?? 0) + n);
      }
      const d = dominantCasingWeighted(weights, acronyms);
      if (!d) return [];
      target = d.casing;
      why = ` like most names of its kind in this API (${d.count} of ${d.total} multi-word names)`;
      fits = (p) => casingsOf(p, acronyms).includes(target);
    } else {
      fits = (p) => matchesCasing(p, target, acronyms);
    }
    const results = [];
    for (const g of groups) {
      let bad;
      for (const p of g.parts) {
        if (!fits(p)) {
          bad = p;
          break;
        }
      }
      if (bad === undefined) continue;
      const is = casing === 'auto' ? casingsOf(bad, acronyms)[0] : undefined;
      const hint = /[A-Z]{2}/.test(bad) && (target === 'camel' || target === 'pascal') ? ' (list acronyms such as ID in the `acronyms` option to allow them in capitals)' : '';
      const tail = `is ${is ? CASING_LABEL[is] : 'not ' + CASING_LABEL[target]}; use ${CASING_LABEL[target]}${why}${hint}.`;
      const uses = g.uses;
      for (let i = 0; i < uses.length; i += 2) results.push({ message: `${WHAT[uses[i]]} '${g.name}' ${tail}`, path: usePath(uses[i], uses[i + 1]) });
    }
    return results;
  },
);
