// @ts-check
// Example validation for the style rules: a small JSON Schema interpreter that understands OpenAPI
// 3.0 and 3.1 Schema Objects directly. Pure, bounded, never throws.
//
// Why an interpreter and not ajv: each example is validated exactly once, so compiling a validator
// per schema costs far more than the validation (Spectral spends most of its time there on big
// specs, see design/performance.md); and OpenAPI 3.0 schemas are not JSON Schema (`nullable`,
// boolean `exclusiveMinimum`, ignored `$ref` siblings, `readOnly` properties that requests omit).
// Keywords it does not know are accepted, so an unusual schema never produces a false finding.

import { deref, isObject, specVersion, typesOf } from './doc.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').JsonObject} JsonObject */
/** @typedef {{ path: string[], message: string }} ExampleError */

const MAX_STEPS = 200000;
const MAX_DEPTH = 200;

/** @param {unknown} v */
function typeOf(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** @param {Json} a @param {Json} b @returns {boolean} */
function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
/** @type {Record<string, (s: string) => boolean>} */
const FORMATS = {
  date: (s) => {
    const m = DATE.exec(s);
    if (!m) return false;
    const mo = Number(m[2]);
    const d = Number(m[3]);
    return mo >= 1 && mo <= 12 && d >= 1 && d <= 31;
  },
  'date-time': (s) => DATE_TIME.test(s),
  uuid: (s) => /^(urn:uuid:)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s),
  ipv4: (s) => /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(s),
  email: (s) => /^[^\s@]+@[^\s@]+$/.test(s),
};

/** @type {Map<string, RegExp | null>} */
const regexCache = new Map();
/** @param {string} p */
function regexFor(p) {
  if (regexCache.has(p)) return regexCache.get(p);
  let re = null;
  try {
    re = new RegExp(p, 'u');
  } catch {
    try {
      re = new RegExp(p);
    } catch {
      re = null;
    }
  }
  if (regexCache.size < 5000) regexCache.set(p, re);
  return re;
}

