/**
 * Inline ignores: an `x-apictl-ignore` on any object of the document suppresses findings of the
 * named rules at that object or below it, each with the reason a reviewer can read:
 *
 * ```yaml
 * paths:
 *   /legacy:
 *     get:
 *       x-apictl-ignore:
 *         operation-id-required: "generated client depends on the missing id; removed in v3"
 *       # or, as a list:
 *       x-apictl-ignore:
 *         - rule: operation-id-required
 *           reason: "…"
 * ```
 *
 * The reason is required: an entry without a non-empty one suppresses nothing and is itself
 * reported (`ignore-without-reason`), so silencing a rule always leaves a written trace. There is
 * no wildcard: every suppression names its rule.
 *
 * Findings' paths are paths of the 3.x document the rules ran on, so that is the document walked
 * (a Swagger 2.0 input's extensions are carried into it by the conversion).
 */
import type { Prepared } from '../core/prepare.js';
import type { LoadResult } from '../document/load.js';
import type { Range } from '../findings/finding.js';
import { suggest } from '../util/suggest.js';
import { fingerprintFor } from './fingerprint.js';
import type { LoadedRuleset } from './ruleset.js';
import type { LintFinding } from './types.js';

export const IGNORE_KEY = 'x-apictl-ignore';
export const IGNORE_PROBLEM = 'ignore-without-reason';
export const IGNORE_UNKNOWN_RULE = 'ignore-unknown-rule';

/** Where a path of the 3.x document is in the files as written. */
export interface IgnoreLocation {
  source?: string;
  range?: Range;
  /** The path in the document as written (2.0 path for converted input). */
  sourcePath: string[];
}

export interface IgnoreResult {
  /** Findings no ignore applies to. */
  kept: LintFinding[];
  /** Findings an ignore entry with a reason applies to (the innermost entry's reason). */
  suppressed: Array<{ finding: LintFinding; reason: string }>;
  /**
   * `ignore-without-reason` findings, one per entry that lacks a reason or is malformed, and
   * `ignore-unknown-rule` ones, one per entry naming no rule of the run (a typo ignores nothing).
   */
  problems: LintFinding[];
}

/** One usable ignore entry: the rule it names and its reason ('' when missing). */
interface Entry {
  rule: string;
  reason: string;
  /** Path of the entry in the document, for problems. */
  at: string[];
}

type Obj = Record<string, unknown>;

function isObject(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Reads the entries of one `x-apictl-ignore` value, and the problems in it. `at` is the path of
 * the value itself.
 */
function readEntries(value: unknown, at: string[]): { entries: Entry[]; problems: Array<{ at: string[]; message: string }> } {
  const entries: Entry[] = [];
  const problems: Array<{ at: string[]; message: string }> = [];
  const add = (rule: string, reason: unknown, entryAt: string[]): void => {
    const text = typeof reason === 'string' ? reason.trim() : '';
    entries.push({ rule, reason: text, at: entryAt });
    if (text === '')
      problems.push({ at: entryAt, message: `ignore of '${rule}' has no reason: write why it is acceptable, e.g. ${IGNORE_KEY}: { ${rule}: "why" }; until then the rule is not ignored` });
  };
  if (isObject(value)) {
    for (const [rule, reason] of Object.entries(value)) add(rule, reason, [...at, rule]);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      const entryAt = [...at, String(i)];
      if (isObject(item) && typeof item.rule === 'string' && item.rule !== '') add(item.rule, item.reason, entryAt);
      else problems.push({ at: entryAt, message: `${IGNORE_KEY} entries are { rule, reason }: this one names no rule and ignores nothing` });
    });
  } else {
    problems.push({ at, message: `${IGNORE_KEY} takes a mapping of rule id → reason (or a list of { rule, reason }): this one ignores nothing` });
  }
  return { entries, problems };
}

/** Entries of the ignore on one object, memoised: many findings share the same ancestors. */
function ignoresOf(node: Obj, nodePath: string[], cache: WeakMap<Obj, Entry[]>): Entry[] {
  let e = cache.get(node);
  if (!e) {
    e = Object.hasOwn(node, IGNORE_KEY) ? readEntries(node[IGNORE_KEY], [...nodePath, IGNORE_KEY]).entries : [];
    cache.set(node, e);
  }
  return e;
}

/** The reason of the innermost ignore of `rule` on the way from the root to `path`, if any. */
function reasonFor(doc: unknown, path: readonly string[], rule: string, cache: WeakMap<Obj, Entry[]>): string | undefined {
  let found: string | undefined;
  let cur: unknown = doc;
  for (let i = 0; ; i++) {
    if (isObject(cur)) {
      const hit = ignoresOf(cur, path.slice(0, i), cache).find((e) => e.rule === rule && e.reason !== '');
      if (hit) found = hit.reason;
    }
    if (i === path.length) break;
    const seg = path[i]!;
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, seg)) break;
    cur = (cur as Obj)[seg];
  }
  return found;
}

