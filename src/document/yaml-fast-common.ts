/**
 * What the two fast YAML readers share: plain scalars resolved by the YAML 1.2 core schema and
 * the duplicate-key error both throw. yaml-fast.ts runs the line reader (yaml-lines.ts) first,
 * so these live here rather than in yaml-fast.ts, where the line reader would import them back.
 */

/** A duplicate key found on the fast path (the only error it reports itself). */
export class FastDuplicateKey extends Error {
  constructor(
    readonly key: string,
    readonly offset: number,
  ) {
    super(`duplicate key '${key.length > 60 ? key.slice(0, 60) + '…' : key}'`);
  }
}

const NULL = /^(?:~|null|Null|NULL|)$/;
const BOOL_TRUE = /^(?:true|True|TRUE)$/;
const BOOL_FALSE = /^(?:false|False|FALSE)$/;
const INT = /^[-+]?[0-9]+$/;
const OCT = /^0o[0-7]+$/;
const HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
const INF = /^[-+]?\.(?:inf|Inf|INF)$/;
const NAN = /^\.(?:nan|NaN|NAN)$/;

/** A plain scalar resolved by the YAML 1.2 core schema (what the `yaml` package does by default). */
export function plainValue(s: string): unknown {
  // Most plain scalars are words: only these first characters can start a null, a boolean or a
  // number, so everything else is a string without a single regex test.
  const c = s.charCodeAt(0);
  if (
    s.length > 0 &&
    c !== 126 /* ~ */ &&
    c !== 110 /* n */ &&
    c !== 78 /* N */ &&
    c !== 116 /* t */ &&
    c !== 84 /* T */ &&
    c !== 102 /* f */ &&
    c !== 70 /* F */ &&
    c !== 43 /* + */ &&
    c !== 45 /* - */ &&
    c !== 46 /* . */ &&
    !(c >= 48 && c <= 57)
  ) {
    return s;
  }
  if (NULL.test(s)) return null;
  if (BOOL_TRUE.test(s)) return true;
  if (BOOL_FALSE.test(s)) return false;
  if (INT.test(s)) return Number(s);
  if (OCT.test(s)) return parseInt(s.slice(2), 8);
  if (HEX.test(s)) return parseInt(s.slice(2), 16);
  if (FLOAT.test(s)) return Number(s);
  if (INF.test(s)) return s.startsWith('-') ? -Infinity : Infinity;
  if (NAN.test(s)) return NaN;
  return s;
}
