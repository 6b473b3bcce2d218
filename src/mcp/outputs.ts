/**
 * A tool's `outputSchema`, from the schema of its success response. MCP wants an object at the
 * root; a response that is not one (an array, a string) is described as `{ result: … }` and the
 * runtime wraps the value the same way. Operations that answer with several formats get JSON,
 * deliberately, and the report says so; operations that cannot answer JSON return text.
 */
import { isObject, type JsonObject } from '../validate/json.js';
import { isJsonMediaType, mediaBase, type OperationInfo } from './operations.js';
import { listSome } from './inputs.js';
import type { ToolSchemas } from './schemas.js';
import type { JsonSchema, OutputPlan, PlanNote } from './types.js';

/** What {@link buildOutput} produces. */
export interface OutputResult {
  outputSchema?: JsonObject;
  output: OutputPlan;
  /** Accept header for the request. */
  accept?: string;
  /** Description of the chosen success response (for the tool description). */
  responseDescription?: string;
  /** Status code of the chosen success response. */
  status?: string;
  notes: PlanNote[];
}

const HYPERMEDIA_TYPES = /^(application\/(hal\+json|vnd\.api\+json|ld\+json|vnd\.collection\+json|vnd\.siren\+json|hal\+xml))$/;
const HYPERMEDIA_FIELDS = ['_links', '_embedded', '@context', '@id'];

/** Success responses in preference order: 2xx codes ascending, then 2XX, then default when no 2xx exists. */
function successCodes(responses: JsonObject): string[] {
  const codes = Object.keys(responses)
    .filter((c) => /^2\d\d$/.test(c))
    .sort();
  if (Object.hasOwn(responses, '2XX')) codes.push('2XX');
  if (codes.length === 0 && Object.hasOwn(responses, 'default')) codes.push('default');
  return codes;
}

/** True when every value valid against the schema is a JSON object (looking through refs and composition). */
export function isObjectSchema(schemas: ToolSchemas, schema: unknown, depth = 0): boolean {
  const s = schemas.resolve(schema);
  if (!isObject(s) || depth > 8) return false;
  if (s.nullable === true) return false;
  if (s.type === 'object') return true;
  if (Array.isArray(s.type)) return s.type.length === 1 && s.type[0] === 'object';
  if (s.type !== undefined) return false;
  if (isObject(s.properties)) return true;
  if (Array.isArray(s.allOf) && s.allOf.some((m) => isObjectSchema(schemas, m, depth + 1))) return true;
  for (const k of ['oneOf', 'anyOf'] as const) {
    const list = s[k];
    if (Array.isArray(list) && list.length > 0 && list.every((m) => isObjectSchema(schemas, m, depth + 1))) return true;
  }
  return false;
}

/** Builds the output side of one tool. */
export function buildOutput(op: OperationInfo, schemas: ToolSchemas, maxSchemaBytes: number): OutputResult {
  const notes: PlanNote[] = [];
  const codes = successCodes(op.responses);
  let chosen: { code: string; response: JsonObject } | undefined;
  for (const code of codes) {
    const r = schemas.resolve(op.responses[code]);
    if (isObject(r) && isObject(r.content) && Object.keys(r.content).length > 0) {
      chosen = { code, response: r };
      break;
    }
  }
  if (!chosen) {
    const first = codes[0] !== undefined ? schemas.resolve(op.responses[codes[0]]) : undefined;
    return {
      output: { structured: false, wrap: false },
      responseDescription: isObject(first) && typeof first.description === 'string' ? first.description : undefined,
      status: codes[0],
      notes,
    };
  }
  const content = chosen.response.content as JsonObject;
  const types = Object.keys(content);
  const json = types.find((t) => isJsonMediaType(t)) ?? types.find((t) => mediaBase(t) === '*/*');
  const responseDescription = typeof chosen.response.description === 'string' ? chosen.response.description : undefined;
  if (types.length > 1) {
    notes.push({
      code: 'mcp-several-formats',
      severity: 'info',
      message: json
        ? `responds with ${types.join(', ')}; the tool asks for JSON (${json === '*/*' ? 'application/json' : json}) deliberately, as agents read it best`
        : `responds with ${types.join(', ')}; none is JSON, so the tool returns ${types[0]} as text`,
    });
  }
  if (!json) {
    if (types.length === 1) notes.push({ code: 'mcp-not-json', severity: 'info', message: `responds with ${types[0]} only: the tool returns it as text, without an output schema` });
    return { output: { structured: false, wrap: false }, accept: types[0], responseDescription, status: chosen.code, notes };
  }
  const accept = json === '*/*' ? 'application/json' : json;
  const media = content[json];
  const raw = isObject(media) ? media.schema : undefined;
  const resolved = schemas.resolve(raw);

  if (
    types.some((t) => HYPERMEDIA_TYPES.test(mediaBase(t))) ||
    (isObject(resolved) && isObject(resolved.properties) && HYPERMEDIA_FIELDS.some((f) => Object.hasOwn(resolved.properties as JsonObject, f)))
  ) {
    notes.push({
      code: 'mcp-hypermedia',
      severity: 'warn',
      message: 'hypermedia response (links to follow): the links reach the agent as data, but it can only follow them through other tools',
    });
  }
  if (raw === undefined) {
    return { output: { structured: false, wrap: false }, accept, responseDescription, status: chosen.code, notes };
  }
  const isObj = isObjectSchema(schemas, raw);
  const converted: JsonSchema = schemas.convert(isObj ? resolved : raw);
  const root: JsonObject = isObj && isObject(converted) ? { ...converted, type: 'object' } : { type: 'object', properties: { result: converted }, required: ['result'] };
  const { schema: outputSchema, omitted } = schemas.finish(root, maxSchemaBytes);
  if (omitted.length > 0) {
    notes.push({
      code: 'mcp-schema-pruned',
      severity: 'info',
      message: `output schema kept under ${Math.round(maxSchemaBytes / 1024)} KiB: ${omitted.length} nested component(s) are described loosely (${listSome(omitted)})`,
    });
  }
  return { outputSchema, output: { structured: true, wrap: !isObj }, accept, responseDescription, status: chosen.code, notes };
}
