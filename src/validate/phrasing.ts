/**
 * The wording of schema issues: one line each, naming the property or value at fault, never
 * dumping a large value. Also the fallback that phrases raw ajv errors the same way.
 */
import { hasOwn, isObject, jsonTypeOf, type JsonObject } from './json.js';
import { showAlternatives, showList, showName, showValue } from './messages.js';
import { deepEqual } from './schema-nav.js';
import type { ErrorObject } from './schemas.js';
import { unescapePointerSegment } from '../findings/finding.js';

/** One explained schema violation, before it becomes a Finding. */
export interface Issue {
  /** Path into the document. */
  path: string[];
  message: string;
  /** The keyword that failed (`required`, `additionalProperties`, `enum`, …). */
  keyword: string;
  /** For `required`: the missing property name(s). */
  missing?: readonly string[];
  /** A low-value issue ("matches several alternatives"), dropped when anything is reported at or below it. */
  wrapper?: boolean;
}

/** Converts raw ajv errors (relative to `base`) to issues, dropping combinator wrappers. */
export function rawErrorsToIssues(errors: readonly ErrorObject[], base: string[]): Issue[] {
  const wrappers = new Set(['oneOf', 'anyOf', 'allOf', 'if', '$ref']);
  const specific = errors.filter((e) => !wrappers.has(e.keyword));
  const use = specific.length > 0 ? specific : errors;
  const out: Issue[] = [];
  for (const e of use.slice(0, 20)) {
    const path = [...base, ...splitInstancePath(e.instancePath)];
    const p = e.params as Record<string, unknown>;
    switch (e.keyword) {
      case 'required':
        out.push({ path, message: `missing required property '${showName(String(p.missingProperty))}'`, keyword: 'required', missing: [String(p.missingProperty)] });
        break;
      case 'additionalProperties':
      case 'unevaluatedProperties': {
        const name = String(p.additionalProperty ?? p.unevaluatedProperty);
        out.push({ path: [...path, name], message: `unexpected property '${showName(name)}'`, keyword: 'additionalProperties' });
        break;
      }
      case 'enum':
        out.push({ path, message: enumMessage(Array.isArray(p.allowedValues) ? p.allowedValues : []), keyword: 'enum' });
        break;
      case 'type':
        out.push({ path, message: `must be ${typeNames(p.type)}`, keyword: 'type' });
        break;
      default:
        out.push({ path, message: (e.message ?? 'is invalid').replace(/\s+/g, ' '), keyword: e.keyword });
    }
  }
  return out;
}

/** ajv instancePath (`/a/b~1c`, not URI-encoded) → segments. */
function splitInstancePath(p: string): string[] {
  if (p === '') return [];
  return p.slice(1).split('/').map(unescapePointerSegment);
}

/** `string`, `object or boolean`, `string, number or array`. */
export function typeNames(type: unknown): string {
  const list = (Array.isArray(type) ? type : [type]).map(String);
  return list.length <= 1 ? (list[0] ?? 'valid') : `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}`;
}

/** `must be 'x'` for one allowed value, `must be one of: a, b` for several. */
export function enumMessage(values: readonly unknown[]): string {
  if (values.length === 1) return `must be ${showValue(values[0])}`;
  return `must be one of: ${showList(values)}`;
}

/** `1 item`, `2 items`. */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** minimum/maximum (draft-04 boolean and 2020 numeric exclusives), multipleOf. */
export function numberKeywords(schema: JsonObject, value: number, path: string[], out: Issue[]): void {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
  if (typeof minimum === 'number') {
    // draft-04: boolean exclusiveMinimum modifies minimum
    if (exclusiveMinimum === true ? value <= minimum : value < minimum) {
      out.push({ path, message: `must be ${exclusiveMinimum === true ? '>' : '>='} ${minimum}`, keyword: 'minimum' });
    }
  }
  if (typeof maximum === 'number') {
    if (exclusiveMaximum === true ? value >= maximum : value > maximum) {
      out.push({ path, message: `must be ${exclusiveMaximum === true ? '<' : '<='} ${maximum}`, keyword: 'maximum' });
    }
  }
  if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) out.push({ path, message: `must be > ${exclusiveMinimum}`, keyword: 'exclusiveMinimum' });
  if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum) out.push({ path, message: `must be < ${exclusiveMaximum}`, keyword: 'exclusiveMaximum' });
  if (typeof multipleOf === 'number' && multipleOf > 0) {
    const q = value / multipleOf;
    if (Math.abs(q - Math.round(q)) > 1e-9) out.push({ path, message: `must be a multiple of ${multipleOf}`, keyword: 'multipleOf' });
  }
}

