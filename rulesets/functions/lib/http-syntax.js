// @ts-check
// HTTP syntax: tokens (RFC 9110 section 5.6.2) and media type names (RFC 6838), each media type
// string parsed once.

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** RFC 9110 token (method names, header names). @param {unknown} s */
export function isToken(s) {
  return typeof s === 'string' && TOKEN.test(s);
}

const RESTRICTED_NAME = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$/;

/**
 * Parses a media type or media range with parameters (RFC 9110 section 8.3.1 / 12.5.1, names per
 * RFC 6838). Returns { type, subtype, params } or { error }.
 */
// Values untyped (any): callers test `error` by truthiness, which cannot narrow the { error } | { type, … } union.
const mediaTypeMemo = new Map();

/** @param {unknown} value */
export function parseMediaType(value) {
  if (typeof value !== 'string') return { error: 'not a string' };
  let r = mediaTypeMemo.get(value);
  if (!r) {
    r = parseMediaTypeUncached(value);
    if (mediaTypeMemo.size > 10000) mediaTypeMemo.clear();
    mediaTypeMemo.set(value, r);
  }
  return r;
}

/** @param {string} value */
function parseMediaTypeUncached(value) {
  const s = value.trim();
  if (s !== value) return { error: 'leading or trailing whitespace' };
  const semi = s.indexOf(';');
  const essence = (semi < 0 ? s : s.slice(0, semi)).trim();
  const slash = essence.indexOf('/');
  if (slash < 0) return { error: "missing '/' between type and subtype" };
  const type = essence.slice(0, slash);
  const subtype = essence.slice(slash + 1);
  if (type === '*' && subtype !== '*') return { error: `'*/${subtype}' is not a media range (only */* and type/*)` };
  if (type !== '*' && !RESTRICTED_NAME.test(type)) return { error: `'${type}' is not a valid type name` };
  if (subtype !== '*' && !RESTRICTED_NAME.test(subtype)) return { error: `'${subtype}' is not a valid subtype name` };
  /** @type {Record<string, string>} */
  const params = {};
  if (semi >= 0) {
    const rest = s.slice(semi + 1);
    // parameter = token "=" ( token / quoted-string ), separated by OWS ";" OWS
    const re = /\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*(?:;|$)/y;
    let pos = 0;
    while (pos < rest.length) {
      if (/^\s*;?\s*$/.test(rest.slice(pos))) break;
      re.lastIndex = pos;
      const m = re.exec(rest);
      if (!m) return { error: `malformed parameter '${rest.slice(pos).trim()}'` };
      params[m[1].toLowerCase()] = m[2];
      pos = re.lastIndex;
    }
  }
  return { type: type.toLowerCase(), subtype: subtype.toLowerCase(), params };
}
