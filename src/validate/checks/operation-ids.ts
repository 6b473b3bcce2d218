/** operationId must be unique among all operations (paths and webhooks). */
import { toPointer } from '../../findings/finding.js';
import { DUPLICATE_OPERATION_ID } from '../codes.js';
import { showName } from '../messages.js';
import { operationLabel, type OperationVisit } from '../operations.js';
import type { Check } from './types.js';

/** Reports every operationId after its first use, naming where it was first used. */
export const checkOperationIds: Check = (ctx, report) => {
  const first = new Map<string, OperationVisit>();
  // The same operation object can be reached twice (one path item `$ref`ed from two paths);
  // that is one operation in the document, so it is not its own duplicate.
  const seenObjects = new Set<object>();
  for (const visit of ctx.operations) {
    if (seenObjects.has(visit.operation)) continue;
    seenObjects.add(visit.operation);
    const id = visit.operation.operationId;
    if (typeof id !== 'string') continue;
    const prior = first.get(id);
    if (!prior) {
      first.set(id, visit);
      continue;
    }
    report({
      code: DUPLICATE_OPERATION_ID,
      severity: 'error',
      path: [...visit.path, 'operationId'],
      message: `operationId '${showName(id)}' is already used by ${operationLabel(prior)} at #${showName(toPointer(prior.path), 200)}`,
    });
  }
};
