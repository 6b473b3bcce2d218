/** Public data shapes of the registry. Times are ISO 8601 strings (UTC). */
import type { Database } from 'better-sqlite3';
import type { Syntax } from '../document/model.js';
import type { MigrationSet } from './migrations.js';

/** Counts recorded with each version, so listings need not parse stored documents. */
export interface VersionStats {
  paths: number;
  operations: number;
  schemas: number;
}

/** What `apictl import` hands to the registry. */
export interface ImportInput {
  /** Display name; its slug is the spec's identity. */
  name: string;
  /** The file as read; its SHA-256 is the version's content hash. */
  originalText: string;
  syntax: Syntax;
  /** Kind of the original (e.g. `swagger-2.0`, `openapi-3.1`). */
  specKind: string;
  /** Version string of the original as written (e.g. `2.0`, `3.1.0`). */
  specVersion: string;
  /** The 3.x document as JSON text. */
  convertedJson: string;
  /** Conversion notes as JSON text. */
  notesJson: string;
  sourcePath: string;
  gitCommit?: string;
  stats: VersionStats;
  /** True when the original had to be converted (e.g. from Swagger 2.0). */
  converted: boolean;
  /** Defaults to now. */
  importedAt?: Date;
}

/** Result of {@link Registry.importVersion}. */
export interface ImportOutcome {
  spec: { id: number; name: string; slug: string; created: boolean };
  version: {
    number: number;
    contentHash: string;
    /** False when identical content was already stored for this spec; `number` is then that version. */
    created: boolean;
  };
}

/** One spec as listed. */
export interface SpecSummary {
  id: number;
  /** Last display name given. */
  name: string;
  slug: string;
  latestVersion: number;
  versionCount: number;
  /** Kind and version string of the latest version's original. */
  latestSpecKind: string;
  latestSpecVersion: string;
  createdAt: string;
  /** When a version was last added or the display name last changed. */
  updatedAt: string;
}

/** One version's metadata (no texts). */
export interface VersionSummary {
  number: number;
  /** SHA-256 (hex) of the original text. */
  contentHash: string;
  syntax: Syntax;
  specKind: string;
  specVersion: string;
  sourcePath: string;
  gitCommit: string | null;
  stats: VersionStats;
  converted: boolean;
  /** Size of the original text in UTF-8 bytes. */
  originalSize: number;
  importedAt: string;
}

/** One version with its texts. */
export interface StoredVersion extends VersionSummary {
  spec: { id: number; name: string; slug: string };
  originalText: string;
  convertedJson: string;
  notesJson: string;
}

/** Options for {@link openRegistry}. */
export interface OpenRegistryOptions {
  /** Feature schemas to bring up to date on open, after the core one (see migrations.ts). */
  migrations?: readonly MigrationSet[];
}

/** An open registry. Not shared between threads; each process opens its own. */
export interface Registry {
  /** Absolute path of the database file (as given to {@link openRegistry}). */
  readonly path: string;
  /** The connection, for features that keep their own tables (they add a MigrationSet first). */
  readonly db: Database;
  close(): void;
  /**
   * Adds the spec (by slug) if new and a version if the content hash is new for that spec,
   * in one IMMEDIATE transaction. The display name is updated to `input.name` either way.
   */
  importVersion(input: ImportInput): ImportOutcome;
  /** All specs, ordered by slug. */
  listSpecs(): SpecSummary[];
  /** One spec by display name or slug (both are slugified). */
  getSpec(nameOrSlug: string): SpecSummary | undefined;
  /** A spec's versions, newest first; empty when the spec is unknown. */
  listVersions(nameOrSlug: string): VersionSummary[];
  /** One version with its texts; the latest when `version` is omitted. */
  getVersion(nameOrSlug: string, version?: number): StoredVersion | undefined;
  /** Brings a feature's schema up to date (see migrations.ts); a no-op when it already is. */
  migrate(set: MigrationSet): void;
}
