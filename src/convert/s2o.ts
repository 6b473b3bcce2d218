/** Runs swagger2openapi with the options apictl relies on. */
import s2o from 'swagger2openapi';
import { InputError } from '../errors.js';
import type { Obj } from './json.js';

/** Key swagger2openapi writes its warnings under (collected and removed by the final sweep). */
export const S2O_WARNING_KEY = 'x-s2o-warning';

/** Operation extension that keeps a body parameter's name (swagger2openapi's `rbname`). */
export const BODY_NAME_KEY = 'x-codegen-request-body-name';

/**
 * Converts a (pre-processed) 2.0 document with swagger2openapi.
 *
 * - `patch` + `warnOnly`: fix what can be fixed and write warnings into the output instead of
 *   failing; apictl's repairs remove the causes it knows, the sweep turns the rest into notes.
 * - `resolve: false`: never read files or URLs (the loader bundles external refs itself).
 * - `resolveInternal: true`: keep every request body inline (no hoisting into
 *   components.requestBodies); the repairs and the origin map find bodies where the 2.0 body was.
 * - `anchors: true`: shared subtrees are not an error (the input is cloned first anyway).
 * - `text`: a placeholder; without it swagger2openapi serialises the whole input to YAML just to
 *   have it for messages, which is most of its run time on large inputs.
 *
 * `work` is not modified (swagger2openapi clones it first). Any failure becomes an InputError.
 * Returns the output and how many warnings swagger2openapi wrote into it (under S2O_WARNING_KEY).
 */
export async function runSwagger2openapi(work: Obj): Promise<{ openapi: Obj; warnings: number }> {
  // swagger2openapi prints an internal exception with console.warn before rejecting with the same
  // exception. The core must not print, so console.warn is silenced while the conversion (which
  // only runs in microtasks, no I/O) is pending; the rejection is reported as an InputError.
  const originalWarn = console.warn;
  console.warn = () => {};
  let warnings = 0;
  try {
    const result = await s2o.convertObj(work, {
      patch: true,
      warnOnly: true,
      // read by swagger2openapi exactly when it writes a warning: counting the reads tells whether
      // the output has to be swept for warnings at all (a full pass over large documents)
      get warnProperty(): string {
        warnings++;
        return S2O_WARNING_KEY;
      },
      resolve: false,
      resolveInternal: true,
      anchors: true,
      rbname: BODY_NAME_KEY,
      text: '(omitted)',
    });
    return { openapi: result.openapi, warnings };
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    throw new InputError(`cannot convert Swagger 2.0 document: ${msg}`);
  } finally {
    console.warn = originalWarn;
  }
}
