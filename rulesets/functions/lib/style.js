// @ts-check
// Helpers for apictl's style rules (owner: style). Pure, bounded, never throw; every list is
// computed once per document through `cached` and shared by the rules that need it.
import { cached, deref, ignoredByAuthor, isObject, operations, specVersion, splitWords, typesOf } from './doc.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').JsonObject} JsonObject */
/** @typedef {import('./types.js').Path} Path */
/** @typedef {import('./doc.js').Operation} Operation */
/** @typedef {{ text: string, template: boolean, params: string[] }} Segment */
/** @typedef {[RegExp, string][] & { any?: RegExp }} AcronymRewrites */
/**
 * @typedef {{ camel: Map<string, boolean>, pascal: Map<string, boolean>, casings: Map<string, string[]>, rewrites: AcronymRewrites | undefined,
 *   lead: RegExp | undefined }} MemoTables
 */
/** @typedef {{ code: string | undefined, response: JsonObject, path: Path, ops: Operation[], codes: Set<string> }} ResponseDef */
/**
 * @typedef {{ kind: 'request' | 'response', mediaType: string, media: JsonObject, path: Path, contentPath: Path, codes: string[],
 *   ops: Operation[] }} MediaTypeDef
 */
/** @typedef {(raw: Json, parent: SchemaEntry | undefined, k1: string | undefined, k2: string | undefined, via: string, name: string | undefined, abs: Path | undefined) => void} PushSchema */

// ---------------------------------------------------------------------------------------------
// Small utilities

/** A RegExp from a user-supplied source, or undefined when it does not compile. @param {unknown} source */
export function regex(source, flags = '') {
  if (typeof source !== 'string') return undefined;
  try {
    return new RegExp(source, flags);
  } catch {
    return undefined;
  }
}

/** Regexes from a list of sources (invalid ones dropped). @param {unknown} list */
export function regexList(list, flags = '') {
  return Array.isArray(list) ? /** @type {RegExp[]} */ (list.map((s) => regex(s, flags)).filter(Boolean)) : [];
}

/** @param {Path} segs */
export const pathKey = (segs) => segs.join('\u0000');

/** "GET /pets" for messages. @param {{ method: string, pathKey: string, isWebhook?: boolean }} op */
export function opLabel(op) {
  return `${op.method.toUpperCase()} ${op.pathKey}${op.isWebhook ? ' (webhook)' : ''}`;
}

/** Operations of `paths` only (webhooks are requests the API sends, not resources it serves). @param {Json} root */
export function pathOps(root) {
  return operations(root).filter((op) => !op.isWebhook);
}

/** True when the document is at least OpenAPI 3.1. @param {Json} root */
export function isOas31Plus(root) {
  const v = specVersion(root);
  return v !== undefined && v !== '3.0' && v !== '2.0';
}

// ---------------------------------------------------------------------------------------------
// Paths

/**
 * Segments of a path template: [{ text, template (true for `{x}` only), params: [names] }].
 * Memoised per template (every path rule splits every path key): shared, read only.
 */
/** @type {Map<string, Segment[]>} */
const segmentsMemo = new Map();
/** @param {unknown} template @returns {Segment[]} */
export function pathSegments(template) {
  if (typeof template !== 'string') return [];
  let segs = segmentsMemo.get(template);
  if (segs === undefined) {
    const parts = template.split('/').slice(1);
    segs = parts.map((text) => {
      const params = text.includes('{') ? [...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]) : [];
      return { text, template: /^\{[^{}]*\}$/.test(text), params };
    });
    if (segmentsMemo.size > 20000) segmentsMemo.clear();
    segmentsMemo.set(template, segs);
  }
  return segs;
}

const IRREGULAR_PLURALS = new Set([
  'people',
  'children',
  'men',
  'women',
  'data',
  'media',
  'criteria',
  'phenomena',
  'indices',
  'matrices',
  'vertices',
  'analyses',
  'feet',
  'teeth',
  'geese',
  'mice',
  'oxen',
  'alumni',
  'cacti',
  'fungi',
  'radii',
  'stimuli',
  'syllabi',
  'metadata',
  'info',
  'information',
  'news',
  'series',
  'species',
  'feedback',
  'equipment',
  'software',
  'hardware',
  'firmware',
  'staff',
  'settings',
  'preferences',
  'analytics',
  'statistics',
  'stats',
  'metrics',
  'logs',
  'history',
  'inventory',
  'config',
  'configuration',
  'search',
  'audio',
  'video',
  'traffic',
  'content',
  'evidence',
  'sheep',
  'fish',
  'deer',
  'aircraft',
  'personnel',
  'money',
  'music',
  'storage',
  'billing',
  'usage',
  'access',
  'auth',
]);
const SINGULAR_S = /(ss|us|is)$/;

