// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { ignoredByAuthor, isObject, rootOf } from './lib/doc.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').JsonObject} JsonObject */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const KINDS = ['schemas', 'parameters', 'responses', 'requestBodies', 'headers'];
// singular and plural nouns of each kind, for messages
/** @type {Record<string, [string, string]>} */
const NOUNS = {
  schemas: ['schema', 'schemas'],
  parameters: ['parameter', 'parameters'],
  responses: ['response', 'responses'],
  requestBodies: ['request body', 'request bodies'],
  headers: ['header', 'headers'],
};

/** @param {JsonObject} v */
const described = (v) => typeof v.description === 'string' && v.description.trim() !== '';

/** A component that only points elsewhere: `$ref` (with at most summary/description beside it). @param {JsonObject} v */
function isBareRef(v) {
  if (typeof v.$ref !== 'string') return false;
  for (const k in v) if (Object.hasOwn(v, k) && k !== '$ref' && k !== 'summary' && k !== 'description') return false;
  return true;
}

/**
 * Reusable components (schemas, parameters, responses, requestBodies, headers; `kinds` narrows
 * them) have a non-empty description (a schema's `title` is not one). Components that are only a
 * `$ref` are skipped. When no component of a kind has one (at least 3 of them), the API follows a
 * different convention throughout: one finding at `components.<kind>` says so instead of one per
 * component. Components whose author ignores the rule do not count towards the convention.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: { kinds: { type: 'array', items: { enum: KINDS } } },
    },
  },
  /** @param {Json} _input @param {{ kinds?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function styleComponentDescription(_input, options, context) {
    const root = rootOf(context);
    /** @type {Finding[]} */
    const out = [];
    if (!isObject(root) || !isObject(root.components)) return out;
    const rule = context?.rule?.name;
    for (const kind of options?.kinds ?? KINDS) {
      const map = root.components[kind];
      if (!isObject(map)) continue;
      const [one, many] = NOUNS[kind];
      const applicable = [];
      const missing = [];
      for (const name of Object.keys(map)) {
        const v = map[name];
        if (!isObject(v) || (described(v) ? false : isBareRef(v))) continue;
        const entry = { name, path: ['components', kind, name] };
        applicable.push(entry);
        if (!described(v)) missing.push(entry);
      }
      if (missing.length === 0) continue;
      /** @param {{ name: string, path: Path }} c */
      const perComponent = (c) => ({ message: `${one[0].toUpperCase()}${one.slice(1)} component '${c.name}' has no description.`, path: c.path });
      const ignored = new Set(applicable.filter((c) => ignoredByAuthor(root, c.path, rule)));
      const open = applicable.length - ignored.size;
      const openMissing = missing.filter((c) => !ignored.has(c)).length;
      if (openMissing > 0 && openMissing === open && open >= 3) {
        out.push({ message: `No ${one} component has a description (${open} ${many}).`, path: ['components', kind] });
        for (const c of missing) if (ignored.has(c)) out.push(perComponent(c));
      } else {
        for (const c of missing) out.push(perComponent(c));
      }
    }
    return out;
  },
);
