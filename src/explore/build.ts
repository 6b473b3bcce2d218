/**
 * From a loaded, prepared and linted document to the explorer page: the score, the reference (with
 * its guard), the files as written, and the page. Data in, HTML out: the CLI reads
 * the arguments, the registry and the disk, and writes or serves what this returns.
 */
import path from 'node:path';
import type { Prepared } from '../core/prepare.js';
import type { LoadResult } from '../document/load.js';
import type { LoadedRuleset } from '../lint/ruleset.js';
import type { LintFinding } from '../lint/types.js';
import { computeScore, scoringOperations } from '../score/index.js';
import { renderExplorerPage, type ScorePoint } from './page.js';
import { countOperations, renderReference } from './reference.js';

export interface ExploreInput {
  loaded: LoadResult;
  prepared: Prepared;
  /** The lint's result, or undefined with --no-lint. */
  lint?: { findings: LintFinding[]; ruleset: LoadedRuleset };
  /** Earlier scores of this spec from the registry, oldest first. */
  history?: ScorePoint[];
  /** A local image the description names, as a data: URI (see images.ts), or undefined to leave it out. */
  image?: (ref: string) => string | undefined;
  generator: string;
}

export interface ExplorePage {
  html: string;
  operations: number;
  findings: number;
  score?: { score: number; grade: string };
  /** Every local file the page was made from: what `--serve` watches. */
  files: string[];
}

const FORMAT: Record<string, string> = { 'swagger-2.0': 'Swagger 2.0', 'openapi-3.0': 'OpenAPI', 'openapi-3.1': 'OpenAPI', 'openapi-3.2': 'OpenAPI' };

export function buildExplorerPage(input: ExploreInput): ExplorePage {
  const { loaded, prepared } = input;
  const doc = prepared.document as Record<string, unknown>;
  const findings = input.lint?.findings ?? [];
  let score: { score: number; grade: string } | undefined;
  if (input.lint) {
    const s = computeScore({
      operations: scoringOperations(doc),
      findings: findings.map((f) => ({ code: f.code, severity: f.severity, category: f.category, fingerprint: f.fingerprint })),
      rules: input.lint.ruleset.meta,
      packs: input.lint.ruleset.packs,
      valid: !findings.some((f) => f.category === 'validation' && f.severity === 'error'),
    });
    score = { score: s.total, grade: s.grade };
  }

  const reference = renderReference(doc, input.image ? { image: input.image } : {});
  // the guard: a reference that silently drops operations would hide them from the reader
  const expected = countOperations(doc);
  if (reference.operations.length !== expected) throw new Error(`the reference shows ${reference.operations.length} of the ${expected} operations of ${loaded.entry.displayPath}`);

  const info = (doc.info ?? {}) as { title?: unknown };
  const converted = loaded.spec.kind === 'swagger-2.0';
  // the entry first, then the files its refs brought in, in the order they were read
  const files = [...loaded.files.values()].map((f) => ({ name: f.displayPath, text: f.text }));
  const html = renderExplorerPage({
    title: typeof info.title === 'string' && info.title.trim() ? info.title : loaded.entry.displayPath,
    source: { format: `${FORMAT[loaded.spec.kind] ?? loaded.spec.kind}${converted ? '' : ` ${loaded.spec.version}`}`, file: loaded.entry.displayPath, converted },
    shownAs: `OpenAPI ${String(doc.openapi ?? '')}`,
    notes: converted ? prepared.notes : [],
    // the drawer filters by pack: each finding carries the pack of its rule
    findings: input.lint ? findings.map((f) => ({ ...f, pack: input.lint!.ruleset.meta.get(f.code)?.pack })) : [],
    files,
    ...(score ? { score } : {}),
    ...(input.history?.length ? { history: input.history } : {}),
    reference,
    generator: input.generator,
  });
  const local = [...loaded.files.values()].map((f) => f.id).filter((id) => path.isAbsolute(id));
  return { html, operations: reference.operations.length, findings: findings.length, ...(score ? { score } : {}), files: local };
}
