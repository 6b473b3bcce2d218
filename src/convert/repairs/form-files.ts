/**
 * formData `type: file` without `multipart/form-data` in `consumes`.
 *
 * A file cannot be sent url-encoded, but swagger2openapi picks
 * `application/x-www-form-urlencoded` unless `consumes` lists multipart. The repair sets the
 * operation's `consumes` (in the working copy) to `multipart/form-data`; swagger2openapi then
 * builds the multipart body with the file as a `type: string, format: binary` property.
 * Runs after the path-level repair, so copied path-level file parameters count.
 */
import type { ConversionContext } from '../context.js';
import { own, type Obj } from '../json.js';
import { effectiveConsumes } from '../swagger2-model.js';
import type { Swagger2Index } from './sites.js';

const MULTIPART = 'multipart/form-data';
const URLENCODED = 'application/x-www-form-urlencoded';

/** Makes every operation with a formData file consume multipart/form-data (in place on `work`). */
export function repairFormFiles(work: Obj, index: Swagger2Index, ctx: ConversionContext): void {
  // hot: per node; bench: bench/convert.mjs (docs/performance.md#indexed-loops-convert)
  for (let i = 0; i < index.operations.length; i++) {
    const { op, params } = index.operations[i]!;
    const file = params.find((e) => own(e.param, 'in') === 'formData' && own(e.param, 'type') === 'file');
    if (!file) continue;
    const consumes = effectiveConsumes(work, op);
    if (consumes.includes(MULTIPART)) continue;
    // Other types (e.g. application/json) cannot carry form fields either; swagger2openapi would
    // ignore them for formData anyway.
    op.consumes = [MULTIPART];
    const was = consumes.length === 0 ? 'no consumes' : `consumes ${consumes.join(', ')}`;
    const hint = consumes.length > 0 && consumes.every((c) => c === URLENCODED) ? ' (a file cannot be sent url-encoded)' : '';
    ctx.note('convert-form-file-multipart', 'info', `formData file parameter "${String(own(file.param, 'name'))}" with ${was}: request body uses ${MULTIPART}${hint}`, file.source);
  }
}
