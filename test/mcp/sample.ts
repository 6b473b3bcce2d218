/**
 * Values a schema accepts, built from its keywords — the answers and arguments a real API and a
 * careful agent would send. Works on OpenAPI schemas inside a document (`#/components/schemas/…`,
 * 3.0's `nullable`) and on the JSON Schema 2020-12 a tool ships (`#/$defs/…`): `$ref`s are JSON
 * pointers into `root`. Returns NONE where this sampler cannot make a value (a required string
 * with a `pattern`, a ref it cannot follow); the caller then checks every value against an oracle,
 * so a miss here costs coverage, never a false alarm.
 */
export type Schema = Record<string, unknown>;
export const NONE = Symbol('none');
const isObj = (v: unknown): v is Schema => v !== null && typeof v === 'object' && !Array.isArray(v);

export interface SampleOptions {
  /** Fill optional properties too (to `depth` 6), so nested and recursive shapes are exercised. */
  optional: boolean;
  /** Which branch of every oneOf/anyOf to take (modulo its length). */
  branch: number;
  /** Give `nullable`/`type: [..., null]` properties the value null. */
  nulls: boolean;
  /** An answer leaves out writeOnly properties; a request, readOnly ones. */
  direction: 'request' | 'response';
}

const BY_FORMAT: Record<string, string> = {
  'date-time': '2024-01-02T03:04:05Z',
  date: '2024-01-02',
  time: '03:04:05Z',
  email: 'a@example.com',
  uri: 'https://example.com/x',
  url: 'https://example.com/x',
  'uri-reference': '/x',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  hostname: 'example.com',
  byte: 'eA==',
  duration: 'P1D',
};

function pointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObj(at) && !Array.isArray(at)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function without(s: Schema, ...keys: string[]): Schema {
  const out = { ...s };
  for (const k of keys) delete out[k];
  return out;
}

export function sample(root: unknown, schema: unknown, opts: SampleOptions, depth = 0): unknown {
  if (schema === true || schema === undefined || (isObj(schema) && Object.keys(schema).length === 0)) return 'x';
  if (!isObj(schema) || depth > 14) return NONE;
  let s = schema;
  if (typeof s.$ref === 'string') {
    const target = pointer(root, s.$ref);
    if (!isObj(target)) return NONE;
    s = { ...target, ...without(s, '$ref') };
    return sample(root, s, opts, depth + 1);
  }
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum.find((v) => v !== null) ?? s.enum[0];
  if (Array.isArray(s.allOf)) {
    let merged: Schema = without(s, 'allOf');
    for (const part of s.allOf) {
      const r = deref(root, part);
      if (!isObj(r)) return NONE;
      merged = merge(merged, r);
    }
    return sample(root, merged, opts, depth + 1);
  }
  for (const k of ['oneOf', 'anyOf'] as const) {
    const list = s[k];
    if (Array.isArray(list) && list.length > 0) {
      const pick = deref(root, list[opts.branch % list.length]);
      return sample(root, merge(without(s, k, 'discriminator'), isObj(pick) ? pick : {}), opts, depth + 1);
    }
  }
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : isObj(s.properties) ? ['object'] : s.items !== undefined ? ['array'] : ['string'];
  const type = types.find((t) => t !== 'null') ?? 'null';
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const props = isObj(s.properties) ? s.properties : {};
      const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
      for (const [k, v] of Object.entries(props)) {
        if (!required.has(k) && (!opts.optional || depth > 6)) continue;
        // OpenAPI: required applies to requests only for writeOnly properties, to responses only for readOnly ones
        if (isObj(v) && v[opts.direction === 'response' ? 'writeOnly' : 'readOnly'] === true) {
          required.delete(k);
          continue;
        }
        const x = opts.nulls && !required.has(k) && isNullable(root, v) ? null : sample(root, v, opts, depth + 1);
        if (x === NONE) {
          if (required.has(k)) return NONE;
          continue;
        }
        out[k] = x;
      }
      for (const k of required) if (!(k in out)) return NONE;
      return out;
    }
    case 'array': {
      const n = typeof s.minItems === 'number' ? Math.min(s.minItems, 20) : 1;
      if (depth > 8 && n === 0) return [];
      const items = s.items;
      const item = sample(root, items, opts, depth + 1);
      if (item === NONE) return n === 0 ? [] : NONE;
      return Array.from({ length: Math.max(n, 1) }, () => item);
    }
    case 'integer':
    case 'number': {
      const lo =
        typeof s.minimum === 'number'
          ? s.minimum + (s.exclusiveMinimum === true ? 1 : 0)
          : typeof s.exclusiveMinimum === 'number'
            ? s.exclusiveMinimum + 1
            : typeof s.maximum === 'number' && s.maximum < 1
              ? s.maximum - 1
              : 1;
      const v = type === 'integer' ? Math.ceil(lo) : lo;
      return typeof s.multipleOf === 'number' && s.multipleOf > 0 ? Math.ceil(v / s.multipleOf) * s.multipleOf : v;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default: {
      if (typeof s.pattern === 'string') return fromPattern(s.pattern, typeof s.minLength === 'number' ? s.minLength : 0);
      const base = (typeof s.format === 'string' ? BY_FORMAT[s.format] : undefined) ?? 'x';
      const min = typeof s.minLength === 'number' ? s.minLength : 0;
      return base.length >= min ? base : base.padEnd(min, 'x');
    }
  }
}

