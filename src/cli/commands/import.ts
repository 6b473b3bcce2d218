/** `apictl import FILE... [--name NAME] [--db PATH]` */
import path from 'node:path';
import { UsageError } from '../../errors.js';
import { gitCommitFor } from '../../core/git.js';
import { prepareDocument, type Target } from '../../core/prepare.js';
import { EXIT } from '../exit-codes.js';
import { type LoadFlags, loadInput } from '../load-input.js';
import { createOutput } from '../output.js';
import { openCliRegistry } from '../registry.js';
import { findingJson, findingLine } from '../render.js';
import { describe } from './convert.js';

interface ImportFlags extends LoadFlags {
  name?: string;
  db?: string;
  target: Target;
  json?: boolean;
  allowInvalid?: boolean;
}

export async function run(files: string[], flags: ImportFlags): Promise<number> {
  if (flags.name !== undefined && files.length > 1) throw new UsageError('--name applies to one file; import several files without it (each is named by its info.title)');
  const io = createOutput();
  const registry = await openCliRegistry(flags);
  const reports: Record<string, unknown>[] = [];
  let failed = false;
  try {
    for (const file of files) {
      const loaded = await loadInput(file, flags);
      const prepared = await prepareDocument(loaded, { target: flags.target });
      const errors = prepared.validation.filter((f) => f.severity === 'error');
      if (errors.length > 0 && !flags.allowInvalid) {
        // An invalid description is not stored unless asked: its lines say what to fix.
        for (const f of prepared.validation) io.err(findingLine(f, io.c));
        io.err(`${loaded.entry.displayPath}: not imported: ${errors.length} validation error(s) (store it anyway with --allow-invalid)`);
        reports.push({ file: loaded.entry.displayPath, imported: false, validation: prepared.validation.map(findingJson) });
        failed = true;
        continue;
      }
      const info = (loaded.value as { info?: { title?: unknown } }).info;
      const name = flags.name ?? (typeof info?.title === 'string' && info.title.trim() ? info.title.trim() : loaded.entry.displayPath);
      const singleFile = loaded.files.size === 1;
      const outcome = registry.importVersion({
        name,
        // A multi-file spec is stored bundled, so a version holds everything it needs.
        originalText: singleFile ? loaded.entryText : JSON.stringify(loaded.value, null, 2),
        syntax: singleFile ? loaded.entry.syntax : 'json',
        specKind: prepared.inputKind,
        specVersion: prepared.inputVersion,
        convertedJson: JSON.stringify(prepared.document),
        notesJson: JSON.stringify([...prepared.validation, ...prepared.notes].map(findingJson)),
        sourcePath: loaded.entry.displayPath,
        gitCommit: path.isAbsolute(loaded.entry.id) ? gitCommitFor(loaded.entry.id) : undefined,
        stats: { paths: prepared.stats.paths, operations: prepared.stats.operations, schemas: prepared.stats.schemas },
        converted: prepared.converted,
      });
      const report = {
        file: loaded.entry.displayPath,
        imported: true,
        files: loaded.files.size,
        syntax: loaded.entry.syntax,
        kind: prepared.inputKind,
        version: prepared.inputVersion,
        converted: prepared.converted,
        storedAs: prepared.outputKind,
        stats: prepared.stats,
        spec: outcome.spec,
        specVersion: outcome.version,
        warnings: prepared.validation.map(findingJson),
        notes: prepared.notes.map(findingJson),
      };
      reports.push(report);
      if (!flags.json) {
        for (const f of prepared.validation) io.err(findingLine(f, io.c));
        for (const f of prepared.notes) io.err(findingLine(f, io.c));
        const c = io.cOut;
        const s = prepared.stats;
        io.out(
          [
            `${c.bold(loaded.entry.displayPath)}: ${describe(prepared.inputKind, prepared.inputVersion)} (${loaded.entry.syntax.toUpperCase()}${loaded.files.size > 1 ? `, ${loaded.files.size} files` : ''})`,
            ...(errors.length > 0 ? [`  ${c.yellow(`stored although invalid: ${errors.length} validation error(s)`)}`] : []),
            `  ${s.paths} paths, ${s.operations} operations${s.webhooks ? ` (${s.webhooks} webhook)` : ''}, ${s.schemas} schemas`,
            prepared.converted ? `  converted to ${describe(prepared.outputKind, String(prepared.document.openapi ?? ''))}: ${prepared.notes.length} conversion note(s)` : `  no conversion needed`,
            outcome.version.created
              ? `  stored as ${c.bold(outcome.spec.slug)} v${outcome.version.number}${outcome.spec.created ? ' (new spec)' : ''}`
              : `  unchanged: identical to ${c.bold(outcome.spec.slug)} v${outcome.version.number}, no version added`,
          ].join('\n'),
        );
      }
    }
  } finally {
    registry.close();
  }
  if (flags.json) io.out(JSON.stringify(files.length === 1 ? reports[0] : reports, null, 2));
  return failed ? EXIT.error : EXIT.ok;
}
