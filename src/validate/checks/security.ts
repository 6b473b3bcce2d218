/** Security requirements must name security schemes the document defines. */
import type { JsonPath } from '../../findings/finding.js';
import { SECURITY_SCHEME_UNDEFINED } from '../codes.js';
import { hasOwn, isObject, ownGet, type JsonObject } from '../json.js';
import { showName } from '../messages.js';
import { closestName } from '../../util/suggest.js';
import { resolveLocal } from '../refs.js';
import type { Check } from './types.js';

/** Checks the top-level `security` and every operation's `security`. */
export const checkSecurityRequirements: Check = ({ doc, kind, operations }, report) => {
  const defs = kind === 'swagger-2.0' ? ownGet(doc, 'securityDefinitions') : ownGet(ownGet(doc, 'components'), 'securitySchemes');
  const defined = isObject(defs) ? Object.keys(defs) : [];
  const where = kind === 'swagger-2.0' ? 'securityDefinitions' : 'components.securitySchemes';

  const checkList = (list: unknown, listPath: JsonPath): void => {
    if (!Array.isArray(list)) return;
    list.forEach((req, i) => {
      if (!isObject(req)) return;
      for (const name of Object.keys(req)) {
        if (defined.includes(name) || isSchemeUri(doc, kind, name)) continue;
        const guess = closestName(name, defined);
        report({
          code: SECURITY_SCHEME_UNDEFINED,
          severity: 'error',
          path: [...listPath, String(i), name],
          message: `security scheme '${showName(name)}' is not defined in ${where}${guess ? ` (did you mean '${guess}'?)` : ''}`,
        });
      }
    });
  };

  checkList(ownGet(doc, 'security'), ['security']);
  for (const { operation, path } of operations) {
    if (hasOwn(operation, 'security')) checkList(operation.security, [...path, 'security']);
  }
};

/**
 * 3.2 lets a requirement name a scheme by URI. Internal `#/…` URIs must point at something;
 * any other URI is the ref resolver's business, not ours.
 */
function isSchemeUri(doc: JsonObject, kind: string, name: string): boolean {
  if (kind !== 'openapi-3.2' || !/[#/:]/.test(name)) return false;
  if (!name.startsWith('#')) return true;
  return resolveLocal(doc, { value: { $ref: name }, path: [] }) !== undefined;
}
