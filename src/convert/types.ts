/** Public types of the Swagger 2.0 → OpenAPI 3.x converter. */

/**
 * Something the conversion did or could not do faithfully.
 * `warn`: meaning may be lost or tools may behave differently; `info`: a faithful repair or rename.
 */
export interface ConversionNote {
  /** Stable id, e.g. `convert-path-level-body`. */
  code: string;
  severity: 'warn' | 'info';
  message: string;
  /** JSON path in the input document (the 2.0 input for convertSwagger2, the 3.0 input for upgradeTo31). */
  source: string[];
  /**
   * When the input itself is at fault (not only different in 3.x): what a linter says about the
   * input there, as the finding of the named rule. Lint reports it at the input's line.
   */
  fault?: { rule: string; message: string };
}

/** Maps a path in the converted document back to the 2.0 input. */
export interface OriginMap {
  /**
   * The path in the 2.0 input that `path3` (a path in the converted document) came from. Always an
   * existing path of the input (the longest existing prefix of the best guess, `[]` at worst);
   * never throws.
   */
  originOf(path3: string[]): string[];
}

export interface ConversionResult {
  document: Record<string, unknown>;
  notes: ConversionNote[];
  origin: OriginMap;
}

/** Options of convertSwagger2. */
export interface ConvertOptions {
  /** OpenAPI version to produce; default `3.0` (3.0.0 documents). */
  target?: '3.0' | '3.1';
  /**
   * Hand the input over to the converter instead of cloning it: the input is edited in place and
   * must not be used afterwards. `original` returns a pristine copy equal to the input as given
   * (e.g. a re-parse of its text); it is called only if the origin map is queried. The input must
   * not contain `__proto__` keys (a clone is what carries them through swagger2openapi).
   * Saves a copy of the whole document, and the memory and collection time it costs.
   * `tree` and `noNulls` say what the owner knows of the input (LoadResult.valueFacts): no object
   * in it is reached twice; it holds no null. They spare the converter whole-document passes; say
   * only what holds.
   */
  consumeInput?: { original: () => unknown; tree?: boolean; noNulls?: boolean };
  /**
   * Refs the loader wrote in place of a second reference to another file's content (LoadResult
   * bundleRefs): where each is in the input, and the ref as written. swagger2openapi turns their
   * targets into components, which are then named after the file or pointer (`Pet.yaml` → `Pet`)
   * instead of `schema1`.
   */
  bundleRefs?: ReadonlyArray<{ path: readonly string[]; written: string }>;
}
