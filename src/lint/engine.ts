/**
 * Runs a ruleset over one prepared document and turns the results into findings:
 * - apictl's own rules run in its runner (src/lint/runner) on the document as written (refs are
 *   followed inside the rule functions, memoised per document); the rules of extended rulesets
 *   run in Spectral, which gets our parsed document (no re-parse, no file or network access);
 * - positions are computed once per finding after deduplication, through the origin map, so a
 *   converted Swagger 2.0 document reports lines of the 2.0 file.
 */
import type { LoadResult } from '../document/load.js';
import type { Prepared } from '../core/prepare.js';
import type { Severity } from '../findings/finding.js';
import { type RunGuard, withGuard } from './guard.js';
import { runOwnRules } from './runner/run.js';
import type { LoadedRuleset } from './ruleset.js';
import type { RuleRun, SpectralResult } from './rule-run.js';
import { anchorFor, fingerprintFor, fingerprintOf } from './fingerprint.js';
import type { LintFinding } from './types.js';
import { laneRules, type RuleLane } from './lane.js';
import { formatSeconds } from '../util/duration.js';

export interface LintOptions {
  /** Time budget for one document, in ms (default 60 s). */
  timeBudgetMs?: number;
  /** When the budget runs out (ms since the epoch), when it started before linting (loading counts); default now + timeBudgetMs. */
  deadline?: number;
  /** A second lane for part of the rules (src/lint/lane.ts), started for the same ruleset configuration. */
  lane?: RuleLane;
}

const SEVERITY: Severity[] = ['error', 'warn', 'info', 'hint'];

/**
 * Runs the enabled rules of `rs` (all of them, or those of its own named in `only`, or all but
 * those in `skip`) over `data`, whose findings are reported for `source`.
 */
export async function runRules(rs: LoadedRuleset, data: unknown, source: string, deadline: number, select: { only?: ReadonlySet<string>; skip?: ReadonlySet<string> } = {}): Promise<RuleRun> {
  const own = select.only !== undefined ? rs.own.filter((r) => select.only!.has(r.name)) : select.skip !== undefined ? rs.own.filter((r) => !select.skip!.has(r.name)) : rs.own;
  // the lane runs only own rules (laneRules): the extended ones run where the others do, first (a
  // slow function a team brings spends the budget, and ours then stop and say so)
  if (rs.spectral === undefined || select.only !== undefined) return runOwnRules(own, data, deadline);
  const ext = await runExtended(rs, data, source, deadline);
  const run = runOwnRules(own, data, deadline);
  return { results: ext.results.concat(run.results), failures: ext.failures.concat(run.failures), runErrors: ext.runErrors, timedOut: run.timedOut || ext.timedOut };
}

function trivialResolver() {
  return {
    uriCache: new Map(),
    async resolve(data: unknown) {
      return { result: data, graph: { getNodeData: () => ({ refMap: {} }) }, errors: [], refMap: {} };
    },
  };
}

/** The rules of extended rulesets, in Spectral, with the severities the config gave them. */
async function runExtended(rs: LoadedRuleset, data: unknown, source: string, deadline: number): Promise<RuleRun> {
  const modules = rs.modules;
  const core = modules.core() as unknown as typeof import('@stoplight/spectral-core');
  const resolver = rs.needsResolved ? new (modules.refResolver() as unknown as typeof import('@stoplight/spectral-ref-resolver')).Resolver() : trivialResolver();
  // Our document is already parsed: Spectral takes it as a parsed result (positions come from our
  // own map later, so every result gets the document's start).
  const at = { line: 0, character: 0 };
  const parsed = { source, parsed: { data, diagnostics: [] }, getLocationForJsonPath: () => ({ range: { start: at, end: at } }) };
  const guard: RunGuard = { deadline, failures: new Map(), timedOut: false };
  const runErrors: string[] = [];
  let results: SpectralResult[] = [];
  const spectral = new core.Spectral({ resolver: resolver as never });
  spectral.setRuleset(rs.spectral as never);
  try {
    results = (await withGuard(guard, () => spectral.run(parsed as never, { ignoreUnknownFormat: true }))) as unknown as SpectralResult[];
  } catch (err) {
    // a selector that breaks Spectral's traversal: the extended rules report nothing, and the run says so
    runErrors.push(err instanceof Error ? err.message : String(err));
  }
  const out: SpectralResult[] = [];
  for (const r of results) {
    const severity = rs.extendedSeverity.get(String(r.code)) ?? r.severity;
    if (severity !== -1) out.push({ code: r.code, message: r.message, path: r.path, severity });
  }
  return { results: out, failures: [...guard.failures], runErrors, timedOut: guard.timedOut };
}

