/**
 * apictl's rule runner: calls each rule's functions on what its `given` selects in the document as
 * written, and returns the results as Spectral would report them for the same ruleset (same
 * targets, paths, messages and de-duplication), so the rulesets stay valid Spectral rulesets. One
 * failing function never ends a run (it is recorded and the rule skipped), and no run goes past its
 * deadline.
 */
import type { RuleRun, SpectralResult } from '../rule-run.js';
import type { RuleContext, RuleFunction, RuleResult } from './builtin.js';
import { dotPath, escapedPointer, renderMessage, type MessageVars } from './message.js';
import { select, type Path, type Selector } from './select.js';

export interface RuleThen {
  /** A property name, or `@key` for the keys of the selected object. */
  field?: string;
  fn: RuleFunction;
  options: unknown;
}

/** One of apictl's own rules, ready to run. */
export interface OwnRule {
  name: string;
  given: Selector[];
  then: RuleThen[];
  /** The rule's message template, or null (then its description, else the function's message). */
  message: string | null;
  description: string | null;
  /** 0 error, 1 warn, 2 info, 3 hint. */
  severity: number;
}

/** Runs `rules` over `data` (the 3.x document as written, refs not followed). */
export function runOwnRules(rules: readonly OwnRule[], data: unknown, deadline: number): RuleRun {
  const results: SpectralResult[] = [];
  // rule → the first error its functions threw, in the order they failed
  const failures = new Map<string, string>();
  let timedOut = false;
  for (const rule of rules) {
    const context: RuleContext = { document: { data }, rule: { name: rule.name }, path: [] };
    select(data, rule.given, (givenPath, value) => {
      for (const then of rule.then) {
        for (const target of targets(value, then.field)) {
          // past the deadline nothing more runs; what was found stays
          if (timedOut || Date.now() > deadline) {
            timedOut = true;
            return;
          }
          context.path = target.path.length > 0 ? [...givenPath, ...target.path] : givenPath;
          let found: RuleResult[] | undefined | undefined;
          try {
            found = then.fn(target.value, then.options ?? null, context);
          } catch (err) {
            // one failing call is recorded and skipped; the rule's other calls still report
            if (!failures.has(rule.name)) failures.set(rule.name, err instanceof Error ? err.message : String(err));
            continue;
          }
          if (found) for (const r of found) results.push(result(rule, data, context.path, r));
        }
      }
    });
    if (timedOut) break;
  }
  return { results: dedupe(results), failures: [...failures], runErrors: [], timedOut };
}

/** What a `then` hands its function: the selected value, one of its properties, or each of its keys. */
function targets(value: unknown, field: string | undefined): Array<{ path: Path; value: unknown }> {
  if (field === undefined || value === null || typeof value !== 'object') return [{ path: [], value }];
  if (field === '@key') {
    const keys = Object.keys(value);
    return keys.length > 0 ? keys.map((k) => ({ path: [k], value: k })) : [{ path: [], value: undefined }];
  }
  const segments = field.split('.');
  let v: unknown = value;
  for (const s of segments) v = v !== null && typeof v === 'object' && Object.hasOwn(v, s) ? (v as Record<string, unknown>)[s] : undefined;
  return [{ path: segments, value: v }];
}

function result(rule: OwnRule, data: unknown, targetPath: Path, r: RuleResult): SpectralResult {
  const wanted = (r.path ?? targetPath).map((s) => (typeof s === 'string' ? (s.includes('~') ? s.replace(/~1/g, '/').replace(/~0/g, '~') : s) : String(s)));
  // the longest part of the reported path that exists (`in`, as Spectral tests it)
  const path: string[] = [];
  let node = data;
  for (const seg of wanted) {
    if (node === null || typeof node !== 'object' || !(seg in node)) break;
    path.push(seg);
    node = (node as Record<string, unknown>)[seg];
  }
  const vars: MessageVars = {
    property: wanted.length > path.length ? dotPath(wanted.slice(path.length - 1)) : path.length > 0 ? path[path.length - 1]! : '',
    error: r.message,
    path: escapedPointer(path),
    description: rule.description,
    value: node,
  };
  const resultMessage = renderMessage(r.message, vars);
  vars.error = resultMessage;
  const message = (rule.message === null ? (rule.description ?? resultMessage) : renderMessage(rule.message, vars)).trim();
  return { code: rule.name, message, path, severity: rule.severity };
}

/**
 * Spectral's de-duplication: the first of the results with the same rule, path and message. (A
 * result at the document's root is never a duplicate: Spectral tells those apart by position.)
 */
function dedupe(results: SpectralResult[]): SpectralResult[] {
  const seen = new Set<string>();
  return results.filter((r) => {
    if (r.path.length === 0) return true;
    const key = `${r.code}\u0000${JSON.stringify(r.path)}\u0000${r.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
