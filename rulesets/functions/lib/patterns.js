// @ts-check
// Regular-expression shape checks for apictl's rules (owner: security/performance). No regex is
// compiled or run on user input here: patterns are scanned as text, linearly.

/**
 * Scans an ECMA-262 pattern: top-level alternatives (split at `|` outside groups and classes) and
 * whether an unbounded quantifier (`*`, `+`, `{n,}`) occurs outside character classes.
 * @param {string} src
 */
export function scanPattern(src) {
  /** @type {string[]} */
  const alternatives = [];
  let start = 0;
  let depth = 0;
  let unbounded = false;
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '[') {
      i++;
      if (src[i] === '^') i++;
      if (src[i] === ']') i++;
      while (i < src.length && src[i] !== ']') i += src[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === '|' && depth === 0) {
      alternatives.push(src.slice(start, i));
      start = i + 1;
    } else if (c === '*' || c === '+') unbounded = true;
    else if (c === '{' && /^\{\d+,\}/.test(src.slice(i, i + 12))) unbounded = true;
    i++;
  }
  alternatives.push(src.slice(start));
  return { alternatives, unbounded };
}

/** @param {string} alt */
function endsWithDollar(alt) {
  if (alt.endsWith('\\z') || alt.endsWith('\\Z')) return true;
  if (!alt.endsWith('$')) return false;
  // An escaped `\$` is a literal dollar sign: count the backslashes before it.
  let n = 0;
  for (let i = alt.length - 2; i >= 0 && alt[i] === '\\'; i--) n++;
  return n % 2 === 0;
}

/** Every top-level alternative starts with `^` and ends with an unescaped `$`. @param {unknown} src */
export function isAnchored(src) {
  if (typeof src !== 'string') return true;
  const { alternatives } = scanPattern(src);
  return alternatives.every((a) => startsAnchored(a) && endsWithDollar(a));
}

/** @param {string} alt */
function startsAnchored(alt) {
  return alt.startsWith('^') || alt.startsWith('\\A');
}

/** The open end is an explicit wildcard (`.*`, `.+`): partial matching is intended there. @param {string} alt @param {'start' | 'end'} side */
function openByIntent(alt, side) {
  return side === 'start' ? /^\.[*+]/.test(alt) : /\.[*+]\??$/.test(alt) && !/\\\.[*+]\??$/.test(alt);
}

/** The open end is a literal character (a prefix or suffix check such as `^https://` or `\\.json$`). @param {string} alt @param {'start' | 'end'} side */
function literalEnd(alt, side) {
  if (alt.length === 0) return false;
  if (side === 'end') {
    const c = alt[alt.length - 1];
    if (/[*+?})\]]/.test(c)) return false;
    return !(alt.length >= 2 && alt[alt.length - 2] === '\\' && /[dDwWsSbB]/.test(c));
  }
  const c = alt[0];
  if (c === '[' || c === '(' || c === '.') return false;
  if (c === '\\') return !/[dDwWsS]/.test(alt[1] ?? '') && !/^\\.[*+?{]/.test(alt);
  return !/^.[*+?{]/.test(alt);
}

/**
 * Alternatives of a pattern that restrict less than they seem: not anchored at either end, or
 * open at one end where the pattern ends in a class or quantifier (`^[a-z]+` accepts anything
 * after the letters). Prefix and suffix checks (`^https://`, `\\.json$`) and explicit wildcards
 * (`^do:.*`, `.+\\.jsonl$`) are intended partial matches and pass. Returns the offending
 * alternatives (empty when fine).
 * @param {unknown} src @returns {string[]}
 */
export function looselyAnchored(src) {
  if (typeof src !== 'string' || src === '') return [];
  /** @type {string[]} */
  const bad = [];
  const alts = scanPattern(src).alternatives;
  // `^a|b$` was meant as `^(a|b)$`: each alternative is anchored on one side only.
  if (alts.length > 1 && startsAnchored(alts[0]) && endsWithDollar(alts[alts.length - 1])) {
    const partial = alts.filter((a) => !(startsAnchored(a) && endsWithDollar(a)));
    if (partial.length > 0) return partial;
  }
  for (const a of alts) {
    const s = startsAnchored(a) || openByIntent(a, 'start');
    const e = endsWithDollar(a) || openByIntent(a, 'end');
    if (s && e) continue;
    if (!startsAnchored(a) && !endsWithDollar(a)) {
      bad.push(a);
      continue;
    }
    if (!s && !literalEnd(a, 'start')) bad.push(a);
    else if (!e && !literalEnd(a, 'end')) bad.push(a);
  }
  return bad;
}

/** Anchored, and every quantifier bounded: the pattern itself limits the string's length. @param {unknown} src */
export function isLengthBoundingPattern(src) {
  if (typeof src !== 'string' || !isAnchored(src)) return false;
  return !scanPattern(src).unbounded;
}
