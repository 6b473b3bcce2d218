/** Counts a reader wants to see first: paths, operations, schemas. */
import type { SpecKind } from '../document/model.js';

export interface SpecStats {
  paths: number;
  operations: number;
  schemas: number;
  webhooks: number;
}

const METHODS_2 = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];
const METHODS_3 = [...METHODS_2, 'trace'];

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function countOps(item: unknown, kind: SpecKind): number {
  if (!isObject(item)) return 0;
  const methods = kind === 'swagger-2.0' ? METHODS_2 : kind === 'openapi-3.2' ? [...METHODS_3, 'query'] : METHODS_3;
  let n = methods.filter((m) => isObject(item[m])).length;
  if (kind === 'openapi-3.2' && isObject(item.additionalOperations)) n += Object.values(item.additionalOperations).filter(isObject).length;
  return n;
}

/** Paths, operations (webhooks included), schemas. */
export function countStats(doc: unknown, kind: SpecKind): SpecStats {
  if (!isObject(doc)) return { paths: 0, operations: 0, schemas: 0, webhooks: 0 };
  const paths = isObject(doc.paths) ? doc.paths : {};
  const webhooks = isObject(doc.webhooks) ? doc.webhooks : {};
  let operations = 0;
  for (const item of Object.values(paths)) operations += countOps(item, kind);
  let webhookOps = 0;
  for (const item of Object.values(webhooks)) webhookOps += countOps(item, kind);
  const schemas = kind === 'swagger-2.0' ? doc.definitions : isObject(doc.components) ? doc.components.schemas : undefined;
  return {
    paths: Object.keys(paths).length,
    operations: operations + webhookOps,
    schemas: isObject(schemas) ? Object.keys(schemas).length : 0,
    webhooks: webhookOps,
  };
}
