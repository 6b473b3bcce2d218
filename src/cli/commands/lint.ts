/** `apictl lint FILES... [-f FORMAT]... [-o FILE | -o.<format>=FILE] [--fail-severity S] [--baseline F] [--write-baseline F] [--pack P]...` */
import { appendFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { InputError, UsageError, formatErrorLine } from '../../errors.js';
import { SEVERITY_ORDER, type Severity } from '../../findings/finding.js';
import { expandGlob } from '../../util/glob.js';
import { EXIT } from '../exit-codes.js';
import { type LoadFlags, loadOptionsFrom, sourceFor } from '../load-input.js';
import { colorLevel, createOutput, writeOutputFile } from '../output.js';
import { packageVersion } from '../version.js';
import type { LintFinding } from '../../lint/types.js';
import type { LoadedRuleset } from '../../lint/ruleset.js';
import { FORMAT_NAMES, type FormatName, isFormatName } from '../../formatters/index.js';
import { appendAll } from '../../util/append.js';

interface LintFlags extends LoadFlags {
  format?: string[];
  output?: string;
  outputFor?: string[];
  failSeverity?: Severity;
  baseline?: string;
  writeBaseline?: string;
  pack?: string[];
  ruleset?: string[];
  config?: string | false;
  /** False with --no-config-code. */
  configCode?: boolean;
  quiet?: boolean;
  record?: boolean;
  db?: string;
  timeBudget?: string;
}

function parseOutputs(flags: LintFlags, configured: string[] | undefined): Array<{ format: FormatName; file?: string }> {
  const formats = (flags.format?.length ? flags.format : configured?.length ? configured : ['stylish']).map((f) => {
    if (!isFormatName(f)) throw new UsageError(`unknown format '${f}' (formats: ${FORMAT_NAMES.join(', ')})`);
    return f;
  });
  const perFormat = new Map<string, string>();
  for (const spec of flags.outputFor ?? []) {
    const eq = spec.indexOf('=');
    const fmt = spec.slice(0, eq);
    if (eq <= 0 || !isFormatName(fmt)) throw new UsageError(`-o.<format>=FILE needs a known format, not '${spec}'`);
    perFormat.set(fmt, spec.slice(eq + 1));
  }
  if (flags.output && formats.length > 1 && perFormat.size === 0) throw new UsageError('-o FILE takes one format; for several use -o.<format>=FILE');
  const outs = formats.map((format) => ({ format, file: perFormat.get(format) ?? (formats.length === 1 ? flags.output : undefined) }));
  for (const [fmt, file] of perFormat) if (!formats.includes(fmt as FormatName)) outs.push({ format: fmt as FormatName, file });
  return outs;
}

export async function run(patterns: string[], flags: LintFlags): Promise<number> {
  const io = createOutput();
  const cwd = process.cwd();
  const { findConfig, loadConfig } = await import('../../lint/config.js');
  const configFile = flags.config === false ? undefined : typeof flags.config === 'string' ? path.resolve(cwd, flags.config) : findConfig(cwd);
  const config = configFile ? loadConfig(configFile) : undefined;
  const outputs = parseOutputs(flags, config?.formats);
  const failSeverity: Severity = flags.failSeverity ?? config?.failSeverity ?? 'error';
  if (!(failSeverity in SEVERITY_ORDER)) throw new UsageError(`--fail-severity must be error, warn, info or hint`);

  const files = patterns.flatMap((p) => (p === '-' ? ['-'] : expandGlob(p, cwd)));
  if (files.length === 0) throw new UsageError(patterns.length ? `no files match ${patterns.join(' ')}` : 'give the files to lint (globs allowed), e.g. apictl lint "specs/**/*.yaml"');
  // An argument that is no file but the name of a registered spec lints its latest version.
  const specs = new Map<string, { slug: string; text: string; shown: string }>();
  const unknown = files.filter((f) => f !== '-' && !existsSync(path.resolve(cwd, f)) && !/^https?:\/\//i.test(f));
  if (unknown.length > 0) {
    const { openRegistry, resolveDbPath } = await import('../../store/index.js');
    const dbPath = resolveDbPath({ cwd, explicit: flags.db, env: process.env });
    if (existsSync(dbPath)) {
      const reg = openRegistry(dbPath);
      try {
        for (const name of unknown) {
          const v = reg.getVersion(name);
          if (v) specs.set(name, { slug: v.spec.slug, text: v.originalText, shown: `${v.spec.slug}@v${v.number}/${path.basename(v.sourcePath)}` });
        }
      } finally {
        reg.close();
      }
    }
  }

  const baselineFile = flags.baseline ?? (config?.baseline ? path.resolve(path.dirname(configFile!), config.baseline) : undefined);
  const { readBaseline, writeBaseline } = await import('../../lint/baseline.js');
  const { createLinter } = await import('../../lint/pipeline.js');
  const linter = createLinter({
    config,
    configFile,
    cwd,
    packs: flags.pack,
    rulesets: flags.ruleset,
    // configs and rulesets are code a repository brings; a CI job on a fork's pull request turns that off
    allowCode: flags.configCode !== false && !truthyEnv(process.env.APICTL_NO_CONFIG_CODE),
    timeBudgetMs: flags.timeBudget ? Number(flags.timeBudget) * 1000 : undefined,
    baseline: baselineFile && !flags.writeBaseline ? readBaseline(baselineFile) : undefined,
  });

  const loadOptions = loadOptionsFrom(flags, cwd);
  const showProgress = files.length > 1 && !flags.quiet;
  const tty = process.stderr.isTTY === true && colorLevel(process.stderr) > 0;
  const all: LintFinding[] = [];
  const linted: string[] = [];
  let inputErrors = 0;
  let lastRuleset: LoadedRuleset | undefined;
  const recorder = flags.record === false ? undefined : await import('./lint-record.js').then((m) => m.createRecorder(flags.db, (l) => io.err(l)));

  try {
    for (const [i, file] of files.entries()) {
      if (showProgress) {
        if (tty) io.status(`${io.c.gray(`[${i + 1}/${files.length}]`)} ${file}`);
        else io.err(`[${i + 1}/${files.length}] ${file}`);
      }
      try {
        const spec = specs.get(file);
        const source = spec ? { bytes: Buffer.from(spec.text), displayPath: spec.shown } : await sourceFor(file, flags, loadOptions);
        const { loaded, prepared, ruleset, findings, suppressed } = await linter.lint(source, loadOptions, file);
        lastRuleset = ruleset;
        linted.push(loaded.entry.displayPath);
        appendAll(all, findings);
        await recorder?.record({
          file: file === '-' || spec ? undefined : file,
          identity: spec ? `spec:${spec.slug}` : undefined,
          slug: spec?.slug,
          loaded,
          prepared,
          ruleset,
          findings,
          suppressed,
        });
      } catch (err) {
        if (!(err instanceof InputError)) throw err;
        inputErrors++;
        if (tty && showProgress) io.status('');
        io.err(formatErrorLine(err));
      }
    }
  } finally {
    recorder?.close();
    linter.close();
  }
  if (tty && showProgress) io.status('');

  const findings = all;
  if (flags.writeBaseline) {
    writeBaseline(flags.writeBaseline, findings, { rulesetFingerprint: lastRuleset?.fingerprint ?? '' });
    if (!flags.quiet) io.err(`wrote ${findings.length} finding(s) to baseline ${flags.writeBaseline}`);
  }

  const { format, outputBytes } = await import('../../formatters/index.js');

  const rules = lastRuleset?.meta ?? new Map();
  for (const o of outputs) {
    // Nothing could be linted (each file, or the config, gave an input error, already on stderr):
    // a report on the terminal would say "No problems found". Files and machine formats still get theirs.
    if (linted.length === 0 && inputErrors > 0 && !o.file && o.format === 'stylish') continue;
    const result = format(
      o.format,
      {
        findings,
        files: linted,
        rules,
        tool: { name: 'apictl', version: packageVersion(), rulesetVersion: lastRuleset?.version ?? '', rulesetFingerprint: lastRuleset?.fingerprint ?? '' },
        cwd,
        failSeverity,
        color: !o.file && io.cOut.level > 0,
      },
      { GITHUB_STEP_SUMMARY: process.env.GITHUB_STEP_SUMMARY },
    );
    const bytes = outputBytes(result);
    if (o.file) writeOutputFile(o.file, bytes);
    else if (bytes.length > 0) process.stdout.write(bytes[bytes.length - 1] === 0x0a ? bytes : Buffer.concat([bytes, Buffer.from('\n')]));
    if (result.summary && process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, result.summary);
  }

  // a file whose rules could not all run within the budget: what it had is reported, and the run fails as such
  if (inputErrors > 0 || recorder?.failed || findings.some((f) => f.code === 'lint-time-budget')) return EXIT.error;
  const limit = SEVERITY_ORDER[failSeverity];
  const failing = findings.filter((f) => !f.known && SEVERITY_ORDER[f.severity] <= limit);
  return failing.length > 0 ? EXIT.findings : EXIT.ok;
}

function truthyEnv(v: string | undefined): boolean {
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}
