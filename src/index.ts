/** apictl as a library: the pure core, without the CLI. */
export { InputError, UsageError, formatErrorLine } from './errors.js';
export type { SourcePosition } from './errors.js';
export type { Finding, Severity, JsonPath, Range } from './findings/finding.js';
export { toPointer, parsePointer } from './findings/finding.js';
export { loadDocument } from './document/load.js';
export type { LoadOptions, LoadResult, Source } from './document/load.js';
export type { LoadedDocument, DetectedSpec, SpecKind, Syntax, SourceFile, Location } from './document/model.js';
export { detectSpec, SUPPORTED_VERSIONS } from './document/detect.js';
export { DEFAULT_LIMITS } from './document/limits.js';
export type { LoadLimits } from './document/limits.js';
export { prepareDocument, locateFindings } from './core/prepare.js';
export type { Prepared, Target } from './core/prepare.js';
export { serializeDocument } from './core/serialize.js';
export { countStats } from './core/stats.js';
