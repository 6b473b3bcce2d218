/** `apictl specs [--json]` */
import { EXIT } from '../exit-codes.js';
import { createOutput } from '../output.js';
import { openCliRegistry } from '../registry.js';
import { table } from '../table.js';

export async function run(flags: { db?: string; json?: boolean }): Promise<number> {
  const io = createOutput();
  const registry = await openCliRegistry(flags);
  try {
    const specs = registry.listSpecs();
    if (flags.json) {
      io.out(JSON.stringify(specs, null, 2));
      return EXIT.ok;
    }
    if (specs.length === 0) {
      io.err('no specs registered yet (add one with: apictl import FILE)');
      return EXIT.ok;
    }
    io.out(
      table(
        ['NAME', 'SLUG', 'LATEST', 'VERSIONS', 'FORMAT', 'UPDATED'],
        specs.map((s) => [s.name, s.slug, `v${s.latestVersion}`, String(s.versionCount), `${s.latestSpecKind.startsWith('swagger') ? 'Swagger' : 'OpenAPI'} ${s.latestSpecVersion}`, s.updatedAt]),
      ),
    );
    return EXIT.ok;
  } finally {
    registry.close();
  }
}