/** Heuristic: does a (kebab/snake/camel) collection name end in a plural (or uncountable) noun? @param {string} segment @param {string[]} [exceptions] */
export function looksPlural(segment, exceptions = []) {
  const words = splitWords(segment);
  const last = (words[words.length - 1] ?? '').toLowerCase();
  if (last === '') return true;
  if (exceptions.some((e) => e.toLowerCase() === segment.toLowerCase() || e.toLowerCase() === last)) return true;
  if (IRREGULAR_PLURALS.has(last)) return true;
  if (/^v\d/.test(last) || /^\d/.test(last)) return true;
  if (last.endsWith('s') && !SINGULAR_S.test(last)) return true;
  // "statuses", "addresses", "aliases", "buses", "analyses": plural despite the singular-looking ending
  if (/(sses|uses|ises|xes|ches|shes|ies)$/.test(last)) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------
// Casing

/** Words of an identifier (lib/doc.js), for the rules that import them from here. */
export { splitWords };

export const CASINGS = ['camel', 'pascal', 'snake', 'kebab', 'macro', 'header'];
/** @type {Record<string, RegExp>} */
const CASING_RE = {
  camel: /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)*[A-Z]?$/,
  pascal: /^(?:[A-Z][a-z0-9]+)+[A-Z]?$|^[A-Z]$/,
  snake: /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/,
  kebab: /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/,
  macro: /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/,
  // Hyphenated-Pascal-Case as HTTP writes header names: every word starts with a capital or a digit
  // (Content-Type, ETag, X-RateLimit-Limit, WWW-Authenticate, Content-MD5).
  header: /^[A-Z0-9][A-Za-z0-9]*(?:-[A-Z0-9][A-Za-z0-9]*)*$/,
};
/** @type {Record<string, string>} */
export const CASING_LABEL = {
  camel: 'camelCase',
  pascal: 'PascalCase',
  snake: 'snake_case',
  kebab: 'kebab-case',
  macro: 'UPPER_SNAKE_CASE',
  header: 'Hyphenated-Pascal-Case',
};

/**
 * Rewrites allowlisted acronyms (`ID`, `URL`; plural `IDs`) as ordinary words (`Id`, `Url`) so
 * that `userID` passes as camelCase when `ID` is allowed. Only whole words at case boundaries.
 */
/** @type {Map<string, AcronymRewrites>} */
const acronymRes = new Map();
/** @param {string[]} acronyms */
function acronymRegexes(acronyms) {
  const key = listKey(acronyms);
  let list = acronymRes.get(key);
  if (!list) {
    list = [];
    const literals = [];
    // Longest first, so that `UUID` wins over `ID`.
    for (const a of [...acronyms].sort((x, y) => String(y).length - String(x).length)) {
      if (typeof a !== 'string' || a.length < 2) continue;
      const esc = a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      // A whole word: not preceded by a capital; followed by an upper-case letter, a digit, a plural
      // `s` + boundary, a separator or the end.
      list.push([new RegExp(`(?<![A-Z])${esc}(?=$|[A-Z0-9_\\-]|s(?:$|[A-Z0-9_\\-]))`, 'g'), a[0] + a.slice(1).toLowerCase()]);
      literals.push(esc);
    }
    // Any acronym written anywhere: without one, no rewrite applies (one test instead of one per acronym).
    list.any = literals.length > 0 ? new RegExp(literals.join('|')) : undefined;
    if (acronymRes.size > 100) acronymRes.clear();
    acronymRes.set(key, list);
  }
  return list;
}

/** @param {string} name @param {string[]} acronyms @param {MemoTables} tables */
function normaliseAcronyms(name, acronyms, tables) {
  if (!Array.isArray(acronyms) || acronyms.length === 0) return name;
  const list = (tables.rewrites ??= acronymRegexes(acronyms));
  if (list.any === undefined || !list.any.test(name)) return name;
  let out = name;
  for (const [re, word] of list) {
    re.lastIndex = 0;
    if (!re.test(out)) continue;
    re.lastIndex = 0;
    out = out.replace(re, (m, offset) => (offset === 0 ? m : word));
  }
  return out;
}

/** Strips decorations that are not part of the name: `$`/`@`/`_` prefixes, `[...]` suffixes (deepObject, arrays). @param {unknown} name */
export function coreName(name) {
  let n = String(name);
  // Most names carry neither: the replacements only run when the last or first character allows a match.
  if (n.endsWith(']')) n = n.replace(/(\[[^\]]*\])+$/, '');
  const c = n.charCodeAt(0);
  return c === 36 || c === 64 || c === 95 ? n.replace(/^[$@_]+/, '') : n;
}

/** @type {WeakMap<string[], string>} */
const listKeys = new WeakMap();
/** A stable string key for an option list (computed once per list object). @param {string[]} list */
function listKey(list) {
  let k = listKeys.get(list);
  if (k === undefined) {
    k = list.join(',');
    listKeys.set(list, k);
  }
  return k;
}

/**
 * Per acronym list (object): memo tables name → answer for matchesCasing (camel, pascal) and
 * casingsOf, keyed by the name itself (no composite key string to build and hash per call), and
 * the test for a leading acronym. Lists are option arrays, the same object for every call of a rule.
 */
/** @type {WeakMap<string[], MemoTables>} */
const memoTables = new WeakMap();
const MEMO_LIMIT = 50000;
/** @param {string[]} acronyms */
function tablesFor(acronyms) {
  let t = memoTables.get(acronyms);
  if (t === undefined) {
    const lead = acronyms.filter((x) => typeof x === 'string' && x.length > 1).map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    // Alternatives are tried in list order, so the match is the first acronym the name starts with.
    t = { camel: new Map(), pascal: new Map(), casings: new Map(), rewrites: undefined, lead: lead.length > 0 ? new RegExp(`^(?:${lead.join('|')})`) : undefined };
    memoTables.set(acronyms, t);
  }
  return t;
}
/** @type {string[]} */
const NO_ACRONYMS = [];

/** @template V @param {Map<string, V>} table @param {string} name @param {V} value */
function remember(table, name, value) {
  if (table.size > MEMO_LIMIT) table.clear();
  table.set(name, value);
  return value;
}

