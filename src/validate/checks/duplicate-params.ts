/** A parameter list must not name the same parameter (name + in) twice. */
import { toPointer } from '../../findings/finding.js';
import { DUPLICATE_PARAMETER } from '../codes.js';
import { showName } from '../messages.js';
import { parameterKey, type UsedParameter } from '../parameters.js';
import { samePath, type Check } from './types.js';

/** Checks each path-level and operation-level parameter list on its own. */
export const checkDuplicateParameters: Check = (ctx, report) => {
  const checkList = (list: readonly UsedParameter[]): void => {
    const first = new Map<string, UsedParameter>();
    for (const p of list) {
      const key = parameterKey(p);
      if (key === undefined) continue;
      const prior = first.get(key);
      if (!prior) {
        first.set(key, p);
        continue;
      }
      const site = p.sitePath;
      report({
        code: DUPLICATE_PARAMETER,
        severity: 'error',
        path: site,
        message: `duplicate parameter '${showName(p.name ?? '')}' (in: ${showName(p.in ?? '')}); first declared at #${showName(toPointer(prior.sitePath), 200)}`,
        // 3.0's schema flags identical entries with uniqueItems at the same place.
        supersedes: (issue) => issue.keyword === 'uniqueItems' && samePath(issue.path, site),
      });
    }
  };
  for (const { pathItem, pathItemPath } of ctx.pathItems) checkList(ctx.parametersOf(pathItem, pathItemPath, 'path'));
  for (const { operation, path } of ctx.operations) checkList(ctx.parametersOf(operation, path, 'operation'));
};
