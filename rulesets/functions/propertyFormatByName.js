// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, rootOf } from './lib/doc.js';
import { documentParts, matchTerm, schemaTypes } from './lib/compliance.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').JsonObject} JsonObject */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * String properties and parameters whose names say what they hold (`currency`, `countryCode`,
 * `email`, `callbackUrl`) constrain their values accordingly. Each entry of `entries`:
 * { names: dictionary (a name matches when its words end with an entry), formats: formats that
 * satisfy it (empty: any format), hint: what to declare }. An enum, a const or — unless
 * `acceptPattern` is false — a pattern also satisfies it.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['entries'],
      properties: {
        entries: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['names', 'hint'],
            properties: {
              names: { type: 'array', items: { type: 'string' }, minItems: 1 },
              formats: { type: 'array', items: { type: 'string' } },
              hint: { type: 'string' },
              acceptPattern: { type: 'boolean' },
            },
          },
        },
        parameters: { type: 'boolean' },
      },
    },
  },
  /**
   * @param {Json} _input
   * @param {{ entries: { names: string[], formats?: string[], hint: string, acceptPattern?: boolean }[], parameters?: boolean }} options
   * @param {RuleContext} context
   * @returns {Finding[]}
   */
  function propertyFormatByName(_input, options, context) {
    const root = rootOf(context);
    const parts = documentParts(root);
    /** @type {Finding[]} */
    const results = [];
    // The first entry a name matches depends on the name only (names repeat: `id`, `currency`).
    const entryOf = new Map();
    /** @param {string} name @param {Json} rawSchema @param {{ path: Path }} site @param {string[]} suffix @param {string} what */
    const check = (name, rawSchema, site, suffix, what) => {
      let entry = entryOf.get(name);
      if (entry === undefined) {
        entry = options.entries.find((e) => matchTerm(name, e.names) !== undefined) ?? null;
        entryOf.set(name, entry);
      }
      if (entry !== null) {
        const schema = deref(root, rawSchema, []).value;
        if (!isObject(schema)) return;
        const types = schemaTypes(root, schema);
        if (!types.includes('string') || types.some((t) => t !== 'string' && t !== 'null')) return;
        if (Array.isArray(schema.enum) || schema.const !== undefined) return;
        if (entry.acceptPattern !== false && typeof schema.pattern === 'string') return;
        const formats = entry.formats ?? [];
        if (typeof schema.format === 'string' && (formats.length === 0 || formats.includes(schema.format))) return;
        const has = typeof schema.format === 'string' ? ` (format '${schema.format}' does not say so)` : '';
        // A URI template (`…/gists{/gist_id}`, RFC 6570) is not a URI: `format: uri` would be wrong advice.
        const hint = formats.includes('uri-template') && isUriTemplate(schema) ? 'format: uri-template (its example is a URI template, not a URI)' : entry.hint;
        results.push({ message: `${what} '${name}' is a free string${has}: declare ${hint}`, path: [...site.path, ...suffix] });
      }
    };
    for (const site of parts.properties) check(site.name, site.schema, site, [], 'Property');
    if (options.parameters !== false) {
      for (const site of parts.parameters) {
        const { param } = site;
        if (typeof param.name === 'string' && param.schema !== undefined) check(param.name, param.schema, site, ['schema'], 'Parameter');
      }
    }
    return results;
  },
);

/** True when the schema's example or default is a URI template: an expression in braces. @param {JsonObject} schema @returns {boolean} */
function isUriTemplate(schema) {
  const samples = [schema.example, schema.default, ...(Array.isArray(schema.examples) ? schema.examples : [])];
  return samples.some((v) => typeof v === 'string' && /\{[+#./;?&]?[A-Za-z0-9_%.,*:]+\}/.test(v));
}
