// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf, splitWords } from './lib/doc.js';
import { optList } from './lib/style.js';
import { pathSegments } from './lib/paths.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const VERBS = ['get', 'put', 'post', 'delete', 'patch', 'create', 'update', 'remove', 'add', 'fetch', 'retrieve', 'modify', 'insert', 'edit', 'set', 'list', 'read'];
const ALLOW = ['add-ons', 'addons', 'add-on', 'addon', 'settings', 'set-up', 'setup', 'readme', 'read-only', 'readonly', 'get-started'];

/**
 * Static path segments do not start with an HTTP or CRUD verb (`/getUsers`, `/users/{id}/delete`,
 * `/create-order`): the method says what happens, the path names the resource. The first word of
 * each segment is compared with `verbs`; segments listed in `allow` (e.g. `add-ons`) are nouns.
 * One finding per path.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        verbs: { type: 'array', items: { type: 'string' } },
        allow: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  /** @param {Json} _input @param {{ verbs?: string[], allow?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function stylePathVerbs(_input, options, context) {
    const root = rootOf(context);
    if (!isObject(root) || !isObject(root.paths)) return [];
    const verbs = new Set(optList(options, 'verbs', VERBS).map((v) => v.toLowerCase()));
    const allow = new Set(optList(options, 'allow', ALLOW).map((v) => v.toLowerCase()));
    const results = [];
    for (const key of Object.keys(root.paths)) {
      if (!key.startsWith('/')) continue;
      for (const seg of pathSegments(key)) {
        if (seg.template) continue;
        const literal = seg.text.replace(/\{[^{}]*\}/g, ' ');
        // A custom method after a colon (`/orders/{id}:cancel`) is an action by design, not a verb in a path.
        const name = literal.split(':')[0];
        if (allow.has(name.toLowerCase())) continue;
        const first = splitWords(name)[0];
        if (first === undefined || !verbs.has(first.toLowerCase())) continue;
        results.push({ message: `Path ${key}: segment '${seg.text}' starts with the verb '${first}'; name the resource and let the HTTP method say what happens.`, path: ['paths', key] });
        break;
      }
    }
    return results;
  },
);
