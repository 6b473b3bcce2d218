/**
 * The operations of a 3.x document, as MCP generation needs them: parameters merged from path
 * item and operation (the operation's win, per the spec) with internal `$ref`s resolved, the
 * request body and responses resolved, and the effective security requirements.
 */
import type { SpecKind } from '../document/model.js';
import { parsePointer } from '../findings/finding.js';
import { isObject, type JsonObject } from '../validate/json.js';
import { forEachOperation } from '../validate/operations.js';
import { resolveLocal, valueAt } from '../validate/refs.js';

/** One resolved parameter. */
export interface ParameterInfo {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description?: string;
  deprecated?: boolean;
  /** The schema (possibly a `$ref`), or the schema of the single `content` entry. */
  schema?: unknown;
  /** Media type when the parameter is described with `content`. */
  contentType?: string;
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
  example?: unknown;
}

/** One operation of the document. */
export interface OperationInfo {
  /** `GET /pets/{id}`: identity of the operation independent of its operationId. */
  key: string;
  method: string;
  path: string;
  operationId?: string;
  summary?: string;
  description?: string;
  tags: string[];
  deprecated: boolean;
  parameters: ParameterInfo[];
  requestBody?: JsonObject;
  responses: JsonObject;
  /** Effective security (the operation's, else the document's); undefined when neither says. */
  security?: Array<Record<string, string[]>>;
  /** The operation object itself (for `x-` extensions). */
  operation: JsonObject;
  /** Where the operation is in the document. */
  pointer: string[];
}

/** Follows internal refs; undefined when the target cannot be found. */
export function deref(doc: unknown, value: unknown): unknown {
  if (!isObject(value) || typeof value.$ref !== 'string') return value;
  return resolveLocal(doc, { value, path: [] })?.value;
}

/** The value a `#/…` pointer designates, or undefined. */
export function atPointer(doc: unknown, ref: string): unknown {
  try {
    return valueAt(doc, parsePointer(ref));
  } catch {
    return undefined;
  }
}

const LOCATIONS = new Set(['path', 'query', 'header', 'cookie']);

function toParameter(doc: unknown, raw: unknown): ParameterInfo | undefined {
  const p = deref(doc, raw);
  if (!isObject(p) || typeof p.name !== 'string' || typeof p.in !== 'string' || !LOCATIONS.has(p.in)) return undefined;
  let schema = p.schema;
  let contentType: string | undefined;
  if (schema === undefined && isObject(p.content)) {
    const [mt, media] = Object.entries(p.content)[0] ?? [];
    if (mt !== undefined && isObject(media)) {
      contentType = mt;
      schema = media.schema;
    }
  }
  return {
    name: p.name,
    in: p.in as ParameterInfo['in'],
    required: p.in === 'path' ? true : p.required === true,
    description: typeof p.description === 'string' ? p.description : undefined,
    deprecated: p.deprecated === true,
    schema,
    contentType,
    style: typeof p.style === 'string' ? p.style : undefined,
    explode: typeof p.explode === 'boolean' ? p.explode : undefined,
    allowReserved: p.allowReserved === true ? true : undefined,
    example: p.example,
  };
}

/** Every operation under `paths` (webhooks are calls the API makes, not tools), in document order. */
export function collectOperations(doc: Record<string, unknown>, kind: SpecKind): OperationInfo[] {
  const out: OperationInfo[] = [];
  const globalSecurity = Array.isArray(doc.security) ? (doc.security as Array<Record<string, string[]>>) : undefined;
  forEachOperation(doc, kind, (visit) => {
    if (visit.container !== 'paths') return;
    const op = visit.operation;
    const merged = new Map<string, ParameterInfo>();
    for (const list of [visit.pathItem.parameters, op.parameters]) {
      if (!Array.isArray(list)) continue;
      for (const raw of list) {
        const p = toParameter(doc, raw);
        if (p) merged.set(`${p.in}:${p.name}`, p);
      }
    }
    const body = deref(doc, op.requestBody);
    const responses = isObject(op.responses) ? op.responses : {};
    out.push({
      key: `${visit.method.toUpperCase()} ${visit.key}`,
      method: visit.method.toLowerCase(),
      path: visit.key,
      operationId: typeof op.operationId === 'string' && op.operationId.trim() !== '' ? op.operationId : undefined,
      summary: typeof op.summary === 'string' ? op.summary : undefined,
      description: typeof op.description === 'string' ? op.description : undefined,
      tags: Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [],
      deprecated: op.deprecated === true,
      parameters: [...merged.values()],
      requestBody: isObject(body) ? body : undefined,
      responses,
      security: Array.isArray(op.security) ? (op.security as Array<Record<string, string[]>>) : globalSecurity,
      operation: op,
      pointer: visit.path,
    });
  });
  return out;
}

/** Is this media type JSON (`application/json`, `application/problem+json`, `…+json`, `text/json`)? */
export function isJsonMediaType(mt: string): boolean {
  const base = mediaBase(mt);
  return base === 'application/json' || base === 'text/json' || base.endsWith('+json');
}

/** The media type without parameters, lower-case. */
export function mediaBase(mt: string): string {
  return mt.split(';')[0]!.trim().toLowerCase();
}
