/**
 * Runs a ruleset over one prepared document with spectral-core, fast:
 * - Spectral gets our parsed document (no re-parse, no file or network access of its own);
 * - apictl's rules declare `resolved: false`, so Spectral walks the document as written instead
 *   of a fully inlined copy (5–29× more nodes on real specs); refs are followed inside our
 *   functions, memoised per document;
 * - positions are computed once per finding after deduplication, through the origin map, so a
 *   converted Swagger 2.0 document reports lines of the 2.0 file.
 */
import type { LoadResult } from '../document/load.js';
import type { Prepared } from '../core/prepare.js';
import type { Severity } from '../findings/finding.js';
import { activate, type RunGuard } from './guard.js';
import type { LoadedRuleset } from './ruleset.js';
import type { RuleRun, SpectralResult } from './rule-run.js';
import { anchorFor, fingerprintFor, fingerprintOf } from './fingerprint.js';
import type { LintFinding } from './types.js';
import { laneRules, type RuleLane } from './lane.js';
import { appendAll } from '../util/append.js';
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

function trivialResolver() {
  return {
    uriCache: new Map(),
    async resolve(data: unknown) {
      return { result: data, graph: { getNodeData: () => ({ refMap: {} }) }, errors: [], refMap: {} };
    },
  };
}

/**
 * Runs the enabled rules of `rs` (all of them, or those named in `only`, or all but those in
 * `skip`) over `data`, whose findings are reported for `source`. The ruleset is left as it was.
 */
export async function runRules(rs: LoadedRuleset, data: unknown, source: string, deadline: number, select: { only?: ReadonlySet<string>; skip?: ReadonlySet<string> } = {}): Promise<RuleRun> {
  const modules = rs.modules;
  const core = modules.core as unknown as typeof import('@stoplight/spectral-core');
  const resolver = rs.needsResolved ? new (modules.refResolver() as unknown as typeof import('@stoplight/spectral-ref-resolver')).Resolver() : trivialResolver();
  class ApictlSpectral extends core.Spectral {
    // Our document is already parsed and positioned: hand it over as is.
    protected override parseDocument(target: unknown) {
      return target as never;
    }
  }
  // The rules left out of this run, switched off for its length (the ruleset is shared across
  // documents and lanes of one thread, which run one after another).
  const rules = (rs.ruleset as { rules: Record<string, { enabled: boolean }> }).rules;
  const off: string[] = [];
  if (select.only !== undefined || select.skip !== undefined) {
    for (const name of Object.keys(rules)) {
      const rule = rules[name]!;
      if (rule.enabled && (select.only !== undefined ? !select.only.has(name) : select.skip!.has(name))) {
        rule.enabled = false;
        off.push(name);
      }
    }
  }
  let seq = 0;
  const doc = {
    source,
    diagnostics: [],
    formats: undefined,
    data,
    // Positions are computed later, once per kept finding, through the origin map. Spectral only
    // needs a range to sort by: a distinct one per result keeps its sort from falling through to a
    // locale-aware string comparison of rule codes (0.6 s on 7,000 results).
    getRangeForJsonPath: () => {
      seq++;
      // start and end one object: nothing changes a result's range
      const at = { line: seq, character: 0 };
      return { start: at, end: at };
    },
    trapAccess: <T>(o: T) => o,
  };
  const guard: RunGuard = { deadline, failures: new Map(), timedOut: false };
  let results: SpectralResult[] = [];
  const runErrors: string[] = [];
  try {
    const spectral = new ApictlSpectral({ resolver: resolver as never });
    spectral.setRuleset(rs.ruleset as never);
    activate(guard);
    const direct = interceptResults(rs.ruleset, doc);
    try {
      results = (await spectral.run(doc as never, { ignoreUnknownFormat: true })) as unknown as SpectralResult[];
    } catch (err) {
      // A selector that breaks the traversal itself: keep what the other rules can say by running them one by one.
      runErrors.push(err instanceof Error ? err.message : String(err));
      direct.results.length = 0;
      results = await runRuleByRule(spectral, rs, doc, guard);
    } finally {
      activate(undefined);
      direct.restore();
    }
    results = mergeBySequence(results, direct.results, direct.codes);
  } finally {
    for (const name of off) rules[name]!.enabled = true;
  }
  return { results, failures: [...guard.failures], runErrors, timedOut: guard.timedOut };
}

