/**
 * Swagger 2.0 → OpenAPI 3.0 / 3.1 conversion with notes and an origin map, and the 3.0 → 3.1 upgrade.
 * Pure: no file access, no output, no process exit.
 */
export type { ConversionNote, ConversionResult, ConvertOptions, OriginMap } from './types.js';
export { convertSwagger2 } from './swagger2.js';
export { upgradeTo31 } from './upgrade-31.js';
