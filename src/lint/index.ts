/** Lint as a library: load → validate/convert → run the style guide → findings at source lines. */
import type { LoadOptions, LoadResult, Source } from '../document/load.js';
import type { Prepared } from '../core/prepare.js';
import { internalFinding, lintDocument, type LintOptions } from './engine.js';
import { fingerprintFor } from './fingerprint.js';
import type { LoadedRuleset } from './ruleset.js';
import type { LintFinding } from './types.js';

export type { LintFinding } from './types.js';
export { loadRuleset } from './ruleset.js';
export type { LoadedRuleset, RuleMeta, RulesetConfig, Category } from './ruleset.js';

export interface LintOutcome {
  loaded: LoadResult;
  prepared: Prepared;
  findings: LintFinding[];
}

/** Validation problems of the input as lint findings (structural validation runs on the document as written). */
export function validationFindings(prepared: Prepared): LintFinding[] {
  return prepared.validation.map((f) => ({
    ...f,
    category: 'validation' as const,
    sourcePath: f.path,
    docs: undefined,
    fingerprint: fingerprintFor(f.code, f.path, prepared.document),
  }));
}

/** Lints an already loaded and prepared document. */
/** Validation checks that a style-guide rule states too: when the rule is on, only the rule reports. */
const COVERED_BY_RULE: Record<string, string> = { 'duplicate-operation-id': 'operation-id-unique' };

export async function lintPrepared(loaded: LoadResult, prepared: Prepared, ruleset: LoadedRuleset, opts: LintOptions = {}): Promise<LintFinding[]> {
  // Validation checks are rules too (src/validate/rules.ts): the config may change their severity or turn them off.
  const validation = (): LintFinding[] => {
    const out: LintFinding[] = [];
    for (const f of validationFindings(prepared)) {
      const rule = COVERED_BY_RULE[f.code];
      if (rule && ruleset.meta.get(rule)?.enabled) continue;
      const meta = ruleset.meta.get(f.code);
      if (meta?.category === 'validation') {
        if (!meta.enabled) continue;
        out.push({ ...f, severity: meta.severity, fix: meta.fix });
      } else {
        out.push(f);
      }
    }
    return out;
  };
  // what the conversion repaired because the input was at fault, as findings of the rule naming it
  const faults = (): LintFinding[] => {
    const out: LintFinding[] = [];
    for (const f of prepared.faults) {
      const meta = ruleset.meta.get(f.code);
      if (!meta?.enabled) continue;
      out.push({ ...f, severity: meta.severity, category: meta.category, fix: meta.fix, sourcePath: f.path, fingerprint: fingerprintFor(f.code, f.path, prepared.document) });
    }
    return out;
  };
  // The style guide reads the 3.x form: a 2.0 document that could not be converted (a cycle of pure
  // $refs has no value to convert) is reported as such, and the run is incomplete.
  const rules =
    prepared.outputKind === 'swagger-2.0'
      ? [internalFinding('rules-not-run', 'the style guide did not run: the Swagger 2.0 document could not be converted to 3.x (see its circular-ref errors)', loaded, prepared)]
      : await lintDocument(loaded, prepared, ruleset, opts);
  await prepared.validationPending;
  // concat, not spread: a spread after the first walks the 10,000 findings of a large document one iterator step at a time
  return validation().concat(faults(), rules);
}

/**
 * Loads, prepares and lints one source with a loaded ruleset, its x-apictl-ignore applied (what
 * an ignore suppressed is left out; its own problems are findings). With a config, use lint()
 * (pipeline.ts), which the CLI uses.
 */
export async function lintSource(source: Source, ruleset: LoadedRuleset, options: { load?: LoadOptions; lint?: LintOptions } = {}): Promise<LintOutcome> {
  const { loadDocument } = await import('../document/load.js');
  const { prepareDocument } = await import('../core/prepare.js');
  const { applyDocumentIgnores } = await import('./ignore.js');
  const loaded = await loadDocument(source, options.load);
  const prepared = await prepareDocument(loaded, { validationLimit: Infinity });
  const ignored = applyDocumentIgnores(await lintPrepared(loaded, prepared, ruleset, options.lint), loaded, prepared, ruleset);
  return { loaded, prepared, findings: ignored.kept.concat(ignored.problems) };
}
