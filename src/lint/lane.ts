/**
 * A second lane for the rules of a large document: a worker thread runs part of the ruleset (its
 * style and compliance rules) on a copy of the prepared document while this thread runs the rest,
 * so that the second core does not stand idle through the rules.
 *
 * The output is exactly that of one lane: every result of a rule comes from one thread, in the
 * order that rule emitted it (Spectral visits nodes in document order in both), and everything
 * after the rules is keyed by rule (deduplication) or sorted (reports). If the worker cannot
 * start, fails, or loaded a ruleset other than this thread's, its rules run here after all.
 * Which rules, and from what size a lane pays: docs/performance.md#lanes.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { RuleRun } from './rule-run.js';
import type { LoadedRuleset, RulesetConfig } from './ruleset.js';
import { speedup } from '../util/speed.js';

/** The categories a lane takes (why these: docs/performance.md#lanes). */
export const LANE_CATEGORIES: ReadonlySet<string> = new Set(['style', 'compliance']);

/** The smallest document (bytes of its file, or LoadResult.totalSize) worth a lane (docs/performance.md#lanes). */
export const LANE_MIN_SIZE = 2 * 1024 * 1024;

export interface LaneJob {
  /** The configuration the ruleset was loaded from (the lane loads it too, once). */
  config: RulesetConfig;
  document: unknown;
  source: string;
  deadline: number;
}

/** What a lane did: its rules (laneRules of the ruleset it loaded) and their run. */
export interface LaneRun {
  /** The fingerprint of the ruleset the lane loaded: the main thread uses the run only when its own is the same. */
  fingerprint: string;
  rules: string[];
  run: RuleRun;
}

export type LaneReply = LaneRun | { error: string };

/** The rules of `rs` a lane would run: the enabled own rules of its categories. */
export function laneRules(rs: LoadedRuleset): string[] {
  const out: string[] = [];
  for (const [name, meta] of rs.meta) if (meta.enabled && LANE_CATEGORIES.has(meta.category) && meta.file !== '(extended ruleset)') out.push(name);
  return out;
}

export interface RuleLane {
  /** Lets the lane load the ruleset of `config` now, ahead of a job for it. */
  prepare(config: RulesetConfig): void;
  /**
   * Runs the lane's rules (laneRules) of the ruleset of `job.config` over `job.document`, once per
   * document: a later call for the same document returns the first one's promise, so a caller can
   * start the lane as soon as the document is ready and collect it later. Undefined when the lane
   * cannot (then run them here).
   */
  run(job: LaneJob): Promise<LaneRun | undefined>;
  /** Ends the worker (idempotent). */
  close(): void;
}

/** True when a lane can run the rules of `config`: not when it extends other rulesets (code the lane would load a second time). */
export function laneCanRun(config: RulesetConfig): boolean {
  return (config.extends ?? []).length === 0;
}

/**
 * Starts a lane. Undefined when there is no second core to run it on, when `APICTL_NO_LANE=1`,
 * or when the worker cannot start (or only the plain modules run: the tests run the TypeScript
 * sources).
 */
export function startRuleLane(env: NodeJS.ProcessEnv = process.env): RuleLane | undefined {
  if (!speedup('lane', env) || os.availableParallelism() < 2) return undefined;
  // the CommonJS entry (lane-entry.cts), which starts faster than the ES module one
  const entry = new URL('./lane-entry.cjs', import.meta.url);
  if (!entry.pathname.endsWith('/dist/lint/lane-entry.cjs')) return undefined;
  let worker: Worker;
  try {
    const { Worker } = createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
    worker = new Worker(entry);
  } catch {
    return undefined;
  }
  // the lane never keeps the process alive by itself
  worker.unref();
  let dead: string | undefined;
  const waiting = new Set<(reply: LaneReply) => void>();
  const started = new WeakMap<object, Promise<LaneRun | undefined>>();
  const fail = (why: string): void => {
    dead ??= why;
    for (const w of waiting) w({ error: why });
    waiting.clear();
    void worker.terminate();
  };
  worker.on('message', (reply: LaneReply) => {
    const [first] = waiting;
    if (first) {
      waiting.delete(first);
      first(reply);
    }
  });
  worker.on('error', (err) => fail(err instanceof Error ? err.message : String(err)));
  worker.on('messageerror', (err) => fail(err instanceof Error ? err.message : String(err)));
  worker.on('exit', () => fail('the lane ended'));
  return {
    prepare(config) {
      if (dead !== undefined || !laneCanRun(config)) return;
      try {
        worker.postMessage({ prepare: config });
      } catch (err) {
        fail(err instanceof Error ? err.message : String(err));
      }
    },
    run(job) {
      const key = job.document !== null && typeof job.document === 'object' ? job.document : undefined;
      const earlier = key !== undefined ? started.get(key) : undefined;
      if (earlier !== undefined) return earlier;
      if (dead !== undefined || !laneCanRun(job.config)) return Promise.resolve(undefined);
      const pending = new Promise<LaneRun | undefined>((resolve) => {
        // an unreferenced worker would let the process end while this thread waits for it
        worker.ref();
        waiting.add((reply) => {
          if (waiting.size === 0) worker.unref();
          resolve('run' in reply ? reply : undefined);
        });
        try {
          worker.postMessage(job);
        } catch (err) {
          // not cloneable (cannot happen for parsed JSON or YAML) or the worker is gone
          fail(err instanceof Error ? err.message : String(err));
        }
      });
      if (key !== undefined) started.set(key, pending);
      return pending;
    },
    close() {
      fail('closed');
    },
  };
}
