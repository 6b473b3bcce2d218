/** All semantic checks, in the order they run. */
import type { SpecKind } from '../../document/model.js';
import type { JsonObject } from '../json.js';
import { createCheckContext } from './context.js';
import { checkDuplicateParameters } from './duplicate-params.js';
import { checkEquivalentPaths } from './equivalent-paths.js';
import { checkOas2Parameters } from './oas2-parameters.js';
import { checkOperationIds } from './operation-ids.js';
import { checkPathParameters } from './path-params.js';
import { checkRequestBodyMethods } from './request-body.js';
import { checkSecurityRequirements } from './security.js';
import type { Check, CheckFinding } from './types.js';

export type { CheckFinding } from './types.js';

const CHECKS: readonly Check[] = [checkOperationIds, checkPathParameters, checkDuplicateParameters, checkEquivalentPaths, checkOas2Parameters, checkRequestBodyMethods, checkSecurityRequirements];

/** Runs every semantic check that applies to `kind`; a non-object document has nothing to check. */
export function runSemanticChecks(doc: unknown, kind: SpecKind): CheckFinding[] {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return [];
  const ctx = createCheckContext(doc as JsonObject, kind);
  const out: CheckFinding[] = [];
  for (const check of CHECKS) check(ctx, (f) => out.push(f));
  return out;
}
