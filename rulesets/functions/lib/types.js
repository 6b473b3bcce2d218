// @ts-check
// The types every rule function and helper speaks, for `tsc -p tsconfig.rules.json` (JSDoc only:
// the functions stay plain ESM so Spectral CLI loads them as they are). A linted document is
// parsed JSON or YAML, so its values are `Json`; a node a function reads fields from is a `JsonObject`.

/** Any value of a parsed document. Rules read it defensively (isObject, typeof) before use. */
/** @typedef {any} Json */

/** An object of a parsed document (a schema, an operation, a parameter …). */
/** @typedef {Record<string, any>} JsonObject */

/** Where a value is: keys and array indexes from the document root. */
/** @typedef {(string | number)[]} Path */

/** One result of a rule function, as Spectral's functions return it. */
/** @typedef {{ message: string, path: Path }} Finding */

/** What the runner (ours or Spectral's) passes as a function's third argument. */
/** @typedef {{ document: { data: Json, source?: string | null }, path: Path, rule: { name: string }, documentInventory?: any }} RuleContext */

/** A rule function's options (validated against its option schema before the call). */
/** @typedef {Record<string, any> | null} RuleOptions */

export {};
