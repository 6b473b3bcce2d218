/**
 * Baselines: the findings a team has accepted for now, so that CI fails only on new ones
 * (forwards-only governance). A finding is matched by its fingerprint (rule + anchor, no line
 * numbers: see fingerprint.ts) and its file, counting multiplicity: a baseline holding a
 * fingerprint twice makes two of today's matching findings known, and a third one new.
 *
 * The file is JSON, sorted and pretty-printed so that it diffs well in review:
 * { version: 1, tool: 'apictl', created, rulesetFingerprint, findings: [{fingerprint, code, file, message}] }
 * with `file` relative to the baseline's own folder (forward slashes), so the baseline stays valid
 * wherever the repository is checked out and whichever folder apictl runs from.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseJson, JsonSyntaxError, type JsonLocator } from '../document/json.js';
import { LineIndex } from '../document/lines.js';
import { InputError } from '../errors.js';
import type { LintFinding } from './types.js';

export const BASELINE_VERSION = 1;

export interface BaselineEntry {
  fingerprint: string;
  code: string;
  /** Relative to the baseline's folder, forward slashes ('' when the finding had no file; URLs as is). */
  file: string;
  /** For people reading the file; matching ignores it unless it breaks a tie. */
  message: string;
}

export interface Baseline {
  version: 1;
  tool: 'apictl';
  /** ISO 8601 time of writing. */
  created: string;
  /** Ruleset fingerprint at the time: a different one today means rules changed since (say so, still match). */
  rulesetFingerprint: string;
  findings: BaselineEntry[];
}

/** A baseline read from disk, with the folder its file paths are relative to. */
export interface LoadedBaseline extends Baseline {
  dir: string;
}

export interface BaselineMeta {
  rulesetFingerprint: string;
  /** Defaults to now. */
  created?: Date;
  /** Folder the findings' display paths are relative to (default: the current folder). */
  cwd?: string;
}

function isUrl(file: string): boolean {
  return /^[a-z][a-z0-9+.-]+:/i.test(file) && !/^[a-z]:[\\/]/i.test(file);
}

/** A display path → the baseline's form: relative to the baseline's folder, forward slashes. */
function baselinePath(source: string | undefined, cwd: string, dir: string): string {
  if (!source) return '';
  if (isUrl(source)) return source;
  return path.relative(dir, path.resolve(cwd, source)).split(path.sep).join('/');
}