/** A leading acronym in camelCase stays lower case (`idToken`); in PascalCase `IDToken` → `IdToken`. @param {string} n @param {MemoTables} tables */
function leadingAcronymAsWord(n, tables) {
  if (tables.lead === undefined) return n;
  const m = tables.lead.exec(n);
  if (m === null) return n;
  const a = m[0];
  return a[0] + a.slice(1).toLowerCase() + n.slice(a.length);
}

/** Does `name` follow `casing`? Acronyms on the allowlist count as words. @param {string} name @param {string} casing @param {string[]} [acronyms] */
export function matchesCasing(name, casing, acronyms = []) {
  const re = CASING_RE[casing];
  if (!re) return true;
  if (casing !== 'camel' && casing !== 'pascal') return re.test(name);
  if (acronyms.length === 0) return re.test(name);
  const tables = tablesFor(acronyms);
  const table = casing === 'camel' ? tables.camel : tables.pascal;
  const hit = table.get(name);
  if (hit !== undefined) return hit;
  const n = normaliseAcronyms(name, acronyms, tables);
  return remember(table, name, re.test(casing === 'pascal' ? leadingAcronymAsWord(n, tables) : n));
}

/** The casings a name is compatible with (a single lower-case word fits camel, snake and kebab). @param {string} name @param {string[]} [acronyms] @returns {string[]} */
export function casingsOf(name, acronyms = []) {
  const tables = tablesFor(acronyms.length === 0 ? NO_ACRONYMS : acronyms);
  const hit = tables.casings.get(name);
  if (hit !== undefined) return hit;
  // As matchesCasing for each casing but header, with the acronyms rewritten once for camel and pascal.
  const list = [];
  const n = acronyms.length === 0 ? name : normaliseAcronyms(name, acronyms, tables);
  if (CASING_RE.camel.test(n)) list.push('camel');
  if (CASING_RE.pascal.test(leadingAcronymAsWord(n, tables))) list.push('pascal');
  if (CASING_RE.snake.test(name)) list.push('snake');
  if (CASING_RE.kebab.test(name)) list.push('kebab');
  if (CASING_RE.macro.test(name)) list.push('macro');
  return remember(tables.casings, name, list);
}

/**
 * The dominant casing of a list of names: the casing most multi-word names follow
 * (`{ casing, count, total }`), or undefined when no multi-word name is unambiguous.
 * @param {Iterable<string>} names @param {string[]} [acronyms]
 */
export function dominantCasing(names, acronyms = []) {
  /** @type {Map<string, number>} */
  const weights = new Map();
  for (const n of names) weights.set(n, (weights.get(n) ?? 0) + 1);
  return dominantCasingWeighted(weights, acronyms);
}

