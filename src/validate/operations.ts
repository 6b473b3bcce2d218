/**
 * Iterating the operations of an API description, for every version: `paths` (all versions),
 * `webhooks` (3.1+), the `query` method and the `additionalOperations` map (3.2).
 * Shared helper: other modules (lint, conversion checks, MCP generation) can reuse it.
 */
import type { JsonPath } from '../findings/finding.js';
import type { SpecKind } from '../document/model.js';
import { isObject, type JsonObject } from './json.js';
import { showName } from './messages.js';
import { resolveLocal } from './refs.js';

const METHODS_2_0 = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;
const METHODS_3_0 = [...METHODS_2_0, 'trace'] as const;
const METHODS_3_2 = [...METHODS_3_0, 'query'] as const;

/** The fixed-field HTTP method names of a path item, in spec order. */
export function fixedMethods(kind: SpecKind): readonly string[] {
  if (kind === 'swagger-2.0') return METHODS_2_0;
  if (kind === 'openapi-3.2') return METHODS_3_2;
  return METHODS_3_0;
}

/** One path item found under `paths` or `webhooks`. */
export interface PathItemVisit {
  /** Which map it came from. Webhook names are not URL templates. */
  container: 'paths' | 'webhooks';
  /** The path template (`/pets/{id}`) or webhook name. */
  key: string;
  /** The path item object (the target, when the entry is an internal `$ref`). */
  pathItem: JsonObject;
  /** Where `pathItem` lives in the document. */
  pathItemPath: JsonPath;
}

/** One operation, with everything needed to report on it. */
export interface OperationVisit extends PathItemVisit {
  /** Lower-case fixed-field name (`get`, `query`), or an `additionalOperations` key as written (`COPY`). */
  method: string;
  /** True when the operation comes from 3.2's `additionalOperations`. */
  additional: boolean;
  operation: JsonObject;
  /** Where `operation` lives in the document. */
  path: JsonPath;
}

/**
 * Calls `cb` for every path item under `paths` and (3.1+) `webhooks`. An entry that is an
 * internal `$ref` is visited as its target (siblings of such a ref are ignored, as their meaning
 * is undefined); entries that are not objects, and `x-` extensions under `paths`, are skipped.
 */
export function forEachPathItem(doc: unknown, kind: SpecKind, cb: (visit: PathItemVisit) => void): void {
  if (!isObject(doc)) return;
  const containers: PathItemVisit['container'][] = kind === 'openapi-3.1' || kind === 'openapi-3.2' ? ['paths', 'webhooks'] : ['paths'];
  for (const container of containers) {
    const map = Object.hasOwn(doc, container) ? doc[container] : undefined;
    if (!isObject(map)) continue;
    for (const [key, raw] of Object.entries(map)) {
      if (container === 'paths' && key.startsWith('x-')) continue;
      const located = resolveLocal(doc, { value: raw, path: [container, key] }) ?? { value: raw, path: [container, key] };
      if (!isObject(located.value)) continue;
      cb({ container, key, pathItem: located.value, pathItemPath: located.path });
    }
  }
}

/**
 * Calls `cb` for every operation under `paths` and `webhooks`, including 3.2's `query` and
 * `additionalOperations`. Operations inside callbacks are not visited. Never throws on odd input.
 */
export function forEachOperation(doc: unknown, kind: SpecKind, cb: (visit: OperationVisit) => void): void {
  const methods = fixedMethods(kind);
  forEachPathItem(doc, kind, (item) => {
    const { pathItem, pathItemPath } = item;
    for (const method of methods) {
      if (!Object.hasOwn(pathItem, method)) continue;
      const op = pathItem[method];
      if (isObject(op)) cb({ ...item, method, additional: false, operation: op, path: [...pathItemPath, method] });
    }
    if (kind !== 'openapi-3.2') return;
    const extra = Object.hasOwn(pathItem, 'additionalOperations') ? pathItem.additionalOperations : undefined;
    if (!isObject(extra)) return;
    for (const [method, op] of Object.entries(extra)) {
      if (isObject(op)) cb({ ...item, method, additional: true, operation: op, path: [...pathItemPath, 'additionalOperations', method] });
    }
  });
}

/** `GET /pets/{id}` or `webhook newPet POST`-style label for messages. */
export function operationLabel(visit: Pick<OperationVisit, 'container' | 'key' | 'method'>): string {
  const m = showName(visit.method.toUpperCase());
  const key = showName(visit.key);
  return visit.container === 'paths' ? `${m} ${key}` : `${m} of webhook '${key}'`;
}
