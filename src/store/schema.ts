/** The registry's own tables: specs and their versions (namespace `registry`). */
import { defineMigrations } from './migrations.js';

/** Namespace of the core registry tables in `schema_migrations`. */
export const REGISTRY_NAMESPACE = 'registry';

/**
 * Core schema. Append only (see migrations.ts).
 *
 * - `specs`: one row per slug (the identity); `name` is the last display name given.
 * - `versions`: metadata of each stored version; (spec_id, number) and (spec_id, content_hash)
 *   are unique, so even a bug in numbering could not store a duplicate or a gap silently.
 * - `version_texts`: the big texts, kept apart so listing versions never reads megabytes (and a
 *   rowid table on purpose: WITHOUT ROWID is a poor fit for multi-megabyte rows).
 */
export const REGISTRY_MIGRATIONS = defineMigrations(REGISTRY_NAMESPACE, [
  {
    version: 1,
    name: 'specs, versions and version texts',
    up: `
      CREATE TABLE specs (
        id         INTEGER PRIMARY KEY,
        slug       TEXT NOT NULL UNIQUE,
        name       TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      CREATE TABLE versions (
        id               INTEGER PRIMARY KEY,
        spec_id          INTEGER NOT NULL REFERENCES specs (id) ON DELETE CASCADE,
        number           INTEGER NOT NULL CHECK (number >= 1),
        content_hash     TEXT    NOT NULL,
        syntax           TEXT    NOT NULL CHECK (syntax IN ('json', 'yaml')),
        spec_kind        TEXT    NOT NULL,
        spec_version     TEXT    NOT NULL,
        source_path      TEXT    NOT NULL,
        git_commit       TEXT,
        paths_count      INTEGER NOT NULL,
        operations_count INTEGER NOT NULL,
        schemas_count    INTEGER NOT NULL,
        converted        INTEGER NOT NULL CHECK (converted IN (0, 1)),
        original_size    INTEGER NOT NULL,
        imported_at      TEXT    NOT NULL,
        UNIQUE (spec_id, number),
        UNIQUE (spec_id, content_hash)
      );

      CREATE TABLE version_texts (
        version_id INTEGER NOT NULL REFERENCES versions (id) ON DELETE CASCADE,
        role       TEXT    NOT NULL CHECK (role IN ('original', 'converted', 'notes')),
        encoding   TEXT    NOT NULL,
        size       INTEGER NOT NULL,
        data       BLOB    NOT NULL,
        PRIMARY KEY (version_id, role)
      );
    `,
  },
]);
