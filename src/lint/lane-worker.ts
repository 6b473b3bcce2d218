/**
 * The lane's side (src/lint/lane.ts): loads each ruleset configuration it is given once, runs the
 * lane's rules of it (laneRules) over each job's document, one job at a time, and sends the
 * results back as plain data. src/lint/lane-entry.cts is the thread's entry.
 */
import type { MessagePort } from 'node:worker_threads';
import { runRules } from './engine.js';
import { laneRules, type LaneJob, type LaneReply } from './lane.js';
import { loadRuleset, type LoadedRuleset, type RulesetConfig } from './ruleset.js';
import { flushCodeCache } from '../util/code-cache.js';

export function serveLane(port: MessagePort): void {
  const rulesets = new Map<string, Promise<LoadedRuleset>>();
  const rulesetOf = (config: RulesetConfig): Promise<LoadedRuleset> => {
    const key = JSON.stringify(config);
    let rs = rulesets.get(key);
    if (rs === undefined) {
      rs = loadRuleset(config);
      // The lane is terminated when the run ends: what loading compiled goes to the code cache now.
      // (A failed load is reported to the job that needs it.)
      rs.then(flushCodeCache, () => undefined);
      rulesets.set(key, rs);
    }
    return rs;
  };
  // A message that cannot be rebuilt here (a document too deeply nested for this thread's stack)
  // leaves a job unanswered: end the lane, and the main thread runs the rules itself.
  port.on('messageerror', () => process.exit(1));
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (m: LaneJob | { prepare: RulesetConfig }) => {
    if ('prepare' in m) {
      rulesetOf(m.prepare);
      return;
    }
    const job = m;
    queue = queue.then(async () => {
      let reply: LaneReply;
      try {
        const rs = await rulesetOf(job.config);
        const rules = laneRules(rs);
        const run = await runRules(rs, job.document, job.source, job.deadline, { only: new Set(rules) });
        reply = { fingerprint: rs.fingerprint, rules, run };
      } catch (err) {
        reply = { error: err instanceof Error ? err.message : String(err) };
      }
      port.postMessage(reply);
    });
  });
}
