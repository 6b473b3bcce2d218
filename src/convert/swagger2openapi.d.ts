/**
 * Minimal types for swagger2openapi 7.0.8 (CommonJS, ships no types). Only what src/convert uses.
 */
declare module 'swagger2openapi' {
  interface S2OOptions {
    patch?: boolean;
    warnOnly?: boolean;
    /** Key under which warnings are written into the object they concern (default `x-s2o-warning`). */
    warnProperty?: string;
    resolve?: boolean;
    /** Keeps request bodies inline instead of hoisting identical ones into components.requestBodies. */
    resolveInternal?: boolean;
    anchors?: boolean;
    /** Operation extension that keeps the body parameter's name. */
    rbname?: string;
    /** Source text; when absent the whole input is serialised to YAML (only used for CLI messages). */
    text?: string;
    direct?: boolean;
    targetVersion?: string;
    [key: string]: unknown;
  }
  interface S2OResult {
    openapi: Record<string, unknown>;
    /** How many patches were applied (also counts every `nullable`, so not a repair count). */
    patches: number;
    /** Each direct `$ref` whose target was copied into a new component (`#/paths/…` → `#/components/schemas/schema1`). */
    refmap?: Record<string, string>;
  }
  class S2OError extends Error {}
  function convertObj(swagger: unknown, options: S2OOptions): Promise<S2OResult>;
  const _default: { convertObj: typeof convertObj; S2OError: typeof S2OError };
  export default _default;
}
