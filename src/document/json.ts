/**
 * JSON with positions, fast enough for the largest documents apictl accepts.
 *
 * The value comes from the native JSON.parse (far faster than any JS parser).
 * Before that, one strict scan in plain JS checks what JSON.parse silently accepts or reports
 * without a line: duplicate keys, nesting deeper than the limit, and syntax errors. Positions are
 * found lazily: `locate` walks the text along the asked path only, caching the children offsets of
 * each container it has seen, so a thousand findings cost a few scans of their own containers,
 * not of the whole file.
 */
import type { JsonPath, Range } from '../findings/finding.js';
import { LineIndex } from './lines.js';

/** A syntax or structure problem at an offset of the text. */
export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

enum C {
  Tab = 9,
  Lf = 10,
  Cr = 13,
  Space = 32,
  Quote = 34,
  Plus = 43,
  Comma = 44,
  Minus = 45,
  Dot = 46,
  Zero = 48,
  Nine = 57,
  Colon = 58,
  UpperE = 69,
  OpenBracket = 91,
  Backslash = 92,
  CloseBracket = 93,
  LowerE = 101,
  LowerN = 110,
  OpenBrace = 123,
  CloseBrace = 125,
}

function isWs(c: number): boolean {
  return c === C.Space || c === C.Lf || c === C.Cr || c === C.Tab;
}

/** Strict one-pass checker. Recursion depth is bounded by maxDepth, so it cannot overflow the stack. */
class Scanner {
  pos = 0;
  constructor(
    readonly text: string,
    readonly maxDepth: number,
  ) {}

  fail(message: string, at = this.pos): never {
    throw new JsonSyntaxError(message, at);
  }

  ws(): void {
    const t = this.text;
    let p = this.pos;
    while (p < t.length && isWs(t.charCodeAt(p))) p++;
    this.pos = p;
  }

  /** Skips a string starting at pos (a quote) and returns its raw contents' end (the closing quote offset). */
  string(): number {
    const t = this.text;
    let p = this.pos + 1;
    for (;;) {
      const q = t.indexOf('"', p);
      if (q === -1) this.fail('unterminated string', this.pos);
      // Control characters are not allowed raw inside JSON strings.
      for (let i = p; i < q; i++) {
        const c = t.charCodeAt(i);
        if (c < 0x20) this.fail('control character in string (escape it)', i);
        if (c === C.Backslash) {
          const e = t.charCodeAt(i + 1);
          if (e === 117 /* u */) {
            if (!/^[0-9a-fA-F]{4}$/.test(t.slice(i + 2, i + 6))) this.fail('invalid \\u escape', i);
            i += 5;
          } else if ('"\\/bfnrt'.includes(t[i + 1] ?? '')) {
            i += 1;
          } else {
            this.fail('invalid escape in string', i);
          }
        }
      }
      // Was the quote escaped? Count preceding backslashes.
      let b = q - 1;
      while (b >= this.pos + 1 && t.charCodeAt(b) === C.Backslash) b--;
      if ((q - 1 - b) % 2 === 1) {
        p = q + 1;
        continue;
      }
      this.pos = q + 1;
      return q;
    }
  }

  number(): void {
    const t = this.text;
    const m = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    m.lastIndex = this.pos;
    if (!m.test(t)) this.fail('invalid number');
    this.pos = m.lastIndex;
  }

  literal(word: string): void {
    if (!this.text.startsWith(word, this.pos)) this.fail('unexpected character');
    this.pos += word.length;
  }

  value(depth: number): void {
    this.ws();
    const c = this.text.charCodeAt(this.pos);
    if (c === C.OpenBrace) return this.object(depth + 1);
    if (c === C.OpenBracket) return this.array(depth + 1);
    if (c === C.Quote) {
      this.string();
      return;
    }
    if (c === C.Minus || (c >= C.Zero && c <= C.Nine)) return this.number();
    if (c === 116) return this.literal('true');
    if (c === 102) return this.literal('false');
    if (c === 110) return this.literal('null');
    if (Number.isNaN(c)) this.fail('unexpected end of input');
    this.fail('unexpected character');
  }

