/** The `mcp` command group: options and help here, the work in lazily imported command modules. */
import { type Command, Option } from 'commander';
import { lazy } from './lazy.js';

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Adds `apictl mcp generate` and `apictl mcp list` to the program. */
export function addMcpCommands(program: Command): void {
  const mcp = program.command('mcp').description('generate MCP servers from API descriptions, and list the generated ones');

  mcp
    .command('generate')
    .description('generate a standalone stdio MCP server project (TypeScript) exposing chosen operations as tools')
    .argument('<spec>', 'API description file, or the name of a registered spec (its latest version)')
    .option('-o, --output <dir>', 'project folder to write (required unless --dry-run)')
    .option('--config <file>', 'generator configuration (YAML/JSON; default: mcp.yaml in the output folder, if present)')
    .option('--overlay <file>', 'OpenAPI Overlay 1.0 applied to the (converted) description before planning')
    .option('--name <name>', 'server and package name (default: from info.title)')
    .option(
      '--include <pattern>',
      'select only matching operations: tag:T, path:/glob/**, method:GET, id:opId (repeatable, comma-separated); id:exactId opts a write or workflow trigger in',
      collect,
      [],
    )
    .option('--exclude <pattern>', 'leave out matching operations (same patterns; repeatable)', collect, [])
    .option('--allow-writes', 'also select POST/PUT/PATCH/DELETE operations (workflow triggers still need naming one by one)')
    .option('--inline-schemas', 'fully inlined, bounded schemas without $ref (for strict clients)')
    .option('--dry-run', 'print the selection report and write nothing')
    .option('--force', 'write into a non-empty folder that is not an apictl project (existing files are kept)')
    .option('--json', 'print the report as JSON on stdout')
    .option('--db <path>', 'registry database (for registered specs and to record the server; env APICTL_DB)')
    .option('--ref-root <dir>', 'folder that relative $refs may read from (default: the input file’s folder)')
    .option('--allow-absolute-refs', 'follow absolute-path and file:// $refs that stay inside --ref-root')
    .option('--max-size <mb>', 'largest input file in MiB', '50')
    .option('--max-depth <n>', 'deepest nesting accepted', '256')
    .option('--stdin-filepath <name>', 'name to show for input read from stdin (-)')
    .addOption(new Option('--target <version>', 'OpenAPI version Swagger 2.0 is converted to').choices(['3.0', '3.1']).default('3.0'))
    .addHelpText(
      'after',
      `
Selection: reads (GET) and searches are selected by default; writes need --allow-writes or naming
(config tools.<operationId>.enabled: true, or --include id:<operationId>); workflow triggers (deploy,
run, start … ) need naming one by one. Every operation is listed in the report with the reason.

Examples:
  apictl mcp generate api.yaml -o petstore-mcp
  apictl mcp generate api.yaml --dry-run --include tag:pets
  apictl mcp generate "Pet Store" -o petstore-mcp --allow-writes --exclude method:DELETE
`,
    )
    .action(lazy(() => import('./commands/mcp-generate.js')));

  mcp
    .command('list')
    .description('list the MCP servers generated and recorded in the registry')
    .option('--db <path>', 'registry database')
    .option('--json', 'print JSON')
    .action(lazy(() => import('./commands/mcp-list.js')));
}