/** Lints one prepared document. Never throws for a rule's sake: failures become findings. */
export async function lintDocument(loaded: LoadResult, prepared: Prepared, rs: LoadedRuleset, opts: LintOptions = {}): Promise<LintFinding[]> {
  const deadline = opts.deadline ?? Date.now() + (opts.timeBudgetMs ?? 60_000);
  const source = loaded.entry.displayPath;
  const findings: LintFinding[] = [];
  const seen = new Set<string>();
  // Several findings share a node (often, on large documents): map, locate and anchor each path
  // once, both costly per call.
  const origins = new Map<string, { path: string[]; key: string; identity: boolean; anchor?: string }>();
  const locations = new Map<string, ReturnType<LoadResult['locate']>>();
  const collect = (results: SpectralResult[]): void => {
    // hot: per finding; bench: bench/lint.mjs (docs/performance.md#indexed-loops-lint)
    for (let k = 0; k < results.length; k++) {
      const r = results[k]!;
      const code = String(r.code);
      const meta = rs.meta.get(code);
      const path3 = r.path.map(String);
      const key3 = JSON.stringify(path3);
      let origin = origins.get(key3);
      if (origin === undefined) {
        const p = prepared.originOf(path3);
        origin = { path: p, key: p === path3 ? key3 : JSON.stringify(p), identity: p === path3 };
        origins.set(key3, origin);
      }
      const sourcePath = origin.identity ? path3 : origin.path;
      let loc = locations.get(origin.key);
      if (loc === undefined) {
        loc = loaded.locate(sourcePath);
        locations.set(origin.key, loc);
      }
      // One source node can reach several places of the document (one per media type after
      // conversion, one per use of a file bundled in): report it once, where it is written.
      const key = `${code}\u0000${loc.file}\u0000${loc.range.start.line}:${loc.range.start.column}\u0000${r.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push({
        code,
        severity: SEVERITY[r.severity] ?? 'warn',
        message: r.message,
        path: path3,
        sourcePath,
        source: loc.file,
        range: loc.range,
        category: meta?.category ?? 'style',
        fix: meta?.fix,
        docs: docsOf(code),
        // the anchor depends on the path only: once per path, however many rules report there
        fingerprint: fingerprintOf(code, (origin.anchor ??= anchorFor(path3, prepared.document))),
      });
    }
  };

  // With a lane (src/lint/lane.ts), part of the rules run there meanwhile (and here after all
  // when the lane cannot run them); this thread's results are collected while the lane's are
  // still coming. Each rule's results come from one thread in the order it emitted them, which is
  // all that collecting depends on (it deduplicates per rule; reports sort).
  const runs: RuleRun[] = [];
  const take = (run: RuleRun): void => {
    runs.push(run);
    collect(run.results);
  };
  const laneNames = opts.lane !== undefined ? laneRules(rs) : [];
  if (opts.lane === undefined || laneNames.length === 0) {
    take(await runRules(rs, prepared.document, source, deadline));
  } else {
    const inLane = new Set(laneNames);
    const remote = opts.lane.run({ config: rs.config, document: prepared.document, source, deadline });
    take(await runRules(rs, prepared.document, source, deadline, { skip: inLane }));
    const reply = await remote;
    // the lane's run counts only for the very ruleset and rules of this one (else they run here)
    const same = reply !== undefined && reply.fingerprint === rs.fingerprint && reply.rules.length === laneNames.length && reply.rules.every((n) => inLane.has(n));
    take(same ? reply.run : await runRules(rs, prepared.document, source, deadline, { only: inLane }));
  }
  const failures = runs.flatMap((r) => r.failures);
  for (const [rule, message] of failures) {
    findings.push(internalFinding('rule-failed', `rule '${rule}' failed and was skipped: ${message}`, loaded, prepared));
  }
  for (const message of runs.flatMap((r) => r.runErrors)) {
    if (failures.length === 0) findings.push(internalFinding('rule-failed', `a rule selector failed: ${message}`, loaded, prepared));
  }
  if (runs.some((r) => r.timedOut)) {
    findings.push(internalFinding('lint-time-budget', `linting stopped after the time budget of ${formatSeconds(opts.timeBudgetMs ?? 60_000)}: results are incomplete`, loaded, prepared));
  }
  return findings;
}

/** The `docs` text of a rule's findings, one string per rule (not one per finding). */
const docsTexts = new Map<string, string>();
function docsOf(code: string): string {
  let d = docsTexts.get(code);
  if (d === undefined) {
    d = `apictl rules show ${code}`;
    if (docsTexts.size < 10_000) docsTexts.set(code, d);
  }
  return d;
}

/** A finding about the run itself (a rule failed, the budget ran out), at the top of the entry file. */
export function internalFinding(code: string, message: string, loaded: LoadResult, prepared: Prepared): LintFinding {
  const loc = loaded.locate([]);
  return {
    code,
    severity: 'warn',
    message,
    path: [],
    sourcePath: [],
    source: loc.file,
    range: loc.range,
    category: 'internal',
    fingerprint: fingerprintFor(code, [], prepared.document),
  };
}
