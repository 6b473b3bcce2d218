/** Exit codes, one meaning each. */
export const EXIT = {
  /** Nothing at or above the fail severity. */
  ok: 0,
  /** Findings at or above the fail severity, or a failed gate (score below minimum). */
  findings: 1,
  /** Usage, input or internal error. */
  error: 2,
} as const;
