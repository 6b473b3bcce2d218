/**
 * The core functions of Spectral that apictl's rulesets name (`truthy`, `falsy`, `undefined`,
 * `pattern`, `enumeration`), with Spectral's semantics and messages, so the rulesets stay valid
 * Spectral rulesets while apictl runs them itself. Options a function does not accept are reported
 * by Spectral's own validator of that function (loaded only then), so the error reads the same.
 */
import { createRequire } from 'node:module';
import { printValue } from './message.js';

export interface RuleResult {
  message: string;
  path?: Array<string | number>;
}
export type RuleFunction = ((input: unknown, options: unknown, context: RuleContext) => RuleResult[] | undefined | undefined) & { validator?: (options: unknown) => void };
export interface RuleContext {
  document: { data: unknown };
  rule: { name: string };
  path: Array<string | number>;
}

type Check = (options: unknown) => boolean;
const isObj = (o: unknown): o is Record<string, unknown> => o !== null && typeof o === 'object' && !Array.isArray(o);
const noOptions: Check = (o) => o === null;

function builtin(name: string, accepts: Check, fn: (input: unknown, options: never) => RuleResult[] | undefined): RuleFunction {
  const f = ((input: unknown, options: unknown) => fn(input, options as never)) as RuleFunction;
  Reflect.defineProperty(f, 'name', { value: name });
  f.validator = (options) => {
    if (accepts(options)) return;
    // Spectral's wording of what is wrong, from Spectral's own definition of the function
    const spectral = (createRequire(import.meta.url)('@stoplight/spectral-functions') as Record<string, RuleFunction>)[name];
    spectral?.validator?.(options);
    throw new Error(`"functionOptions" of "${name}" function must be valid`);
  };
  return f;
}

const patterns = new Map<string, RegExp>();
function regex(pattern: string): RegExp {
  let re = patterns.get(pattern);
  if (re === undefined) {
    const slashed = /^\/(.+)\/([a-z]*)$/.exec(pattern);
    re = slashed ? new RegExp(slashed[1]!, slashed[2]) : new RegExp(pattern);
    patterns.set(pattern, re);
  }
  re.lastIndex = 0;
  return re;
}

export const BUILTINS: Record<string, RuleFunction> = {
  truthy: builtin('truthy', noOptions, (input) => (!input ? [{ message: '#{{print("property")}}must be truthy' }] : undefined)),
  falsy: builtin('falsy', noOptions, (input) => (input ? [{ message: '#{{print("property")}}must be falsy' }] : undefined)),
  undefined: builtin('undefined', noOptions, (input) => (input !== undefined ? [{ message: '#{{print("property")}}must be undefined' }] : undefined)),
  pattern: builtin(
    'pattern',
    (o) => isObj(o) && ('match' in o || 'notMatch' in o) && Object.keys(o).every((k) => (k === 'match' || k === 'notMatch') && typeof o[k] === 'string'),
    (input, opts: { match?: string; notMatch?: string }) => {
      if (typeof input !== 'string') return undefined;
      let results: RuleResult[] | undefined;
      if (opts.match !== undefined && !regex(opts.match).test(input)) results = [{ message: `#{{print("value")}} must match the pattern ${printValue(opts.match)}` }];
      if (opts.notMatch !== undefined && regex(opts.notMatch).test(input)) (results ??= []).push({ message: `#{{print("value")}} must not match the pattern ${printValue(opts.notMatch)}` });
      return results;
    },
  ),
  enumeration: builtin(
    'enumeration',
    (o) => isObj(o) && Array.isArray(o.values) && Object.keys(o).length === 1 && o.values.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v)),
    (input, { values }: { values: unknown[] }) => {
      if (!(input === null || ['string', 'number', 'boolean'].includes(typeof input))) return undefined;
      return values.includes(input) ? undefined : [{ message: `#{{print("value")}} must be equal to one of the allowed values: ${values.map(printValue).join(', ')}` }];
    },
  ),
};
