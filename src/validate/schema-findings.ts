/** Structural validation: run the official schema, then explain failures as concise issues. */
import type { SpecKind } from '../document/model.js';
import { toPointer } from '../findings/finding.js';
import { Explainer, type Issue } from './explain.js';
import { schemaSetFor } from './schemas.js';

/** Result of the structural pass. */
export interface SchemaResult {
  issues: Issue[];
  /** The explanation ran out of its work budget; more schema errors may exist. */
  truncated: boolean;
}

/**
 * Validates `doc` against the official schema of `kind`. Valid documents cost one ajv run;
 * only invalid ones are walked. `workBudget` bounds how many invalid subtrees get explained.
 */
export function schemaIssues(doc: unknown, kind: SpecKind, workBudget: number): SchemaResult {
  const set = schemaSetFor(kind);
  try {
    if (set.validate(doc) === true) return { issues: [], truncated: false };
  } catch (err) {
    // ajv recurses with the document: absurd nesting (or a cyclic object from YAML aliases)
    // exhausts the stack. Say so instead of crashing.
    const why = err instanceof RangeError ? 'the document is nested too deeply (or is cyclic)' : `ajv failed: ${err instanceof Error ? err.message : String(err)}`;
    return { issues: [{ path: [], message: `could not be checked against the ${kind} schema: ${why}`, keyword: 'depth' }], truncated: false };
  }
  const explainer = new Explainer(set, workBudget);
  const issues = tidy(explainer.explainDocument(doc));
  return { issues, truncated: explainer.truncated };
}

/**
 * Final clean-up: drop "matches several alternatives" wrappers when anything more specific is
 * reported at or below them, drop what an unmet minProperties already implies, and dedupe.
 */
function tidy(issues: Issue[]): Issue[] {
  const specific = issues.filter((i) => !i.wrapper);
  const under = (outer: Issue, inner: Issue): boolean => inner.path.length >= outer.path.length && outer.path.every((s, k) => inner.path[k] === s);
  const minProps = new Set(specific.filter((i) => i.keyword === 'minProperties').map((i) => toPointer(i.path)));
  const seen = new Set<string>();
  const out: Issue[] = [];
  for (const issue of issues) {
    if (issue.wrapper && specific.some((s) => under(issue, s))) continue;
    const ptr = toPointer(issue.path);
    // An empty object failing minProperties also "misses" whatever required/not demands: noise.
    if ((issue.keyword === 'required' || issue.keyword === 'not') && minProps.has(ptr)) continue;
    const key = `${ptr}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(issue);
  }
  return out;
}
