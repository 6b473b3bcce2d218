// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { allSchemas } from './lib/schemas.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

// Keywords that only make sense for one type, and the type they imply.
const IMPLIES = [
  ['properties', 'object'],
  ['additionalProperties', 'object'],
  ['patternProperties', 'object'],
  ['minProperties', 'object'],
  ['maxProperties', 'object'],
  ['items', 'array'],
  ['prefixItems', 'array'],
  ['minItems', 'array'],
  ['maxItems', 'array'],
  ['uniqueItems', 'array'],
  ['minLength', 'string'],
  ['maxLength', 'string'],
  ['pattern', 'string'],
  ['minimum', 'number'],
  ['maximum', 'number'],
  ['exclusiveMinimum', 'number'],
  ['exclusiveMaximum', 'number'],
  ['multipleOf', 'number'],
];
// Members of a composition and conditional branches constrain a schema that declares the type.
const CONSTRAINT_VIA = new Set(['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas']);

/**
 * A schema that uses keywords of one type (properties, items, maxLength, minimum, format…) declares
 * `type`. Schemas that compose (`allOf`/`anyOf`/`oneOf`/`not`), reference (`$ref`), enumerate (`enum`,
 * `const`), or are themselves members of a composition are left alone, as are annotation-only schemas.
 */
export default createRulesetFunction({ input: null, options: null }, function styleSchemaTypeDefined(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const results = [];
  for (const e of allSchemas(rootOf(context))) {
    const s = e.schema;
    if (s.type !== undefined || CONSTRAINT_VIA.has(e.via)) continue;
    if (s.allOf || s.anyOf || s.oneOf || s.not || s.$ref !== undefined || s.enum !== undefined || s.const !== undefined || s.if) continue;
    const hit = IMPLIES.find(([k]) => s[k] !== undefined);
    const implied = hit ? hit[1] : s.format !== undefined ? undefined : null;
    if (implied === null) continue;
    const why = hit ? `uses '${hit[0]}'` : `has format '${s.format}'`;
    results.push({ message: `Schema ${why} but declares no type${implied ? ` (add type: ${implied})` : ''}.`, path: e.path });
  }
  return results;
});