  object(depth: number): void {
    if (depth > this.maxDepth) this.fail(`nesting deeper than ${this.maxDepth} levels`);
    const t = this.text;
    this.pos++;
    this.ws();
    if (t.charCodeAt(this.pos) === C.CloseBrace) {
      this.pos++;
      return;
    }
    const keys = new Set<string>();
    for (;;) {
      this.ws();
      if (t.charCodeAt(this.pos) !== C.Quote) this.fail('expected a property name in double quotes');
      const start = this.pos;
      const end = this.string();
      let key = t.slice(start + 1, end);
      if (key.includes('\\')) key = JSON.parse(t.slice(start, end + 1)) as string;
      if (keys.has(key)) this.fail(`duplicate key '${key.length > 60 ? key.slice(0, 60) + '…' : key}'`, start);
      keys.add(key);
      this.ws();
      if (t.charCodeAt(this.pos) !== C.Colon) this.fail("expected ':' after property name");
      this.pos++;
      this.value(depth);
      this.ws();
      const c = t.charCodeAt(this.pos);
      if (c === C.Comma) {
        this.pos++;
        continue;
      }
      if (c === C.CloseBrace) {
        this.pos++;
        return;
      }
      this.fail(Number.isNaN(c) ? 'unexpected end of input (unclosed object)' : "expected ',' or '}'");
    }
  }

  array(depth: number): void {
    if (depth > this.maxDepth) this.fail(`nesting deeper than ${this.maxDepth} levels`);
    const t = this.text;
    this.pos++;
    this.ws();
    if (t.charCodeAt(this.pos) === C.CloseBracket) {
      this.pos++;
      return;
    }
    for (;;) {
      this.value(depth);
      this.ws();
      const c = t.charCodeAt(this.pos);
      if (c === C.Comma) {
        this.pos++;
        continue;
      }
      if (c === C.CloseBracket) {
        this.pos++;
        return;
      }
      this.fail(Number.isNaN(c) ? 'unexpected end of input (unclosed array)' : "expected ',' or ']'");
    }
  }

  document(): void {
    this.value(0);
    this.ws();
    if (this.pos < this.text.length) this.fail('unexpected content after the document');
  }
}

/**
 * The members of one container, listed on first lookup: four numbers per member (key start,
 * value start, value end, and the value's container index in the structure or -1; an array
 * element's key start is its value start). No object or string per member: a lint locates
 * thousands of paths, mostly in small objects, where comparing a key in place is cheaper than
 * slicing every key into a map.
 */
interface Members {
  offs: number[];
  isObject: boolean;
  /** Key → offset of its member in `offs`: built for large objects, and for keys the in-place comparison cannot settle. */
  index: Map<string, number> | undefined;
}

/** Members at or below which an object's keys are compared in place instead of indexed. */
const SMALL_OBJECT = 32;

/** An array index as a path segment writes it. */
const INDEX = /^(0|[1-9]\d*)$/;

/** Lazy path → range lookup over JSON text. */
export class JsonLocator {
  private readonly lines: LineIndex;
  /** Container value offset → its members. */
  private readonly members = new Map<number, Members>();
  private rootStart = -1;
  private rootEnd = -1;
  /** The root's index in the structure's containers (-1: none, or no structure). */
  private rootIndex = -1;
  private ends: Map<number, number> | undefined;

  /** `structure`: the container and line offsets of the text, when its parse recorded them. */
  constructor(
    private readonly text: string,
    private readonly structure?: Structure,
  ) {
    this.lines = new LineIndex(text, structure?.lineStarts);
  }

  private skipWs(p: number): number {
    const t = this.text;
    while (p < t.length && isWs(t.charCodeAt(p))) p++;
    return p;
  }

  /** Offset just past the scalar (number, literal) starting at p. */
  private skipScalar(p: number): number {
    const t = this.text;
    while (p < t.length) {
      const d = t.charCodeAt(p);
      if (d === C.Comma || d === C.CloseBrace || d === C.CloseBracket || isWs(d)) break;
      p++;
    }
    return p;
  }

  /** Offset just past the value starting at p (input already known to be valid JSON). */
  private skipValue(p: number): number {
    const t = this.text;
    const c = t.charCodeAt(p);
    if (c === C.Quote) return this.skipString(p);
    if (c !== C.OpenBrace && c !== C.OpenBracket) return this.skipScalar(p);
    const st = this.structure;
    if (!st) return this.containerEnds().get(p) ?? t.length;
    const i = this.containerIndex(p);
    return i < 0 ? t.length : st.ends[i]!;
  }

