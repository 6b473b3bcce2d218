// @ts-check
// createRulesetFunction for apictl's rule functions: Spectral's, with the option schema compiled
// only when needed. Spectral compiles every function's option schema with ajv when the module is
// imported, which adds up over a ruleset's functions. Here the options of a rule are checked by
// a small validator for the JSON Schema keywords our option schemas use (quick-schema.js); only
// options it does not accept (or a schema with other keywords) go to Spectral's own validator,
// compiled then, so every error message is Spectral's. Plain ESM, like the functions, so Spectral
// CLI can load them.
import { createRulesetFunction as spectralCreateRulesetFunction } from '@stoplight/spectral-core';

import { compileQuick } from './quick-schema.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').JsonObject} JsonObject */
/**
 * A rule function. Its context is a RuleContext from our runner, Spectral's RulesetFunctionContext from
 * Spectral's (whose `rule` type lacks the `name` it has at run time): typed Json to accept both.
 * @typedef {(input: Json, options: Json, context: Json) => { message: string, path?: import('./types.js').Path }[] | void} RuleFunction
 */

/** @param {unknown} v */
const isObjectLike = (v) => v !== null && (typeof v === 'object' || typeof v === 'function');

/**
 * Same contract as Spectral's createRulesetFunction (the returned function validates its options
 * on each call, remembers valid option objects, exposes `validator` and `schemas`), with Spectral's
 * implementation (and its ajv compilation) created on first need only.
 * @param {{ input: JsonObject | null, options: JsonObject | null }} meta the input and options JSON Schemas
 * @param {RuleFunction} fn
 */
export function createRulesetFunction(meta, fn) {
  // Input schemas (none in apictl's functions) are Spectral's business from the start.
  if (meta.input !== null && meta.input !== undefined) return spectralCreateRulesetFunction(meta, fn);
  const options = meta.options ?? null;
  let spectral;
  const spectralFn = () => (spectral ??= spectralCreateRulesetFunction(meta, fn));
  const quick = options === null ? (/** @type {unknown} */ o) => o === null : compileQuick(options);
  const validOpts = new WeakSet();
  /** @param {Json} input @param {Json} opts @param {[Json]} args */
  const wrappedFn = (input, opts, ...args) => {
    wrappedFn.validator(opts);
    return fn(input, opts, ...args);
  };
  Reflect.defineProperty(wrappedFn, 'name', { value: fn.name });
  /** @param {unknown} o */
  wrappedFn.validator = (o) => {
    if (isObjectLike(o) && validOpts.has(o)) return;
    if (!quick?.(o)) spectralFn().validator(o);
    if (isObjectLike(o)) validOpts.add(o);
  };
  Reflect.defineProperty(wrappedFn, 'schemas', { enumerable: false, value: { input: meta.input ?? null, options } });
  return wrappedFn;
}
