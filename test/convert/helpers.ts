/** Shared helpers for the conversion tests: fixtures, bare swagger2openapi, validators. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvDraft04 from 'ajv-draft-04';
import ajvFormats from 'ajv-formats';
import { convertSwagger2 } from '../../src/convert/index.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const corpusDir = path.resolve(repoRoot, '../shared/corpus');

export type Json = Record<string, any>;

/** A minimal valid 2.0 document around `paths`. */
export function swagger(paths: Json, extra: Json = {}): Json {
  return { swagger: '2.0', info: { title: 't', version: '1' }, host: 'api.example.com', basePath: '/v1', schemes: ['https'], paths, ...extra };
}

export const ok = { 200: { description: 'ok' } };

/** swagger2openapi as the design notes describe using it, without apictl's repairs. */
export async function bare(doc: Json, extra: Json = {}): Promise<Json> {
  const s2o = createRequire(import.meta.url)('swagger2openapi');
  const r = await s2o.convertObj(structuredClone(doc), { patch: true, warnOnly: true, resolve: false, anchors: true, text: ' ', ...extra });
  return r.openapi;
}

/** apictl's conversion (3.0 unless told). */
export async function convert(doc: Json, target: '3.0' | '3.1' = '3.0') {
  return convertSwagger2(doc, { target });
}

const schemaFile = (v: string) => path.join(repoRoot, 'node_modules/@seriousme/openapi-schema-validator/schemas', v, 'schema.json');

// CommonJS packages: under NodeNext typing their default import is the module object
const Ajv04 = ajvDraft04.default;
const addFormats = ajvFormats.default;

const ajv30 = new Ajv04({ strict: false, allErrors: true });
addFormats(ajv30);
const check30 = ajv30.compile(JSON.parse(readFileSync(schemaFile('v3.0'), 'utf8')));

const ajv31 = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv31);
ajv31.addFormat('media-range', true);
const check31 = ajv31.compile(JSON.parse(readFileSync(schemaFile('v3.1'), 'utf8')));

/** Errors of the official OpenAPI 3.0 JSON Schema (empty when valid). */
export function schemaErrors30(doc: unknown): string[] {
  return check30(doc) ? [] : (check30.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

/** Errors of the official OpenAPI 3.1 JSON Schema (which does not look inside Schema Objects). */
export function schemaErrors31(doc: unknown): string[] {
  return check31(doc) ? [] : (check31.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

/** Errors of a Schema Object against the JSON Schema 2020-12 meta-schema (3.1 Schema Objects). */
export function metaSchemaErrors2020(schema: unknown): string[] {
  return ajv31.validateSchema(schema as object) ? [] : (ajv31.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

/** swagger-parser's validation (schema + references); resolves to the error message or undefined. */
export async function swaggerParserError(doc: unknown): Promise<string | undefined> {
  try {
    await SwaggerParser.validate(structuredClone(doc) as never, { resolve: { external: false }, dereference: { circular: 'ignore' } } as never);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs'];
const SUBSCHEMA_ONE = ['additionalProperties', 'items', 'not', 'contains', 'propertyNames', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/**
 * Every Schema Object of a 3.x document, found independently of the implementation: under
 * components.schemas and any `schema` key outside schemas, then recursively through the
 * subschema keywords. Yields [schema, path].
 */
export function* schemasOf(doc: Json): Generator<[Json, string[]]> {
  function* subschemas(s: Json, p: string[]): Generator<[Json, string[]]> {
    yield [s, p];
    for (const k of SUBSCHEMA_MAPS) {
      if (s[k] && typeof s[k] === 'object') for (const [n, c] of Object.entries(s[k])) if (c && typeof c === 'object') yield* subschemas(c as Json, [...p, k, n]);
    }
    for (const k of SUBSCHEMA_ONE) if (s[k] && typeof s[k] === 'object' && !Array.isArray(s[k])) yield* subschemas(s[k], [...p, k]);
    for (const k of SUBSCHEMA_LISTS) if (Array.isArray(s[k])) for (const [i, c] of s[k].entries()) if (c && typeof c === 'object') yield* subschemas(c, [...p, k, String(i)]);
  }
  function* find(node: unknown, p: string[]): Generator<[Json, string[]]> {
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (!v || typeof v !== 'object') continue;
      if (k === 'schema' && !Array.isArray(v)) yield* subschemas(v as Json, [...p, k]);
      else if (k.startsWith('x-') || k === 'examples' || k === 'example') continue;
      else yield* find(v, [...p, k]);
    }
  }
  for (const [n, s] of Object.entries(doc.components?.schemas ?? {})) yield* subschemas(s as Json, ['components', 'schemas', n]);
  yield* find(doc.paths, ['paths']);
  for (const k of ['parameters', 'responses', 'requestBodies', 'headers']) yield* find(doc.components?.[k], ['components', k]);
}

/** The value at a path (own properties only). */
export function at(root: unknown, p: string[]): any {
  let cur: any = root;
  for (const s of p) {
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, s)) return undefined;
    cur = cur[s];
  }
  return cur;
}

/** True when the path exists (own properties only). */
export function exists(root: unknown, p: string[]): boolean {
  let cur: any = root;
  for (const s of p) {
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, s)) return false;
    cur = cur[s];
  }
  return true;
}
