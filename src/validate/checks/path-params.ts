/**
 * Path templates and `in: path` parameters must agree: every `{x}` has a parameter, every path
 * parameter appears in the template, and path parameters are `required: true`.
 */
import { toPointer } from '../../findings/finding.js';
import { PATH_PARAM_NOT_IN_TEMPLATE, PATH_PARAM_NOT_REQUIRED, PATH_PARAM_UNDECLARED } from '../codes.js';
import { hasOwn } from '../json.js';
import { showName } from '../messages.js';
import { operationLabel } from '../operations.js';
import { definedParameters, type UsedParameter } from '../parameters.js';
import { samePath, type Check, type CheckFinding } from './types.js';

/** The variable names of a path template, in order, each once. */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(/\{([^{}]+)\}/g)) {
    const name = m[1] as string;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** Runs the three path-parameter checks over `paths` (webhook names are not templates). */
export const checkPathParameters: Check = (ctx, report) => {
  const requiredReported = new Set<string>();
  const checkRequired = (p: UsedParameter): void => {
    if (p.in !== 'path' || p.param.required === true) return;
    const key = toPointer(p.path);
    if (requiredReported.has(key)) return;
    requiredReported.add(key);
    report(notRequired(p));
  };
  const checkInTemplate = (p: UsedParameter, template: string, names: string[]): void => {
    if (p.in !== 'path' || p.name === undefined || names.includes(p.name)) return;
    report({
      code: PATH_PARAM_NOT_IN_TEMPLATE,
      severity: 'error',
      path: p.sitePath,
      message: `path parameter '${showName(p.name)}' does not appear in the path template '${showName(template)}'`,
    });
  };

  // Reusable definitions too, so an unused one gets the same message as a used one.
  const defsPath = ctx.kind === 'swagger-2.0' ? ['parameters'] : ['components', 'parameters'];
  for (const p of definedParameters(ctx.doc, defsPath)) checkRequired(p);

  for (const { container, key, pathItem, pathItemPath } of ctx.pathItems) {
    if (container !== 'paths') continue;
    const names = templateVariables(key);
    for (const p of ctx.parametersOf(pathItem, pathItemPath, 'path')) {
      checkInTemplate(p, key, names);
      checkRequired(p);
    }
  }

  for (const visit of ctx.operations) {
    if (visit.container !== 'paths') continue;
    const names = templateVariables(visit.key);
    const params = ctx.effectiveParameters(visit);
    const declared = new Set(params.filter((p) => p.in === 'path').map((p) => p.name));
    for (const name of names) {
      if (declared.has(name)) continue;
      report({
        code: PATH_PARAM_UNDECLARED,
        severity: 'error',
        path: visit.path,
        message: `${operationLabel(visit)} has no 'in: path' parameter for the template variable '{${showName(name)}}'`,
      });
    }
    for (const p of params) {
      if (p.level !== 'operation') continue; // path-level ones were checked once per path item
      checkInTemplate(p, visit.key, names);
      checkRequired(p);
    }
  }
};

function notRequired(p: UsedParameter): CheckFinding {
  const paramPath = p.path;
  return {
    code: PATH_PARAM_NOT_REQUIRED,
    severity: 'error',
    path: hasOwn(p.param, 'required') ? [...paramPath, 'required'] : paramPath,
    message: `path parameter '${showName(p.name ?? '?')}' must have required: true`,
    // The official schemas say the same as "missing required property 'required'" / "must be true".
    supersedes: (issue) =>
      (samePath(issue.path, paramPath) && issue.keyword === 'required' && (issue.missing ?? []).includes('required')) ||
      (issue.path.length === paramPath.length + 1 && issue.path[paramPath.length] === 'required' && samePath(issue.path.slice(0, -1), paramPath)),
  };
}
