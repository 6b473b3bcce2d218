/**
 * The one seam of apictl's speed machinery: each speed-up asks here whether it may run. With
 * `APICTL_PLAIN=1` none does, and apictl runs its plain modules as they read in the source (to
 * debug, or to rule the machinery out). Each also has a switch of its own, for benchmarks; what
 * each does and what it saves: docs/performance.md.
 */
export type Speedup =
  /** The CLI, rule-function and swagger2openapi bundles (one file each instead of hundreds of modules). */
  | 'bundle'
  /** V8's compiled code of the bundles kept between runs. */
  | 'code-cache'
  /** A second thread for part of the rules of a large document. */
  | 'lane'
  /** The official schemas' validators compiled at build time. */
  | 'precompiled'
  /** apictl's rulesets parsed at build time. */
  | 'snapshot'
  /** The YAML line reader for block-style documents. */
  | 'yaml-lines';

const SWITCH: Record<Speedup, string> = {
  bundle: 'APICTL_NO_BUNDLE',
  'code-cache': 'APICTL_NO_CODE_CACHE',
  lane: 'APICTL_NO_LANE',
  precompiled: 'APICTL_NO_PRECOMPILED',
  snapshot: 'APICTL_NO_SNAPSHOT',
  'yaml-lines': 'APICTL_NO_YAML_LINES',
};

const on = (v: string | undefined): boolean => v !== undefined && v !== '' && v !== '0';

/** Whether a speed-up may run: neither APICTL_PLAIN nor its own switch is set. */
export function speedup(name: Speedup, env: NodeJS.ProcessEnv = process.env): boolean {
  return !on(env.APICTL_PLAIN) && !on(env[SWITCH[name]]);
}
