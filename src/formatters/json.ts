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
  return formatJsonParts(input).join('');
}

/** Findings per piece of formatJsonParts. */
const PIECE = 64;

/**
 * formatJson's text in pieces (joined, exactly that text). One character outside Latin-1 (an
 * ellipsis in a message) makes V8 build a whole JSON.stringify result two bytes a character,
 * slower to build and to encode as UTF-8; printed piece by piece only the pieces that hold one
 * are (the CLI writes the pieces' bytes: Kubernetes' 9 MB report ≈ 20 ms sooner).
 */
export function formatJsonParts(input: FormatInput): string[] {
  const all = sortedFindings(input.files, input.findings).map(toJsonFinding);
  if (all.length === 0) return ['[]\n'];
  const parts = ['[\n'];
  for (let i = 0; i < all.length; i += PIECE) {
    if (i > 0) parts.push(',\n');
    // a list printed alone is "[\n  A,\n  B\n]": its inside is the list's lines as the whole report prints them
    parts.push(JSON.stringify(all.slice(i, i + PIECE), null, 2).slice(2, -2));
  }
  parts.push('\n]\n');
  return parts;
}