/**
 * A string matching a simple regular expression (literals, escapes, classes, groups with
 * alternatives, quantifiers): the first choice everywhere, each repetition at its minimum (one for
 * `+`). Checked against the pattern itself; NONE when it does not match.
 */
function fromPattern(pattern: string, minLength: number): unknown {
  let i = 0;
  const atom = (): string => {
    const c = pattern[i++]!;
    if (c === '\\') {
      const e = pattern[i++]!;
      return ({ d: '1', w: 'a', s: ' ', D: 'a', W: '-', S: 'a', n: '\n', t: '\t' } as Record<string, string>)[e] ?? e;
    }
    if (c === '.') return 'a';
    if (c === '[') {
      const negated = pattern[i] === '^';
      if (negated) i++;
      let first = '';
      while (i < pattern.length && pattern[i] !== ']') {
        const ch = pattern[i] === '\\' ? (i++, ({ d: '1', w: 'a', s: ' ' } as Record<string, string>)[pattern[i]!] ?? pattern[i]!) : pattern[i]!;
        if (!first) first = ch;
        i++;
      }
      i++;
      return negated ? (first === 'a' ? 'b' : 'a') : first;
    }
    if (c === '(') {
      if (pattern.startsWith('?:', i)) i += 2;
      const out = seq();
      while (pattern[i] === '|') {
        i++;
        seq();
      }
      i++;
      return out;
    }
    return c;
  };
  const seq = (): string => {
    let out = '';
    while (i < pattern.length && pattern[i] !== '|' && pattern[i] !== ')') {
      if (pattern[i] === '^' || pattern[i] === '$') {
        i++;
        continue;
      }
      const a = atom();
      const q = pattern[i];
      if (q === '*' || q === '?') i++;
      else if (q === '+') i++, (out += a);
      else if (q === '{') {
        const m = /^\{(\d+)(,\d*)?\}/.exec(pattern.slice(i));
        if (m) {
          i += m[0].length;
          out += a.repeat(Number(m[1]));
        } else out += a;
      } else out += a;
      if (pattern[i] === '?') i++; // lazy quantifier
    }
    return out;
  };
  try {
    let out = seq();
    while (i < pattern.length && pattern[i] === '|') i++, seq();
    if (out.length < minLength) out = out.padEnd(minLength, out.slice(-1) || 'a');
    return new RegExp(pattern, 'u').test(out) ? out : NONE;
  } catch {
    return NONE;
  }
}

function deref(root: unknown, s: unknown): unknown {
  for (let i = 0; i < 16 && isObj(s) && typeof s.$ref === 'string'; i++) s = { ...(pointer(root, s.$ref) as Schema), ...without(s, '$ref') };
  return s;
}

/** Two schemas a value must both satisfy, as one: properties and required joined, the rest of `b` over `a`. */
function merge(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a, ...b };
  if (isObj(a.properties) || isObj(b.properties)) out.properties = { ...(isObj(a.properties) ? a.properties : {}), ...(isObj(b.properties) ? b.properties : {}) };
  if (Array.isArray(a.required) || Array.isArray(b.required)) out.required = [...new Set([...((a.required as string[]) ?? []), ...((b.required as string[]) ?? [])])];
  if (Array.isArray(a.allOf) && Array.isArray(b.allOf)) out.allOf = [...a.allOf, ...b.allOf];
  if (out.type === undefined && isObj(out.properties)) out.type = 'object';
  return out;
}

function isNullable(root: unknown, schema: unknown): boolean {
  let s = schema;
  for (let i = 0; i < 8 && isObj(s) && typeof s.$ref === 'string'; i++) s = pointer(root, s.$ref);
  if (!isObj(s)) return false;
  return s.nullable === true || (Array.isArray(s.type) && s.type.includes('null'));
}

/** The variants worth trying: required only; every property; every property with nulls; each oneOf/anyOf branch. */
export function variants(root: unknown, schema: unknown, direction: SampleOptions['direction'], maxBranches = 4): unknown[] {
  const out: unknown[] = [];
  const seen = new Set<string>();
  const tries: SampleOptions[] = [
    { optional: false, branch: 0, nulls: false, direction },
    { optional: true, branch: 0, nulls: false, direction },
    { optional: true, branch: 0, nulls: true, direction },
  ];
  for (let b = 1; b < maxBranches; b++) tries.push({ optional: true, branch: b, nulls: false, direction });
  for (const opts of tries) {
    const v = sample(root, schema, opts);
    if (v === NONE) continue;
    const key = JSON.stringify(v);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(v);
  }
  return out;
}
