/**
 * A tool's `inputSchema` and the request plan that maps its arguments back onto the HTTP request.
 *
 * Every path, query, header and cookie parameter becomes one property; the request body becomes
 * one property, or — when it is a plain object whose fields clash with nothing and whose required
 * fields can be stated at the top level — its fields become properties. Names never collide: the
 * first location keeps a name (path, then query, header, cookie) and later ones are prefixed with
 * their location (`query_id`), and the plan records which argument feeds which wire name.
 * Property names are limited to `[A-Za-z0-9_.-]{1,64}`, which strict model APIs require.
 */
import { defineOwn } from '../document/load.js';
import { isObject, type JsonObject } from '../validate/json.js';
import { isJsonMediaType, mediaBase, type OperationInfo, type ParameterInfo } from './operations.js';
import { fileSchema, isBinarySchema, type ToolSchemas } from './schemas.js';
import { clip, stripMarkup } from './text.js';
import type { BodyPlan, JsonSchema, ParamPlan, PlanNote } from './types.js';

/** Options for {@link buildInputs}. */
export interface InputOptions {
  maxOptionalParams: number;
  descriptionMax: number;
  /** Optional inputs to leave out (`name`, `in:name`, argument names or body field names). */
  drop: string[];
  /** Parameters sent with a fixed value instead of being inputs (`name` or `in:name`). */
  pin: Record<string, unknown>;
  /** `in:name` of parameters that carry credentials (from security schemes): never inputs. */
  credentialParams: Set<string>;
  /** Largest input schema, in bytes of JSON (nested components beyond it are described loosely). */
  maxSchemaBytes: number;
}

/** What {@link buildInputs} produces. */
export interface InputResult {
  inputSchema: JsonObject;
  params: ParamPlan[];
  body?: BodyPlan;
  notes: PlanNote[];
  /** Names in `drop` / `pin` that matched no input (the caller reports them at their config line). */
  unmatchedDrops: string[];
  unmatchedPins: string[];
}

/** Headers the description may not define as parameters (OpenAPI ignores them). */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);
const LOCATION_ORDER: ParameterInfo['in'][] = ['path', 'query', 'header', 'cookie'];

/** An HTTP field name: an RFC 9110 token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** `in:name` key for credential parameter matching (header names are case-insensitive). */
export function credentialKey(location: string, name: string): string {
  return `${location}:${location === 'header' ? name.toLowerCase() : name}`;
}

/** A property name strict clients accept. */
export function safeArgName(name: string): string {
  const s = name.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+(?=.)/, '');
  return (s || 'value').slice(0, 64);
}

