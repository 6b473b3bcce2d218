// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, rootOf } from './lib/doc.js';
import { allResponses, isErrorCode } from './lib/definitions.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * The family of an error body schema: the component it references, followed through allOf
 * extensions to their base (`allOf: [$ref Problem, {…}]` belongs to Problem); inline schemas have none.
 * @param {Json} root @param {Json} schema @param {number} [depth] @returns {string | undefined}
 */
function familyOf(root, schema, depth = 0) {
  if (!isObject(schema) || depth > 10) return undefined;
  if (typeof schema.$ref === 'string') {
    const target = deref(root, schema, []).value;
    return familyOf(root, target, depth + 1) ?? schema.$ref;
  }
  if (Array.isArray(schema.allOf)) {
    for (const m of schema.allOf) if (isObject(m) && typeof m.$ref === 'string') return familyOf(root, m, depth + 1);
  }
  return undefined;
}

/** Inline schemas form a family with their identical copies (multi-file descriptions are bundled by copying). @param {Json} schema */
function inlineFamily(schema) {
  let text;
  try {
    text = JSON.stringify(schema);
  } catch {
    return undefined;
  }
  return text.length > 20000 ? undefined : `inline:${text}`;
}

/** @param {string} family */
const nameOf = (family) => (family.startsWith('inline:') ? 'an inline schema' : family.startsWith('#/components/') ? family.split('/').pop() : family);

/**
 * All error responses (4xx, 5xx, default) with a body use one shared error schema — the component
 * named by `schema`, or by default the one most (more than half) error bodies reference — or an allOf
 * extension of it. Without such a majority, one finding says that there is no shared schema.
 * Error bodies that reference another schema, or declare an inline one, are reported once per
 * response definition. Identical inline copies count as one schema (bundled multi-file documents
 * copy shared files). Media types other than JSON ones are not judged.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: { schema: { type: 'string' } },
    },
  },
  /** @param {Json} _input @param {{ schema?: string }} options @param {RuleContext} context @returns {Finding[]} */
  function styleErrorSchemaShared(_input, options, context) {
    const root = rootOf(context);
    const bodies = [];
    for (const r of allResponses(root)) {
      if (![...r.codes].some(isErrorCode) || !isObject(r.response.content)) continue;
      for (const mt of Object.keys(r.response.content)) {
        const base = mt.split(';')[0].trim().toLowerCase();
        if (base !== 'application/json' && !base.endsWith('+json')) continue;
        const media = r.response.content[mt];
        if (!isObject(media) || media.schema === undefined) continue;
        bodies.push({ family: familyOf(root, media.schema) ?? inlineFamily(media.schema), path: [...r.path, 'content', mt, 'schema'], codes: [...r.codes].join('/') });
      }
    }
    if (bodies.length < 2) return [];
    let shared = typeof options.schema === 'string' && options.schema !== '' ? `#/components/schemas/${options.schema}` : undefined;
    if (!shared) {
      /** @type {Map<string, number>} */
      const counts = new Map();
      for (const b of bodies) if (b.family) counts.set(b.family, (counts.get(b.family) ?? 0) + 1);
      const ranked = [...counts].sort((a, b) => b[1] - a[1]);
      const best = ranked[0];
      // Without a schema most error bodies share there is no convention to measure against: say so once.
      if (!best || best[1] * 2 <= bodies.length) {
        const names = ranked.slice(0, 4).map(([f]) => nameOf(f));
        return [
          {
            message: `No shared error schema: the ${bodies.length} error bodies use ${counts.size} different schemas${names.length > 0 ? ` (${[...new Set(names)].join(', ')}${counts.size > 4 ? ', …' : ''})` : ''}; define one and reference it everywhere.`,
            path: bodies[0].path,
          },
        ];
      }
      shared = best[0];
    }
    return bodies
      .filter((b) => b.family !== shared)
      .map((b) => ({
        message:
          b.family && !b.family.startsWith('inline:')
            ? `Error response ${b.codes} uses the schema ${nameOf(b.family)}; the API's error schema is ${nameOf(shared)}.`
            : `Error response ${b.codes} declares its own inline schema; use the API's error schema (${nameOf(shared)}).`,
        path: b.path,
      }));
  },
);
