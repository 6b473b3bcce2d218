// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, rootOf, typesOf } from './lib/doc.js';
import { allResponses, isErrorCode } from './lib/definitions.js';
import { collectProperties } from './lib/schemas.js';
import { optList } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

// RFC 9457 §3.1 members and their JSON types.
/** @type {Record<string, string>} */
const MEMBER_TYPES = { type: 'string', title: 'string', status: 'integer', detail: 'string', instance: 'string' };

/**
 * The schema of every problem-details body (media types in `mediaTypes`, default
 * application/problem+json) declares the RFC 9457 members listed in `members` (default type,
 * title, status, detail, instance) with their JSON types (status an integer, the others strings);
 * extension members are allowed. A shared schema is judged once, where it is defined.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        mediaTypes: { type: 'array', items: { type: 'string' } },
        members: { type: 'array', items: { enum: Object.keys(MEMBER_TYPES) } },
      },
    },
  },
  /** @param {Json} _input @param {{ mediaTypes?: string[], members?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function styleProblemSchema(_input, options, context) {
    const root = rootOf(context);
    const mediaTypes = optList(options, 'mediaTypes', ['application/problem+json']).map((m) => m.toLowerCase());
    const members = optList(options, 'members', Object.keys(MEMBER_TYPES));
    const results = [];
    const seen = new Set();
    for (const r of allResponses(root)) {
      if (![...r.codes].some(isErrorCode) || !isObject(r.response.content)) continue;
      for (const mt of Object.keys(r.response.content)) {
        if (!mediaTypes.includes(mt.split(';')[0].trim().toLowerCase())) continue;
        const media = r.response.content[mt];
        if (!isObject(media) || media.schema === undefined) continue;
        const { value: schema, path } = deref(root, media.schema, [...r.path, 'content', mt, 'schema']);
        if (!isObject(schema) || !path) continue;
        const key = path.join('\u0000');
        if (seen.has(key)) continue;
        seen.add(key);
        const props = collectProperties(root, schema, path);
        const missing = members.filter((m) => !props.has(m));
        const wrong = [];
        for (const m of Object.keys(MEMBER_TYPES)) {
          const p = props.get(m);
          if (!p) continue;
          const t = typesOf(deref(root, p.schema, []).value).filter((x) => x !== 'null');
          const want = MEMBER_TYPES[m];
          const ok = t.length === 0 || t.includes(want) || (want === 'integer' && t.includes('number'));
          if (!ok) wrong.push(`${m} must be ${want === 'integer' ? 'an integer' : 'a string'} (is ${t.join('|')})`);
        }
        if (missing.length > 0) results.push({ message: `Problem schema does not declare ${missing.join(', ')} (RFC 9457 §3.1).`, path });
        if (wrong.length > 0) results.push({ message: `Problem schema: ${wrong.join('; ')}.`, path });
      }
    }
    return results;
  },
);
