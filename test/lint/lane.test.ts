/**
 * The rules lane (src/lint/lane.ts): part of the rules of a large document run on a worker thread.
 * A lane only runs from the built modules, so these tests use dist/.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusDir, hasCorpus, repoRoot } from '../helpers/corpus.js';
import { tempTree } from '../helpers/tmp.js';

const dist = async <T>(rel: string): Promise<T> => (await import(pathToFileURL(path.join(repoRoot, 'dist', rel)).href)) as T;
const laneModule = await dist<typeof import('../../src/lint/lane.js')>('lint/lane.js');
const { lintDocument } = await dist<typeof import('../../src/lint/engine.js')>('lint/engine.js');
const { loadRuleset } = await dist<typeof import('../../src/lint/ruleset.js')>('lint/ruleset.js');
const { loadDocument } = await dist<typeof import('../../src/document/load.js')>('document/load.js');
const { prepareDocument } = await dist<typeof import('../../src/core/prepare.js')>('core/prepare.js');
type RuleLane = import('../../src/lint/lane.js').RuleLane;
type LaneRun = import('../../src/lint/lane.js').LaneRun;
type RulesetConfig = import('../../src/lint/ruleset.js').RulesetConfig;

const lanes: RuleLane[] = [];
afterAll(() => lanes.forEach((l) => l.close()));

function startLane(): RuleLane {
  // an empty environment: APICTL_NO_LANE of the caller's does not switch it off here
  const lane = laneModule.startRuleLane({});
  if (!lane) throw new Error('no lane: the tests need dist/ built (npm run build) and two cores');
  lanes.push(lane);
  return lane;
}

/** A lane whose replies the test can see. */
function watched(lane: RuleLane): { lane: RuleLane; replies: Array<LaneRun | undefined> } {
  const replies: Array<LaneRun | undefined> = [];
  return {
    replies,
    lane: {
      prepare: (c) => lane.prepare(c),
      close: () => lane.close(),
      run: (job) => {
        const p = lane.run(job);
        void p.then((r) => replies.push(r));
        return p;
      },
    },
  };
}

async function lint(file: string, config: RulesetConfig, lane?: RuleLane) {
  const loaded = await loadDocument({ path: file }, {});
  const prepared = await prepareDocument(loaded, { validationLimit: Infinity, consumeInput: true });
  const rs = await loadRuleset(config);
  const findings = await lintDocument(loaded, prepared, rs, { lane });
  return { rs, prepared, findings };
}

/** Findings in one order (a lane changes the order they are collected in, which reports sort anyway). */
const canonical = (findings: unknown[]): string[] => findings.map((f) => JSON.stringify(f)).sort();

const petstore = path.join(repoRoot, 'examples', 'petstore-swagger2.yaml');
const bookshop = path.join(repoRoot, 'examples', 'bookshop-openapi31.yaml');

