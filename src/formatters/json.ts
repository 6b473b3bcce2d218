/**
 * Spectral's JSON shape, so tools written for `spectral lint -f json` read ours: 0-based
 * line/character ranges (the LSP convention), numeric severities, then apictl's extras.
 */
import type { JsonPath, Severity } from '../findings/finding.js';
import type { LintFinding } from '../lint/types.js';
import { samePath, sortedFindings } from './common.js';
import type { FormatInput } from './types.js';

const NUMERIC: Record<Severity, 0 | 1 | 2 | 3> = { error: 0, warn: 1, info: 2, hint: 3 };

interface Position {
  line: number;
  character: number;
}

/** One finding as `apictl lint -f json` prints it. */
export interface JsonFinding {
  code: string;
  /** Path in the linted (3.x) document. */
  path: JsonPath;
  message: string;
  severity: 0 | 1 | 2 | 3;
  /** 0-based, end exclusive; in `source`, the file as written. */
  range: { start: Position; end: Position };
  source?: string;
  category: string;
  fix?: string;
  fingerprint: string;
  known: boolean;
  docs?: string;
  /**
   * Present when the path in the file as written differs from `path` (Swagger 2.0 input linted
   * after conversion): `range` and `source` already point into that file, this says where.
   */
  origin?: { path: JsonPath };
}

function zeroBased(p: { line: number; column: number } | undefined): Position {
  return p ? { line: Math.max(0, p.line - 1), character: Math.max(0, p.column - 1) } : { line: 0, character: 0 };
}

export function toJsonFinding(f: LintFinding): JsonFinding {
  return {
    code: f.code,
    path: f.path,
    message: f.message,
    severity: NUMERIC[f.severity],
    range: { start: zeroBased(f.range?.start), end: zeroBased(f.range?.end) },
    source: f.source,
    category: f.category,
    fix: f.fix,
    fingerprint: f.fingerprint,
    known: f.known === true,
    docs: f.docs,
    origin: samePath(f.sourcePath, f.path) ? undefined : { path: f.sourcePath },
  };
}

export function formatJson(input: FormatInput): string {
  return Buffer.concat(formatJsonChunks(input)).toString('utf8');
}

/** Findings per piece of formatJsonChunks. */
const PIECE = 64;
const OPEN = Buffer.from('[\n');
const BETWEEN = Buffer.from(',\n');
const CLOSE = Buffer.from('\n]\n');

/**
 * formatJson's text as UTF-8 bytes, in pieces (concatenated, exactly that text). Each piece is
 * built from its 64 findings and encoded at once, so neither the report's strings nor its objects
 * outlive the piece: a large report no longer sits in the young heap (copied by every scavenge)
 * until it is written. Printed piece by piece, one character outside Latin-1 (an ellipsis in a
 * message) makes V8 build only that piece two bytes a character, not the whole report.
 */
export function formatJsonChunks(input: FormatInput): Buffer[] {
  const sorted = sortedFindings(input.files, input.findings);
  if (sorted.length === 0) return [Buffer.from('[]\n')];
  const chunks = [OPEN];
  const piece: JsonFinding[] = [];
  for (let i = 0; i < sorted.length; i += PIECE) {
    if (i > 0) chunks.push(BETWEEN);
    piece.length = 0;
    for (const f of sorted.slice(i, i + PIECE)) piece.push(toJsonFinding(f));
    // a list printed alone is "[\n  A,\n  B\n]": its inside is the list's lines as the whole report prints them
    const bytes = Buffer.from(JSON.stringify(piece, null, 2), 'utf8');
    chunks.push(bytes.subarray(2, bytes.length - 2));
  }
  chunks.push(CLOSE);
  return chunks;
}