/** dominantCasing over distinct names, each counted `weight` times: Map name → weight. @param {Map<string, number>} weights @param {string[]} [acronyms] */
export function dominantCasingWeighted(weights, acronyms = []) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  let total = 0;
  for (const [n, w] of weights) {
    // Multi-word: a separator, or a case change after a lower-case letter or digit.
    if (!/[_\-.]|[a-z0-9][A-Z]|[A-Z]{2}[a-z]/.test(n)) continue;
    const cs = casingsOf(n, acronyms);
    total += w;
    if (cs.length !== 1) continue;
    counts.set(cs[0], (counts.get(cs[0]) ?? 0) + w);
  }
  let best;
  for (const c of ['camel', 'snake', 'pascal', 'kebab', 'macro']) {
    const k = counts.get(c) ?? 0;
    if (k > 0 && (!best || k > best.count)) best = { casing: c, count: k, total };
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Parameters, headers, media types: every definition once, at the place it is written

/** @template {{ path: Path }} E @param {E[]} list @param {Set<string>} seen @param {E} entry */
function addUnique(list, seen, entry) {
  const k = pathKey(entry.path);
  if (seen.has(k)) return;
  seen.add(k);
  list.push(entry);
}

/** Path of the parameter list holder of an operation's path item. @param {Operation} op */
function pathItemPathOf(op) {
  const p = op.path;
  return p[p.length - 2] === 'additionalOperations' ? p.slice(0, -2) : p.slice(0, -1);
}

/**
 * Every parameter definition (components, path items, operations; refs followed), once each:
 * [{ param, path }] where `path` is where the parameter object is written.
 * @param {Json} root
 */
export function allParameters(root) {
  return cached(root, 'style:parameters', () => {
    /** @type {{ param: JsonObject, path: Path }[]} */
    const out = [];
    /** @type {Set<string>} */
    const seen = new Set();
    /** @param {Json} list @param {Path} base */
    const addList = (list, base) => {
      if (!Array.isArray(list)) return;
      list.forEach((p, i) => {
        const { value, path } = deref(root, p, [...base, 'parameters', String(i)]);
        if (isObject(value) && path) addUnique(out, seen, { param: value, path });
      });
    };
    const comps = isObject(root) && isObject(root.components) && isObject(root.components.parameters) ? root.components.parameters : undefined;
    if (comps) {
      for (const k of Object.keys(comps)) {
        const { value, path } = deref(root, comps[k], ['components', 'parameters', k]);
        if (isObject(value) && path) addUnique(out, seen, { param: value, path });
      }
    }
    const items = new Set();
    for (const op of operations(root)) {
      const ip = pathItemPathOf(op);
      const ik = pathKey(ip);
      if (!items.has(ik)) {
        items.add(ik);
        addList(op.pathItem.parameters, ip);
      }
      addList(op.operation.parameters, op.path);
    }
    return out;
  });
}

/**
 * Every response definition (components.responses and each operation's responses, refs followed),
 * once each: [{ code, response, path, ops: [op...] }]. `code` is the status key where it is used
 * (undefined for an unused component).
 * @param {Json} root @returns {ResponseDef[]}
 */
export function allResponses(root) {
  return cached(root, 'style:responses', () => {
    /** @type {Map<string, ResponseDef>} */
    const byPath = new Map();
    /** @param {string | undefined} code @param {Json} raw @param {Path} base @param {Operation | undefined} op */
    const add = (code, raw, base, op) => {
      const { value, path } = deref(root, raw, base);
      if (!isObject(value) || !path) return;
      const k = pathKey(path);
      let e = byPath.get(k);
      if (!e) {
        e = { code, response: value, path, ops: [], codes: new Set() };
        byPath.set(k, e);
      }
      if (code !== undefined) {
        e.codes.add(code);
        if (e.code === undefined) e.code = code;
      }
      if (op) e.ops.push(op);
    };
    for (const op of operations(root)) {
      const rs = op.operation.responses;
      if (!isObject(rs)) continue;
      for (const code of Object.keys(rs)) add(code, rs[code], [...op.path, 'responses', code], op);
    }
    const comps = isObject(root) && isObject(root.components) && isObject(root.components.responses) ? root.components.responses : undefined;
    if (comps) for (const k of Object.keys(comps)) add(undefined, comps[k], ['components', 'responses', k], undefined);
    return [...byPath.values()];
  });
}

/**
 * Every response header definition, once each: [{ name, header, path }] (components.headers,
 * and the headers of every response; refs followed; `path` is where the header object is written).
 * @param {Json} root
 */
export function allResponseHeaders(root) {
  return cached(root, 'style:responseHeaders', () => {
    /** @type {{ name: string, header: JsonObject, path: Path, keyPath: Path }[]} */
    const out = [];
    /** @type {Set<string>} */
    const seen = new Set();
    /** @param {Json} map @param {Path} base */
    const addMap = (map, base) => {
      if (!isObject(map)) return;
      for (const name of Object.keys(map)) {
        const { value, path } = deref(root, map[name], [...base, name]);
        if (!isObject(value) || !path) continue;
        // A shared header component is reported once, under the name it is used with first.
        addUnique(out, seen, { name, header: value, path, keyPath: [...base, name] });
      }
    };
    for (const r of allResponses(root)) addMap(r.response.headers, [...r.path, 'headers']);
    const comps = isObject(root) && isObject(root.components) && isObject(root.components.headers) ? root.components.headers : undefined;
    if (comps) addMap(comps, ['components', 'headers']);
    return out;
  });
}

/**
 * Every request body definition used by an operation (refs followed), once each:
 * [{ body, path, ops }].
 * @param {Json} root
 */
export function allRequestBodies(root) {
  return cached(root, 'style:requestBodies', () => {
    /** @type {Map<string, { body: JsonObject, path: Path, ops: Operation[] }>} */
    const byPath = new Map();
    for (const op of operations(root)) {
      if (op.operation.requestBody === undefined) continue;
      const { value, path } = deref(root, op.operation.requestBody, [...op.path, 'requestBody']);
      if (!isObject(value) || !path) continue;
      const k = pathKey(path);
      /** @type {{ body: JsonObject, path: Path, ops: Operation[] }} */
      const e = byPath.get(k) ?? { body: value, path, ops: [] };
      e.ops.push(op);
      byPath.set(k, e);
    }
    return [...byPath.values()];
  });
}

/**
 * Every media type of every request body and response, once each:
 * [{ kind: 'request' | 'response', mediaType, media, path (of the media type object), contentPath, codes, ops }].
 * @param {Json} root
 */
export function allMediaTypes(root) {
  return cached(root, 'style:mediaTypes', () => {
    /** @type {MediaTypeDef[]} */
    const out = [];
    /** @param {'request' | 'response'} kind @param {JsonObject} holder @param {Path} base @param {string[]} codes @param {Operation[]} ops */
    const add = (kind, holder, base, codes, ops) => {
      if (!isObject(holder.content)) return;
      for (const mt of Object.keys(holder.content)) {
        const media = holder.content[mt];
        out.push({ kind, mediaType: mt, media: isObject(media) ? media : {}, path: [...base, 'content', mt], contentPath: [...base, 'content'], codes, ops });
      }
    };
    for (const b of allRequestBodies(root)) add('request', b.body, b.path, [], b.ops);
    for (const r of allResponses(root)) add('response', r.response, r.path, [...r.codes], r.ops);
    return out;
  });
}

/** Is a media type JSON (application/json, any +json, or a json parameterised type)? @param {unknown} mt */
export function isJsonMediaType(mt) {
  const base = String(mt).split(';')[0].trim().toLowerCase();
  return base === 'application/json' || base.endsWith('+json');
}

/** Is a status key an error (4xx, 5xx, 4XX, 5XX or default)? @param {unknown} code */
export function isErrorCode(code) {
  return /^[45](\d\d|XX)$/i.test(String(code)) || code === 'default';
}

// ---------------------------------------------------------------------------------------------
// Schemas

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];
const SUBSCHEMA_ONE = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties', 'additionalItems'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
// One bit per subschema keyword, for a single pass over a schema's own keys.
const KEYWORD_BITS = new Map();
for (const k of [...SUBSCHEMA_MAPS, ...SUBSCHEMA_ONE, ...SUBSCHEMA_LISTS]) KEYWORD_BITS.set(k, 1 << KEYWORD_BITS.size);
/** @param {string[]} list */
const maskOf = (list) => list.reduce((m, k) => m | KEYWORD_BITS.get(k), 0);
const MAPS_MASK = maskOf(SUBSCHEMA_MAPS);
const ONE_MASK = maskOf(SUBSCHEMA_ONE);
const LISTS_MASK = maskOf(SUBSCHEMA_LISTS);

