/**
 * Validation of a parsed API description: the official JSON Schema of its version (explained as
 * a few precise errors) plus semantic checks the schema cannot express.
 */
import type { SpecKind } from '../document/model.js';
import { SEVERITY_ORDER, toPointer, type Finding } from '../findings/finding.js';
import { runSemanticChecks } from './checks/index.js';
import { SCHEMA_CODE_OAS2, SCHEMA_CODE_OAS3, VALIDATION_TRUNCATED } from './codes.js';
import { documentOrder } from './order.js';
import { schemaIssues } from './schema-findings.js';

export * from './codes.js';
export { forEachOperation, forEachPathItem, fixedMethods, operationLabel, type OperationVisit, type PathItemVisit } from './operations.js';

/** Options for {@link validateDocument}. */
export interface ValidateOptions {
  /** Most findings returned before a summary finding (default 100; `Infinity` for all). */
  maxFindings?: number;
}

const DEFAULT_MAX_FINDINGS = 100;

/**
 * Structural validation against the official JSON Schema of the version + semantic checks.
 * Returns findings (severity 'error' for violations, 'warn' for suspicious); each has code,
 * message, path (JSON path segments into the document). No `source`/`range`: the caller
 * locates them. Findings come in document order; when there are more than `maxFindings`,
 * errors are kept before warnings and a final `validation-truncated` finding says how many
 * were left out. Never mutates `doc`; never throws on odd input.
 */
export function validateDocument(doc: unknown, kind: SpecKind, opts?: ValidateOptions): Finding[] {
  const cap = normaliseCap(opts?.maxFindings);
  // Explaining costs more than validating; bound it well above what will be shown.
  const workBudget = Number.isFinite(cap) ? Math.max(2_000, cap * 20) : 200_000;

  const schema = schemaIssues(doc, kind, workBudget);
  const checks = runSemanticChecks(doc, kind);
  const schemaCode = kind === 'swagger-2.0' ? SCHEMA_CODE_OAS2 : SCHEMA_CODE_OAS3;

  const findings: Finding[] = [];
  for (const issue of schema.issues) {
    if (checks.some((c) => c.supersedes?.(issue))) continue;
    findings.push({ code: schemaCode, severity: 'error', message: issue.message, path: issue.path });
  }
  const seen = new Set<string>();
  for (const { supersedes: _drop, ...f } of checks) {
    // One node can be reached from several operations (shared path-level or $ref'd parameters).
    const key = `${f.code}\u0000${toPointer(f.path)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(f);
  }
  return capFindings(findings, doc, cap, schema.truncated);
}

function normaliseCap(n: number | undefined): number {
  if (n === undefined || Number.isNaN(n)) return DEFAULT_MAX_FINDINGS;
  if (n === Number.POSITIVE_INFINITY) return n;
  return Math.max(1, Math.floor(n));
}

/** Document order; beyond the cap keep errors before warnings, and add the summary finding. */
function capFindings(findings: Finding[], doc: unknown, cap: number, truncated: boolean): Finding[] {
  const byDoc = documentOrder(doc);
  const ordered = [...findings].sort((a, b) => byDoc(a.path, b.path));
  if (ordered.length <= cap && !truncated) return ordered;
  const kept =
    ordered.length <= cap
      ? ordered
      : [...ordered]
          .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity])
          .slice(0, cap)
          .sort((a, b) => byDoc(a.path, b.path));
  const omitted = ordered.length - kept.length;
  const more = truncated ? `at least ${omitted} more` : `${omitted} more`;
  const message = omitted > 0 ? `${more} finding${omitted === 1 && !truncated ? '' : 's'} not shown (limit ${cap})` : 'stopped explaining schema errors early; there may be more';
  kept.push({ code: VALIDATION_TRUNCATED, severity: 'info', message, path: [] });
  return kept;
}