/** Every `x-apictl-ignore` in the document with its path; each object once, whatever shares it. */
function allIgnores(doc: unknown): Array<{ value: unknown; at: string[] }> {
  // Paths as parent links, turned into arrays only for the (few) ignores found: most documents
  // have none, and a path array per node cost more than the rest of the walk.
  interface Link {
    parent: Link | undefined;
    key: string;
  }
  const pathOf = (link: Link | undefined): string[] => {
    const p: string[] = [];
    for (let l = link; l; l = l.parent) p.push(l.key);
    return p.reverse();
  };
  const found: Array<{ value: unknown; at: Link }> = [];
  const seen = new WeakSet<object>();
  const stack: Array<{ node: object; at: Link | undefined }> = [];
  if (doc !== null && typeof doc === 'object') stack.push({ node: doc, at: undefined });
  while (stack.length > 0) {
    const { node, at } = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) {
        const c: unknown = node[i];
        if (c !== null && typeof c === 'object') stack.push({ node: c, at: { parent: at, key: String(i) } });
      }
      continue;
    }
    const keys = Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i]!;
      const c = (node as Obj)[k];
      // The ignore's own value is data, not document: do not look for ignores inside it.
      if (k === IGNORE_KEY) found.push({ value: c, at: { parent: at, key: k } });
      else if (c !== null && typeof c === 'object') stack.push({ node: c, at: { parent: at, key: k } });
    }
  }
  return found.map((f) => ({ value: f.value, at: pathOf(f.at) }));
}

const KEY_CHARS = new Set(IGNORE_KEY);

/**
 * False when `text` (JSON or YAML) surely has no `x-apictl-ignore` key: the key is not written
 * out, and no escape could spell one of its characters (JSON `\uXXXX`; YAML `\xXX`, `\uXXXX`,
 * `\UXXXXXXXX`) or join two lines of a quoted key (YAML's escaped line break). Lets a lint skip
 * the walk of the whole document that looks for ignores, which nearly every document lacks.
 */
export function textMayHoldIgnores(text: string): boolean {
  if (text.includes(IGNORE_KEY)) return true;
  for (let i = text.indexOf('\\'); i !== -1; i = text.indexOf('\\', i + 2)) {
    const c = text[i + 1];
    if (c === '\n' || c === '\r') return true;
    const digits = c === 'x' ? 2 : c === 'u' ? 4 : c === 'U' ? 8 : 0;
    if (digits === 0) continue;
    const hex = text.slice(i + 2, i + 2 + digits);
    if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== digits) continue;
    const code = Number.parseInt(hex, 16);
    if (code <= 0x10ffff && KEY_CHARS.has(String.fromCodePoint(code))) return true;
  }
  return false;
}

/**
 * Splits findings into kept and suppressed, and reports ignore entries without a reason.
 * `locate` gives the file position of a 3.x path (for the problems, which the rules did not locate).
 * `texts`, when given, are the texts of every file the document was read from: when none may hold
 * an ignore (textMayHoldIgnores), the document is not walked.
 */
export function applyIgnores(findings: LintFinding[], doc3: unknown, locate: (path3: string[]) => IgnoreLocation, texts?: readonly string[], knownRules?: ReadonlySet<string>): IgnoreResult {
  if (texts !== undefined && !texts.some(textMayHoldIgnores)) return { kept: findings, suppressed: [], problems: [] };
  const ignores = allIgnores(doc3);
  const problems: LintFinding[] = [];
  const problem = (code: string, at: string[], message: string): void => {
    const loc = locate(at);
    problems.push({
      code,
      severity: 'warn',
      message,
      path: at,
      sourcePath: loc.sourcePath,
      source: loc.source,
      range: loc.range,
      category: 'compliance',
      fingerprint: fingerprintFor(code, at, doc3),
    });
  };
  for (const { value, at } of ignores) {
    const { entries, problems: malformed } = readEntries(value, at);
    for (const p of malformed) problem(IGNORE_PROBLEM, p.at, p.message);
    if (knownRules === undefined) continue;
    for (const e of entries) {
      if (knownRules.has(e.rule)) continue;
      problem(IGNORE_UNKNOWN_RULE, e.at, `${IGNORE_KEY} names '${e.rule}', which is no rule of this run${suggest(e.rule, knownRules)}: it ignores nothing`);
    }
  }
  if (ignores.length === 0) return { kept: findings, suppressed: [], problems };

  const cache = new WeakMap<Obj, Entry[]>();
  const kept: LintFinding[] = [];
  const suppressed: IgnoreResult['suppressed'] = [];
  for (const f of findings) {
    const reason = reasonFor(doc3, f.path, f.code, cache);
    if (reason === undefined) kept.push(f);
    else suppressed.push({ finding: f, reason });
  }
  return { kept, suppressed, problems };
}

/**
 * The ignores of a linted document applied to its findings: problems are located at the source
 * through the document's origin map, and an ignore may name the run's rules (validation checks
 * included) and the ignores' own problems.
 */
export function applyDocumentIgnores(findings: LintFinding[], loaded: LoadResult, prepared: Prepared, ruleset: LoadedRuleset): IgnoreResult {
  return applyIgnores(
    findings,
    prepared.document,
    (p: string[]) => {
      const sourcePath = prepared.originOf(p);
      const loc = loaded.locate(sourcePath);
      return { source: loc.file, range: loc.range, sourcePath };
    },
    // one file: its text tells whether there can be ignores at all (no walk when not)
    loaded.files.size === 1 ? [loaded.entryText] : undefined,
    knownRuleIds(ruleset),
  );
}

const knownIds = new WeakMap<LoadedRuleset, Set<string>>();
function knownRuleIds(rs: LoadedRuleset): Set<string> {
  let ids = knownIds.get(rs);
  if (ids === undefined) {
    ids = new Set([...rs.meta.keys(), IGNORE_PROBLEM, IGNORE_UNKNOWN_RULE, 'rule-failed', 'lint-time-budget', 'rules-not-run']);
    knownIds.set(rs, ids);
  }
  return ids;
}
