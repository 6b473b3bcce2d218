/** `apictl explore SPEC [-o FILE.html] [--pack P]... [--no-lint]`: one offline page with the reference, the source and the findings. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../../errors.js';
import type { LintFinding } from '../../lint/types.js';
import { type LoadFlags, loadInput } from '../load-input.js';
import { createOutput } from '../output.js';
import { packageVersion } from '../version.js';

interface ExploreFlags extends LoadFlags {
  output?: string;
  pack?: string[];
  lint?: boolean;
  config?: string | false;
}

const FORMAT: Record<string, string> = { 'swagger-2.0': 'Swagger 2.0', 'openapi-3.0': 'OpenAPI', 'openapi-3.1': 'OpenAPI', 'openapi-3.2': 'OpenAPI' };

export async function run(spec: string, flags: ExploreFlags): Promise<number> {
  const io = createOutput();
  const cwd = process.cwd();
  const loaded = await loadInput(spec, flags);
  const { prepareDocument } = await import('../../core/prepare.js');
  const prepared = await prepareDocument(loaded, { validationLimit: Infinity });
  if (prepared.outputKind === 'swagger-2.0') throw new InputError('the description cannot be converted to OpenAPI 3 (see apictl convert), so it cannot be shown', { file: loaded.entry.displayPath, line: 0, column: 0 });
  const doc = prepared.document as Record<string, unknown>;

  let findings: LintFinding[] = [];
  let score: { score: number; grade: string } | undefined;
  if (flags.lint !== false) {
    const { findConfig, loadConfig, rulesFor } = await import('../../lint/config.js');
    const { lintPrepared, loadRuleset } = await import('../../lint/index.js');
    const configFile = flags.config === false ? undefined : typeof flags.config === 'string' ? path.resolve(cwd, flags.config) : findConfig(cwd);
    const config = configFile ? loadConfig(configFile) : undefined;
    const ruleset = await loadRuleset({
      packs: [...(config?.packs ?? []), ...(flags.pack ?? [])],
      extends: config?.extends ?? [],
      baseDir: configFile ? path.dirname(configFile) : cwd,
      allowCode: false,
      rules: config && spec !== '-' ? rulesFor(config, path.resolve(cwd, spec)) : undefined,
    });
    findings = await lintPrepared(loaded, prepared, ruleset);
    const { computeScore, scoringOperations } = await import('../../score/index.js');
    const s = computeScore({
      operations: scoringOperations(doc),
      findings: findings.map((f) => ({ code: f.code, severity: f.severity, category: f.category, fingerprint: f.fingerprint })),
      rules: ruleset.meta,
      packs: ruleset.packs,
      valid: !findings.some((f) => f.category === 'validation' && f.severity === 'error'),
    });
    score = { score: s.total, grade: s.grade };
  }

  const { renderReference, countOperations } = await import('../../explore/reference.js');
  const { renderExplorerPage } = await import('../../explore/page.js');
  const reference = renderReference(doc);
  // the guard: a reference that silently drops operations would hide them from the reader
  const expected = countOperations(doc);
  if (reference.operations.length !== expected) throw new Error(`the reference shows ${reference.operations.length} of the ${expected} operations of ${loaded.entry.displayPath}`);
  const info = (doc.info ?? {}) as { title?: unknown };
  const converted = loaded.spec.kind === 'swagger-2.0';
  const html = renderExplorerPage({
    title: typeof info.title === 'string' && info.title.trim() ? info.title : loaded.entry.displayPath,
    source: { format: `${FORMAT[loaded.spec.kind] ?? loaded.spec.kind}${converted ? '' : ` ${loaded.spec.version}`}`, file: loaded.entry.displayPath, converted },
    shownAs: `OpenAPI ${String(doc.openapi ?? '')}`,
    notes: converted ? prepared.notes : [],
    findings,
    files: [{ name: loaded.entry.displayPath, text: loaded.entryText }],
    ...(score ? { score } : {}),
    reference,
    generator: `apictl ${packageVersion()}`,
  });
  const out = path.resolve(cwd, flags.output ?? `${path.basename(loaded.entry.displayPath).replace(/\.(ya?ml|json)$/i, '') || 'api'}.html`);
  writeFileSync(out, html);
  io.err(`${path.relative(cwd, out) || out}: ${reference.operations.length} operations, ${findings.length} findings${score ? `, score ${score.score} (${score.grade})` : ''}, ${(Buffer.byteLength(html) / 1024).toFixed(0)} KiB`);
  return 0;
}