/** The KEYWORD_BITS of the subschema keywords among a schema's own keys. @param {JsonObject} s */
function keywordMask(s) {
  let mask = 0;
  for (const k in s) {
    if (!Object.hasOwn(s, k)) continue;
    const bit = KEYWORD_BITS.get(k);
    if (bit !== undefined) mask |= bit;
  }
  return mask;
}

/** Schema roots of a parameter/header/media type holder: its `schema` and each `content[*].schema`. @param {Json} holder @param {Path} base @param {PushSchema} push */
function holderSchemas(holder, base, push) {
  if (!isObject(holder)) return;
  if (holder.schema !== undefined) push(holder.schema, undefined, undefined, undefined, 'root', undefined, [...base, 'schema']);
  if (isObject(holder.content)) {
    for (const mt of Object.keys(holder.content)) {
      const m = holder.content[mt];
      if (isObject(m) && m.schema !== undefined) push(m.schema, undefined, undefined, undefined, 'root', undefined, [...base, 'content', mt, 'schema']);
    }
  }
}

/** A schema found by `allSchemas`; its JSON path is built on first use. */
class SchemaEntry {
  /**
   * @param {JsonObject} schema @param {SchemaEntry} parent (unset at the roots, which have abs) @param {string} key1 (unset with abs) @param {string | undefined} key2
   * @param {Path | undefined} abs @param {string} via @param {string | undefined} name @param {boolean} viaRef
   */
  constructor(schema, parent, key1, key2, abs, via, name, viaRef) {
    this.schema = schema;
    this.parent = parent;
    this.key1 = key1;
    this.key2 = key2;
    this.abs = abs;
    this.via = via;
    this.name = name;
    this.viaRef = viaRef;
  }

  /** @returns {Path} */
  get path() {
    if (this.abs === undefined) this.abs = this.key2 === undefined ? [...this.parent.path, this.key1] : [...this.parent.path, this.key1, this.key2];
    return this.abs;
  }
}

/**
 * Every schema object of the document reachable from components and operations, once each, where it
 * is written: entries { schema, path, parent (entry | undefined), via (keyword that leads here),
 * name (property name when via === 'properties') }. Refs are followed (the target is visited once,
 * at its own location). Bounded by `maxNodes`.
 * @param {Json} root
 */
export function allSchemas(root, maxNodes = 200000) {
  return cached(root, 'style:schemas', () => {
    /** @type {SchemaEntry[]} */
    const out = [];
    const seen = new Set();
    // One flat stack of 7-slot entries written by index (no builtin call per push): the schema as
    // written, its parent entry, the one or two keys that lead from the parent to it (or an
    // absolute path), the keyword and the property name.
    /** @type {Json[]} */
    const st = [];
    let sp = 0;
    /** @type {PushSchema} */
    const push = (raw, parent, k1, k2, via, name, abs) => {
      st[sp] = raw;
      st[sp + 1] = parent;
      st[sp + 2] = k1;
      st[sp + 3] = k2;
      st[sp + 4] = via;
      st[sp + 5] = name;
      st[sp + 6] = abs;
      sp += 7;
    };
    const drain = () => {
      while (sp > 0 && out.length < maxNodes) {
        sp -= 7;
        const raw = st[sp];
        const parent = st[sp + 1];
        const k1 = st[sp + 2];
        const k2 = st[sp + 3];
        const via = st[sp + 4];
        const name = st[sp + 5];
        const abs = st[sp + 6];
        if (!isObject(raw)) continue;
        let s = raw;
        let at = abs;
        const viaRef = typeof raw.$ref === 'string';
        if (viaRef) {
          const r = deref(root, raw, undefined);
          if (!isObject(r.value) || !r.path) continue;
          s = r.value;
          at = r.path;
        }
        if (seen.has(s)) continue;
        seen.add(s);
        const entry = new SchemaEntry(s, parent, k1, k2, at, via, name, viaRef);
        out.push(entry);
        // Which subschema keywords the schema has, from one pass over its own keys (instead of a
        // lookup per keyword); they are then visited in the fixed keyword order.
        const mask = keywordMask(s);
        if (mask === 0) continue;
        if (mask & MAPS_MASK) {
          for (const k of SUBSCHEMA_MAPS) {
            if (!(mask & KEYWORD_BITS.get(k))) continue;
            const m = s[k];
            if (!isObject(m)) continue;
            for (const n in m) {
              if (!Object.hasOwn(m, n)) continue; // Object.keys' keys and order, no array
              st[sp] = m[n];
              st[sp + 1] = entry;
              st[sp + 2] = k;
              st[sp + 3] = n;
              st[sp + 4] = k;
              st[sp + 5] = n;
              st[sp + 6] = undefined;
              sp += 7;
            }
          }
        }
        if (mask & ONE_MASK) for (const k of SUBSCHEMA_ONE) if (mask & KEYWORD_BITS.get(k) && isObject(s[k])) push(s[k], entry, k, undefined, k, undefined, undefined);
        if (mask & LISTS_MASK) {
          for (const k of SUBSCHEMA_LISTS) {
            if (!(mask & KEYWORD_BITS.get(k))) continue;
            const l = s[k];
            if (!Array.isArray(l)) continue;
            for (let i = 0; i < l.length; i++) {
              st[sp] = l[i];
              st[sp + 1] = entry;
              st[sp + 2] = k;
              st[sp + 3] = String(i);
              st[sp + 4] = k;
              st[sp + 5] = undefined;
              st[sp + 6] = undefined;
              sp += 7;
            }
          }
        }
      }
    };
    const c = isObject(root) && isObject(root.components) ? root.components : {};
    if (isObject(c.schemas)) for (const k of Object.keys(c.schemas)) push(c.schemas[k], undefined, undefined, undefined, 'component', undefined, ['components', 'schemas', k]);
    drain();
    for (const kind of ['parameters', 'headers']) {
      if (isObject(c[kind])) for (const k of Object.keys(c[kind])) holderSchemas(deref(root, c[kind][k], ['components', kind, k]).value, ['components', kind, k], push);
    }
    for (const p of allParameters(root)) holderSchemas(p.param, p.path, push);
    for (const h of allResponseHeaders(root)) holderSchemas(h.header, h.path, push);
    for (const b of allRequestBodies(root)) holderSchemas(b.body, b.path, push);
    for (const r of allResponses(root)) holderSchemas(r.response, r.path, push);
    if (isObject(c.requestBodies))
      for (const k of Object.keys(c.requestBodies)) holderSchemas(deref(root, c.requestBodies[k], ['components', 'requestBodies', k]).value, ['components', 'requestBodies', k], push);
    drain();
    return out;
  });
}

