// @ts-check
// Name casings (camel, pascal, snake, kebab, macro, header) with acronyms, and the casing an API
// mostly uses. Memoised per acronym list: the same names are asked about by several rules.
/** @typedef {[RegExp, string][] & { any?: RegExp }} AcronymRewrites */
/**
 * @typedef {{ camel: Map<string, boolean>, pascal: Map<string, boolean>, casings: Map<string, string[]>, rewrites: AcronymRewrites | undefined,
 *   lead: RegExp | undefined }} MemoTables
 */

/** Words of an identifier (lib/doc.js), for the rules that import them from here. */

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