/** @param {string[]} segs */
const ptr = (segs) => (segs.length === 0 ? '(root)' : '/' + segs.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/'));

/**
 * Validates `value` against `schema` (as written in `root`). `mode` is 'request' (required readOnly
 * properties may be absent), 'response' (same for writeOnly) or 'any' (both). With `coerce`
 * (parameter values), strings that spell a number or boolean count as one, and a comma-separated
 * string as an array. Returns undefined when valid, else { path: instance path segments, message }.
 * @param {Json} root @param {Json} schema @param {Json} value @param {string} mode
 */
export function validateExample(root, schema, value, mode, coerce = false) {
  const v30 = specVersion(root) === '3.0';
  let steps = 0;

  /** @param {string[]} path @param {string} message @returns {ExampleError} */
  function fail(path, message) {
    return { path, message: `${ptr(path)} ${message}` };
  }

  /** @param {Json} s @param {Json} val @param {string[]} path @param {number} depth @returns {ExampleError | undefined} */
  function v(s, val, path, depth) {
    if (++steps > MAX_STEPS || depth > MAX_DEPTH) return undefined; // out of budget: accept
    if (s === true || s === undefined) return undefined;
    if (s === false) return fail(path, 'is not allowed');
    if (!isObject(s)) return undefined;
    // `nullable: true` next to a $ref is ignored by the letter of 3.0 (no-ref-siblings reports it),
    // but its intent is plain: an example showing null is not wrong.
    if (val === null && s.nullable === true) return undefined;
    if (coerce && typeof val === 'string' && val !== '') {
      // Parameter values are text: "true" and "42" are how a boolean or a number is written.
      const t = typesOf(s.$ref ? deref(root, s, []).value : s);
      if (t.includes('boolean') && (val === 'true' || val === 'false')) return undefined;
      if ((t.includes('integer') || t.includes('number')) && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(val)) return v(s, Number(val), path, depth + 1);
      if (t.includes('array') && !t.includes('string')) return v(s, val.split(','), path, depth + 1);
    }
    if (typeof s.$ref === 'string') {
      const target = deref(root, s, []).value;
      if (target === undefined) return undefined; // unresolvable: not the example's fault
      const r = v(target, val, path, depth + 1);
      if (r || v30) return r; // 3.0 ignores keywords next to $ref
    }
    // Type and nullability.
    const types = typesOf(s);
    if (val === null && (s.nullable === true || types.includes('null'))) return undefined;
    if (types.length > 0) {
      const t = typeOf(val);
      const ok = types.includes(t) || (t === 'integer' && types.includes('number'));
      if (!ok) return fail(path, `must be ${types.join(' or ')} (is ${t})`);
    }
    if (Array.isArray(s.enum) && !s.enum.some((/** @type {Json} */ e) => deepEqual(e, val))) {
      return fail(path, `must be one of ${JSON.stringify(s.enum).slice(0, 120)}`);
    }
    if (Object.hasOwn(s, 'const') && !deepEqual(s.const, val)) return fail(path, `must be ${JSON.stringify(s.const).slice(0, 80)}`);

    if (typeof val === 'string') {
      const len = [...val].length;
      if (typeof s.minLength === 'number' && len < s.minLength) return fail(path, `must have at least ${s.minLength} characters`);
      if (typeof s.maxLength === 'number' && len > s.maxLength) return fail(path, `must have at most ${s.maxLength} characters`);
      if (typeof s.pattern === 'string') {
        const re = regexFor(s.pattern);
        if (re && !re.test(val)) return fail(path, `must match the pattern ${s.pattern}`);
      }
      if (typeof s.format === 'string' && FORMATS[s.format] && !FORMATS[s.format](val)) return fail(path, `must be a valid ${s.format}`);
    } else if (typeof val === 'number') {
      const exMin = s.exclusiveMinimum;
      const exMax = s.exclusiveMaximum;
      if (typeof s.minimum === 'number' && (exMin === true ? val <= s.minimum : val < s.minimum)) return fail(path, `must be ${exMin === true ? '>' : '>='} ${s.minimum}`);
      if (typeof s.maximum === 'number' && (exMax === true ? val >= s.maximum : val > s.maximum)) return fail(path, `must be ${exMax === true ? '<' : '<='} ${s.maximum}`);
      if (typeof exMin === 'number' && val <= exMin) return fail(path, `must be > ${exMin}`);
      if (typeof exMax === 'number' && val >= exMax) return fail(path, `must be < ${exMax}`);
      if (typeof s.multipleOf === 'number' && s.multipleOf > 0) {
        const q = val / s.multipleOf;
        if (Math.abs(q - Math.round(q)) > 1e-9) return fail(path, `must be a multiple of ${s.multipleOf}`);
      }
    } else if (Array.isArray(val)) {
      if (typeof s.minItems === 'number' && val.length < s.minItems) return fail(path, `must have at least ${s.minItems} items`);
      if (typeof s.maxItems === 'number' && val.length > s.maxItems) return fail(path, `must have at most ${s.maxItems} items`);
      if (s.uniqueItems === true) {
        for (let i = 0; i < val.length && i < 1000; i++)
          for (let j = i + 1; j < val.length && j < 1000; j++) if (deepEqual(val[i], val[j])) return fail(path, `must not contain duplicate items (${i} and ${j})`);
      }
      const prefix = !v30 && Array.isArray(s.prefixItems) ? s.prefixItems : [];
      for (let i = 0; i < val.length; i++) {
        const item = i < prefix.length ? prefix[i] : s.items;
        if (item === undefined || Array.isArray(item)) continue;
        const r = v(item, val[i], [...path, String(i)], depth + 1);
        if (r) return r;
      }
    } else if (isObject(val)) {
      const props = isObject(s.properties) ? s.properties : {};
      if (Array.isArray(s.required)) {
        for (const name of s.required) {
          if (typeof name !== 'string' || Object.hasOwn(val, name)) continue;
          const p = deref(root, props[name], []).value;
          const ro = isObject(p) && p.readOnly === true;
          const wo = isObject(p) && p.writeOnly === true;
          if ((ro && mode !== 'response') || (wo && mode !== 'request')) continue;
          return fail(path, `must have the required property '${name}'`);
        }
      }
      const keys = Object.keys(val);
      if (typeof s.minProperties === 'number' && keys.length < s.minProperties) return fail(path, `must have at least ${s.minProperties} properties`);
      if (typeof s.maxProperties === 'number' && keys.length > s.maxProperties) return fail(path, `must have at most ${s.maxProperties} properties`);
      const patterns = isObject(s.patternProperties) ? Object.keys(s.patternProperties).map((p) => [regexFor(p), s.patternProperties[p]]) : [];
      for (const k of keys) {
        let matched = false;
        if (Object.hasOwn(props, k)) {
          matched = true;
          const r = v(props[k], val[k], [...path, k], depth + 1);
          if (r) return r;
        }
        for (const [re, ps] of patterns) {
          if (!re?.test(k)) continue;
          matched = true;
          const r = v(ps, val[k], [...path, k], depth + 1);
          if (r) return r;
        }
        if (!matched && s.additionalProperties !== undefined && s.additionalProperties !== true) {
          if (s.additionalProperties === false) return fail(path, `must not have the additional property '${k}'`);
          const r = v(s.additionalProperties, val[k], [...path, k], depth + 1);
          if (r) return r;
        }
      }
    }

    if (Array.isArray(s.allOf)) {
      for (const m of s.allOf) {
        const r = v(m, val, path, depth + 1);
        if (r) return r;
      }
    }
    for (const k of ['anyOf', 'oneOf']) {
      if (!Array.isArray(s[k]) || s[k].length === 0) continue;
      const chosen = discriminated(s, val);
      if (chosen !== undefined) {
        const r = v(chosen, val, path, depth + 1);
        if (r) return r;
        continue;
      }
      // At least one alternative must accept the value (several matching is a schema design
      // question, not an example error).
      let first;
      let any = false;
      for (const m of s[k]) {
        const r = v(m, val, path, depth + 1);
        if (!r) {
          any = true;
          break;
        }
        first ??= r;
      }
      if (!any) return fail(path, `matches none of the ${k} alternatives (first: ${/** @type {ExampleError} */ (first).message})`);
    }
    if ((isObject(s.not) || typeof s.not === 'boolean') && !v(s.not, val, path, depth + 1)) return fail(path, 'must not match the schema in not');
    if (!v30 && s.if !== undefined) {
      const cond = !v(s.if, val, path, depth + 1);
      const branch = cond ? s.then : s.else;
      if (branch !== undefined) {
        const r = v(branch, val, path, depth + 1);
        if (r) return r;
      }
    }
    return undefined;
  }

  /** With a discriminator, the alternative named by the value's discriminating property. @param {JsonObject} s @param {Json} val @returns {Json} */
  function discriminated(s, val) {
    const d = s.discriminator;
    if (!isObject(d) || typeof d.propertyName !== 'string' || !isObject(val)) return undefined;
    const tag = val[d.propertyName];
    if (typeof tag !== 'string') return undefined;
    const mapped = isObject(d.mapping) ? d.mapping[tag] : undefined;
    const ref = typeof mapped === 'string' ? (mapped.startsWith('#') ? mapped : `#/components/schemas/${mapped}`) : `#/components/schemas/${tag}`;
    const alts = [...(Array.isArray(s.oneOf) ? s.oneOf : []), ...(Array.isArray(s.anyOf) ? s.anyOf : [])];
    return alts.find((a) => isObject(a) && a.$ref === ref);
  }

  return v(schema, value, [], 0);
}
