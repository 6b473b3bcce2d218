/** `apictl convert IN [-o OUT] [--target 3.0|3.1] [--format json|yaml]` */
import path from 'node:path';
import { prepareDocument, type Target } from '../../core/prepare.js';
import { serializeDocument } from '../../core/serialize.js';
import type { Syntax } from '../../document/model.js';
import { EXIT } from '../exit-codes.js';
import { type LoadFlags, loadInput } from '../load-input.js';
import { createOutput, writeOutputFile } from '../output.js';
import { findingJson, findingLine } from '../render.js';

interface ConvertFlags extends LoadFlags {
  output?: string;
  target: Target;
  format?: Syntax;
  json?: boolean;
  quiet?: boolean;
  validate?: boolean;
}

function syntaxFromName(file: string): Syntax | undefined {
  const ext = path.extname(file).toLowerCase();
  return ext === '.json' ? 'json' : ext === '.yaml' || ext === '.yml' ? 'yaml' : undefined;
}

export async function run(input: string, flags: ConvertFlags): Promise<number> {
  const io = createOutput();
  const loaded = await loadInput(input, flags);
  const prepared = await prepareDocument(loaded, { target: flags.target, upgrade: true, skipValidation: !flags.validate, consumeInput: true });
  // A pure cycle has no value to convert; a ref to nothing converts like any other ref, and says so.
  const cycles = prepared.validation.filter((f) => f.code === 'circular-ref');
  if (cycles.length > 0 && prepared.inputKind === 'swagger-2.0') {
    for (const f of cycles) io.err(findingLine(f, io.c));
    return EXIT.error;
  }
  const refErrors = prepared.validation.some((f) => f.code === 'circular-ref' || f.code === 'unresolved-ref' || f.code === 'invalid-ref');
  const syntax: Syntax = flags.format ?? (flags.output ? syntaxFromName(flags.output) : undefined) ?? loaded.entry.syntax;
  const text = await serializeDocument(prepared.document, syntax);
  if (flags.output) writeOutputFile(flags.output, text);
  // Input problems do not stop conversion (the output is as good as the input allows), but are said.
  if (flags.json) {
    io.out(
      JSON.stringify(
        {
          input: { file: loaded.entry.displayPath, kind: prepared.inputKind, version: prepared.inputVersion, files: loaded.files.size },
          output: { file: flags.output ?? null, kind: prepared.outputKind, syntax },
          converted: prepared.converted,
          stats: prepared.stats,
          validation: prepared.validation.map(findingJson),
          notes: prepared.notes.map(findingJson),
          ...(flags.output ? {} : { document: prepared.document }),
        },
        null,
        2,
      ),
    );
    return refErrors ? EXIT.findings : EXIT.ok;
  }
  if (!flags.output) io.out(text);
  if (!flags.quiet) {
    for (const f of [...prepared.validation, ...prepared.notes]) io.err(findingLine(f, io.c));
    const what = prepared.converted
      ? `converted ${loaded.entry.displayPath} (${describe(prepared.inputKind, prepared.inputVersion)}) to ${describe(prepared.outputKind, String(prepared.document.openapi ?? ''))}`
      : `${loaded.entry.displayPath} is already ${describe(prepared.inputKind, prepared.inputVersion)}; nothing to convert`;
    io.err(io.c.gray(`${what}${flags.output ? ` → ${flags.output}` : ''}: ${prepared.notes.length} note(s)`));
  } else {
    for (const f of prepared.validation) if (f.severity === 'error') io.err(findingLine(f, io.c));
  }
  return refErrors ? EXIT.findings : EXIT.ok;
}

export function describe(kind: string, version?: string): string {
  if (kind === 'swagger-2.0') return 'Swagger 2.0';
  const v = version ?? (kind === 'openapi-3.1' ? '3.1.0' : kind === 'openapi-3.0' ? '3.0.3' : '3.2.0');
  return `OpenAPI ${v}`;
}
