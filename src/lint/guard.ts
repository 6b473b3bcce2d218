/**
 * For the rulesets a team extends, which Spectral runs: one failing rule never ends a run, and no
 * document runs past its time budget. Every function of theirs is wrapped: an exception becomes a
 * record naming the rule, and once the deadline has passed the remaining calls return nothing.
 * The wrapper finds its run's guard in the run's async context (Spectral calls it inside
 * `withGuard`), so runs never share one.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RunGuard {
  deadline: number;
  /** Rule name → first error message. */
  failures: Map<string, string>;
  timedOut: boolean;
}

type RuleFn = ((input: unknown, options: unknown, context: { rule?: { name?: string } }) => unknown) & {
  validator?: unknown;
  schemas?: unknown;
};

const guards = new AsyncLocalStorage<RunGuard>();

/** Runs `run` (a Spectral run) with `guard` as the guard of every wrapped function it calls. */
export function withGuard<T>(guard: RunGuard, run: () => Promise<T>): Promise<T> {
  return guards.run(guard, run);
}

const wrapped = new WeakMap<RuleFn, RuleFn>();

/** Wraps a rule function once; the wrapper keeps Spectral's option validator and schemas. */
export function guardFunction(fn: RuleFn): RuleFn {
  const existing = wrapped.get(fn);
  if (existing) return existing;
  const guardedFn = function (this: unknown, input: unknown, options: unknown, context: { rule?: { name?: string } }) {
    const g = guards.getStore();
    if (g) {
      if (g.timedOut) return undefined;
      if (Date.now() > g.deadline) {
        g.timedOut = true;
        return undefined;
      }
    }
    try {
      const r = fn.call(this, input, options, context);
      if (r && typeof (r as Promise<unknown>).then === 'function') {
        return (r as Promise<unknown>).catch((err: unknown) => {
          record(g, context, err);
          return undefined;
        });
      }
      return r;
    } catch (err) {
      record(g, context, err);
      return undefined;
    }
  } as RuleFn;
  Reflect.defineProperty(guardedFn, 'name', { value: fn.name });
  if (fn.validator) Reflect.defineProperty(guardedFn, 'validator', { value: fn.validator });
  if (fn.schemas) Reflect.defineProperty(guardedFn, 'schemas', { value: fn.schemas, enumerable: false });
  wrapped.set(fn, guardedFn);
  return guardedFn;
}

function record(g: RunGuard | undefined, context: { rule?: { name?: string } }, err: unknown): void {
  if (!g) return;
  const name = context?.rule?.name ?? '<unknown rule>';
  if (!g.failures.has(name)) g.failures.set(name, err instanceof Error ? err.message : String(err));
}
