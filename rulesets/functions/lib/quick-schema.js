// @ts-check
// A conservative JSON Schema check for option and input schemas of rule functions: it accepts a
// value only when ajv would too, and answers "not sure" (false) otherwise, so the caller can fall
// back to ajv for the verdict and its error messages. Used by define.js for apictl's functions and,
// inside the lint engine bundle, for Spectral's own (scripts/bundle-lint-engine.mjs). No imports:
// the bundle's patched spectral-core module requires it.

/** @typedef {import('./types.js').Json} Json */
/** @typedef {(d: Json) => boolean} Check A test of a value: true when it surely passes. */

/** @param {Json} v */
const isObjectLike = (v) => v !== null && (typeof v === 'object' || typeof v === 'function');

/**
 * A predicate that accepts only values ajv would accept for `schema` (never the other way round:
 * when unsure it answers false and Spectral's validator decides), or undefined when the schema uses
 * a keyword it does not know.
 * @param {Json} schema @returns {Check | undefined}
 */
export function compileQuick(schema) {
  if (schema === true) return () => true;
  if (!isObjectLike(schema) || Array.isArray(schema)) return undefined;
  /** @type {Check[]} */
  const checks = [];
  for (const key of Object.keys(schema)) {
    const v = schema[key];
    switch (key) {
      case 'type': {
        const types = Array.isArray(v) ? v : [v];
        if (!types.every((t) => typeof t === 'string' && Object.hasOwn(TYPE_TESTS, t))) return undefined;
        const tests = types.map((t) => TYPE_TESTS[t]);
        checks.push((d) => tests.some((t) => t(d)));
        break;
      }
      case 'enum': {
        if (!Array.isArray(v) || !v.every((x) => x === null || typeof x !== 'object')) return undefined;
        checks.push((d) => v.includes(d) && !(typeof d === 'number' && Number.isNaN(d)));
        break;
      }
      case 'properties': {
        if (!isObjectLike(v)) return undefined;
        /** @type {[string, Check][]} */
        const props = [];
        for (const name of Object.keys(v)) {
          const q = compileQuick(v[name]);
          if (!q) return undefined;
          props.push([name, q]);
        }
        checks.push((d) => !isPlainData(d) || props.every(([name, q]) => d[name] === undefined || q(d[name])));
        break;
      }
      case 'additionalProperties': {
        if (v === true) break;
        if (v !== false) return undefined;
        const known = new Set(isObjectLike(schema.properties) ? Object.keys(schema.properties) : []);
        if (schema.patternProperties !== undefined) return undefined;
        checks.push((d) => {
          if (!isPlainData(d)) return true;
          for (const k in d) if (!known.has(k)) return false;
          return true;
        });
        break;
      }
      case 'required': {
        if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) return undefined;
        checks.push((d) => !isPlainData(d) || v.every((name) => d[name] !== undefined));
        break;
      }
      case 'items': {
        const q = compileQuick(v);
        if (!q || Array.isArray(v)) return undefined;
        checks.push((d) => !Array.isArray(d) || d.every((x) => q(x)));
        break;
      }
      case 'minItems':
      case 'maxItems': {
        if (!Number.isInteger(v)) return undefined;
        checks.push(key === 'minItems' ? (d) => !Array.isArray(d) || d.length >= v : (d) => !Array.isArray(d) || d.length <= v);
        break;
      }
      case 'minimum':
      case 'maximum': {
        if (typeof v !== 'number') return undefined;
        checks.push(key === 'minimum' ? (d) => typeof d !== 'number' || d >= v : (d) => typeof d !== 'number' || d <= v);
        break;
      }
      case 'minLength':
      case 'maxLength': {
        if (!Number.isInteger(v)) return undefined;
        // ajv counts code points, not UTF-16 units.
        checks.push(key === 'minLength' ? (d) => typeof d !== 'string' || codePoints(d) >= v : (d) => typeof d !== 'string' || codePoints(d) <= v);
        break;
      }
      case 'pattern': {
        if (typeof v !== 'string') return undefined;
        let re;
        try {
          re = new RegExp(v, 'u');
        } catch {
          return undefined;
        }
        checks.push((d) => typeof d !== 'string' || re.test(d));
        break;
      }
      case 'anyOf':
      case 'allOf': {
        if (!Array.isArray(v) || v.length === 0) return undefined;
        const branches = v.map((b) => compileQuick(b));
        if (branches.some((b) => b === undefined)) return undefined;
        // anyOf: one branch surely valid is enough; allOf: every branch must surely be
        checks.push(key === 'anyOf' ? (d) => branches.some((b) => /** @type {(d: unknown) => boolean} */ (b)(d)) : (d) => branches.every((b) => /** @type {(d: unknown) => boolean} */ (b)(d)));
        break;
      }
      case 'minProperties':
      case 'maxProperties': {
        if (!Number.isInteger(v)) return undefined;
        checks.push(key === 'minProperties' ? (d) => !isPlainData(d) || Object.keys(d).length >= v : (d) => !isPlainData(d) || Object.keys(d).length <= v);
        break;
      }
      // annotations, and ajv-errors' messages: no say in whether a value is valid
      case 'description':
      case 'title':
      case 'errorMessage':
      case 'x-internal':
        break;
      default:
        return undefined;
    }
  }
  return (d) => {
    for (const c of checks) if (!c(d)) return false;
    return true;
  };
}

/** @type {Record<string, Check>} */
const TYPE_TESTS = {
  string: (d) => typeof d === 'string',
  number: (d) => typeof d === 'number' && Number.isFinite(d),
  integer: (d) => typeof d === 'number' && Number.isFinite(d) && d % 1 === 0,
  boolean: (d) => typeof d === 'boolean',
  null: (d) => d === null,
  array: (d) => Array.isArray(d),
  object: (d) => isPlainData(d),
};

/** @param {unknown} d */
function isPlainData(d) {
  return d !== null && typeof d === 'object' && !Array.isArray(d);
}

/** @param {string} s */
function codePoints(s) {
  let n = 0;
  for (const _ of s) n++;
  return n;
}
