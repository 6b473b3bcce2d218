/**
 * `apictl score`: its options and a lazy action (the command module loads only when it runs).
 */
import { type Command, Option } from 'commander';
import { lazy } from './lazy.js';

export function addScoreCommands(program: Command): void {
  program
    .command('score')
    .description('quality score per spec from recorded lint runs: categories, packs, trend, baseline, CI gates')
    .argument('[spec]', 'registered spec name or slug, or the file that was linted (default: the only spec with runs)')
    .option('--all', 'every spec with recorded runs, and the portfolio score pooled over them')
    .option('--explain', 'list the rules that cost the most points (fix these first)')
    .option('--history', 'print the recorded runs as a table (the last --limit of them)')
    .option('--limit <n>', 'runs shown by --history', '50')
    .option('--json', 'print JSON on stdout')
    .option('--set-baseline', 'make the latest run the baseline of SPEC')
    .option('--min-score <n>', 'exit 1 when the score is below N (0–100)')
    .option('--no-regression', 'exit 1 when the score fell below the baseline (or the previous run, with --since previous)')
    .addOption(new Option('--since <run>', 'what --no-regression compares with').choices(['baseline', 'previous']).default('baseline'))
    .option('--db <path>', 'registry database (default: .apictl/apictl.db in the project root; env APICTL_DB)')
    .addHelpText(
      'after',
      `
The score is read from the runs \`apictl lint\` records; \`score\` does not lint.

Examples:
  apictl score pet-store --explain
  apictl score api/openapi.yaml --history
  apictl score --all --min-score 80 --no-regression
`,
    )
    .action(lazy(() => import('./commands/score.js')));
}
