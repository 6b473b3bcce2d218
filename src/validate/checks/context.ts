/**
 * What every semantic check needs, computed once per validation: the operations and path items
 * (one traversal instead of one per check) and their parameter lists (one `$ref` resolution
 * per entry instead of one per check).
 */
import type { SpecKind } from '../../document/model.js';
import type { JsonPath } from '../../findings/finding.js';
import type { JsonObject } from '../json.js';
import { forEachOperation, forEachPathItem, type OperationVisit, type PathItemVisit } from '../operations.js';
import { listParameters, mergeParameters, type UsedParameter } from '../parameters.js';

/** Shared, read-only view of the document for the checks of one validation run. */
export interface CheckContext {
  doc: JsonObject;
  kind: SpecKind;
  /** Path items under `paths` and `webhooks`, in document order. */
  pathItems: readonly PathItemVisit[];
  /** Operations under `paths` and `webhooks`, in document order. */
  operations: readonly OperationVisit[];
  /** The `parameters` list of a path item or operation (memoised per object and path). */
  parametersOf(owner: JsonObject, ownerPath: JsonPath, level: 'path' | 'operation'): readonly UsedParameter[];
  /** Path-level parameters overridden by operation-level ones with the same name and `in`. */
  effectiveParameters(op: OperationVisit): readonly UsedParameter[];
}

/** Builds the context for one run. */
export function createCheckContext(doc: JsonObject, kind: SpecKind): CheckContext {
  const pathItems: PathItemVisit[] = [];
  const operations: OperationVisit[] = [];
  forEachPathItem(doc, kind, (v) => pathItems.push(v));
  forEachOperation(doc, kind, (v) => operations.push(v));

  const memo = new WeakMap<object, Map<string, UsedParameter[]>>();
  const parametersOf = (owner: JsonObject, ownerPath: JsonPath, level: 'path' | 'operation'): UsedParameter[] => {
    // Keyed by path too: one object can sit at two places only through $ref, and the
    // visitors already report the resolved place, so this is nearly always a single entry.
    const key = ownerPath.join('\u0000');
    let byPath = memo.get(owner);
    if (!byPath) memo.set(owner, (byPath = new Map()));
    let list = byPath.get(key);
    if (!list) byPath.set(key, (list = listParameters(doc, owner, ownerPath, level)));
    return list;
  };

  return {
    doc,
    kind,
    pathItems,
    operations,
    parametersOf,
    effectiveParameters(op) {
      return mergeParameters(parametersOf(op.pathItem, op.pathItemPath, 'path'), parametersOf(op.operation, op.path, 'operation'));
    },
  };
}