/** The identity of a file for matching: an absolute path (or the URL). */
function fileKey(file: string, relativeTo: string): string {
  if (file === '' || isUrl(file)) return file;
  return path.resolve(relativeTo, file);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The baseline file's text for these findings (pure: what writeBaseline writes). */
export function baselineText(file: string, findings: readonly LintFinding[], meta: BaselineMeta): string {
  const cwd = meta.cwd ?? process.cwd();
  const dir = path.dirname(path.resolve(cwd, file));
  const entries: BaselineEntry[] = findings
    .map((f) => ({ fingerprint: f.fingerprint, code: f.code, file: baselinePath(f.source, cwd, dir), message: f.message }))
    .sort((a, b) => cmp(a.file, b.file) || cmp(a.code, b.code) || cmp(a.fingerprint, b.fingerprint) || cmp(a.message, b.message));
  const baseline: Baseline = {
    version: BASELINE_VERSION,
    tool: 'apictl',
    created: (meta.created ?? new Date()).toISOString(),
    rulesetFingerprint: meta.rulesetFingerprint,
    findings: entries,
  };
  return JSON.stringify(baseline, null, 2) + '\n';
}

/**
 * Writes a baseline of these findings. Replaces the file in one step (write, then rename), so an
 * interrupted run never leaves half a baseline that would make every finding new.
 */
export function writeBaseline(file: string, findings: readonly LintFinding[], meta: BaselineMeta): void {
  const abs = path.resolve(meta.cwd ?? process.cwd(), file);
  const text = baselineText(abs, findings, meta);
  mkdirSync(path.dirname(abs), { recursive: true });
  const tmp = `${abs}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, abs);
}

/** Reads a baseline. Bad JSON or a wrong shape is an InputError at its line and column. */
export function readBaseline(file: string): LoadedBaseline {
  const abs = path.resolve(file);
  let text: string;
  try {
    text = readFileSync(abs, 'utf8');
  } catch (err) {
    throw new InputError(`cannot read baseline: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, { file, line: 0, column: 0 });
  }
  let value: unknown;
  let locator: JsonLocator;
  try {
    ({ value, locator } = parseJson(text.replace(/^\uFEFF/, ''), 64));
  } catch (err) {
    if (!(err instanceof JsonSyntaxError)) throw err;
    const p = new LineIndex(text).position(err.offset);
    throw new InputError(`invalid baseline: ${err.message}`, { file, line: p.line, column: p.column });
  }
  const fail = (at: string[], message: string): never => {
    const r = locator.locate(at).range.start;
    throw new InputError(`invalid baseline: ${message}`, { file, line: r.line, column: r.column });
  };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return fail([], 'expected an object { version, tool, created, rulesetFingerprint, findings }');
  const b = value as Record<string, unknown>;
  if (b.version !== BASELINE_VERSION) fail(['version'], `unsupported version ${JSON.stringify(b.version)} (this apictl reads version ${BASELINE_VERSION})`);
  if (b.tool !== 'apictl') fail(['tool'], `'tool' must be "apictl"`);
  for (const k of ['created', 'rulesetFingerprint'] as const) if (typeof b[k] !== 'string') fail([k], `'${k}' must be a string`);
  if (!Array.isArray(b.findings)) return fail(['findings'], `'findings' must be a list`);
  const findings = b.findings.map((e: unknown, i): BaselineEntry => {
    const at = ['findings', String(i)];
    if (e === null || typeof e !== 'object' || Array.isArray(e)) return fail(at, 'each finding must be an object { fingerprint, code, file, message }');
    const o = e as Record<string, unknown>;
    for (const k of ['fingerprint', 'code', 'file', 'message'] as const) {
      if (typeof o[k] !== 'string') fail(o[k] === undefined ? at : [...at, k], `finding ${i}: '${k}' must be a string`);
    }
    if (o.fingerprint === '') fail([...at, 'fingerprint'], `finding ${i}: 'fingerprint' is empty`);
    return { fingerprint: o.fingerprint as string, code: o.code as string, file: o.file as string, message: o.message as string };
  });
  return { version: BASELINE_VERSION, tool: 'apictl', created: b.created as string, rulesetFingerprint: b.rulesetFingerprint as string, findings, dir: path.dirname(abs) };
}

/**
 * Copies of the findings with `known` set: true for those the baseline accounts for, false for
 * new ones. Each baseline entry accounts for one finding. Exact matches (same message too) are
 * taken first, so when a rule fires once more at the same anchor, the new message is the new one.
 * `cwd` is the folder the findings' display paths are relative to.
 */
export function markKnown(findings: readonly LintFinding[], baseline: LoadedBaseline, cwd: string = process.cwd()): LintFinding[] {
  const loose = new Map<string, number>();
  const exact = new Map<string, number>();
  const bump = (m: Map<string, number>, k: string, by: number): void => void m.set(k, (m.get(k) ?? 0) + by);
  for (const e of baseline.findings) {
    const k = `${fileKey(e.file, baseline.dir)}\u0000${e.fingerprint}`;
    bump(loose, k, 1);
    bump(exact, `${k}\u0000${e.message}`, 1);
  }
  const keys = findings.map((f) => `${fileKey(f.source ?? '', cwd)}\u0000${f.fingerprint}`);
  const known = findings.map(() => false);
  // Pass 1: same file, fingerprint and message.
  findings.forEach((f, i) => {
    const k = `${keys[i]}\u0000${f.message}`;
    if ((exact.get(k) ?? 0) > 0 && (loose.get(keys[i]!) ?? 0) > 0) {
      bump(exact, k, -1);
      bump(loose, keys[i]!, -1);
      known[i] = true;
    }
  });
  // Pass 2: same file and fingerprint (the message changed, e.g. a reworded rule).
  findings.forEach((_f, i) => {
    if (known[i] || (loose.get(keys[i]!) ?? 0) === 0) return;
    bump(loose, keys[i]!, -1);
    known[i] = true;
  });
  return findings.map((f, i) => ({ ...f, known: known[i]! }));
}