/** A property declaration found by `allProperties`; its JSON path is built on first use. */
class PropertyEntry {
  /** @param {string} name @param {Json} raw @param {JsonObject} schema @param {SchemaEntry} owner */
  constructor(name, raw, schema, owner) {
    this.name = name;
    this.raw = raw;
    this.schema = schema;
    this.owner = owner;
    /** @type {Path | undefined} */
    this.abs = undefined;
  }

  /** @returns {Path} */
  get path() {
    if (this.abs === undefined) this.abs = [...this.owner.path, 'properties', this.name];
    return this.abs;
  }
}

/**
 * Every property declaration, once each, where it is written: [{ name, raw (the property schema as
 * written, possibly a `$ref`), schema (resolved), path (of the property), owner (schema entry) }].
 * @param {Json} root
 */
export function allProperties(root) {
  return cached(root, 'style:properties', () => {
    /** @type {PropertyEntry[]} */
    const out = [];
    // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
    for (let eI = 0, eList = allSchemas(root); eI < eList.length; eI++) {
      const e = eList[eI];
      const props = e.schema.properties;
      if (!isObject(props) || typeof props.$ref === 'string') continue;
      for (const name in props) {
        if (!Object.hasOwn(props, name)) continue; // Object.keys' keys and order, no array
        const raw = props[name];
        // Only references need resolving (no result object for the plain property schemas).
        const r = isObject(raw) && typeof raw.$ref === 'string' ? deref(root, raw, undefined).value : raw;
        out.push(new PropertyEntry(name, raw, isObject(r) ? r : {}, e));
      }
    }
    return out;
  });
}

/** Schema `s` resolved (refs followed); {} when unresolvable. @param {Json} root @param {Json} s @returns {JsonObject} */
export function resolved(root, s) {
  const v = deref(root, s, []).value;
  return isObject(v) ? v : {};
}

/**
 * Properties a schema declares, directly or through allOf members (recursively, refs followed):
 * Map name → { schema (as written), path }.
 * @param {Json} root @param {Json} schema @param {Path} [path] @param {number} [depth]
 * @param {Map<string, { schema: Json, path: Path }>} [acc] @param {Set<JsonObject>} [seen]
 * @returns {Map<string, { schema: Json, path: Path }>}
 */
export function collectProperties(root, schema, path = [], depth = 0, acc = new Map(), seen = new Set()) {
  if (!isObject(schema) || depth > 20 || seen.has(schema)) return acc;
  seen.add(schema);
  let props = schema.properties;
  let propsPath = [...path, 'properties'];
  // `properties: {$ref: …}` is not valid OpenAPI, but resolvers accept it and real documents use it.
  if (isObject(props) && typeof props.$ref === 'string' && Object.keys(props).length === 1) {
    const r = deref(root, props, propsPath);
    props = r.value;
    propsPath = r.path ?? propsPath;
  }
  if (isObject(props)) {
    for (const k of Object.keys(props)) if (!acc.has(k)) acc.set(k, { schema: props[k], path: [...propsPath, k] });
  }
  if (Array.isArray(schema.allOf)) {
    schema.allOf.forEach((/** @type {Json} */ m, /** @type {number} */ i) => {
      const { value, path: mp } = deref(root, m, [...path, 'allOf', String(i)]);
      collectProperties(root, value, mp ?? [], depth + 1, acc, seen);
    });
  }
  return acc;
}

/**
 * Required names a schema declares, directly or through allOf members.
 * @param {Json} root @param {Json} schema @param {number} [depth] @param {Set<string>} [acc] @param {Set<JsonObject>} [seen] @returns {Set<string>}
 */
