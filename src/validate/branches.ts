/**
 * Choosing the oneOf/anyOf branch the author meant, from evidence in the value itself: which
 * properties it pins (`in: body`, `type: oauth2`) and, failing that, how far each branch got.
 */
import type { JsonObject } from './json.js';
import { enumMessage, type Issue } from './phrasing.js';
import { allowedValuesFor, deepEqual, type SchemaLoc } from './schema-nav.js';
import type { SchemaSet } from './schemas.js';

/**
 * Narrows candidate branches by properties whose allowed values they pin. Keys whose value
 * sets are disjoint across branches (true discriminators like `in`) are used first.
 * When every branch rejects the very first discriminator, that value is the error.
 */
export function discriminate<C extends { loc: SchemaLoc; schema: unknown }>(
  set: SchemaSet,
  cands: C[],
  value: JsonObject,
  path: string[],
): { kind: 'ok'; cands: C[] } | { kind: 'mismatch'; issue: Issue } {
  const keys = Object.keys(value)
    .slice(0, 50)
    .filter((k) => {
      const v = value[k];
      return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
    });
  const table = keys.map((key) => ({ key, sets: cands.map((c) => allowedValuesFor(set, c.loc, c.schema, key)) })).filter((row) => row.sets.some((s) => s !== undefined));
  const disjoint = (sets: (unknown[] | undefined)[]): boolean => {
    const defined = sets.filter((s): s is unknown[] => s !== undefined);
    if (defined.length < 2) return false;
    const seen: unknown[] = [];
    for (const s of defined) {
      if (s.some((v) => seen.some((u) => deepEqual(u, v)))) return false;
      seen.push(...s);
    }
    return true;
  };
  table.sort((a, b) => Number(disjoint(b.sets)) - Number(disjoint(a.sets)));

  let current = cands.map((c, idx) => ({ c, idx }));
  let narrowed = false;
  for (const { key, sets } of table) {
    const v = value[key];
    const allows = (idx: number): boolean | undefined => {
      const s = sets[idx];
      return s === undefined ? undefined : s.some((x) => deepEqual(x, v));
    };
    const affirm = current.filter(({ idx }) => allows(idx) === true);
    const neutral = current.filter(({ idx }) => allows(idx) === undefined);
    if (affirm.length > 0) {
      narrowed ||= affirm.length < current.length;
      current = affirm;
    } else if (neutral.length > 0) {
      narrowed ||= neutral.length < current.length;
      current = neutral;
    } else if (!narrowed && current.length > 1) {
      const union: unknown[] = [];
      for (const { idx } of current) for (const x of sets[idx] ?? []) if (!union.some((u) => deepEqual(u, x))) union.push(x);
      return { kind: 'mismatch', issue: { path: [...path, key], message: enumMessage(union), keyword: 'enum' } };
    }
    if (current.length === 1) break;
  }
  return { kind: 'ok', cands: current.map(({ c }) => c) };
}

/** Lower is better: [type clash at the node, -deepest issue, issue count]. */
export type Score = [clash: number, depth: number, count: number];

export function score(issues: Issue[], path: string[]): Score {
  const clash = issues.some((i) => i.keyword === 'type' && i.path.length === path.length) ? 1 : 0;
  const deepest = issues.reduce((m, i) => Math.max(m, i.path.length), 0);
  return [clash, -deepest, issues.length];
}

/** Orders scores, best first. */
export function compareScores(a: Score, b: Score): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
