/**
 * The plain data one run of a ruleset's rules gives: the engine (engine.ts) produces it and the
 * rules lane (lane.ts) sends it between threads. Kept apart so the lane need not import the
 * engine, which imports the lane.
 */

/** One result of a rule, with Spectral's fields. */
export interface SpectralResult {
  code: string | number;
  message: string;
  path: Array<string | number>;
  severity: number;
}

/** What one run of (some of) a ruleset's rules over a document returns: plain data, so a lane can send it. */
export interface RuleRun {
  /** In the order the rules reported them, deduplicated as Spectral does. */
  results: SpectralResult[];
  /** Rule name → first error message, in the order they failed. */
  failures: Array<[string, string]>;
  /** Errors that broke Spectral's traversal of an extended ruleset (its rules then report nothing). */
  runErrors: string[];
  timedOut: boolean;
}