export function collectRequired(root, schema, depth = 0, acc = new Set(), seen = new Set()) {
  if (!isObject(schema) || depth > 20 || seen.has(schema)) return acc;
  seen.add(schema);
  if (Array.isArray(schema.required)) for (const r of schema.required) if (typeof r === 'string') acc.add(r);
  if (Array.isArray(schema.allOf)) for (const m of schema.allOf) collectRequired(root, deref(root, m, []).value, depth + 1, acc, seen);
  return acc;
}

/** The effective types of a schema (own `type`, else those all allOf members agree on, refs followed). @param {Json} root @param {Json} schema @returns {string[]} */
export function effectiveTypes(root, schema, depth = 0) {
  const s = resolved(root, schema);
  const own = typesOf(s);
  if (own.length > 0 || depth > 10) return own;
  if (Array.isArray(s.allOf)) {
    for (const m of s.allOf) {
      const t = effectiveTypes(root, m, depth + 1);
      if (t.length > 0) return t;
    }
  }
  if (isObject(s.properties) || isObject(s.additionalProperties)) return ['object'];
  if (isObject(s.items)) return ['array'];
  return [];
}

/** Reads an option list, falling back to `dflt` when absent. @param {import('./types.js').RuleOptions | undefined} options @param {string} key @param {string[]} dflt @returns {string[]} */
export function optList(options, key, dflt) {
  return options && Array.isArray(options[key]) ? options[key] : dflt;
}

// ---------------------------------------------------------------------------------------------
// References