/** Builds the input schema and request plan of one operation. */
export function buildInputs(op: OperationInfo, schemas: ToolSchemas, opts: InputOptions): InputResult {
  const notes: PlanNote[] = [];
  const properties: JsonObject = {};
  const required: string[] = [];
  const taken = new Set<string>();
  const claim = (wanted: string, prefix: string): string => {
    let name = safeArgName(wanted);
    if (taken.has(name)) name = safeArgName(`${prefix}_${wanted}`);
    const base = name;
    // The suffix goes after shortening, so long names still become distinct.
    for (let i = 2; taken.has(name); i++) name = base.slice(0, 64 - String(i).length - 1) + `_${i}`;
    taken.add(name);
    return name;
  };
  const usedDrops = new Set<string>();
  const usedPins = new Set<string>();
  const params: ParamPlan[] = [];

  const sorted = [...op.parameters].sort((a, b) => LOCATION_ORDER.indexOf(a.in) - LOCATION_ORDER.indexOf(b.in));
  for (const p of sorted) {
    if (p.in === 'header' && IGNORED_HEADERS.has(p.name.toLowerCase())) continue;
    if (p.in === 'header' && !HEADER_NAME.test(p.name)) {
      notes.push({
        code: 'mcp-invalid-header-name',
        severity: 'warn',
        message: `header parameter '${p.name}' is not a valid HTTP header name (RFC 9110 token): no client can send it, so the tool leaves it out`,
      });
      continue;
    }
    if (opts.credentialParams.has(credentialKey(p.in, p.name))) {
      notes.push({
        code: 'mcp-credential-param',
        severity: 'info',
        message: `${p.in} parameter '${p.name}' carries the credential of a security scheme: it comes from the environment, not from the agent`,
      });
      continue;
    }
    const plan: ParamPlan = {
      in: p.in,
      name: p.name,
      required: p.required,
      style: p.style ?? (p.in === 'query' || p.in === 'cookie' ? 'form' : 'simple'),
      explode: p.explode ?? (p.style ?? (p.in === 'query' || p.in === 'cookie' ? 'form' : 'simple')) === 'form',
    };
    if (p.allowReserved) plan.allowReserved = true;
    if (p.contentType) plan.contentType = p.contentType;
    // Config names a parameter as `name` (every location) or `in:name` (one location).
    const pinKey = [`${p.in}:${p.name}`, p.name].find((k) => Object.hasOwn(opts.pin, k));
    if (pinKey !== undefined) {
      usedPins.add(pinKey);
      plan.pinned = opts.pin[pinKey];
      params.push(plan);
      continue;
    }
    const arg = claim(p.name, p.in);
    const dropKey = [`${p.in}:${p.name}`, p.name, arg].find((k) => opts.drop.includes(k));
    if (dropKey !== undefined) {
      usedDrops.add(dropKey);
      if (!p.required) continue;
      notes.push({ code: 'mcp-drop-required', severity: 'warn', message: `cannot drop required ${p.in} parameter '${p.name}' (pin it to a value instead)` });
    }
    plan.arg = arg;
    params.push(plan);
    const schema = asObject(schemas.convert(p.schema ?? { type: 'string' }));
    const where = arg === p.name ? `${p.in} parameter` : `${p.in} parameter '${p.name}'`;
    const desc = p.description ? clip(stripMarkup(p.description), opts.descriptionMax) : undefined;
    // "(path parameter)" once: a description that already says where adds nothing
    schema.description = desc ? (desc.toLowerCase().includes(where.toLowerCase()) ? desc : `${desc} (${where})`) : capitalize(where);
    if (p.deprecated) schema.deprecated = true;
    if (p.example !== undefined && schema.examples === undefined && JSON.stringify(p.example).length <= 200) schema.examples = [p.example];
    defineOwn(properties, arg, schema);
    if (p.required) required.push(arg);
  }

  // fetch (and most HTTP clients) refuse a body on GET and HEAD: such a tool gets no body argument
  const carriesBody = op.method !== 'get' && op.method !== 'head';
  if (op.requestBody && !carriesBody) {
    notes.push({
      code: 'mcp-body-dropped',
      severity: 'warn',
      message: `the description gives ${op.method.toUpperCase()} a request body, which HTTP clients cannot send on ${op.method.toUpperCase()}: the tool has no body argument`,
    });
  }
  const body = op.requestBody && carriesBody ? buildBody(op, schemas, opts, taken, claim, properties, required, notes, usedDrops) : undefined;

  const optionalCount = Object.keys(properties).length - required.length;
  if (optionalCount > opts.maxOptionalParams) {
    notes.push({
      code: 'mcp-many-optional',
      severity: 'warn',
      message: `${optionalCount} optional inputs (more than ${opts.maxOptionalParams}): agents fill them poorly; drop or pin some with dropParameters / pinParameters in the config`,
    });
  }

  const root: JsonObject = { type: 'object', properties, additionalProperties: false };
  if (required.length > 0) root.required = required;
  if (Object.keys(properties).length === 0) delete root.properties;
  const { schema: inputSchema, omitted } = schemas.finish(root, opts.maxSchemaBytes);
  if (omitted.length > 0) {
    notes.push({
      code: 'mcp-schema-pruned',
      severity: 'info',
      message: `input schema kept under ${Math.round(opts.maxSchemaBytes / 1024)} KiB: ${omitted.length} nested component(s) are described loosely (${listSome(omitted)})`,
    });
  }
  return {
    inputSchema,
    params,
    body,
    notes,
    unmatchedDrops: opts.drop.filter((d) => !usedDrops.has(d)),
    unmatchedPins: Object.keys(opts.pin).filter((p) => !usedPins.has(p)),
  };
}

