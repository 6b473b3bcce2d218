/** 3.x: a requestBody on GET, HEAD or DELETE is legal but has no defined meaning in HTTP. */
import { OAS3_REQUEST_BODY_METHOD } from '../codes.js';
import { hasOwn } from '../json.js';
import { operationLabel } from '../operations.js';
import type { Check } from './types.js';

const BODYLESS = new Set(['get', 'head', 'delete']);

/** Warns on each such requestBody (webhooks included). */
export const checkRequestBodyMethods: Check = (ctx, report) => {
  if (ctx.kind === 'swagger-2.0') return;
  for (const visit of ctx.operations) {
    if (!BODYLESS.has(visit.method.toLowerCase()) || !hasOwn(visit.operation, 'requestBody')) continue;
    report({
      code: OAS3_REQUEST_BODY_METHOD,
      severity: 'warn',
      path: [...visit.path, 'requestBody'],
      message: `${operationLabel(visit)} has a requestBody; HTTP defines no meaning for a body on ${visit.method.toUpperCase()}, and many clients and proxies drop it`,
    });
  }
};
