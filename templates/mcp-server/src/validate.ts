/**
 * Argument (and response) validation with ajv against the tool's own JSON Schema 2020-12.
 * Validators are compiled on first use, so a server with hundreds of tools starts at once. A
 * schema that cannot be compiled refuses the call with a clear message: validation is never
 * silently switched off.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import * as formatsModule from 'ajv-formats';

type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
const addFormats = (formatsModule as unknown as { default?: FormatsPlugin }).default ?? (formatsModule as unknown as FormatsPlugin);

/** The outcome of one validation. */
export type Validation = { ok: true } | { ok: false; message: string };

/** Compiled validators, one per schema, created on first use. */
export class Validators {
  private ajv: Ajv2020 | undefined;
  private readonly cache = new Map<object, ValidateFunction | Error>();

  /** The ajv instance, made on the first call rather than at start-up (initialize answers sooner). */
  private instance(): Ajv2020 {
    if (!this.ajv) {
      this.ajv = new Ajv2020({ strict: false, allErrors: true, logger: false, validateFormats: true });
      addFormats(this.ajv);
    }
    return this.ajv;
  }

  private compiled(schema: object): ValidateFunction | Error {
    let v = this.cache.get(schema);
    if (v === undefined) {
      try {
        v = this.instance().compile(schema);
      } catch (err) {
        v = err instanceof Error ? err : new Error(String(err));
      }
      this.cache.set(schema, v);
    }
    return v;
  }

  /** Checks `value` (the arguments, or an API answer) against `schema`; the message names each field and its problem. */
  check(schema: object, value: unknown, of: 'arguments' | 'answer' = 'arguments'): Validation {
    const v = this.compiled(schema);
    if (v instanceof Error) return { ok: false, message: `the schema could not be compiled (${v.message})` };
    if (v(value)) return { ok: true };
    return { ok: false, message: describeErrors(v.errors ?? [], of) };
  }
}

function field(e: ErrorObject): string {
  const p = e.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  return p.length === 0 ? '' : p.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

/** Turns ajv errors into one readable sentence per problem (at most 8). */
export function describeErrors(errors: ErrorObject[], of: 'arguments' | 'answer' = 'arguments'): string {
  const noun = of === 'arguments' ? 'argument' : 'field';
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    const at = field(e);
    const where = at ? `\`${at}\`` : `the ${of}`;
    const p = e.params as Record<string, unknown>;
    let line: string;
    switch (e.keyword) {
      case 'required':
        line = `missing required ${noun} \`${at ? at + '.' : ''}${String(p.missingProperty)}\``;
        break;
      case 'additionalProperties':
        line = `unknown ${noun} \`${at ? at + '.' : ''}${String(p.additionalProperty)}\` (${of === 'arguments' ? 'not accepted by this tool' : 'not in the output schema'})`;
        break;
      case 'type':
        line = `${where} must be ${String(p.type)}`;
        break;
      case 'enum':
        line = `${where} must be one of: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
        break;
      case 'const':
        line = `${where} must be ${JSON.stringify(p.allowedValue)}`;
        break;
      case 'format':
        line = `${where} must be a valid ${String(p.format)}`;
        break;
      case 'oneOf':
      case 'anyOf':
        line = `${where} matches none of the allowed shapes`;
        break;
      default:
        line = `${where} ${e.message ?? 'is invalid'}`;
    }
    if (!seen.has(line)) {
      seen.add(line);
      lines.push(line);
    }
    if (lines.length >= 8) break;
  }
  return lines.join('; ');
}
