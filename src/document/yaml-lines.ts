/**
 * The fastest YAML path: a hand-written, line-oriented reader for the machine-written subset of
 * YAML that big API descriptions use. It gives exactly the value and the locations of the
 * yaml-ast-parser path (`parseYamlFast`), and returns undefined — stepping aside for that path,
 * then the `yaml` package — for anything it does not fully handle.
 *
 * Read: block mappings and sequences (a mapping's value sequence may start at the mapping's own
 * column; `- key: v` and `- - x` compact forms), plain, single- and double-quoted scalars over
 * one or several lines, literal and folded block scalars with clip or strip chomping, one-line
 * flow collections, comments, a `---` before the root. Left to the other paths: anchors, aliases,
 * tags, directives, several documents, tabs, carriage returns and other control characters,
 * complex (`? `) and flow keys, null keys, block scalar indentation indicators and keep chomping,
 * empty block scalars and sequence entries, multi-line flow collections, scalar documents,
 * nesting deeper than maxDepth, and every syntax error (the `yaml` package words those).
 *
 * Locations are offsets in two flat typed arrays (members linked per container), never node
 * objects; a container's key → member map is built on its first lookup. Positions follow
 * yaml-ast-parser exactly (the locator of the slower path reports those):
 * - a scalar starts at its first character (the quote, or `|`/`>`); a plain scalar ends after its
 *   last non-space character, a quoted one after its closing quote, a block scalar at the line
 *   break just before the next non-empty, less indented line (so trailing empty lines belong to it);
 * - a flow collection runs from its bracket to after its closing bracket;
 * - a block mapping starts at its first key and ends where its last value ends (the end of the
 *   last key plus one when that value is empty);
 * - a block sequence starts at its first `-` and ends at the first character of the next content
 *   line after it (comments and empty lines skipped), or at the end of the input (with the line
 *   break yaml-ast-parser appends when the text does not end with one);
 * - a mapping member runs from its key's start to its value's end (its key's end when the value
 *   is empty), a sequence item is its node; the document runs from its root node to the text's end.
 */
import type { JsonPath, Range } from '../findings/finding.js';
import { LineIndex } from './lines.js';
import { FastDuplicateKey, plainValue } from './yaml-fast-common.js';

const LF = 10;
const SP = 32;
const BANG = 33;
const DQUOTE = 34;
const HASH = 35;
const PERCENT = 37;
const AMP = 38;
const SQUOTE = 39;
const STAR = 42;
const COMMA = 44;
const DASH = 45;
const DOT = 46;
const COLON = 58;
const GT = 62;
const QMARK = 63;
const AT = 64;
const LBRACKET = 91;
const BACKSLASH = 92;
const RBRACKET = 93;
const BACKTICK = 96;
const LBRACE = 123;
const PIPE = 124;
const RBRACE = 125;

/** Thrown to step aside; one instance, no stack trace to build. */
class StepAside {}
const STEP_ASIDE = new StepAside();
function stepAside(): never {
  throw STEP_ASIDE;
}

// Characters outside the subset anywhere in the text: tabs (yaml-ast-parser reports them, the
// `yaml` package rejects them as indentation), carriage returns, other C0/C1 controls (errors in
// both parsers), the Unicode line and paragraph separators (line breaks in YAML 1.1, content in
// 1.2), byte-order marks, non-characters and unpaired surrogates. Surrogates are matched too, and
// pairs skipped: one pass over the text.
const OUTSIDE = /[\x00-\x09\x0B-\x1F\x7F-\x9F\u2028\u2029\uD800-\uDFFF\uFEFF\uFFFE\uFFFF]/g;
function hasOutsideChars(text: string): boolean {
  OUTSIDE.lastIndex = 0;
  for (let m = OUTSIDE.exec(text); m !== null; m = OUTSIDE.exec(text)) {
    const c = text.charCodeAt(m.index);
    if (c < 0xd800 || c > 0xdbff) return true; // not a high surrogate (a low one here is unpaired)
    const d = text.charCodeAt(m.index + 1);
    if (!(d >= 0xdc00 && d <= 0xdfff)) return true;
    OUTSIDE.lastIndex = m.index + 2;
  }
  return false;
}

/**
 * plainValue, with a shortcut for the most common plain scalars, words: starting with a letter,
 * only null/Null/NULL, true/True/TRUE and false/False/FALSE resolve to something else than
 * the text, and those have 4 or 5 characters.
 */
function resolvePlain(s: string): unknown {
  const c = s.charCodeAt(0) | 0x20;
  if (c >= 97 && c <= 122 && s.length !== 4 && s.length !== 5) return s;
  return plainValue(s);
}

/** Characters that end a plain scalar in a flow collection, or cannot start one. */
function isFlowIndicator(c: number): boolean {
  return c === COMMA || c === LBRACKET || c === RBRACKET || c === LBRACE || c === RBRACE;
}

/**
 * Whether a plain scalar may start with `c` (followed by `d`). Indicators cannot start one; `-`
 * can when something other than a space follows (`-1`, `-x`), `?` and `:` are left to the
 * other paths altogether. Quotes, brackets, `|` and `>` start other nodes and are tested first.
 */
