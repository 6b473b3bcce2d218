// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { deref, isObject, pathOperations, rootOf, splitWords } from './lib/doc.js';
import { hasStatus, opLabel, optList, perOperationOrOnce, statusKeys } from './lib/style.js';
import { looksPlural, pathSegments } from './lib/paths.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */
/** @typedef {import('./lib/doc.js').Operation} Operation */

/** First words that make a path segment an action (`enforce_admins`, `add-members`), not a collection. */
const ACTION_VERBS = new Set([
  'add',
  'apply',
  'approve',
  'archive',
  'assign',
  'cancel',
  'check',
  'create',
  'delete',
  'disable',
  'dispatch',
  'enable',
  'enforce',
  'get',
  'list',
  'lock',
  'mark',
  'merge',
  'post',
  'put',
  'remove',
  'rerun',
  'reset',
  'restore',
  'revoke',
  'rotate',
  'run',
  'send',
  'set',
  'start',
  'stop',
  'sync',
  'transfer',
  'trigger',
  'unassign',
  'unlock',
  'update',
  'verify',
]);

/**
 * Whether a GET answers with a list: an array, or an object holding an array (a page of items).
 * Undefined when its success response says nothing (no schema to judge by).
 * @param {Json} root @param {Operation} get
 */
function answersWithList(root, get) {
  const responses = isObject(get.operation.responses) ? get.operation.responses : {};
  const code = Object.keys(responses).find((c) => /^2\d\d$/.test(c));
  const response = code === undefined ? undefined : deref(root, responses[code], []).value;
  if (!isObject(response) || !isObject(response.content)) return undefined;
  const media = Object.values(response.content).find((m) => isObject(m) && m.schema !== undefined);
  if (!media) return undefined;
  const schema = deref(root, media.schema, []).value;
  if (!isObject(schema)) return undefined;
  /** @param {Json} s */
  const isArray = (s) => isObject(s) && (s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array')) || isObject(s.items));
  if (isArray(schema)) return true;
  const parts = [schema, ...['allOf', 'oneOf', 'anyOf'].flatMap((k) => (Array.isArray(schema[k]) ? schema[k].map((x) => deref(root, x, []).value) : []))];
  for (const part of parts) {
    if (!isObject(part)) continue;
    if (isArray(part)) return true;
    if (isObject(part.properties) && Object.values(part.properties).some((p) => isArray(deref(root, p, []).value))) return true;
  }
  return false;
}

/**
 * A POST to a collection creates a member and answers 201 Created (RFC 9110 §15.3.2), or 202 when
 * creation is asynchronous. A path is a collection when its last segment is a static plural noun (not
 * led by a verb: `enforce_admins` is an action) and the API addresses its members (`<path>/{id}`)
 * or lists it (a GET on the same path answering with an array, or an object holding one); other
 * POSTs are actions on a resource and are not judged. With `requireLocation`, the 201 response declares a `Location`
 * header. When no create operation of the API answers 201, one finding describes the convention.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        requireLocation: { type: 'boolean' },
        exceptions: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  /** @param {Json} _input @param {{ requireLocation?: boolean, exceptions?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function styleCreateResponse(_input, options, context) {
    const root = rootOf(context);
    const ops = pathOperations(root);
    const paths = isObject(root) && isObject(root.paths) ? Object.keys(root.paths) : [];
    const itemParents = new Set(paths.filter((p) => /\/\{[^{}/]+\}$/.test(p)).map((p) => p.replace(/\/\{[^{}/]+\}$/, '')));
    const gets = new Map(ops.filter((o) => o.method === 'get').map((o) => [o.pathKey, o]));
    const exceptions = optList(options, 'exceptions', []);
    const creates = ops.filter((op) => {
      if (op.method !== 'post') return false;
      const segs = pathSegments(op.pathKey);
      const last = segs[segs.length - 1];
      if (!last || last.template || last.params.length > 0 || last.text === '' || last.text.includes(':')) return false;
      if (!looksPlural(last.text, exceptions) || /^v\d/.test(last.text)) return false;
      // `…/{branch}/protection/enforce_admins`: a verb first names an action on the resource, not a collection
      const words = splitWords(last.text);
      if (words.length > 1 && ACTION_VERBS.has(words[0].toLowerCase())) return false;
      if (itemParents.has(op.pathKey)) return true;
      // read on its own but never listed: a collection only when its GET answers with a list
      const get = gets.get(op.pathKey);
      return get !== undefined && answersWithList(root, get) !== false;
    });
    const failing = creates.filter((op) => !hasStatus(statusKeys(op), ['201', '202']));
    const results = perOperationOrOnce(
      creates,
      failing,
      /** @param {Operation} op */
      (op) => `${opLabel(op)} creates a member of a collection but documents no 201 Created (or 202 Accepted) response (has ${statusKeys(op).join(', ') || 'none'}).`,
      /** @param {number} n */
      (n) => `None of the ${n} POST operations on collections documents 201 Created (or 202 Accepted).`,
      context,
    );
    if (options.requireLocation) {
      for (const op of creates) {
        const raw = isObject(op.operation.responses) ? op.operation.responses['201'] : undefined;
        if (raw === undefined) continue;
        const r = deref(root, raw, []).value;
        const headers = isObject(r) && isObject(r.headers) ? Object.keys(r.headers).map((h) => h.toLowerCase()) : [];
        if (!headers.includes('location'))
          results.push({ message: `The 201 response of ${opLabel(op)} declares no Location header for the created resource.`, path: [...op.path, 'responses', '201'] });
      }
    }
    return results;
  },
);