  /** Index of the container starting at p in the structure (binary search; starts are ascending), or -1. */
  private containerIndex(p: number): number {
    const starts = this.structure?.starts;
    if (!starts) return -1;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = starts[mid]!;
      if (v === p) return mid;
      if (v < p) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /**
   * Offset just past every object and array, by its start: one pass over the text on the first
   * lookup. Without it each container on a located path is scanned once more for every ancestor
   * whose members were listed (a path five levels deep reads its deepest text five times).
   */
  private containerEnds(): Map<number, number> {
    if (this.ends) return this.ends;
    const t = this.text;
    const ends = new Map<number, number>();
    const open: number[] = [];
    let p = 0;
    while (p < t.length) {
      const d = t.charCodeAt(p);
      if (d === C.Quote) {
        p = this.skipString(p);
        continue;
      }
      if (d === C.OpenBrace || d === C.OpenBracket) open.push(p);
      else if (d === C.CloseBrace || d === C.CloseBracket) {
        const start = open.pop();
        if (start !== undefined) ends.set(start, p + 1);
      }
      p++;
    }
    this.ends = ends;
    return ends;
  }

  private skipString(p: number): number {
    const t = this.text;
    let i = p + 1;
    for (;;) {
      const q = t.indexOf('"', i);
      if (q === -1) return t.length;
      let b = q - 1;
      while (t.charCodeAt(b) === C.Backslash) b--;
      if ((q - 1 - b) % 2 === 0) return q + 1;
      i = q + 1;
    }
  }

  /**
   * The members of the container starting at `start`, whose index in the structure is `ci` (-1
   * when unknown). With the index, each member's end is read from the structure in order: the
   * container after one that closes is the structure's `after` entry of it, so no member is
   * searched for; keys are found with indexOf (only whitespace and a comma lie between members).
   */
  private membersOf(start: number, ci: number): Members | undefined {
    const cached = this.members.get(start);
    if (cached) return cached;
    const t = this.text;
    const open = t.charCodeAt(start);
    if (open !== C.OpenBrace && open !== C.OpenBracket) return undefined;
    const isObject = open === C.OpenBrace;
    const st = this.structure;
    const offs: number[] = [];
    if (st && ci >= 0 && st.starts[ci] === start) {
      const last = st.ends[ci]! - 1; // the closing bracket
      let next = ci + 1; // the next container in document order
      const value = (vs: number): void => {
        const c = t.charCodeAt(vs);
        if (c === C.OpenBrace || c === C.OpenBracket) {
          const k = st.starts[next] === vs ? next : this.containerIndex(vs);
          offs.push(vs, k < 0 ? t.length : st.ends[k]!, k);
          if (k >= 0) next = st.after[k]!;
        } else offs.push(vs, c === C.Quote ? this.skipString(vs) : this.skipScalar(vs), -1);
      };
      if (isObject) {
        for (let p = start + 1; ; ) {
          const ks = t.indexOf('"', p);
          if (ks === -1 || ks >= last) break;
          const ke = this.skipString(ks);
          let vs = ke;
          while (vs < last && t.charCodeAt(vs) !== C.Colon) vs++;
          vs = this.skipWs(vs + 1);
          offs.push(ks);
          value(vs);
          p = offs[offs.length - 2]!;
        }
      } else {
        for (let p = this.skipWs(start + 1); p < last; ) {
          const c = t.charCodeAt(p);
          if (c === C.CloseBracket) break;
          if (c === C.Comma) {
            p = this.skipWs(p + 1);
            continue;
          }
          offs.push(p);
          value(p);
          p = this.skipWs(offs[offs.length - 2]!);
        }
      }
    } else {
      let p = this.skipWs(start + 1);
      while (p < t.length) {
        const c = t.charCodeAt(p);
        if (c === C.CloseBrace || c === C.CloseBracket) break;
        if (c === C.Comma) {
          p = this.skipWs(p + 1);
          continue;
        }
        let vs = p;
        if (isObject) vs = this.skipWs(this.skipWs(this.skipString(p)) + 1);
        const ve = this.skipValue(vs);
        offs.push(p, vs, ve, -1);
        p = this.skipWs(ve);
      }
    }
    const members: Members = { offs, isObject, index: undefined };
    this.members.set(start, members);
    return members;
  }

  /** Offset in `m.offs` of the member with key `seg` (the last of repeated keys, as in JSON.parse), or undefined. */
  private keyAt(m: Members, seg: string): number | undefined {
    if (typeof seg !== 'string') return undefined;
    const offs = m.offs;
    if (m.index === undefined && offs.length <= SMALL_OBJECT * 4 && !seg.includes('\\') && !seg.includes('"')) {
      // The key's text is the segment followed by its closing quote (unescaped: the segment ends
      // in no backslash), so the key holds no escape and is the segment. A key the segment
      // equals only once decoded is not seen here: a miss asks the index.
      const t = this.text;
      const n = seg.length;
      for (let i = offs.length - 4; i >= 0; i -= 4) {
        const ks = offs[i]!;
        if (t.charCodeAt(ks + 1 + n) === C.Quote && t.startsWith(seg, ks + 1)) return i;
      }
    }
    return (m.index ??= this.keyIndex(m)).get(seg);
  }

  /** Every key of an object's members (decoded), to its offset in `offs`. */
  private keyIndex(m: Members): Map<string, number> {
    const t = this.text;
    const index = new Map<string, number>();
    for (let i = 0; i < m.offs.length; i += 4) {
      const ks = m.offs[i]!;
      const ke = this.skipString(ks);
      let key = t.slice(ks + 1, ke - 1);
      if (key.includes('\\')) key = JSON.parse(t.slice(ks, ke)) as string;
      index.set(key, i);
    }
    return index;
  }

  private range(start: number, end: number): Range {
    return { start: this.lines.position(start), end: this.lines.position(end) };
  }

  /**
   * The last located path and, per segment of it found, the member's offsets: four numbers per
   * depth (key start, value start, value end, container index). Findings come in document order,
   * so a path mostly shares a long prefix with the one before; the walk resumes below it.
   */
  private readonly lastPath: string[] = [];
  private readonly lastOffs: number[] = [];

  /** Range of the member at path (from its key to the end of its value); the longest existing prefix's range otherwise, with `found` telling how many segments matched. */
  locate(path: JsonPath): { range: Range; found: number } {
    if (this.rootStart < 0) {
      this.rootStart = this.skipWs(0);
      this.rootEnd = this.skipValue(this.rootStart);
      this.rootIndex = this.containerIndex(this.rootStart);
    }
    const last = this.lastPath;
    const trail = this.lastOffs;
    let found = 0;
    const shared = Math.min(path.length, last.length);
    while (found < shared && path[found] === last[found]) found++;
    // offsets only on the way down; line and column once, for the deepest member found
    let from = this.rootStart;
    let start = this.rootStart;
    let to = this.rootEnd;
    let ci = this.rootIndex;
    if (found > 0) {
      const d = (found - 1) * 4;
      from = trail[d]!;
      start = trail[d + 1]!;
      to = trail[d + 2]!;
      ci = trail[d + 3]!;
    }
    trail.length = found * 4;
    last.length = found;
    for (; found < path.length; found++) {
      const seg = path[found]!;
      const m = this.membersOf(start, ci);
      if (!m) break;
      let at: number | undefined;
      if (m.isObject) at = this.keyAt(m, seg);
      else if (INDEX.test(seg) && Number(seg) * 4 < m.offs.length) at = Number(seg) * 4;
      if (at === undefined) break;
      const offs = m.offs;
      from = offs[at]!;
      start = offs[at + 1]!;
      to = offs[at + 2]!;
      ci = offs[at + 3]!;
      trail.push(from, start, to, ci);
      last.push(seg);
    }
    return { range: this.range(from, to), found };
  }

  /** 1-based position of an offset. */
  position(offset: number): { line: number; column: number } {
    return this.lines.position(offset);
  }
}

/**
 * The most offsets `shape` records, three per container (start, end, the container after it) and
 * one per line: room for documents many times the largest of the corpus (docs/performance.md);
 * a hostile text of millions of tiny arrays does not get them on top of what its parse costs.
 */
export const STRUCTURE_MAX = 2_000_000;

/**
 * Offsets the pass of `shape` meets anyway, kept for the locator (it would otherwise read the
 * whole text twice more on its first lookup): every object's and array's start and end, in
 * document order, and the start of every line. Valid for a text JSON.parse accepts.
 */
interface Structure {
  /** Start offset of every container, ascending. */
  starts: number[];
  /** Offset just past the container starting at the same index of `starts`. */
  ends: number[];
  /** Index in `starts` of the first container after the one at the same index closes (its own index + 1 + its descendants). */
  after: number[];
  /** 0, then the offset after each line feed (a JSON string holds none: they are escaped). */
  lineStarts: number[];
}

/**
 * One cheap pass over the text: the deepest nesting and the number of object members (colons
 * outside strings), recording the structure on the way. Strings are skipped with indexOf, so the
 * loop touches structure only.
 * `nulls`: an `n` outside strings, which in JSON text only `null` has.
 * Returns undefined when the text is not plain enough to judge (an unterminated string), so the
 * strict scanner decides.
 */
function shape(text: string, maxDepth: number): { members: number; tooDeep: boolean; structure: Structure | undefined; nulls: boolean } | undefined {
  let depth = 0;
  let members = 0;
  let nulls = false;
  const n = text.length;
  const structure: Structure = { starts: [], ends: [], after: [], lineStarts: [0] };
  const { starts, ends, after, lineStarts } = structure;
  const open: number[] = [];
  // past STRUCTURE_MAX offsets the locator scans for itself, as it does for a text without them
  let recording = true;
  const stopRecording = (): void => {
    recording = false;
    starts.length = ends.length = after.length = lineStarts.length = open.length = 0;
  };
  for (let p = 0; p < n; p++) {
    const c = text.charCodeAt(p);
    if (c === C.Quote) {
      let q = text.indexOf('"', p + 1);
      for (;;) {
        if (q === -1) return undefined;
        let b = q - 1;
        while (text.charCodeAt(b) === C.Backslash) b--;
        if ((q - 1 - b) % 2 === 0) break;
        q = text.indexOf('"', q + 1);
      }
      p = q;
    } else if (c === C.Colon) {
      members++;
    } else if (c === C.OpenBrace || c === C.OpenBracket) {
      if (++depth > maxDepth) return { members, tooDeep: true, structure: undefined, nulls };
      if (recording) {
        open.push(starts.length);
        starts.push(p);
        ends.push(n);
        after.push(n);
        if (starts.length * 3 + lineStarts.length > STRUCTURE_MAX) stopRecording();
      }
    } else if (c === C.CloseBrace || c === C.CloseBracket) {
      depth--;
      if (recording) {
        const i = open.pop();
        if (i !== undefined) {
          ends[i] = p + 1;
          after[i] = starts.length;
        }
      }
    } else if (c === C.Lf && recording) {
      lineStarts.push(p + 1);
      if (starts.length * 3 + lineStarts.length > STRUCTURE_MAX) stopRecording();
    } else if (c === C.LowerN) {
      nulls = true;
    }
  }
  return { members, tooDeep: false, structure: recording ? structure : undefined, nulls };
}

/** Own keys of every object in a JSON.parse result (iterative: the depth was checked before). */
function countMembers(root: unknown): number {
  let count = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      for (const e of v as unknown[]) {
        if (typeof e === 'object' && e !== null) stack.push(e);
      }
    } else {
      for (const k in v) {
        count++;
        const e = (v as Record<string, unknown>)[k];
        if (typeof e === 'object' && e !== null) stack.push(e);
      }
    }
  }
  return count;
}

