/**
 * Swagger 2.0 parameter rules the schema cannot express: file parameters live in formData of an
 * operation consuming forms, at most one body parameter, and never body together with formData.
 */
import { toPointer } from '../../findings/finding.js';
import { OAS2_BODY_AND_FORM_DATA, OAS2_FILE_PARAM_CONSUMES, OAS2_FILE_PARAM_LOCATION, OAS2_MULTIPLE_BODY_PARAMS } from '../codes.js';
import { hasOwn, type JsonObject } from '../json.js';
import { showName } from '../messages.js';
import { operationLabel } from '../operations.js';
import { samePath, type Check } from './types.js';

const FORM_TYPES = new Set(['multipart/form-data', 'application/x-www-form-urlencoded']);

/** Runs the 2.0 parameter checks on every operation (with path-level parameters merged in). */
export const checkOas2Parameters: Check = (ctx, report) => {
  if (ctx.kind !== 'swagger-2.0') return;
  for (const visit of ctx.operations) {
    const params = ctx.effectiveParameters(visit);
    const label = operationLabel(visit);

    for (const p of params) {
      if (p.param.type !== 'file') continue;
      if (p.in !== 'formData') {
        report({
          code: OAS2_FILE_PARAM_LOCATION,
          severity: 'error',
          path: hasOwn(p.param, 'in') ? [...p.path, 'in'] : p.path,
          message: `'type: file' parameter '${showName(p.name ?? '?')}' must be 'in: formData', not ${p.in === undefined ? 'without in' : `'in: ${showName(p.in)}'`}`,
          // The schema only manages "type must be one of: string, …" for the same mistake.
          supersedes: (issue) => issue.keyword === 'enum' && samePath(issue.path, [...p.path, 'type']),
        });
        continue;
      }
      const consumes = effectiveConsumes(ctx.doc, visit.operation);
      if (consumes.list.some((m) => FORM_TYPES.has(baseMediaType(m)))) continue;
      report({
        code: OAS2_FILE_PARAM_CONSUMES,
        severity: 'error',
        path: consumes.own ? [...visit.path, 'consumes'] : p.sitePath,
        message:
          consumes.list.length === 0
            ? `${label} has a file parameter '${showName(p.name ?? '?')}' but declares no consumes; it must consume multipart/form-data or application/x-www-form-urlencoded`
            : `${label} has a file parameter '${showName(p.name ?? '?')}' but consumes neither multipart/form-data nor application/x-www-form-urlencoded`,
      });
    }

    const bodies = params.filter((p) => p.in === 'body');
    const [firstBody] = bodies;
    for (const extra of bodies.slice(1)) {
      report({
        code: OAS2_MULTIPLE_BODY_PARAMS,
        severity: 'error',
        path: extra.sitePath,
        message: `${label} has more than one 'in: body' parameter; the first is at #${showName(toPointer(firstBody?.sitePath ?? []), 200)}`,
      });
    }
    const form = params.find((p) => p.in === 'formData');
    if (firstBody && form) {
      report({
        code: OAS2_BODY_AND_FORM_DATA,
        severity: 'error',
        path: form.sitePath,
        message: `${label} mixes 'in: formData' and 'in: body' parameters (body at #${showName(toPointer(firstBody.sitePath), 200)}); use one or the other`,
      });
    }
  }
};

/** The operation's consumes, else the document's; `own` tells whether the operation declares it. */
function effectiveConsumes(doc: JsonObject, op: JsonObject): { list: string[]; own: boolean } {
  const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  if (hasOwn(op, 'consumes') && Array.isArray(op.consumes)) return { list: strings(op.consumes), own: true };
  return { list: hasOwn(doc, 'consumes') ? strings(doc.consumes) : [], own: false };
}

/** `Multipart/Form-Data; boundary=x` → `multipart/form-data`. */
function baseMediaType(m: string): string {
  return (m.split(';')[0] ?? '').trim().toLowerCase();
}
