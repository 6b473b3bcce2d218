/** The one document model every later stage uses: parsed value, format, version and positions. */
import type { JsonPath, Range } from '../findings/finding.js';

export type Syntax = 'json' | 'yaml';

/** The operation keys of a path item, in every version (`query` is 3.2's; 2.0 never has trace or query). */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;

/** The API description kinds apictl understands. */
export type SpecKind = 'swagger-2.0' | 'openapi-3.0' | 'openapi-3.1' | 'openapi-3.2';

export interface DetectedSpec {
  kind: SpecKind;
  /** The version string as written (`2.0`, `3.0.3`, `3.1.0`, `3.2.0`). */
  version: string;
}

/** One file that was read and parsed. */
export interface SourceFile {
  /** Path as shown to the user (relative to the working directory when inside it). */
  displayPath: string;
  /** Real absolute path, or the URL for remote sources, or `<stdin>`. */
  id: string;
  syntax: Syntax;
  /** The file as written (BOM removed): what the explorer's source panel shows. */
  text: string;
  /** Parsed value (plain JSON data). */
  value: unknown;
  /** Range of the node at `path` within this file; undefined when the path does not exist. */
  locate(path: JsonPath): Range | undefined;
}

/** A located position in some file. */
export interface Location {
  file: string;
  range: Range;
  /** The path within that file that was found (the longest existing prefix of what was asked). */
  path: JsonPath;
  /** True when the whole asked path exists; false when an ancestor was used. */
  exact: boolean;
}

export interface LoadedDocument {
  /** The entry file's value with external refs bundled in (internal `#/…` refs kept). */
  value: unknown;
  entry: SourceFile;
  /** Every file read, keyed by SourceFile.id. */
  files: Map<string, SourceFile>;
  spec: DetectedSpec;
  /** Maps a path in `value` to the file and range it came from (longest-prefix fallback). */
  locate(path: JsonPath): Location;
}