function plainStart(c: number, d: number, inFlow: boolean): boolean {
  switch (c) {
    case SP:
    case LF:
    case HASH:
    case COMMA:
    case LBRACKET:
    case RBRACKET:
    case LBRACE:
    case RBRACE:
    case AMP:
    case STAR:
    case BANG:
    case PIPE:
    case GT:
    case SQUOTE:
    case DQUOTE:
    case PERCENT:
    case AT:
    case BACKTICK:
    case QMARK:
    case COLON:
      return false;
    case DASH:
      return !(d === SP || d === LF || d !== d || (inFlow && isFlowIndicator(d)));
    default:
      return c === c; // NaN past the end
  }
}

/** How plainLine stopped: at the end of the line, or at a comment (which ends the scalar). */
const STOP_EOL = 0;
const STOP_COMMENT = 1;

function grow(a: Int32Array<ArrayBuffer>, need: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

/**
 * Member and container tables of one parse, shared by the parser and the locator (two typed
 * arrays with interleaved fields, and the keys). Members are numbered as they are read (after
 * their value, so a container's members are not contiguous) and linked to the next member of
 * their container.
 */
export class Store {
  /** Per member: its key ('' in a sequence). */
  readonly keys: string[] = [];
  /** Per member, 4 fields: start and end offsets, the container id of its value (-1 for a scalar or an empty value), the next member of its container (-1 after the last). */
  private m: Int32Array<ArrayBuffer>;
  members = 0;
  /** Per container, 2 fields: its first member (-1 when empty), its member count, negated for a sequence. */
  private c: Int32Array<ArrayBuffer>;
  containers = 0;

  /** Sized for a text of `length` characters (a member every 16 of them, a container every 64), growing as needed. */
  constructor(length: number) {
    const members = Math.min(1 << 16, Math.max(16, length >> 4));
    this.m = new Int32Array(members * 4);
    this.c = new Int32Array(Math.max(8, members >> 2) * 2);
  }

  start(i: number): number {
    return this.m[i * 4]!;
  }
  end(i: number): number {
    return this.m[i * 4 + 1]!;
  }
  kid(i: number): number {
    return this.m[i * 4 + 2]!;
  }
  next(i: number): number {
    return this.m[i * 4 + 3]!;
  }
  first(id: number): number {
    return this.c[id * 2]!;
  }
  count(id: number): number {
    return this.c[id * 2 + 1]!;
  }
  setCount(id: number, count: number): void {
    this.c[id * 2 + 1] = count;
  }

  /** A new container, numbered when it starts so that its members can name it. */
  open(): number {
    const id = this.containers++;
    if (id * 2 === this.c.length) this.c = grow(this.c, id * 2 + 2);
    this.c[id * 2] = -1;
    this.c[id * 2 + 1] = 0;
    return id;
  }

  /** Adds a member to container `id` after member `prev` (-1 for its first); returns the member. */
  add(id: number, prev: number, key: string, start: number, end: number, kid: number): number {
    const i = this.members++;
    if (i * 4 === this.m.length) this.m = grow(this.m, i * 4 + 4);
    const m = this.m;
    this.keys.push(key);
    m[i * 4] = start;
    m[i * 4 + 1] = end;
    m[i * 4 + 2] = kid;
    m[i * 4 + 3] = -1;
    if (prev < 0) this.c[id * 2] = i;
    else m[prev * 4 + 3] = i;
    return i;
  }
}

class Parser {
  private readonly len: number;
  /** Length of the text as yaml-ast-parser reads it: it appends a line break when there is none. */
  private readonly augLen: number;

  // Results of the last node read: its end offset and container id (-1 for a scalar).
  private end = 0;
  private kid = -1;
  // The next content line after the last node read: offset of its first character and its
  // indentation, or cIndent = -1 at the end of the input.
  private cLine = 0;
  private cIndent = 0;
  // The last implicit key scanned: its end, its text as written (unescaped) and as a property name.
  private kEnd = 0;
  private kRaw = '';
  private kStr = '';
  // Where the last quoted scalar or flow collection ended; how the last plain line ended (and
  // where); how many line breaks the last quoted line break spanned.
  private qEnd = 0;
  private stop = STOP_EOL;
  private lineEnd = 0;
  private breaks = 0;

  readonly store: Store;
  /** The written text of keys whose resolved text differs (`1.0` → "1"), by member. */
  private readonly rawKeys = new Map<number, string>();
  /** The first key equal to an earlier one once resolved (`1` and `1.0`): thrown once the whole document is read. */
  dup: FastDuplicateKey | undefined;

  constructor(
    private readonly t: string,
    private readonly maxDepth: number,
  ) {
    this.len = t.length;
    this.store = new Store(t.length);
    this.augLen = t.charCodeAt(t.length - 1) === LF ? t.length : t.length + 1;
  }

  /** Reads the document; returns the root value and sets rootStart/rootKid. */
  parse(): { value: unknown; rootStart: number; rootKid: number } {
    const t = this.t;
    // Before the root: empty lines, comments and at most one `---` (alone or with a comment).
    let p = 0;
    let marker = false;
    for (;;) {
      if (p >= this.len) stepAside();
      let q = p;
      while (t.charCodeAt(q) === SP) q++;
      const c = t.charCodeAt(q);
      if (c === LF) {
        p = q + 1;
        continue;
      }
      if (c === HASH) {
        p = this.afterLine(q);
        continue;
      }
      if (q === p && c === PERCENT) stepAside(); // a directive
      if (q === p && c === DASH && this.isDocMarker(p)) {
        if (marker) stepAside();
        marker = true;
        q = p + 3;
        while (t.charCodeAt(q) === SP) q++;
        const d = t.charCodeAt(q);
        if (d === LF) p = q + 1;
        else if (d === HASH && q > p + 3) p = this.afterLine(q);
        else stepAside(); // content on the marker's line, or nothing after it
        continue;
      }
      break;
    }
    this.nextContent(p);
    if (this.cIndent < 0) stepAside();
    const indent = this.cIndent;
    const start = this.cLine + indent;
    const c = t.charCodeAt(start);
    let value: unknown;
    if (this.isDash(start)) value = this.blockSeq(indent, start, 1);
    else if (c === LBRACKET || c === LBRACE) {
      value = this.flow(start, 1);
      this.nextContent(this.restOfLine(this.qEnd));
    } else {
      const a = this.scanKey(start);
      if (a < 0) stepAside(); // a scalar document
      value = this.blockMap(indent, start, a, 1);
    }
    if (this.cIndent >= 0) stepAside(); // content after the root node
    return { value, rootStart: start, rootKid: this.kid };
  }

  // ---- lines ---------------------------------------------------------------------------------

  /** Offset of the line after the one holding q. */
  private afterLine(q: number): number {
    const e = this.t.indexOf('\n', q);
    return e < 0 ? this.len : e + 1;
  }

  /**
   * `---` or `...` (at column 0): a document marker when a space or a line break follows. Other
   * lines starting so are left to the other paths too: at the start of the input yaml-ast-parser
   * takes `---` for a marker whatever follows (`---: x`).
   */
  private isDocMarker(p: number): boolean {
    const t = this.t;
    const c = t.charCodeAt(p);
    return (c === DASH || c === DOT) && t.charCodeAt(p + 1) === c && t.charCodeAt(p + 2) === c;
  }

  /** A block sequence entry indicator: `-` followed by a space, a line break or the end. */
  private isDash(p: number): boolean {
    if (this.t.charCodeAt(p) !== DASH) return false;
    const d = this.t.charCodeAt(p + 1);
    return d === SP || d === LF || d !== d;
  }

  /**
   * From the start of a line, skips empty and comment-only lines (a `#` after indentation always
   * starts a comment outside scalars) and sets cLine/cIndent to the next content line.
   */
  private nextContent(from: number): void {
    const t = this.t;
    let p = from;
    for (;;) {
      if (p >= this.len) {
        this.cLine = this.len;
        this.cIndent = -1;
        return;
      }
      let q = p;
      while (t.charCodeAt(q) === SP) q++;
      const c = t.charCodeAt(q);
      if (c === LF) {
        p = q + 1;
        continue;
      }
      if (c === HASH || q >= this.len) {
        p = this.afterLine(q);
        continue;
      }
      if (q === p && (c === DASH || c === DOT) && this.isDocMarker(p)) stepAside();
      this.cLine = p;
      this.cIndent = q - p;
      return;
    }
  }

  /** After a node ending at q only spaces and a comment may follow on its line; returns the next line's start. */
  private restOfLine(q: number): number {
    const t = this.t;
    let p = q;
    while (t.charCodeAt(p) === SP) p++;
    const c = t.charCodeAt(p);
    if (c === LF) return p + 1;
    if (p >= this.len) return this.len;
    if (c === HASH && p > q) return this.afterLine(p); // a comment needs a space before it
    return stepAside();
  }

  // ---- containers ----------------------------------------------------------------------------

  /** Whether the mapping `id` being read (`count` members so far, in `obj`) has `key`: small ones are scanned. */
  private has(obj: Record<string, unknown>, id: number, count: number, key: string): boolean {
    if (count > 8) return Object.hasOwn(obj, key);
    const s = this.store;
    for (let m = count > 0 ? s.first(id) : -1; m >= 0; m = s.next(m)) if (s.keys[m] === key) return true;
    return false;
  }

  /**
   * Duplicate keys. yaml-ast-parser reports keys written the same (equal node values: `a` and
   * "a", or a plain `0x1F` and a quoted "0x1F", which resolve to "31" and "0x1F") as an error,
   * and the fast path then steps aside: so do we, after comparing the written keys of a mapping
   * once it is read. That is needed only when some key's resolved text differs from its written
   * text, or when two keys resolve the same. Keys written differently that resolve the same (`1`
   * and `1.0`, `True` and `true`) are the fast path's own FastDuplicateKey, thrown at the first
   * one in document order — but only once the whole document proves to be in the subset.
   */
  private checkRawKeys(id: number): void {
    const s = this.store;
    const seen = new Set<string>();
    for (let m = s.first(id); m >= 0; m = s.next(m)) {
      const raw = this.rawKeys.get(m) ?? s.keys[m]!;
      if (seen.has(raw)) stepAside();
      seen.add(raw);
    }
  }

  /**
   * A block mapping whose keys are at column `n`; its first key starts at `p` and was scanned
   * (kEnd/kRaw/kStr set), its `:` ends before `afterColon`.
   */
  private blockMap(n: number, p: number, afterColon: number, level: number): Record<string, unknown> {
    if (level > this.maxDepth) stepAside();
    const t = this.t;
    const s = this.store;
    const id = s.open();
    const obj: Record<string, unknown> = {};
    let last = -1;
    let count = 0;
    let odd = false;
    let keyStart = p;
    let a = afterColon;
    let mapEnd = 0;
    for (;;) {
      const keyEnd = this.kEnd;
      const raw = this.kRaw;
      const key = this.kStr;
      if (this.has(obj, id, count, key)) {
        odd = true;
        this.dup ??= new FastDuplicateKey(key, keyStart);
      }
      let value: unknown = null;
      let empty = false;
      let q = a;
      while (t.charCodeAt(q) === SP) q++;
      const c = t.charCodeAt(q);
      if (c === LF || c === HASH || q >= this.len) {
        // Nothing else on the key's line (`:` is followed by a space, so `#` starts a comment):
        // the value is on the lines below — more indented, or a sequence at the key's own column
        // (YAML lets a mapping's value sequence start at the mapping's indentation) — or empty.
        this.nextContent(c === LF ? q + 1 : this.afterLine(q));
        if (this.cIndent > n) value = this.nodeOnNewLine(this.cLine + this.cIndent, this.cIndent, n, level + 1);
        else if (this.cIndent === n && this.isDash(this.cLine + n)) value = this.blockSeq(n, this.cLine + n, level + 1);
        else empty = true;
      } else {
        value = this.inlineValue(q, n, level + 1);
      }
      if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
      else obj[key] = value;
      if (empty) {
        last = s.add(id, last, key, keyStart, keyEnd, -1);
        mapEnd = keyEnd + 1;
      } else {
        last = s.add(id, last, key, keyStart, this.end, this.kid);
        mapEnd = this.end;
      }
      count++;
      if (raw !== key) {
        odd = true;
        this.rawKeys.set(last, raw);
      }
      if (this.cIndent !== n) {
        if (this.cIndent > n) stepAside(); // bad indentation
        break;
      }
      keyStart = this.cLine + n;
      a = this.scanKey(keyStart);
      if (a < 0) stepAside(); // not a key where the next one belongs (a `-` entry, a scalar, ...)
    }
    s.setCount(id, count);
    if (odd) this.checkRawKeys(id);
    this.end = mapEnd;
    this.kid = id;
    return obj;
  }

  /** A block sequence whose `-` are at column `n`, the first one at `p`. */
  private blockSeq(n: number, p: number, level: number): unknown[] {
    if (level > this.maxDepth) stepAside();
    const t = this.t;
    const s = this.store;
    const id = s.open();
    const arr: unknown[] = [];
    let last = -1;
    let dash = p;
    for (;;) {
      let q = dash + 1;
      while (t.charCodeAt(q) === SP) q++;
      const c = t.charCodeAt(q);
      let start: number;
      let value: unknown;
      if (c === LF || c === HASH || q >= this.len) {
        this.nextContent(c === LF ? q + 1 : this.afterLine(q));
        if (this.cIndent <= n) stepAside(); // an empty entry
        start = this.cLine + this.cIndent;
        value = this.nodeOnNewLine(start, this.cIndent, n, level + 1);
      } else {
        // Compact forms: `- - x` (a sequence) and `- key: value` (a mapping) at the column of
        // their first character.
        start = q;
        const col = n + (q - dash);
        if (this.isDash(q)) value = this.blockSeq(col, q, level + 1);
        else {
          const a = this.scanKey(q);
          value = a >= 0 ? this.blockMap(col, q, a, level + 1) : this.inlineValue(q, n, level + 1);
        }
      }
      arr.push(value);
      last = s.add(id, last, '', start, this.end, this.kid);
      if (this.cIndent === n && this.isDash(this.cLine + n)) {
        dash = this.cLine + n;
        continue;
      }
      if (this.cIndent > n) stepAside();
      break;
    }
    s.setCount(id, -arr.length);
    this.end = this.cIndent < 0 ? this.augLen : this.cLine + this.cIndent;
    this.kid = id;
    return arr;
  }

  /** A node starting a line at `p` (column m), below a key or `-` at column n < m. */
  private nodeOnNewLine(p: number, m: number, n: number, level: number): unknown {
    if (this.isDash(p)) return this.blockSeq(m, p, level);
    const a = this.scanKey(p);
    if (a >= 0) return this.blockMap(m, p, a, level);
    const c = this.t.charCodeAt(p);
    if (c === PIPE || c === GT) stepAside();
    return this.inlineValue(p, n, level);
  }

  /** A scalar or a one-line flow collection at `p`, in a block node whose parent is at column n. */
  private inlineValue(p: number, n: number, level: number): unknown {
    const t = this.t;
    const c = t.charCodeAt(p);
    this.kid = -1;
    switch (c) {
      case PIPE:
      case GT:
        return this.blockScalar(p, n);
      case DQUOTE:
      case SQUOTE: {
        const v = c === DQUOTE ? this.doubleQuoted(p, n, false) : this.singleQuoted(p, n, false);
        this.end = this.qEnd;
        this.nextContent(this.restOfLine(this.qEnd));
        return v;
      }
      case LBRACKET:
      case LBRACE: {
        const v = this.flow(p, level);
        this.nextContent(this.restOfLine(this.qEnd));
        return v;
      }
      default:
        if (!plainStart(c, t.charCodeAt(p + 1), false)) stepAside();
        return this.plain(p, n);
    }
  }

  // ---- keys ----------------------------------------------------------------------------------

  /**
   * If an implicit key starts at `p` (a one-line plain or quoted scalar followed by `:` and a
   * space or line break), sets kEnd/kRaw/kStr and returns the offset after the `:`; else -1.
   * A plain key is resolved like a value and turned into text (`200` → "200", `1.0` → "1");
   * a key resolving to null steps aside.
   */
  private scanKey(p: number): number {
    const t = this.t;
    const c = t.charCodeAt(p);
    let q: number;
    if (c === DQUOTE || c === SQUOTE) {
      const raw = c === DQUOTE ? this.doubleQuoted(p, 0, true) : this.singleQuoted(p, 0, true);
      if (raw === undefined) return -1; // a quoted scalar going on below: a value
      q = this.qEnd;
      while (t.charCodeAt(q) === SP) q++;
      if (t.charCodeAt(q) !== COLON) return -1;
      const d = t.charCodeAt(q + 1);
      if (!(d === SP || d === LF || d !== d)) return -1;
      if (q - p > 1024) stepAside(); // the `yaml` package limits implicit keys to 1024 characters
      this.kEnd = this.qEnd;
      this.kRaw = raw;
      this.kStr = raw;
      return q + 1;
    }
    if (!plainStart(c, t.charCodeAt(p + 1), false)) return -1;
    q = p + 1;
    let last = q;
    for (;;) {
      const d = t.charCodeAt(q);
      if (d === SP) {
        q++;
        continue;
      }
      if (d === LF || d !== d) return -1;
      if (d === HASH && t.charCodeAt(q - 1) === SP) return -1;
      if (d === COLON) {
        const e = t.charCodeAt(q + 1);
        if (e === SP || e === LF || e !== e) break;
      }
      last = ++q;
    }
    if (q - p > 1024) stepAside();
    const raw = t.slice(p, last);
    const v = resolvePlain(raw);
    if (v === null) stepAside();
    this.kEnd = last;
    this.kRaw = raw;
    this.kStr = typeof v === 'string' ? v : String(v);
    return q + 1;
  }

  // ---- scalars -------------------------------------------------------------------------------

  /**
   * One line of a plain scalar in block context from `p` (not a space): returns the end of its
   * text (trailing spaces are not part of it). Stops at the line's end or at ` #` (a comment,
   * which also ends the scalar); `: ` or a `:` ending the line would make it a key: step aside.
   */
  private plainLine(p: number): number {
    const t = this.t;
    let q = p;
    let last = p;
    for (;;) {
      const c = t.charCodeAt(q);
      if (c === SP) {
        q++;
        continue;
      }
      if (c === LF || c !== c) {
        this.stop = STOP_EOL;
        this.lineEnd = q;
        return last;
      }
      if (c === HASH && q > p && t.charCodeAt(q - 1) === SP) {
        this.stop = STOP_COMMENT;
        this.lineEnd = q;
        return last;
      }
      if (c === COLON) {
        const d = t.charCodeAt(q + 1);
        if (d === SP || d === LF || d !== d) stepAside();
      }
      last = ++q;
    }
  }

  /**
   * A plain scalar in block context, possibly over several lines: continuation lines are those
   * indented more than the parent node (column n). Line breaks fold YAML's way: one break between
   * two lines becomes a space, k + 1 breaks (k empty lines) become k newlines. A comment ends the
   * scalar. The result is resolved by the core schema (null, booleans, numbers).
   */
  private plain(p: number, n: number): unknown {
    const t = this.t;
    let e = this.plainLine(p);
    let s = t.slice(p, e);
    let next: number;
    if (this.stop === STOP_COMMENT) next = this.afterLine(this.lineEnd);
    else {
      let ls = this.lineEnd + 1;
      let empty = 0;
      for (;;) {
        if (ls >= this.len) {
          next = this.len;
          break;
        }
        let q = ls;
        while (t.charCodeAt(q) === SP) q++;
        const c = t.charCodeAt(q);
        if (c === LF) {
          empty++;
          ls = q + 1;
          continue;
        }
        if (q >= this.len || q - ls <= n || c === HASH) {
          // The end of the input, a line of the parent, or a comment line: the scalar is over.
          next = ls;
          break;
        }
        const e2 = this.plainLine(q);
        s += (empty === 0 ? ' ' : '\n'.repeat(empty)) + t.slice(q, e2);
        e = e2;
        empty = 0;
        if (this.stop === STOP_COMMENT) {
          next = this.afterLine(this.lineEnd);
          break;
        }
        ls = this.lineEnd + 1;
      }
    }
    this.end = e;
    this.kid = -1;
    this.nextContent(next);
    return resolvePlain(s);
  }

  /**
   * The line break inside a multi-line quoted scalar at `q`: skips the empty lines after it and
   * the next line's indentation (which must go deeper than the parent, column n); returns the
   * next content offset and sets `breaks` to the number of line breaks.
   */
  private quotedBreak(q: number, n: number): number {
    const t = this.t;
    let breaks = 1;
    let ls = q + 1;
    for (;;) {
      let r = ls;
      while (t.charCodeAt(r) === SP) r++;
      const c = t.charCodeAt(r);
      if (c === LF) {
        breaks++;
        ls = r + 1;
        continue;
      }
      if (r >= this.len || r - ls <= n) stepAside(); // unterminated, or not indented enough
      this.breaks = breaks;
      return r;
    }
  }

  /**
   * A double-quoted scalar at `p`: sets qEnd after the closing quote and returns its value. With
   * `oneLine`, returns undefined when the line ends first; otherwise line breaks fold as in plain
   * scalars. Trailing spaces before a line break (YAML drops them, yaml-ast-parser keeps them) and
   * an escaped line break followed by empty lines step aside.
   */
  private doubleQuoted(p: number, n: number, oneLine: boolean): string | undefined {
    const t = this.t;
    let q = p + 1;
    let seg = q;
    let out = '';
    for (;;) {
      const c = t.charCodeAt(q);
      if (c === DQUOTE) {
        this.qEnd = q + 1;
        return seg === p + 1 ? t.slice(seg, q) : out + t.slice(seg, q);
      }
      if (c === BACKSLASH) {
        out += t.slice(seg, q);
        const e = t.charCodeAt(q + 1);
        q += 2;
        switch (e) {
          case 48 /* 0 */:
            out += '\x00';
            break;
          case 97 /* a */:
            out += '\x07';
            break;
          case 98 /* b */:
            out += '\b';
            break;
          case 116 /* t */:
            out += '\t';
            break;
          case 110 /* n */:
            out += '\n';
            break;
          case 118 /* v */:
            out += '\v';
            break;
          case 102 /* f */:
            out += '\f';
            break;
          case 114 /* r */:
            out += '\r';
            break;
          case 101 /* e */:
            out += '\x1b';
            break;
          case SP:
            out += ' ';
            break;
          case DQUOTE:
            out += '"';
            break;
          case 47 /* / */:
            out += '/';
            break;
          case BACKSLASH:
            out += '\\';
            break;
          case 78 /* N */:
            out += '\x85';
            break;
          case 95 /* _ */:
            out += '\xa0';
            break;
          case 76 /* L */:
            out += '\u2028';
            break;
          case 80 /* P */:
            out += '\u2029';
            break;
          case 120 /* x */:
          case 117 /* u */:
          case 85 /* U */:
            {
              const digits = e === 120 ? 2 : e === 117 ? 4 : 8;
              const hex = t.slice(q, q + digits);
              if (hex.length !== digits || !/^[0-9a-fA-F]+$/.test(hex)) stepAside();
              const code = parseInt(hex, 16);
              if (code > 0x10ffff) stepAside();
              out += String.fromCodePoint(code);
              q += digits;
              break;
            }
          case LF: {
            // An escaped line break: neither the break nor the next line's indentation is content.
            if (oneLine) return undefined;
            const r = this.quotedBreak(q - 1, n);
            if (this.breaks !== 1) stepAside();
            q = r;
            break;
          }
          default:
            stepAside();
        }
        seg = q;
        continue;
      }
      if (c === LF) {
        if (oneLine) return undefined;
        if (t.charCodeAt(q - 1) === SP) stepAside();
        out += t.slice(seg, q);
        q = this.quotedBreak(q, n);
        out += this.breaks === 1 ? ' ' : '\n'.repeat(this.breaks - 1);
        seg = q;
        continue;
      }
      if (c !== c) stepAside(); // unterminated
      q++;
    }
  }

  /** A single-quoted scalar at `p` (`''` is a quote); otherwise as doubleQuoted. */
  private singleQuoted(p: number, n: number, oneLine: boolean): string | undefined {
    const t = this.t;
    let q = p + 1;
    let seg = q;
    let out = '';
    for (;;) {
      const c = t.charCodeAt(q);
      if (c === SQUOTE) {
        if (t.charCodeAt(q + 1) === SQUOTE) {
          out += t.slice(seg, q + 1);
          q += 2;
          seg = q;
          continue;
        }
        this.qEnd = q + 1;
        return seg === p + 1 ? t.slice(seg, q) : out + t.slice(seg, q);
      }
      if (c === LF) {
        if (oneLine) return undefined;
        if (t.charCodeAt(q - 1) === SP) stepAside();
        out += t.slice(seg, q);
        q = this.quotedBreak(q, n);
        out += this.breaks === 1 ? ' ' : '\n'.repeat(this.breaks - 1);
        seg = q;
        continue;
      }
      if (c !== c) stepAside();
      q++;
    }
  }

  /**
   * A literal (`|`) or folded (`>`) block scalar whose header is at `p`, below a parent at column
   * n; clip (default) or strip (`-`) chomping. Its indentation is that of its first content
   * line, which must be deeper than n.
   * Literal: lines joined by their line breaks. Folded (YAML 1.2): a line break between two lines
   * that do not start with a space becomes a space, or, with k empty lines between them, k
   * newlines; around a more-indented line the breaks stay (k + 1 newlines). Clip adds one final
   * newline, strip none; trailing empty lines are never content.
   */
  private blockScalar(p: number, n: number): string {
    const t = this.t;
    const folded = t.charCodeAt(p) === GT;
    let q = p + 1;
    let strip = false;
    if (t.charCodeAt(q) === DASH) {
      strip = true;
      q++;
    }
    let c = t.charCodeAt(q);
    if (c === SP) {
      while (t.charCodeAt(q) === SP) q++;
      c = t.charCodeAt(q);
      if (c === HASH) {
        q = t.indexOf('\n', q);
        if (q < 0) stepAside();
        c = LF;
      }
    }
    if (c !== LF) stepAside(); // `|+`, `|2`, `|#` or anything else
    // Leading empty lines, then the first content line, whose indentation m is the scalar's.
    let ls = q + 1;
    let lead = 0;
    let leadMax = 0;
    let m: number;
    for (;;) {
      let r = ls;
      while (t.charCodeAt(r) === SP) r++;
      c = t.charCodeAt(r);
      if (c === LF) {
        lead++;
        if (r - ls > leadMax) leadMax = r - ls;
        ls = r + 1;
        continue;
      }
      if (c !== c) stepAside(); // no content at all
      m = r - ls;
      break;
    }
    // Not deeper than the parent: an empty scalar. Leading empty lines are newlines of the value,
    // but yaml-ast-parser drops them from literal scalars, and takes the indentation from them
    // when they hold more spaces than the first content line (an error in YAML).
    if (m <= n || (lead > 0 && (!folded || leadMax > m))) stepAside();
    let out = lead > 0 ? '\n'.repeat(lead) : '';
    let first = true;
    let empty = 0;
    let prevMore = false;
    let term = -1; // start of the line that ends the scalar; -1: the end of the input
    for (;;) {
      if (ls >= this.len) break;
      let r = ls;
      while (t.charCodeAt(r) === SP) r++;
      c = t.charCodeAt(r);
      const indent = r - ls;
      const blank = c === LF || c !== c;
      if (blank && indent <= m) {
        empty++;
        if (c !== c) break;
        ls = r + 1;
        continue;
      }
      if (indent < m) {
        term = ls;
        break;
      }
      // A content line; one of spaces only that go beyond the indentation is content too (its
      // extra spaces), a more-indented line like any other.
      let e = blank ? r : t.indexOf('\n', r);
      if (e < 0) e = this.len;
      const line = t.slice(ls + m, e);
      const more = indent > m;
      if (first) out += line;
      else if (folded && !more && !prevMore) out += (empty === 0 ? ' ' : '\n'.repeat(empty)) + line;
      else out += '\n'.repeat(empty + 1) + line;
      first = false;
      prevMore = more;
      empty = 0;
      ls = e + 1;
    }
    this.end = term < 0 ? this.augLen - 1 : term - 1;
    this.kid = -1;
    this.nextContent(term < 0 ? this.len : term);
    return strip ? out : out + '\n';
  }

  // ---- flow collections ----------------------------------------------------------------------

  /**
   * A flow collection at `p` that closes on the same line (`[]`, `{}`, `[a, 'b', 1]`,
   * `{a: 1, b: [2]}`): sets qEnd after its closing bracket, end and kid. Entries need a value
   * (no `[a, , b]`, no `{a}`, no trailing comma); pairs in sequences (`[a: 1]`), `?` keys and
   * comments (which would continue the collection on the next line) step aside.
   */
  private flow(p: number, level: number): unknown {
    if (level > this.maxDepth) stepAside();
    const t = this.t;
    const s = this.store;
    const id = s.open();
    let last = -1;
    let q = p + 1;
    while (t.charCodeAt(q) === SP) q++;
    if (t.charCodeAt(p) === LBRACKET) {
      const arr: unknown[] = [];
      if (t.charCodeAt(q) !== RBRACKET) {
        for (;;) {
          const start = q;
          arr.push(this.flowNode(q, level + 1));
          last = s.add(id, last, '', start, this.end, this.kid);
          q = this.qEnd;
          while (t.charCodeAt(q) === SP) q++;
          const c = t.charCodeAt(q);
          if (c === RBRACKET) break;
          if (c !== COMMA) stepAside();
          q++;
          while (t.charCodeAt(q) === SP) q++;
        }
      }
      s.setCount(id, -arr.length);
      this.qEnd = this.end = q + 1;
      this.kid = id;
      return arr;
    }
    const obj: Record<string, unknown> = {};
    let count = 0;
    let odd = false;
    if (t.charCodeAt(q) !== RBRACE) {
      for (;;) {
        // key
        const keyStart = q;
        const c = t.charCodeAt(q);
        let raw: string;
        let key: string;
        if (c === DQUOTE || c === SQUOTE) {
          const v = c === DQUOTE ? this.doubleQuoted(q, 0, true) : this.singleQuoted(q, 0, true);
          if (v === undefined) stepAside();
          raw = key = v;
          q = this.qEnd;
        } else {
          if (!plainStart(c, t.charCodeAt(q + 1), true)) stepAside();
          const e = this.flowPlain(q);
          raw = t.slice(q, e);
          const v = resolvePlain(raw);
          if (v === null) stepAside();
          key = typeof v === 'string' ? v : String(v);
          q = this.qEnd;
        }
        if (this.has(obj, id, count, key)) {
          odd = true;
          this.dup ??= new FastDuplicateKey(key, keyStart);
        }
        while (t.charCodeAt(q) === SP) q++;
        if (t.charCodeAt(q) !== COLON || t.charCodeAt(q + 1) !== SP) stepAside();
        q += 2;
        while (t.charCodeAt(q) === SP) q++;
        const value = this.flowNode(q, level + 1);
        if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
        else obj[key] = value;
        last = s.add(id, last, key, keyStart, this.end, this.kid);
        count++;
        if (raw !== key) {
          odd = true;
          this.rawKeys.set(last, raw);
        }
        q = this.qEnd;
        while (t.charCodeAt(q) === SP) q++;
        const d = t.charCodeAt(q);
        if (d === RBRACE) break;
        if (d !== COMMA) stepAside();
        q++;
        while (t.charCodeAt(q) === SP) q++;
      }
    }
    s.setCount(id, count);
    if (odd) this.checkRawKeys(id);
    this.qEnd = this.end = q + 1;
    this.kid = id;
    return obj;
  }

  /** A node inside a flow collection at `p`: sets qEnd after it, end and kid. */
  private flowNode(p: number, level: number): unknown {
    const t = this.t;
    const c = t.charCodeAt(p);
    if (c === LBRACKET || c === LBRACE) return this.flow(p, level);
    this.kid = -1;
    if (c === DQUOTE || c === SQUOTE) {
      const v = c === DQUOTE ? this.doubleQuoted(p, 0, true) : this.singleQuoted(p, 0, true);
      if (v === undefined) stepAside();
      this.end = this.qEnd;
      return v;
    }
    if (!plainStart(c, t.charCodeAt(p + 1), true)) stepAside();
    const e = this.flowPlain(p);
    this.end = e;
    return resolvePlain(t.slice(p, e));
  }

  /**
   * A plain scalar inside a flow collection from `p`: it ends at a flow indicator or at `:`
   * followed by a space or a flow indicator; returns the end of its text (trailing spaces
   * trimmed) and sets qEnd where scanning stopped. A comment or the line's end steps aside.
   */
  private flowPlain(p: number): number {
    const t = this.t;
    let q = p;
    let last = p;
    for (;;) {
      const c = t.charCodeAt(q);
      if (c === SP) {
        q++;
        continue;
      }
      if (c === LF || c !== c) stepAside();
      if (isFlowIndicator(c)) break;
      if (c === HASH && t.charCodeAt(q - 1) === SP) stepAside();
      if (c === COLON) {
        const d = t.charCodeAt(q + 1);
        if (d === SP || isFlowIndicator(d) || d === LF || d !== d) break;
      }
      last = ++q;
    }
    this.qEnd = last;
    return last;
  }
}

/** Path → range over the tables of one parse, with yaml-ast-parser's positions. */
export class LinesLocator {
  private readonly lines: LineIndex;
  // Built on the first lookup in a container with more than a few members.
  private readonly maps = new Map<number, Map<string, number>>();
  private readonly seqs = new Map<number, Int32Array>();
  constructor(
    private readonly store: Store,
    text: string,
    private readonly rootStart: number,
    private readonly rootEnd: number,
    private readonly rootKid: number,
  ) {
    this.lines = new LineIndex(text);
  }

  /** The member of container `c` named `seg` (a key, or a sequence index as String(i) writes it), or -1. */
  private member(c: number, seg: string): number {
    const s = this.store;
    const count = s.count(c);
    if (count <= 0) {
      // a sequence (or an empty container: nothing to find either way)
      const i = Number(seg);
      if (!(Number.isInteger(i) && i >= 0 && i < -count && String(i) === seg)) return -1;
      if (count >= -8) {
        let m = s.first(c);
        for (let k = 0; k < i; k++) m = s.next(m);
        return m;
      }
      let index = this.seqs.get(c);
      if (!index) {
        index = new Int32Array(-count);
        for (let m = s.first(c), k = 0; m >= 0; m = s.next(m), k++) index[k] = m;
        this.seqs.set(c, index);
      }
      return index[i]!;
    }
    if (count <= 8) {
      for (let m = s.first(c); m >= 0; m = s.next(m)) if (s.keys[m] === seg) return m;
      return -1;
    }
    let map = this.maps.get(c);
    if (!map) {
      map = new Map();
      for (let m = s.first(c); m >= 0; m = s.next(m)) if (!map.has(s.keys[m]!)) map.set(s.keys[m]!, m);
      this.maps.set(c, map);
    }
    return map.get(seg) ?? -1;
  }

  locate(path: JsonPath): { range: Range; found: number } {
    const s = this.store;
    let node = this.rootKid;
    let from = this.rootStart;
    let to = this.rootEnd;
    let found = 0;
    for (const seg of path) {
      if (node < 0) break;
      const i = this.member(node, seg);
      if (i < 0) break;
      from = s.start(i);
      to = s.end(i);
      node = s.kid(i);
      found++;
    }
    return { range: { start: this.lines.position(from), end: this.lines.position(to) }, found };
  }
}

/**
 * Parses the common, machine-written subset of YAML; undefined means "not in the subset, ask the
 * next parser" (which also words any syntax error). Throws FastDuplicateKey where the
 * yaml-ast-parser path would. Nodes nested deeper than maxDepth step aside.
 */
export function parseYamlLines(text: string, maxDepth: number): { value: unknown; locator: LinesLocator } | undefined {
  if (text.length === 0 || hasOutsideChars(text)) return undefined;
  const parser = new Parser(text, maxDepth);
  let result: { value: unknown; rootStart: number; rootKid: number };
  try {
    result = parser.parse();
  } catch (err) {
    if (err === STEP_ASIDE || err instanceof RangeError) return undefined;
    throw err;
  }
  if (parser.dup) throw parser.dup;
  return { value: result.value, locator: new LinesLocator(parser.store, text, result.rootStart, text.length, result.rootKid) };
}
