/**
 * The lint pipeline, one place for the CLI, the explorer and programs that embed apictl:
 * load → prepare (validate, convert) → the config's rules (per-file overrides, packs, rulesets)
 * → `x-apictl-ignore` → baseline. The CLI only parses arguments and renders what this returns.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Prepared } from '../core/prepare.js';
import type { LoadOptions, LoadResult, Source } from '../document/load.js';
import { InputError } from '../errors.js';
import { formatSeconds } from '../util/duration.js';
import type { LoadedBaseline } from './baseline.js';
import type { LintConfig } from './config.js';
import type { RuleLane } from './lane.js';
import type { LoadedRuleset, RulesetConfig } from './ruleset.js';
import type { LintFinding } from './types.js';

export interface LinterOptions {
  /** The project's config (`.apictl.yaml`), with the file it came from (relative paths in it are its own). */
  config?: LintConfig;
  configFile?: string;
  /** Where relative paths and per-file overrides are resolved (default: process.cwd()). */
  cwd?: string;
  /** Packs and rulesets beyond the config's. */
  packs?: string[];
  rulesets?: string[];
  /** Whether the config and rulesets may bring code (custom functions). */
  allowCode: boolean;
  /** Seconds a file may take, loading and conversion included (default 60). */
  timeBudgetMs?: number;
  /** Findings it holds are marked `known`. */
  baseline?: LoadedBaseline;
}

export interface FileLint {
  loaded: LoadResult;
  prepared: Prepared;
  ruleset: LoadedRuleset;
  /** What the run reports: the findings kept after `x-apictl-ignore`, and the ignores' own problems. */
  findings: LintFinding[];
  /** What an `x-apictl-ignore` with a reason suppressed. */
  suppressed: LintFinding[];
}

export interface Linter {
  /**
   * Lints one source. `configPath` is the path the config's per-file overrides are matched
   * against (the file as given; a registry spec's name).
   */
  lint(source: Source, load: LoadOptions, configPath: string): Promise<FileLint>;
  /** The ruleset a file would be linted with (loaded once per distinct set of overrides). */
  rulesetFor(configPath: string): Promise<LoadedRuleset>;
  /** Stops the rule lane, if one started. */
  close(): void;
}

export function createLinter(options: LinterOptions): Linter {
  const cwd = options.cwd ?? process.cwd();
  const { config, configFile } = options;
  const baseConfig: RulesetConfig = {
    packs: [...(config?.packs ?? []), ...(options.packs ?? [])],
    extends: [...(config?.extends ?? []), ...(options.rulesets ?? []).map((r) => path.resolve(cwd, r))],
    baseDir: configFile ? path.dirname(configFile) : cwd,
    allowCode: options.allowCode,
  };
  let modules: Promise<Modules> | undefined;
  const load = (): Promise<Modules> => (modules ??= importModules());
  const rulesetCache = new Map<string, Promise<LoadedRuleset>>();
  const configFor = async (configPath: string): Promise<RulesetConfig> => {
    const { rulesFor } = (await load()).config;
    return { ...baseConfig, rules: config ? rulesFor(config, path.resolve(cwd, configPath)) : undefined };
  };
  const rulesetFor = async (configPath: string): Promise<LoadedRuleset> => {
    const m = await load();
    const rules = (await configFor(configPath)).rules;
    const key = JSON.stringify(rules ?? {});
    let rs = rulesetCache.get(key);
    if (!rs) {
      rs = m.lint.loadRuleset({ ...baseConfig, rules }).catch(async (err: unknown) => {
        // A misspelt rule id in the config is an error at its line, with a suggestion.
        if (config && err instanceof InputError) m.config.checkRuleIds(config, (await m.lint.loadRuleset({ ...baseConfig, rules: {} })).meta.keys());
        throw err;
      });
      rulesetCache.set(key, rs);
    }
    return rs;
  };

  // undefined: not started yet; null: cannot start
  let lane: RuleLane | null | undefined;
  const budget = options.timeBudgetMs;

  return {
    rulesetFor,
    close: () => lane?.close(),
    async lint(source, loadOptions, configPath) {
      const m = await load();
      const fileConfig = await configFor(configPath);
      // A large document's rules run in two lanes (src/lint/lane.ts). The lane starts and loads
      // its ruleset while this thread loads and converts: as soon as a file's size says so, or
      // once loading its refs did.
      let laned = false;
      const wantLane = (size: number): void => {
        if (size < m.lane.LANE_MIN_SIZE || lane === null || laned) return;
        lane ??= m.lane.startRuleLane() ?? null;
        lane?.prepare(fileConfig);
        laned = lane !== null;
      };
      wantLane('path' in source ? sizeOf(path.resolve(loadOptions.cwd ?? cwd, source.path)) : 'bytes' in source ? source.bytes.length : 0);
      // the budget bounds the whole run of a file: loading and conversion count
      const deadline = Date.now() + (budget ?? 60_000);
      const loaded = await m.load.loadDocument(source, { ...loadOptions, deadline });
      wantLane(loaded.totalSize);
      // the rules never read loaded.value again: a single 2.0 file is converted without a copy first;
      // a worker thread's validation may still run while the rules do (lintPrepared waits for it)
      const prepared = await m.prepare.prepareDocument(loaded, { validationLimit: Infinity, consumeInput: true, validateInWorker: true, deferValidation: true });
      if (Date.now() > deadline) {
        throw new InputError(`the time budget of ${formatSeconds(budget ?? 60_000)} ran out before the rules could run (raise it with --time-budget)`, {
          file: loaded.entry.displayPath,
          line: 0,
          column: 0,
        });
      }
      const fileLane = laned ? (lane ?? undefined) : undefined;
      // the lane gets the document before this thread loads its ruleset (lintDocument collects that run)
      void fileLane?.run({ config: fileConfig, document: prepared.document, source: loaded.entry.displayPath, deadline });
      const ruleset = await rulesetFor(configPath);
      const raw = await m.lint.lintPrepared(loaded, prepared, ruleset, { timeBudgetMs: budget, deadline, lane: fileLane });
      const ignored = m.ignore.applyDocumentIgnores(raw, loaded, prepared, ruleset);
      const reported = ignored.kept.concat(ignored.problems);
      const findings = options.baseline ? m.baseline.markKnown(reported, options.baseline, cwd) : reported;
      return { loaded, prepared, ruleset, findings, suppressed: ignored.suppressed.map((x) => x.finding) };
    },
  };
}

// The modules a lint needs, loaded on its first file: `apictl --help` and the other commands do not pay for them.
async function importModules() {
  const [lint, config, load, prepare, ignore, lane, baseline] = await Promise.all([
    import('./index.js'),
    import('./config.js'),
    import('../document/load.js'),
    import('../core/prepare.js'),
    import('./ignore.js'),
    import('./lane.js'),
    import('./baseline.js'),
  ]);
  return { lint, config, load, prepare, ignore, lane, baseline };
}
type Modules = Awaited<ReturnType<typeof importModules>>;

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0; // loading it says what is wrong
  }
}

/**
 * Lints one source as `apictl lint` does (config, packs, overrides, x-apictl-ignore, baseline):
 * the library's entry point. `configPath` is what the config's per-file overrides match (default:
 * the source's path).
 */
export async function lint(source: Source, options: LinterOptions & { load?: LoadOptions; configPath?: string }): Promise<FileLint> {
  const linter = createLinter(options);
  try {
    return await linter.lint(source, options.load ?? { cwd: options.cwd }, options.configPath ?? ('path' in source ? source.path : 'url' in source ? source.url : source.displayPath));
  } finally {
    linter.close();
  }
}