/**
 * Parses JSON text strictly. Throws JsonSyntaxError with the offset of the first problem.
 * `noNulls`: true when the value is known to hold no `null` (false does not say it does).
 *
 * Fast path: a structural pass bounds the depth (so JSON.parse cannot overflow the stack), the
 * native JSON.parse builds the value, and the member count of the value must equal the number of
 * members in the text — JSON.parse keeps only the last of duplicate keys, so any duplicate makes
 * the value smaller. Anything else (a syntax error, a duplicate, too deep) goes to the strict
 * scanner, which finds the first problem and its offset.
 */
export function parseJson(text: string, maxDepth: number): { value: unknown; locator: JsonLocator; noNulls: boolean } {
  const s = shape(text, maxDepth);
  if (s && !s.tooDeep) {
    let value: unknown;
    let parsed = true;
    try {
      value = JSON.parse(text);
    } catch {
      parsed = false;
    }
    if (parsed && countMembers(value) === s.members) return { value, locator: new JsonLocator(text, s.structure), noNulls: !s.nulls };
  }
  new Scanner(text, maxDepth).document();
  // The scan accepted it, so JSON.parse will too; it defines `__proto__` as an own data property.
  const value: unknown = JSON.parse(text);
  return { value, locator: new JsonLocator(text), noNulls: false };
}
