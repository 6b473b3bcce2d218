/**
 * OpenAPI Overlay 1.0: tuning a description (descriptions, extensions, removals) without
 * editing it. Applied to the 3.x document after conversion, so targets are written against 3.x
 * whatever the input version. Targets are RFC 9535 JSONPath (jsonpath-rfc9535).
 *
 * Semantics (Overlay 1.0.0): actions run in order; `remove: true` removes every selected node from
 * its parent; otherwise `update` is merged into each selected object (objects merge recursively,
 * any other value replaces) or appended to each selected array. An action that selects nothing is
 * a warning at its line, never an error: overlays often outlive the operations they were written for.
 */
import { exec, type JsonValue } from 'jsonpath-rfc9535';
import { InputError } from '../errors.js';
import { DEFAULT_LIMITS } from '../document/limits.js';
import { defineOwn } from '../document/load.js';
import { parseSourceText } from '../document/parse.js';
import { decodeUtf8, readFileCapped } from '../document/read.js';
import type { LocatedWarning } from './types.js';

/** Result of {@link applyOverlay}. */
export interface OverlayResult {
  /** The overlaid document (a copy; the input is not changed). */
  document: Record<string, unknown>;
  /** Number of actions that matched at least one node. */
  applied: number;
  warnings: LocatedWarning[];
}

interface Action {
  target: string;
  update?: unknown;
  remove?: boolean;
}

/** Reads an overlay file and applies it to `document`. */
export function applyOverlayFile(document: Record<string, unknown>, absPath: string, shown: string): OverlayResult {
  const text = decodeUtf8(readFileCapped(absPath, shown, 20 * 1024 * 1024), shown);
  return applyOverlay(document, text, shown);
}

/** Parses overlay text and applies it to a copy of `document`. Throws InputError for a malformed overlay. */
export function applyOverlay(document: Record<string, unknown>, text: string, file: string): OverlayResult {
  const parsed = parseSourceText(text, file, file, DEFAULT_LIMITS);
  const at = (p: string[]): { file: string; line: number; column: number } => {
    const r = parsed.locateDeepest(p).range.start;
    return { file, line: r.line, column: r.column };
  };
  const root = parsed.value as Record<string, unknown> | null;
  if (root === null || typeof root !== 'object' || Array.isArray(root)) throw new InputError('an overlay must be a mapping', at([]));
  if (typeof root.overlay !== 'string' || !/^1\.0\.\d+$/.test(root.overlay)) {
    throw new InputError(`unsupported overlay version ${JSON.stringify(root.overlay ?? null)} (apictl applies Overlay 1.0.x)`, at(['overlay']));
  }
  if (!Array.isArray(root.actions)) throw new InputError('an overlay needs a list of actions', at(['actions']));
  const actions = root.actions.map((a, i): Action => {
    if (a === null || typeof a !== 'object' || Array.isArray(a)) throw new InputError('an action must be a mapping', at(['actions', String(i)]));
    const act = a as Record<string, unknown>;
    if (typeof act.target !== 'string' || !act.target.startsWith('$')) {
      throw new InputError('an action needs a target: a JSONPath starting with $', at(['actions', String(i), 'target']));
    }
    if (act.remove !== undefined && typeof act.remove !== 'boolean') throw new InputError('remove must be true or false', at(['actions', String(i), 'remove']));
    if (act.remove !== true && act.update === undefined) throw new InputError('an action needs update or remove: true', at(['actions', String(i)]));
    return { target: act.target, update: act.update, remove: act.remove === true };
  });

  const doc = structuredClone(document);
  const warnings: LocatedWarning[] = [];
  let applied = 0;
  actions.forEach((action, i) => {
    const matches: Array<{ value: JsonValue; path: Array<string | number> }> = [];
    try {
      exec(doc as JsonValue, action.target, (value, path) => matches.push({ value, path: [...path] }));
    } catch (err) {
      throw new InputError(`invalid JSONPath target: ${(err as Error).message}`, at(['actions', String(i), 'target']));
    }
    if (matches.length === 0) {
      warnings.push({ code: 'mcp-overlay-no-match', message: `overlay action target ${action.target} matches nothing`, ...at(['actions', String(i), 'target']) });
      return;
    }
    applied++;
    if (action.remove) {
      // Deepest and last first, so removing one match never shifts the index of another.
      matches.sort((a, b) => b.path.length - a.path.length || compareLastIndex(b.path, a.path));
      for (const m of matches) removeAt(doc, m.path);
      return;
    }
    for (const m of matches) {
      if (Array.isArray(m.value)) (m.value as unknown[]).push(structuredClone(action.update));
      else if (m.value !== null && typeof m.value === 'object' && isPlainObject(action.update)) {
        mergeInto(m.value as Record<string, unknown>, action.update as Record<string, unknown>);
      } else if (m.path.length > 0) {
        setAt(doc, m.path, structuredClone(action.update));
      }
    }
  });
  return { document: doc, applied, warnings };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function compareLastIndex(a: Array<string | number>, b: Array<string | number>): number {
  const x = a[a.length - 1];
  const y = b[b.length - 1];
  return typeof x === 'number' && typeof y === 'number' ? x - y : 0;
}

/** Recursive merge: objects merge, anything else replaces. `__proto__` keys stay ordinary keys. */
function mergeInto(target: Record<string, unknown>, update: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(update)) {
    const cur = Object.hasOwn(target, k) ? target[k] : undefined;
    if (isPlainObject(cur) && isPlainObject(v)) mergeInto(cur, v);
    else defineOwn(target, k, structuredClone(v));
  }
}

function parentOf(root: unknown, path: Array<string | number>): unknown {
  let cur = root;
  for (const seg of path.slice(0, -1)) cur = (cur as Record<string, unknown>)[seg as string];
  return cur;
}

function removeAt(root: unknown, path: Array<string | number>): void {
  if (path.length === 0) return;
  const parent = parentOf(root, path);
  const last = path[path.length - 1]!;
  if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
  else if (isPlainObject(parent)) delete parent[last as string];
}

function setAt(root: unknown, path: Array<string | number>, value: unknown): void {
  const parent = parentOf(root, path);
  const last = path[path.length - 1]!;
  if (Array.isArray(parent) && typeof last === 'number') parent[last] = value;
  else if (isPlainObject(parent)) defineOwn(parent, last as string, value);
}