describe('rules lane', () => {
  for (const [name, file, config] of [
    ['a converted Swagger 2.0 document', petstore, {}],
    ['an OpenAPI 3.1 document with every pack', bookshop, { packs: ['psd2', 'fhir', 'r155', 'gdpr'] }],
  ] as const) {
    it(`runs the style and compliance rules on the worker and reports exactly what one thread does: ${name}`, async () => {
      const alone = await lint(file, config);
      const { lane, replies } = watched(startLane());
      const split = await lint(file, config, lane);
      expect(replies).toHaveLength(1);
      const reply = replies[0]!;
      // the lane ran, with the very ruleset of this thread, and its rules reported something
      expect(reply).toBeDefined();
      expect(reply!.fingerprint).toBe(split.rs.fingerprint);
      expect(reply!.rules).toEqual(laneModule.laneRules(split.rs));
      expect(reply!.rules.every((r) => laneModule.LANE_CATEGORIES.has(split.rs.meta.get(r)!.category))).toBe(true);
      expect(reply!.run.results.length).toBeGreaterThan(0);
      // findings of both threads' rules, and the same ones as without the lane
      const categories = new Set(split.findings.map((f) => f.category));
      expect([...categories].some((c) => laneModule.LANE_CATEGORIES.has(c))).toBe(true);
      expect([...categories].some((c) => c === 'security' || c === 'performance')).toBe(true);
      expect(canonical(split.findings)).toEqual(canonical(alone.findings));
    });
  }

  it('runs the rules here when the lane cannot: closed, or asked to run an extended ruleset', async () => {
    const alone = await lint(petstore, {});
    const closed = startLane();
    closed.close();
    const { lane, replies } = watched(closed);
    expect(canonical((await lint(petstore, {}, lane)).findings)).toEqual(canonical(alone.findings));
    expect(replies).toEqual([undefined]);
    // a document that cannot be copied to the lane (it never is one that was parsed)
    const loaded = await loadDocument({ path: petstore }, {});
    const prepared = await prepareDocument(loaded, { validationLimit: Infinity, consumeInput: true });
    const info = prepared.document.info as Record<string, unknown>;
    Object.defineProperty(info, 'x-not-data', { value: Symbol('not cloneable'), enumerable: true });
    const refused = watched(startLane());
    const rs = await loadRuleset({});
    expect(canonical(await lintDocument(loaded, prepared, rs, { lane: refused.lane }))).toEqual(canonical(alone.findings));
    expect(refused.replies).toEqual([undefined]);
    // a team's extended ruleset is code the lane does not load a second time
    expect(laneModule.laneCanRun({ extends: [path.join(tempTree({ 'team.yaml': 'rules: {}\n' }), 'team.yaml')] })).toBe(false);
  });

  it('keeps to the time budget on both threads and says the results are incomplete', async () => {
    const { lane, replies } = watched(startLane());
    const loaded = await loadDocument({ path: petstore }, {});
    const prepared = await prepareDocument(loaded, { validationLimit: Infinity, consumeInput: true });
    const rs = await loadRuleset({});
    // a budget already spent: no rule runs on either thread
    const findings = await lintDocument(loaded, prepared, rs, { lane, timeBudgetMs: -1000 });
    expect(replies[0]?.run.timedOut).toBe(true);
    expect(replies[0]!.run.results).toEqual([]);
    expect(findings.map((f) => f.code)).toEqual(['lint-time-budget']);
  });

  it("does not use a run of another ruleset than this thread's", async () => {
    const alone = await lint(petstore, {});
    // a rule of the lane's that reports here, made an error: the same rules, another ruleset
    const tuned = alone.findings.find((f) => laneModule.LANE_CATEGORIES.has(f.category) && f.severity !== 'error')!;
    expect(tuned).toBeDefined();
    const { lane, replies } = watched(startLane());
    const loaded = await loadDocument({ path: petstore }, {});
    const prepared = await prepareDocument(loaded, { validationLimit: Infinity, consumeInput: true });
    void lane.run({ config: { rules: { [tuned.code]: 'error' } }, document: prepared.document, source: loaded.entry.displayPath, deadline: Date.now() + 60_000 });
    const rs = await loadRuleset({});
    const findings = await lintDocument(loaded, prepared, rs, { lane });
    expect(replies[0]?.rules).toEqual(laneModule.laneRules(rs));
    expect(replies[0]!.fingerprint).not.toBe(rs.fingerprint);
    expect(canonical(findings)).toEqual(canonical(alone.findings));
  });
});

describe.skipIf(!hasCorpus)('rules lane on a huge document (corpus)', () => {
  it('gives the CLI the same report with and without the lane (Kubernetes, converted from 2.0)', () => {
    const bin = path.join(repoRoot, 'bin', 'apictl.js');
    const file = path.join(corpusDir, 'huge', 'kubernetes-swagger.json');
    const caches = tempTree({});
    const run = (env: Record<string, string>): string => {
      try {
        return execFileSync(process.execPath, [bin, 'lint', file, '-f', 'json', '--no-record', '--no-config', '-q'], {
          encoding: 'utf8',
          maxBuffer: 256 * 1024 * 1024,
          env: { ...process.env, ...env },
        });
      } catch (e) {
        // exit 1: findings of severity error
        const err = e as { status: number; stdout: string };
        if (err.status !== 1) throw e;
        return err.stdout;
      }
    };
    // the lane's worker writes its code cache entry as it starts: that it is there says the lane ran
    const laneCache = (dir: string): string[] =>
      readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => /lane\.bundle\.cjs-\w+\.bin$/.test(f));
    const without = run({ APICTL_NO_LANE: '1', APICTL_CACHE_DIR: path.join(caches, 'without') });
    const withLane = run({ APICTL_CACHE_DIR: path.join(caches, 'with') });
    expect(laneCache(path.join(caches, 'without'))).toEqual([]);
    expect(laneCache(path.join(caches, 'with'))).toHaveLength(1);
    expect(JSON.parse(withLane).length).toBeGreaterThan(5000);
    expect(withLane).toBe(without);
  }, 60_000);
});
