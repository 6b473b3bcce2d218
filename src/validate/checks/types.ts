/** The shape of a semantic check. */
import type { Finding } from '../../findings/finding.js';
import type { Issue } from '../explain.js';
import type { CheckContext } from './context.js';

/** A finding from a semantic check, optionally replacing schema issues that say the same less clearly. */
export interface CheckFinding extends Finding {
  /** Schema issues matching this are dropped in favour of this finding. */
  supersedes?: (issue: Issue) => boolean;
}

/** A semantic check: inspects the document through the shared context (never mutates it) and reports findings. */
export type Check = (ctx: CheckContext, report: (finding: CheckFinding) => void) => void;

/** Segment-wise path equality. */
export function samePath(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}
