// createRulesetFunction for apictl's rule functions: Spectral's, with the option schema compiled
// only when needed. Spectral compiles every function's option schema with ajv when the module is
// imported (≈ 1.5 ms each, 0.15 s for the style guide). Here the options of a rule are checked by
// a small validator for the JSON Schema keywords our option schemas use; only options it does not
// accept (or a schema with other keywords) go to Spectral's own validator, compiled then, so
// every error message is Spectral's. Plain ESM, like the functions, so Spectral CLI can load them.
import { createRulesetFunction as spectralCreateRulesetFunction } from '@stoplight/spectral-core';

const isObjectLike = (v) => v !== null && (typeof v === 'object' || typeof v === 'function');

/**
 * A predicate that accepts only values ajv would accept for `schema` (never the other way round:
 * when unsure it answers false and Spectral's validator decides), or undefined when the schema uses
 * a keyword it does not know.
 */
function compileQuick(schema) {
  if (schema === true) return () => true;
  if (!isObjectLike(schema) || Array.isArray(schema)) return undefined;
  const checks = [];
  for (const key of Object.keys(schema)) {
    const v = schema[key];
    switch (key) {
      case 'type': {
        const types = Array.isArray(v) ? v : [v];
        if (!types.every((t) => TYPE_TESTS[t] !== undefined)) return undefined;
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
      case 'description':
      case 'title':
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

const TYPE_TESTS = {
  string: (d) => typeof d === 'string',
  number: (d) => typeof d === 'number' && Number.isFinite(d),
  integer: (d) => typeof d === 'number' && Number.isFinite(d) && d % 1 === 0,
  boolean: (d) => typeof d === 'boolean',
  null: (d) => d === null,
  array: (d) => Array.isArray(d),
  object: (d) => isPlainData(d),
};

function isPlainData(d) {
  return d !== null && typeof d === 'object' && !Array.isArray(d);
}

function codePoints(s) {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * Same contract as Spectral's createRulesetFunction (the returned function validates its options
 * on each call, remembers valid option objects, exposes `validator` and `schemas`), with Spectral's
 * implementation (and its ajv compilation) created on first need only.
 */
export function createRulesetFunction(meta, fn) {
  // Input schemas (none in apictl's functions) are Spectral's business from the start.
  if (meta.input !== null && meta.input !== undefined) return spectralCreateRulesetFunction(meta, fn);
  const options = meta.options ?? null;
  let spectral;
  const spectralFn = () => (spectral ??= spectralCreateRulesetFunction(meta, fn));
  const quick = options === null ? (o) => o === null : compileQuick(options);
  const validOpts = new WeakSet();
  const wrappedFn = function (input, opts, ...args) {
    wrappedFn.validator(opts);
    return fn(input, opts, ...args);
  };
  Reflect.defineProperty(wrappedFn, 'name', { value: fn.name });
  wrappedFn.validator = function (o) {
    if (isObjectLike(o) && validOpts.has(o)) return;
    if (!(quick && quick(o))) spectralFn().validator(o);
    if (isObjectLike(o)) validOpts.add(o);
  };
  Reflect.defineProperty(wrappedFn, 'schemas', { enumerable: false, value: { input: meta.input ?? null, options } });
  return wrappedFn;
}