/** Indices of the first pair of equal items, if any (quadratic, but capped). */
export function firstDuplicate(items: unknown[]): [number, number] | undefined {
  const byKey = new Map<string, number[]>();
  for (const [j, v] of items.slice(0, 2000).entries()) {
    // Bucket by a cheap shape key so the deep comparison runs only within buckets.
    const key = isObject(v) ? `o:${Object.keys(v).sort().join(',')}` : `${jsonTypeOf(v)}:${Array.isArray(v) ? v.length : String(v)}`;
    const bucket = byKey.get(key) ?? [];
    for (const i of bucket) if (deepEqual(items[i], v)) return [i, j];
    bucket.push(j);
    byKey.set(key, bucket);
  }
  return undefined;
}

/** A `not` that matched, in words. */
export function describeNot(not: unknown, path: string[]): Issue {
  if (isObject(not)) {
    const req = Array.isArray(not.required) ? not.required.filter((r): r is string => typeof r === 'string') : [];
    const only = Object.keys(not).filter((k) => k !== 'description' && k !== '$comment');
    if (req.length === 1 && only.length === 1) {
      return { path: [...path, req[0] as string], message: `property '${showName(req[0] as string)}' is not allowed here`, keyword: 'not' };
    }
    if (req.length > 1 && only.length === 1) return { path, message: `must not have both ${showAlternatives(req, 'and')}`, keyword: 'not' };
    if (Array.isArray(not.enum)) return { path, message: `must not be one of: ${showList(not.enum)}`, keyword: 'not' };
    if (hasOwn(not, 'const')) return { path, message: `must not be ${showValue(not.const)}`, keyword: 'not' };
    if (not.additionalProperties === false && isObject(not.patternProperties) && !hasOwn(not, 'properties')) {
      const pats = Object.keys(not.patternProperties).join(' or ');
      return { path, message: `must have at least one property not matching ${pats}`, keyword: 'not' };
    }
    if (Array.isArray(not.allOf) && not.allOf.every((s) => isObject(s) && hasOwn(s, 'contains'))) {
      const parts = not.allOf.map((s) => `an item${describeShape((s as JsonObject).contains) || ' of that shape'}`);
      return { path, message: `must not contain both ${parts.join(' and ')}`, keyword: 'not' };
    }
  }
  return { path, message: 'matches a shape that is not allowed here', keyword: 'not' };
}

/** ` with in: query` for simple `{properties: {in: {const: query}}}` shapes; '' otherwise. */
export function describeShape(schema: unknown): string {
  const pin = singlePin(schema);
  return pin ? ` with ${pin.key}: ${pin.value}` : '';
}

/** `when in is 'path'` for simple `if: {properties: {in: {const: path}}}` conditions. */
export function describeCondition(schema: unknown): string | undefined {
  const pin = singlePin(schema);
  return pin ? `when ${pin.key} is '${pin.value}'` : undefined;
}

/** The one property a simple shape pins to one value (`{properties: {in: {const: path}}}`). */
function singlePin(schema: unknown): { key: string; value: string } | undefined {
  if (!isObject(schema) || !isObject(schema.properties)) return undefined;
  const entries = Object.entries(schema.properties);
  if (entries.length !== 1) return undefined;
  const [key, sub] = entries[0] as [string, unknown];
  if (!isObject(sub)) return undefined;
  const v = hasOwn(sub, 'const') ? sub.const : Array.isArray(sub.enum) && sub.enum.length === 1 ? sub.enum[0] : undefined;
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? { key, value: String(v) } : undefined;
}
