/** `apictl specs show NAME [--json]` */
import { InputError } from '../../errors.js';
import { EXIT } from '../exit-codes.js';
import { createOutput } from '../output.js';
import { openCliRegistry } from '../registry.js';
import { table } from '../table.js';
import { visibleControls } from '../../util/visible.js';

export async function run(name: string, flags: { db?: string; json?: boolean }, cmd?: { parent?: { opts(): { db?: string; json?: boolean } } }): Promise<number> {
  const io = createOutput();
  // Flags may be given before `show` (apictl specs --json show x).
  const merged = { ...(cmd?.parent?.opts() ?? {}), ...flags };
  const registry = await openCliRegistry(merged);
  try {
    const spec = registry.getSpec(name);
    if (!spec) throw new InputError(`no spec named '${name}' in the registry (see: apictl specs)`);
    const versions = registry.listVersions(name);
    if (merged.json) {
      io.out(JSON.stringify({ spec, versions }, null, 2));
      return EXIT.ok;
    }
    io.out(`${visibleControls(spec.name)} (${spec.slug}): ${spec.versionCount} version(s)`);
    io.out(
      table(
        ['VERSION', 'IMPORTED', 'FORMAT', 'PATHS', 'OPS', 'SCHEMAS', 'CONVERTED', 'COMMIT', 'SOURCE', 'HASH'],
        versions.map((v) => [
          `v${v.number}`,
          v.importedAt,
          `${v.specKind.startsWith('swagger') ? 'Swagger' : 'OpenAPI'} ${v.specVersion}`,
          String(v.stats.paths),
          String(v.stats.operations),
          String(v.stats.schemas),
          v.converted ? 'yes' : 'no',
          v.gitCommit ? v.gitCommit.slice(0, 10) : '-',
          v.sourcePath,
          v.contentHash.slice(0, 12),
        ]),
      ),
    );
    return EXIT.ok;
  } finally {
    registry.close();
  }
}
