/**
 * The quality score: the formula (pure), run records, identities, and the history kept in the
 * registry. Nothing here loads SQLite itself: history functions take an open Registry.
 */
export * from './formula.js';
export * from './history.js';
export * from './identity.js';
export * from './record.js';
export * from './units.js';