const SCHEMA_CHILD = new Set(['items', 'not', 'additionalProperties', 'contains', 'propertyNames', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties', 'additionalItems']);
const SCHEMA_MAP_OR_LIST = new Set(['properties', 'patternProperties', 'allOf', 'anyOf', 'oneOf', 'prefixItems', 'dependentSchemas', '$defs', 'definitions']);
// Values that are data, not description: a `$ref` key in them is not a reference.
const DATA_KEYS = new Set(['example', 'default', 'enum', 'const']);
const SCHEMA = 1;
const SCHEMA_MAP = 2;
// A map whose keys are names the author chose (an example named `default`, a response `default`,
// a header named `example`), not keywords: no key of it is data or a schema keyword.
const NAMES = 3;
const NAME_MAPS = new Set(['paths', 'webhooks', 'responses', 'headers', 'content', 'links', 'callbacks', 'encoding']);
// The keys refIndex treats specially, each with its class (one lookup per key).
const K_DATA = 1;
const K_CHILD = 2;
const K_MAP_OR_LIST = 3;
const K_EXAMPLES = 4;
const K_VALUE = 5;
const K_SCHEMA = 6;
const K_SCHEMAS = 7;
const KEY_CLASS = new Map([
  ['examples', K_EXAMPLES],
  ['value', K_VALUE],
  ['schema', K_SCHEMA],
  ['schemas', K_SCHEMAS],
]);
for (const k of SCHEMA_CHILD) KEY_CLASS.set(k, K_CHILD);
for (const k of SCHEMA_MAP_OR_LIST) KEY_CLASS.set(k, K_MAP_OR_LIST);
for (const k of DATA_KEYS) KEY_CLASS.set(k, K_DATA);

/**
 * One walk over the whole (unresolved) document, cached: every `$ref` object with its path and
 * whether it stands where a schema is expected (`inSchema`), and the set of `$ref` strings used.
 * Example values, defaults, enums and extension values are data and are not entered. Bounded.
 * @param {Json} root
 */
export function refIndex(root, maxNodes = 2000000) {
  return cached(root, 'style:refs', () => {
    /** @type {{ node: JsonObject, path: string[], inSchema: boolean }[]} */
    const nodes = [];
    /** @type {Set<string>} */
    const targets = new Set();
    if (!isObject(root)) return { nodes, targets };
    // Iterative depth-first walk over one flat stack of (value, key, depth, kind, inExample)
    // entries written by index (no per-node allocation, no builtin call per push); `path` holds
    // the keys of the node being visited and is copied only for the `$ref` objects found.
    const st = [root, '', 0, 0, false];
    let sp = 5;
    /** @type {string[]} */
    const path = [];
    let n = 0;
    while (sp > 0 && n++ < maxNodes) {
      sp -= 5;
      const v = st[sp];
      const key = st[sp + 1];
      const depth = st[sp + 2];
      const kind = st[sp + 3];
      const inExample = st[sp + 4];
      path.length = depth > 0 ? depth - 1 : 0;
      if (depth > 0) path.push(key);
      const cd = depth + 1;
      if (Array.isArray(v)) {
        const ck = kind === SCHEMA_MAP ? SCHEMA : 0;
        for (let i = v.length - 1; i >= 0; i--) {
          const c = v[i];
          if (c === null || typeof c !== 'object') continue;
          st[sp] = c;
          st[sp + 1] = String(i);
          st[sp + 2] = cd;
          st[sp + 3] = ck;
          st[sp + 4] = false;
          sp += 5;
        }
        continue;
      }
      if (typeof v.$ref === 'string') {
        nodes.push({ node: v, path: path.slice(), inSchema: kind === SCHEMA });
        targets.add(v.$ref);
      }
      const atComponents = depth === 1 && key === 'components';
      const examplesMap = kind === NAMES && key === 'examples';
      // for…in with an own-property check: the keys of Object.keys, in the same order, without
      // a new array per object.
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue;
        const c = v[k];
        if (c === null || typeof c !== 'object') continue;
        let ck = 0;
        if (kind === SCHEMA_MAP)
          ck = SCHEMA; // keys are names here, not keywords
        else if (kind === NAMES) {
          if (k.charCodeAt(0) === 120 && k.charCodeAt(1) === 45) continue; // x-…: extension data
        } else {
          const cls = KEY_CLASS.get(k);
          if (cls === undefined) {
            if (k.charCodeAt(0) === 120 && k.charCodeAt(1) === 45) continue; // x-…: extension data
            if (kind === 0 && (atComponents || NAME_MAPS.has(k))) ck = NAMES;
          } else if (cls === K_DATA) {
            continue;
          } else if (kind === SCHEMA) {
            if (cls === K_EXAMPLES) continue; // 3.1: a list of example values
            if (cls === K_CHILD) ck = SCHEMA;
            else if (cls === K_MAP_OR_LIST) ck = SCHEMA_MAP;
          } else {
            if (inExample && cls === K_VALUE) continue; // an Example Object's value is data
            if (cls === K_SCHEMA) ck = SCHEMA;
            else if (cls === K_SCHEMAS && atComponents) ck = SCHEMA_MAP;
            else if (cls === K_EXAMPLES) ck = NAMES; // a map of named Example Objects
          }
        }
        st[sp] = c;
        st[sp + 1] = k;
        st[sp + 2] = cd;
        st[sp + 3] = ck;
        st[sp + 4] = examplesMap;
        sp += 5;
      }
    }
    return { nodes, targets };
  });
}

// ---------------------------------------------------------------------------------------------
// Responses of operations

/**
 * Status keys of an operation's responses (as written; refs are not needed for the keys).
 * Memoised per operation entry (rules ask for them many times): shared, read only.
 */
/** @type {WeakMap<Operation, string[]>} */
const statusKeysMemo = new WeakMap();
/** @param {Operation} op */
export function statusKeys(op) {
  let keys = statusKeysMemo.get(op);
  if (keys === undefined) {
    keys = isObject(op.operation.responses) ? Object.keys(op.operation.responses) : [];
    statusKeysMemo.set(op, keys);
  }
  return keys;
}

/**
 * Does one of `keys` satisfy `want`? `want` entries: an exact code ('201'), a range key ('4XX'),
 * 'default', or a class wildcard in lower case ('5xx': any 5xx code or the 5XX range).
 * @param {string[]} keys @param {unknown[]} want
 */
export function hasStatus(keys, want) {
  for (const w of want) {
    const wl = String(w);
    if (isClassWildcard(wl)) {
      for (const k of keys) if (k[0] === wl[0] && /^[1-5](\d\d|XX)$/i.test(k)) return true;
    } else {
      const upper = wl.toUpperCase();
      for (const k of keys) if (k === wl || k.toUpperCase() === upper) return true;
    }
  }
  return false;
}

/** `1xx` … `5xx` (lower-case x): a class of codes. @param {string} w */
function isClassWildcard(w) {
  if (w.length !== 3 || w.charCodeAt(1) !== 120 || w.charCodeAt(2) !== 120) return false;
  const c = w.charCodeAt(0);
  return c >= 49 && c <= 53;
}

/** Does the operation take input beyond its path (query/header/cookie parameters or a body)? @param {Json} root @param {Operation} op */
export function hasInput(root, op) {
  if (op.operation.requestBody !== undefined) return true;
  const lists = [op.pathItem.parameters, op.operation.parameters];
  for (const l of lists) {
    if (!Array.isArray(l)) continue;
    for (const p of l) {
      const v = deref(root, p, []).value;
      if (isObject(v) && v.in !== 'path') return true;
    }
  }
  return false;
}

/**
 * Findings for operations that miss something: one per operation, or — when every one of at least
 * `minForSummary` applicable operations misses it — a single finding at `paths` describing the
 * API-wide convention (one decision to revisit, not hundreds of findings). Operations whose
 * author ignores the rule (x-apictl-ignore; `context` is the rule function's) do not count
 * towards the convention; their own findings are still returned, to be suppressed as ignored.
 * @param {Operation[]} applicable @param {Operation[]} failing @param {(op: Operation) => string} messageFor @param {(count: number) => string} summary
 * @param {import('./types.js').RuleContext | undefined} context
 * @returns {import('./types.js').Finding[]}
 */
export function perOperationOrOnce(applicable, failing, messageFor, summary, context, minForSummary = 3) {
  if (failing.length === 0) return [];
  /** @param {Operation} op */
  const perOperation = (op) => ({ message: messageFor(op), path: isObject(op.operation.responses) ? [...op.path, 'responses'] : op.path });
  const rule = context?.rule?.name;
  const root = context?.document?.data;
  /** @param {Operation} op */
  const ignored = (op) => ignoredByAuthor(root, op.path, rule);
  const ignoredOps = rule === undefined ? new Set() : new Set(applicable.filter(ignored));
  const openCount = applicable.length - ignoredOps.size;
  const openFailing = ignoredOps.size === 0 ? failing : failing.filter((op) => !ignoredOps.has(op));
  if (openFailing.length > 0 && openFailing.length === openCount && openCount >= minForSummary) {
    const once = { message: summary(openCount), path: [openFailing[0].isWebhook ? 'webhooks' : 'paths'] };
    return [once, ...failing.filter((op) => ignoredOps.has(op)).map(perOperation)];
  }
  return failing.map(perOperation);
}
