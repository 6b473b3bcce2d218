/** Parameter lists of path items and operations, with internal `$ref`s looked through. */
import type { JsonPath } from '../findings/finding.js';
import { isObject, ownGet, type JsonObject } from './json.js';
import type { OperationVisit } from './operations.js';
import { resolveLocal, valueAt } from './refs.js';

/** One parameter as used by a path item or operation. */
export interface UsedParameter {
  /** The parameter object (the target, when written as an internal `$ref`). */
  param: JsonObject;
  /** Where the list entry is written (the `$ref` object, when referenced). */
  sitePath: JsonPath;
  /** Where the parameter object itself lives (differs from `sitePath` only through a `$ref`). */
  path: JsonPath;
  /** `name`, when it is a string. */
  name: string | undefined;
  /** `in`, when it is a string. */
  in: string | undefined;
  /** Path item or operation list, or a reusable definition (`#/parameters`, `#/components/parameters`). */
  level: 'path' | 'operation' | 'definition';
}

function used(target: { value: JsonObject; path: JsonPath }, sitePath: JsonPath, level: UsedParameter['level']): UsedParameter {
  const p = target.value;
  return {
    param: p,
    sitePath,
    path: target.path,
    name: typeof p.name === 'string' ? p.name : undefined,
    in: typeof p.in === 'string' ? p.in : undefined,
    level,
  };
}

/** The entries of a `parameters` array; entries that are not objects or whose ref does not resolve are skipped. */
export function listParameters(doc: unknown, owner: JsonObject, ownerPath: JsonPath, level: UsedParameter['level']): UsedParameter[] {
  const list = ownGet(owner, 'parameters');
  if (!Array.isArray(list)) return [];
  const out: UsedParameter[] = [];
  list.forEach((entry, i) => {
    const sitePath = [...ownerPath, 'parameters', String(i)];
    const target = resolveLocal(doc, { value: entry, path: sitePath });
    if (target && isObject(target.value)) out.push(used({ value: target.value, path: target.path }, sitePath, level));
  });
  return out;
}

/** The reusable parameter definitions in the map at `mapPath` (2.0 `parameters`, 3.x `components.parameters`). */
export function definedParameters(doc: unknown, mapPath: JsonPath): UsedParameter[] {
  const map = valueAt(doc, mapPath);
  if (!isObject(map)) return [];
  const out: UsedParameter[] = [];
  for (const [name, def] of Object.entries(map)) {
    const sitePath = [...mapPath, name];
    const target = resolveLocal(doc, { value: def, path: sitePath });
    if (target && isObject(target.value)) out.push(used({ value: target.value, path: target.path }, sitePath, 'definition'));
  }
  return out;
}

/** Identity of a parameter: name and location (undefined when either is missing). */
export function parameterKey(p: Pick<UsedParameter, 'name' | 'in'>): string | undefined {
  return p.name === undefined || p.in === undefined ? undefined : `${p.in}\u0000${p.name}`;
}

/**
 * The parameters in effect for an operation: path-level ones, overridden by operation-level
 * ones with the same name and location (as the specification defines).
 */
export function effectiveParameters(doc: unknown, visit: OperationVisit): UsedParameter[] {
  return mergeParameters(listParameters(doc, visit.pathItem, visit.pathItemPath, 'path'), listParameters(doc, visit.operation, visit.path, 'operation'));
}

/** Path-level parameters not overridden by an operation-level one with the same name and `in`, then the operation's. */
export function mergeParameters(pathLevel: readonly UsedParameter[], opLevel: readonly UsedParameter[]): UsedParameter[] {
  const overridden = new Set(opLevel.map(parameterKey).filter((k): k is string => k !== undefined));
  const kept = pathLevel.filter((p) => {
    const k = parameterKey(p);
    return k === undefined || !overridden.has(k);
  });
  return [...kept, ...opLevel];
}
