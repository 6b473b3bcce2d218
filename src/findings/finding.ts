/**
 * The one finding model. Validation errors, conversion notes, lint results and internal failures
 * are all findings; every formatter is a view over a list of them.
 */

export type Severity = 'error' | 'warn' | 'info' | 'hint';

/** A JSON pointer as its unescaped segments. */
export type JsonPath = string[];

/** 1-based line and column. */
export interface Range {
  start: { line: number; column: number };
  end: { line: number; column: number };
}

export interface Finding {
  /** Rule or check id, e.g. `oas3-schema`, `convert-path-level-body`. */
  code: string;
  severity: Severity;
  message: string;
  /** Path in the document the finding is about (the converted document for converted input). */
  path: JsonPath;
  /** File the finding is located in (display path), when known. */
  source?: string;
  range?: Range;
  category?: string;
  /** Suggested fix, in words. */
  fix?: string;
}

export const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warn: 1, info: 2, hint: 3 };

/** Escapes one pointer segment (RFC 6901). */
export function escapePointerSegment(seg: string): string {
  // most segments need no escaping: test before building new strings (this runs per segment of every path)
  if (!seg.includes('~') && !seg.includes('/')) return seg;
  return seg.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Segments → `#/a/b~1c` style pointer (without the leading `#`). */
export function toPointer(path: readonly string[]): string {
  let out = '';
  for (const seg of path) out += '/' + escapePointerSegment(seg);
  return out;
}

/** `/a/b~1c` (with or without a leading `#`) → segments. */
export function parsePointer(pointer: string): string[] {
  let p = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (p === '') return [];
  if (!p.startsWith('/')) throw new Error(`not a JSON pointer: ${pointer}`);
  p = p.slice(1);
  return p.split('/').map((s) => {
    let d = s;
    if (d.includes('%')) {
      try {
        d = decodeURIComponent(d);
      } catch {
        /* keep raw: a literal % that is not an escape */
      }
    }
    return unescapePointerSegment(d);
  });
}

/** One segment of a JSON pointer (RFC 6901), `~1` → `/` and `~0` → `~`, in that order. */
export function unescapePointerSegment(segment: string): string {
  return segment.includes('~') ? segment.replace(/~1/g, '/').replace(/~0/g, '~') : segment;
}
