/**
 * The apictl program. Only this folder reads argv, writes stdout/stderr and sets the exit code.
 * Command modules are imported when their command runs, so `apictl --version` loads nothing heavy.
 */
import { Command, CommanderError, Option } from 'commander';
import { formatErrorLine, InputError, UsageError } from '../errors.js';
import { EXIT } from './exit-codes.js';
import { addMcpCommands } from './mcp-commands.js';
import { addScoreCommands } from './score-commands.js';
import { lazy } from './lazy.js';
import { packageVersion } from './version.js';

/** Options every command that reads API descriptions accepts. */
function withLoadOptions(cmd: Command): Command {
  return cmd
    .option('--ref-root <dir>', 'folder that relative $refs may read from (default: the input file’s folder)')
    .option('--allow-remote <hosts>', 'comma-separated hosts whose https URLs may be read (inputs and $refs); off by default')
    .option('--allow-absolute-refs', 'follow absolute-path and file:// $refs that stay inside --ref-root')
    .option('--max-size <mb>', 'largest input file in MiB', '50')
    .option('--max-depth <n>', 'deepest nesting accepted', '256')
    .option('--stdin-filepath <name>', 'name to show for input read from stdin (-)');
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export function buildProgram(): Command {
  const program = new Command('apictl')
    .description('Import, convert, lint, score and serve (as MCP) your Swagger 2.0 and OpenAPI 3.x descriptions')
    .version(packageVersion(), '-V, --version', 'print the version')
    .exitOverride()
    .configureOutput({ writeOut: (s) => process.stdout.write(s), writeErr: (s) => process.stderr.write(s) })
    .option('--debug', 'show stack traces of internal errors')
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText(
      'after',
      `
Examples:
  apictl import examples/petstore-swagger2.yaml     register a spec (2.0 is converted to 3.0)
  apictl convert api.json -o api-v3.yaml            Swagger 2.0 → OpenAPI 3.0, as YAML
  apictl specs                                      list registered specs

Exit codes: 0 ok, 1 findings at or above the fail severity, 2 usage, input or internal error.`,
    );

  withLoadOptions(
    program
      .command('import')
      .description('detect, validate, convert when needed, and store API descriptions in the local registry')
      .argument('<files...>', 'API description files (JSON or YAML; - for stdin; https URLs with --allow-remote)')
      .option('--name <name>', 'spec name (default: info.title)')
      .option('--db <path>', 'registry database (default: .apictl/apictl.db in the project root; env APICTL_DB)')
      .addOption(new Option('--target <version>', 'OpenAPI version Swagger 2.0 is converted to').choices(['3.0', '3.1']).default('3.0'))
      .option('--json', 'print a JSON report on stdout')
      .option('--allow-invalid', 'store a document even when it has validation errors (they are printed and kept with the version)')
      .addHelpText('after', '\nExample:\n  apictl import api/swagger.json --name "Pet Store"\n'),
  ).action(lazy(() => import('./commands/import.js')));

  withLoadOptions(
    program
      .command('convert')
      .description('convert Swagger 2.0 to OpenAPI 3.0 or 3.1 (and 3.0 up to 3.1), keeping everything')
      .argument('<input>', 'API description file (- for stdin)')
      .option('-o, --output <file>', 'write the result here (default: stdout)')
      .addOption(new Option('--target <version>', 'OpenAPI version to produce').choices(['3.0', '3.1']).default('3.0'))
      .addOption(new Option('--format <format>', 'output syntax (default: the input’s, or the -o extension)').choices(['json', 'yaml']))
      .option('--json', 'print a JSON report (notes, versions) on stdout; the document goes to -o')
      .option('--quiet', 'do not print conversion notes')
      .option('--validate', 'also validate the input against its official schema and report problems at their lines (import and lint always do)')
      .addHelpText('after', '\nExample:\n  apictl convert swagger.json -o openapi.yaml --target 3.1\n'),
  ).action(lazy(() => import('./commands/convert.js')));

  const specs = program
    .command('specs')
    .description('list the specs in the local registry')
    .option('--db <path>', 'registry database')
    .option('--json', 'print JSON')
    .addHelpText('after', '\nExamples:\n  apictl specs\n  apictl specs show pet-store --json\n')
    .action(lazy(() => import('./commands/specs.js')));
  specs
    .command('show')
    .description('list the stored versions of one spec')
    .argument('<name>', 'spec name or slug')
    .option('--db <path>', 'registry database')
    .option('--json', 'print JSON')
    .action(lazy(() => import('./commands/specs-show.js')));

  const rules = program
    .command('rules')
    .description('list the rules of the style guide and its packs')
    .addOption(new Option('--category <category>', 'only this category').choices(['style', 'security', 'performance', 'compliance', 'validation']))
    .addOption(new Option('--pack <pack>', 'rules a pack adds or re-tunes').choices(['psd2', 'fhir', 'r155', 'gdpr']))
    .option('--all', 'include the rules of every pack')
    .option('--json', 'print JSON')
    .addHelpText('after', '\nExamples:\n  apictl rules --category security\n  apictl rules show operation-id-unique\n')
    .action(lazy(() => import('./commands/rules.js')));
  rules
    .command('show')
    .description('what a rule checks, why, a failing and a passing example, and how to fix it')
    .argument('<id>', 'rule id')
    .option('--json', 'print JSON')
    .action(lazy(() => import('./commands/rules.js'), 'show'));

  withLoadOptions(
    program
      .command('lint')
      .description('lint API descriptions against the apictl style guide (Swagger 2.0 and OpenAPI 3.x alike)')
      .argument('<files...>', 'files or globs (quote them: "specs/**/*.yaml"); - for stdin')
      .option('-f, --format <format>', 'stylish | json | sarif | junit | github-actions | markdown (repeatable)', collect, [])
      .option('-o, --output <file>', 'write the (single) format to a file; -o.<format>=FILE for several')
      .addOption(new Option('--output-for <format=file>', 'write one format to a file (what -o.<format>=FILE becomes)').argParser(collect).default([]).hideHelp())
      .addOption(new Option('-F, --fail-severity <severity>', 'lowest severity that fails the run (exit 1)').choices(['error', 'warn', 'info', 'hint']))
      .option('--pack <pack>', 'enable an industry pack: psd2, fhir, r155, gdpr (repeatable)', collect, [])
      .option('--ruleset <file>', 'add a Spectral ruleset (e.g. .spectral.yaml) (repeatable)', collect, [])
      .option('--config <file>', 'config file (default: .apictl.yaml or apictl.config.{yaml,json} from here up to the repository root)')
      .option('--no-config', 'ignore config files')
      .option('--no-config-code', 'refuse JavaScript rule functions named by the config or its rulesets (also APICTL_NO_CONFIG_CODE=1): for pull requests from forks')
      .option('--baseline <file>', 'findings already in this baseline are reported as known and do not fail')
      .option('--write-baseline <file>', 'write the current findings as the baseline')
      .option('--time-budget <seconds>', 'time budget per document', '60')
      .option('--no-record', 'do not record the score of this run in the registry')
      .option('--db <path>', 'registry database for score history')
      .option('-q, --quiet', 'no progress or summary messages on stderr')
      .addHelpText(
        'after',
        '\nExamples:\n  apictl lint api.yaml\n  apictl lint "specs/**/*.yaml" -f sarif -o results.sarif\n  apictl lint api.yaml -f stylish -f json -o.json=lint.json --fail-severity warn\n  apictl lint api.yaml --pack psd2 --baseline .apictl-baseline.json\n',
      ),
  ).action(lazy(() => import('./commands/lint.js')));
  withLoadOptions(
    program
      .command('explore')
      .description("write one offline HTML page: the API reference of any version, with the original source, its findings and its score beside it; without a spec, the registry's portfolio")
      .argument('[spec]', 'API description file (Swagger 2.0, OpenAPI 3.x; JSON or YAML), or the name of a registered spec; none: every registered spec')
      .option('-o, --output <file>', "page to write (default: <name>.html; index.html for the portfolio, with each spec's page beside it)")
      .option('--pack <pack>', 'enable an industry pack: psd2, fhir, r155, gdpr (repeatable)', collect, [])
      .option('--ruleset <file>', 'add a Spectral ruleset (e.g. .spectral.yaml) (repeatable)', collect, [])
      .option('--config <file>', 'lint config file (default: found from here up)')
      .option('--no-config', 'ignore config files')
      .option('--no-config-code', 'refuse JavaScript rule functions named by the config or its rulesets (also APICTL_NO_CONFIG_CODE=1)')
      .option('--no-lint', 'show the reference and the source without findings or score')
      .option('--db <path>', 'registry database (registered names, score history, the portfolio)')
      .option('--serve', 'serve the page on 127.0.0.1 and re-render it when the file or a file it $refs is saved')
      .option('--port <n>', 'port for --serve (default: any free port)')
      .addHelpText(
        'after',
        '\nExamples:\n  apictl explore api.yaml\n  apictl explore api.yaml --serve --port 8080\n  apictl explore petstore            # a registered spec\n  apictl explore -o site/index.html  # the portfolio of the registry\n',
      ),
  ).action(lazy(() => import('./commands/explore.js')));
  addScoreCommands(program);
  addMcpCommands(program);

  return program;
}

/**
 * Ends the process, with process.exitCode, once a command is done (main resolved) and stdout and
 * stderr have written everything. Every command of apictl is done when main resolves; what Node
 * would still do before ending on its own (wait for the rules lane's thread to stop, free the
 * heaps) would only delay the end after the report is out. Output a pipe has not taken
 * yet is waited for (a write's callback runs once everything written before it is out, or the
 * stream failed). 'exit' handlers (the code cache) run either way.
 */
export function exitWhenWritten(): void {
  const busy = [process.stdout, process.stderr].filter((s) => s.writableLength > 0 && !s.destroyed);
  if (busy.length === 0) process.exit();
  let left = busy.length;
  for (const s of busy) {
    s.write('', () => {
      if (--left === 0) process.exit();
    });
  }
}

/** Runs the CLI. Every error becomes one line on stderr and exit code 2. */
export async function main(argv: string[]): Promise<void> {
  const debug = argv.includes('--debug');
  // `apictl lint … | head`: when the reader goes away, the rest of the output has nowhere to go.
  // Stop writing quietly (as Unix tools do) instead of dying with an unhandled EPIPE stack trace;
  // the run still finishes its other work (registry writes) and keeps its exit code.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') return;
    throw err;
  });
  // Spectral's `-o.<format>=FILE` form: commander cannot declare it, so it is rewritten here.
  argv = argv.flatMap((a) => {
    const m = /^-o\.([a-z-]+)=(.+)$/.exec(a);
    return m ? ['--output-for', `${m[1]}=${m[2]}`] : [a];
  });
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version are successes; everything else commander rejects is a usage error.
      process.exitCode = err.exitCode === 0 ? EXIT.ok : EXIT.error;
      return;
    }
    process.stderr.write(formatErrorLine(err) + '\n');
    if (debug && err instanceof Error && !(err instanceof InputError) && !(err instanceof UsageError)) {
      process.stderr.write((err.stack ?? '') + '\n');
    }
    process.exitCode = EXIT.error;
  }
}