/** Lints one prepared document. Never throws for a rule's sake: failures become findings. */
export async function lintDocument(loaded: LoadResult, prepared: Prepared, rs: LoadedRuleset, opts: LintOptions = {}): Promise<LintFinding[]> {
  const deadline = opts.deadline ?? Date.now() + (opts.timeBudgetMs ?? 60_000);
  const source = loaded.entry.displayPath;
  const findings: LintFinding[] = [];
  const seen = new Set<string>();
  // Several findings share a node (a fifth to a quarter on the huge corpus files): map, locate and
  // anchor each path once (locate ≈ 13 µs, originOf of a converted document ≈ 15 µs).
  const origins = new Map<string, { path: string[]; key: string; identity: boolean; anchor?: string }>();
  const locations = new Map<string, ReturnType<LoadResult['locate']>>();
  const collect = (results: SpectralResult[]): void => {
    for (let k = 0; k < results.length; k++) {
      const r = results[k]!;
      const code = String(r.code);
      const meta = rs.meta.get(code);
      // Directly built results carry their path as strings and its JSON key already.
      const pathKey = (r as RunResult).pathKey;
      const path3 = pathKey !== undefined ? (r.path as string[]) : r.path.map(String);
      const key3 = pathKey ?? JSON.stringify(path3);
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

interface RunResult extends SpectralResult {
  source?: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  /** JSON.stringify(path), for results built here (their path is a fresh array of strings). */
  pathKey?: string;
}

type RuleFn = (input: unknown, options: unknown, context: { path: Array<string | number> }) => unknown;
interface SpectralRule {
  name: string;
  enabled: boolean;
  resolved: boolean;
  message: string | null;
  description: string | null;
  then: Array<{ function: RuleFn }>;
  getSeverityForSource(source: string, path: Array<string | number>): number;
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

/** Spectral's decodeSegmentFragment: `~1` → `/`, then `~0` → `~` (non-strings as strings). */
function decodeSegment(segment: unknown): string {
  if (typeof segment !== 'string') return String(segment);
  if (!segment.includes('~')) return segment;
  return segment.split('~1').join('/').split('~0').join('~');
}

/** Spectral's getClosestJsonPath: the longest prefix of `path` that exists in `data` (`in`, as Spectral tests it). */
function closestPath(data: unknown, path: string[]): string[] {
  let piece = data;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i]!;
    if (piece === null || (typeof piece !== 'object' && typeof piece !== 'function') || !(segment in (piece as object))) return path.slice(0, i);
    piece = (piece as Record<string, unknown>)[segment];
  }
  // all of it exists (the common case): the caller's fresh array itself, not a copy
  return path;
}

/**
 * Spectral turns every result into a diagnostic (pointer text, value lookup, two message
 * templates with a fresh expression parser each, a source range) and then deduplicates and sorts
 * them all: ≈ 20 µs a result, 0.2–0.3 s on a huge document. For the rules whose message needs no
 * template data (no message, a fixed one, or `{{error}}`) on the document as written, the same
 * diagnostics are built here directly, taking their place in Spectral's range sequence, and
 * merged back (and deduplicated as Spectral would) after the run. A call whose results carry `{{`
 * in a message is left to Spectral, as are asynchronous functions, rules on the resolved document,
 * rules with overrides and rule actions shared by several rules.
 */
function interceptResults(ruleset: unknown, doc: { source: string; data: unknown; getRangeForJsonPath: (p: string[], b: boolean) => RunResult['range'] }): { results: RunResult[]; codes: Set<string>; restore: () => void } {
  const results: RunResult[] = [];
  const codes = new Set<string>();
  const restore: Array<() => void> = [];
  const rules = Object.values((ruleset as { rules: Record<string, SpectralRule> }).rules).filter((r) => r.enabled);
  const uses = new Map<object, number>();
  for (const rule of rules) for (const then of rule.then) uses.set(then, (uses.get(then) ?? 0) + 1);
  for (const rule of rules) {
    if (rule.resolved || (rule as { overrides?: unknown }).overrides !== undefined) continue;
    const template = rule.message;
    if (template !== null && template !== '{{error}}' && template.includes('{{')) continue;
    if (rule.then.some((then) => uses.get(then) !== 1)) continue;
    codes.add(rule.name);
    for (const then of rule.then) {
      const inner = then.function;
      const direct: RuleFn = function (this: unknown, input, options, context) {
        const out = inner.call(this, input, options, context);
        if (!Array.isArray(out)) return out;
        // indexed loops: per result of every rule call, mostly before V8 optimises this
        const list = out as Array<{ message?: unknown; path?: Array<string | number> }>;
        for (let k = 0; k < list.length; k++) {
          const r = list[k];
          if (r === null || typeof r !== 'object' || typeof r.message !== 'string' || r.message.includes('{{')) return out;
        }
        for (let k = 0; k < list.length; k++) {
          const r = list[k] as { message: string; path?: Array<string | number> };
          const raw = r.path ?? context.path;
          const escaped = new Array<string>(raw.length);
          for (let i = 0; i < raw.length; i++) escaped[i] = decodeSegment(raw[i]);
          const path = closestPath(doc.data, escaped);
          const range = doc.getRangeForJsonPath(path, true);
          const severity = rule.getSeverityForSource(doc.source, path);
          if (severity === -1) continue;
          const message = (template === null ? (rule.description ?? r.message) : template === '{{error}}' ? r.message : template).trim();
          results.push({ code: rule.name, message, path, severity, source: doc.source, range });
        }
        return undefined;
      };
      Reflect.defineProperty(direct, 'name', { value: inner.name });
      then.function = direct;
      restore.push(() => {
        then.function = inner;
      });
    }
  }
  return { results, codes, restore: () => restore.reverse().forEach((f) => f()) };
}

/**
 * The part of Spectral's deduplication key (code + path + source + message) that locates a result:
 * its path as JSON, or its range when the path is empty (computing and keeping the path key of
 * our own results).
 */
function resultPlace(r: RunResult, direct: boolean): string {
  const pathKey = direct ? (r.pathKey ??= JSON.stringify(r.path)) : JSON.stringify(r.path);
  return r.path.length > 0 ? pathKey : JSON.stringify(r.range);
}

/**
 * Spectral's results (deduplicated, sorted by the range sequence) and the directly built ones (in
 * sequence order) as one list in sequence order, deduplicated as Spectral does (the first of
 * equal results wins) — the list Spectral would have returned.
 */
function mergeBySequence(spectral: SpectralResult[], direct: RunResult[], codes: Set<string>): SpectralResult[] {
  if (direct.length === 0) return spectral;
  const out: SpectralResult[] = [];
  // Spectral's key as nested maps instead of one long string per result: code → place → the
  // (source, message) pairs seen there, flat (rarely more than one)
  const seen = new Map<string, Map<string, string[]>>();
  const add = (r: SpectralResult, isDirect: boolean): void => {
    const code = String(r.code);
    if (codes.has(code)) {
      const place = resultPlace(r as RunResult, isDirect);
      const source = String((r as RunResult).source ?? '');
      const message = String(r.message);
      let byPlace = seen.get(code);
      if (byPlace === undefined) seen.set(code, (byPlace = new Map()));
      const pairs = byPlace.get(place);
      if (pairs === undefined) byPlace.set(place, [source, message]);
      else {
        for (let k = 0; k < pairs.length; k += 2) if (pairs[k] === source && pairs[k + 1] === message) return;
        pairs.push(source, message);
      }
    }
    out.push(r);
  };
  let i = 0;
  let j = 0;
  const line = (r: SpectralResult): number => (r as RunResult).range?.start.line ?? 0;
  while (i < spectral.length && j < direct.length) {
    if (line(spectral[i]!) <= line(direct[j]!)) add(spectral[i++]!, false);
    else add(direct[j++]!, true);
  }
  while (i < spectral.length) add(spectral[i++]!, false);
  while (j < direct.length) add(direct[j++]!, true);
  return out;
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

async function runRuleByRule(spectral: { setRuleset(r: never): void; run(d: never, o: unknown): Promise<unknown> }, rs: LoadedRuleset, doc: unknown, guard: RunGuard): Promise<SpectralResult[]> {
  const rules = (rs.ruleset as { rules: Record<string, { enabled: boolean }> }).rules;
  const enabled = Object.keys(rules).filter((n) => rules[n]!.enabled);
  const out: SpectralResult[] = [];
  try {
    for (const name of enabled) {
      for (const n of enabled) rules[n]!.enabled = n === name;
      spectral.setRuleset(rs.ruleset as never);
      try {
        appendAll(out, (await spectral.run(doc as never, { ignoreUnknownFormat: true })) as SpectralResult[]);
      } catch (err) {
        if (!guard.failures.has(name)) guard.failures.set(name, err instanceof Error ? err.message : String(err));
      }
    }
  } finally {
    // The ruleset is shared across documents: leave it as it was.
    for (const n of enabled) rules[n]!.enabled = true;
  }
  return out;
}
