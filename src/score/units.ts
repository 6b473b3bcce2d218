/** The size a score is normalised by: non-deprecated operations and webhooks of a 3.x document. */
import { appendAll } from '../util/append.js';
import { HTTP_METHODS } from '../document/model.js';
import { unescapePointerSegment } from '../findings/finding.js';

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Follows a local `$ref` (`#/components/pathItems/x`) of a path item, once. */
function deref(doc: Record<string, unknown>, item: unknown): unknown {
  if (!isObject(item) || typeof item.$ref !== 'string' || !item.$ref.startsWith('#/')) return item;
  let cur: unknown = doc;
  for (const raw of item.$ref.slice(2).split('/')) {
    const seg = unescapePointerSegment(raw);
    cur = isObject(cur) && Object.hasOwn(cur, seg) ? cur[seg] : undefined;
  }
  return cur ?? item;
}

function countItem(doc: Record<string, unknown>, raw: unknown): number {
  const item = deref(doc, raw);
  if (!isObject(item)) return 0;
  const ops = HTTP_METHODS.map((m) => item[m]);
  if (isObject(item.additionalOperations)) appendAll(ops, Object.values(item.additionalOperations));
  return ops.filter((op) => isObject(op) && op.deprecated !== true).length;
}

/**
 * Operations under `paths` and `webhooks` that are not `deprecated: true` (OpenAPI 3.x; a
 * converted Swagger 2.0 document counts the same). `ScoreInput.operations` is this number.
 */
export function scoringOperations(doc: unknown): number {
  if (!isObject(doc)) return 0;
  let n = 0;
  for (const key of ['paths', 'webhooks']) {
    const items = doc[key];
    if (isObject(items)) for (const item of Object.values(items)) n += countItem(doc, item);
  }
  return n;
}
