/**
 * The local registry: imported API descriptions and their versions in one SQLite file.
 *
 * Open with `openRegistry(resolveDbPath({ cwd, explicit, env }))`. Features that keep their own
 * tables pass a MigrationSet (see migrations.ts) when opening or call `registry.migrate(set)`.
 */
export { resolveDbPath, findProjectRoot, DB_ENV_VAR, REGISTRY_DIR, REGISTRY_FILE } from './paths.js';
export type { ResolveDbPathOptions } from './paths.js';
export { slugify, MAX_SLUG_LENGTH, FALLBACK_SLUG } from './slug.js';
export { openRegistry } from './registry.js';
export { applyMigrations, defineMigrations, schemaVersions, MIGRATIONS_TABLE } from './migrations.js';
export type { Migration, MigrationSet } from './migrations.js';
export { REGISTRY_MIGRATIONS, REGISTRY_NAMESPACE } from './schema.js';
export type {
  ImportInput,
  ImportOutcome,
  OpenRegistryOptions,
  Registry,
  SpecSummary,
  StoredVersion,
  VersionStats,
  VersionSummary,
} from './types.js';
