/**
 * Every lint run updates the score history (unless --no-record). The registry is opened on the
 * first record only, and a registry that cannot be written never fails the lint itself.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { formatErrorLine } from '../../errors.js';
import { gitStateFor } from '../../core/git.js';
import type { Prepared } from '../../core/prepare.js';
import type { LoadResult } from '../../document/load.js';
import type { LoadedRuleset } from '../../lint/ruleset.js';
import type { LintFinding } from '../../lint/types.js';
import type { Registry } from '../../store/index.js';
import { packageVersion } from '../version.js';

export interface RunToRecord {
  /** A file path, or undefined for a spec read from the registry. */
  file?: string;
  /** `spec:<slug>` for registered specs. */
  identity?: string;
  slug?: string;
  loaded: LoadResult;
  prepared: Prepared;
  ruleset: LoadedRuleset;
  findings: LintFinding[];
  suppressed: LintFinding[];
}

export async function createRecorder(db: string | undefined, warn: (line: string) => void) {
  const score = await import('../../score/index.js');
  let registry: Registry | undefined;
  let failed = false;
  const open = async (): Promise<Registry | undefined> => {
    if (registry || failed) return registry;
    try {
      const { openRegistry, resolveDbPath } = await import('../../store/index.js');
      registry = openRegistry(resolveDbPath({ cwd: process.cwd(), explicit: db, env: process.env }));
    } catch (err) {
      failed = true;
      warn(`score not recorded: ${formatErrorLine(err)} (lint with --no-record to leave the registry out)`);
    }
    return registry;
  };
  return {
    async record(run: RunToRecord): Promise<void> {
      const reg = await open();
      if (!reg) return;
      const specIdentity = run.identity ?? score.specIdentityFor(run.file ?? run.loaded.entry.displayPath, process.cwd());
      const findings = [
        ...run.findings.map((f) => ({ code: f.code, severity: f.severity, category: f.category, fingerprint: f.fingerprint })),
        ...run.suppressed.map((f) => ({ code: f.code, severity: f.severity, category: f.category, fingerprint: f.fingerprint, suppressed: true })),
      ];
      // what lint reported: a validation check the config turned down or off does not invalidate
      const valid = !run.findings.some((f) => f.category === 'validation' && f.severity === 'error');
      const input = { operations: score.scoringOperations(run.prepared.document), findings, rules: run.ruleset.meta, packs: run.ruleset.packs, valid };
      const rec = score.buildLintRunRecord(input, {
        specIdentity,
        specSlug: run.slug,
        contentHash: createHash('sha256').update(run.loaded.entryText).digest('hex'),
        // the commit, and whether any file the document was read from has uncommitted changes
        ...(run.file && path.isAbsolute(run.loaded.entry.id) ? gitState([...run.loaded.files.keys()].filter((f) => path.isAbsolute(f))) : {}),
        apictlVersion: packageVersion(),
        rulesetVersion: run.ruleset.version,
        rulesetFingerprint: run.ruleset.fingerprint,
      });
      try {
        score.recordLintRun(reg, rec);
      } catch (err) {
        warn(`score not recorded: ${formatErrorLine(err)}`);
      }
    },
    close(): void {
      registry?.close();
    },
    /** True when the registry could not be opened: the run then fails (exit 2) after its report. */
    get failed(): boolean {
      return failed;
    },
  };
}

function gitState(files: string[]): { gitCommit?: string; gitDirty?: boolean } {
  const { commit, dirty } = gitStateFor(files);
  return { ...(commit !== undefined ? { gitCommit: commit } : {}), ...(dirty !== undefined ? { gitDirty: dirty } : {}) };
}