/** `a, b, c and 4 more`. */
export function listSome(names: string[], max = 3): string {
  return names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function asObject(s: JsonSchema): JsonObject {
  return typeof s === 'boolean' ? (s ? {} : { not: {} }) : { ...s };
}

/** Media types in order of preference: JSON, form, multipart, anything else with a schema. */
function chooseRequestMedia(content: JsonObject): { mediaType: string; kind: BodyPlan['kind'] } | undefined {
  const types = Object.keys(content);
  const pick = (pred: (b: string) => boolean): string | undefined => types.find((t) => pred(mediaBase(t)));
  const json = pick((b) => isJsonMediaType(b));
  if (json) return { mediaType: json, kind: 'json' };
  const form = pick((b) => b === 'application/x-www-form-urlencoded');
  if (form) return { mediaType: form, kind: 'form' };
  const multi = pick((b) => b.startsWith('multipart/'));
  if (multi) return { mediaType: multi, kind: 'multipart' };
  const any = pick((b) => b === '*/*');
  if (any) return { mediaType: 'application/json', kind: 'json' };
  const text = pick((b) => b.startsWith('text/') || b === 'application/xml');
  if (text) return { mediaType: text, kind: 'text' };
  const first = types[0];
  return first === undefined ? undefined : { mediaType: first, kind: 'binary' };
}

function buildBody(
  op: OperationInfo,
  schemas: ToolSchemas,
  opts: InputOptions,
  taken: Set<string>,
  claim: (wanted: string, prefix: string) => string,
  properties: JsonObject,
  required: string[],
  notes: PlanNote[],
  usedDrops: Set<string>,
): BodyPlan | undefined {
  const rb = op.requestBody!;
  const content = isObject(rb.content) ? rb.content : {};
  const chosen = chooseRequestMedia(content);
  if (!chosen) return undefined;
  const bodyRequired = rb.required === true;
  const offered = Object.keys(content);
  if (offered.length > 1) {
    notes.push({
      code: 'mcp-several-formats',
      severity: 'info',
      message: `request body accepts ${offered.join(', ')}; the tool sends ${chosen.mediaType}${chosen.kind === 'json' ? ' (JSON chosen deliberately: agents produce it reliably)' : ''}`,
    });
  }
  const media = (Object.hasOwn(content, chosen.mediaType) ? content[chosen.mediaType] : content[offered[0]!]) as JsonObject | undefined;
  const rawSchema = isObject(media) ? media.schema : undefined;
  const desc = typeof rb.description === 'string' ? clip(stripMarkup(rb.description), opts.descriptionMax) : undefined;
  const plan: BodyPlan = { mediaType: chosen.mediaType, kind: chosen.kind, required: bodyRequired, mode: 'property' };

  if (chosen.kind === 'binary' || (chosen.kind === 'text' && rawSchema === undefined)) {
    const arg = claim('body', 'request');
    plan.arg = arg;
    const schema: JsonObject =
      chosen.kind === 'binary'
        ? { type: 'string', contentEncoding: 'base64', description: `${desc ? desc + ' ' : ''}Request body (${chosen.mediaType}), base64-encoded.` }
        : { type: 'string', description: `${desc ? desc + ' ' : ''}Request body (${chosen.mediaType}).` };
    defineOwn(properties, arg, schema);
    if (bodyRequired) required.push(arg);
    if (chosen.kind === 'binary') {
      notes.push({ code: 'mcp-binary-body', severity: 'warn', message: `binary request body (${chosen.mediaType}): the agent must pass it base64-encoded, which suits only small payloads` });
    }
    return plan;
  }

  const resolved = schemas.resolve(rawSchema);
  const isForm = chosen.kind === 'form' || chosen.kind === 'multipart';
  if (isForm && isObject(media) && isObject(media.encoding)) {
    const enc: BodyPlan['encoding'] = {};
    for (const [field, e] of Object.entries(media.encoding)) {
      if (!isObject(e)) continue;
      defineOwn(enc as JsonObject, field, {
        ...(typeof e.contentType === 'string' ? { contentType: e.contentType } : {}),
        ...(typeof e.style === 'string' ? { style: e.style } : {}),
        ...(typeof e.explode === 'boolean' ? { explode: e.explode } : {}),
      });
    }
    plan.encoding = enc;
  }

  // Which fields are files (multipart only: form-urlencoded cannot carry them).
  const files: string[] = [];
  if (chosen.kind === 'multipart' && isObject(resolved) && isObject(resolved.properties)) {
    for (const [field, fs] of Object.entries(resolved.properties)) {
      const r = schemas.resolve(fs);
      if (isBinarySchema(r) || (isObject(r) && r.type === 'array' && isBinarySchema(schemas.resolve(r.items)))) files.push(field);
    }
  }
  if (files.length > 0) {
    plan.files = files;
    notes.push({
      code: 'mcp-file-upload',
      severity: 'warn',
      message: `file upload (${files.join(', ')}): files are passed inline as base64 with an optional filename, which suits only small files`,
    });
  }

  const converted = asObject(schemas.convert(isObject(resolved) ? resolved : (rawSchema ?? {})));
  for (const f of files) {
    if (isObject(converted.properties) && Object.hasOwn(converted.properties, f)) {
      const original = schemas.resolve((resolved as JsonObject & { properties: JsonObject }).properties[f]);
      const fileDesc = isObject(original) && typeof original.description === 'string' ? clip(stripMarkup(original.description), opts.descriptionMax) : undefined;
      defineOwn(
        converted.properties,
        f,
        isObject(original) && original.type === 'array' ? { type: 'array', items: fileSchema(), ...(fileDesc ? { description: fileDesc } : {}) } : fileSchema(fileDesc),
      );
    }
  }

  const fieldNames = isObject(converted.properties) ? Object.keys(converted.properties) : [];
  const bodyRequiredFields = Array.isArray(converted.required) ? (converted.required as string[]) : [];
  const flattenable =
    isObject(resolved) &&
    (converted.type === 'object' || (converted.type === undefined && fieldNames.length > 0)) &&
    fieldNames.length > 0 &&
    !converted.oneOf &&
    !converted.anyOf &&
    !converted.allOf &&
    !converted.not &&
    !converted.if &&
    (converted.additionalProperties === undefined || converted.additionalProperties === false) &&
    converted.patternProperties === undefined &&
    (bodyRequired || bodyRequiredFields.length === 0) &&
    fieldNames.every((f) => !taken.has(safeArgName(f))) &&
    new Set(fieldNames.map(safeArgName)).size === fieldNames.length;

  if (flattenable) {
    plan.mode = 'fields';
    plan.fields = {};
    for (const f of fieldNames) {
      const isReq = bodyRequiredFields.includes(f);
      if (!isReq && opts.drop.includes(f)) {
        usedDrops.add(f);
        continue;
      }
      const arg = claim(f, 'body');
      defineOwn(plan.fields, arg, f);
      defineOwn(properties, arg, (converted.properties as JsonObject)[f]);
      if (isReq) required.push(arg);
    }
    return plan;
  }

  const arg = claim('body', 'request');
  plan.arg = arg;
  if (desc) converted.description = desc;
  else if (converted.description === undefined) converted.description = `Request body (${chosen.mediaType}).`;
  defineOwn(properties, arg, converted);
  if (bodyRequired) required.push(arg);
  return plan;
}
