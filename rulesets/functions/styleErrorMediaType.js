// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { allResponses, isErrorCode } from './lib/definitions.js';
import { optList } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * Error responses (4xx, 5xx, default) that have a body offer it as RFC 9457 Problem Details
 * (`application/problem+json`, or the `mediaTypes` configured, e.g. `application/fhir+json`).
 * Each response definition is judged once. When no error response of the API uses a problem media
 * type, one finding describes the convention instead of one per response.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: { mediaTypes: { type: 'array', items: { type: 'string' }, minItems: 1 } },
    },
  },
  /** @param {Json} _input @param {{ mediaTypes?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function styleErrorMediaType(_input, options, context) {
    const allowed = optList(options, 'mediaTypes', ['application/problem+json', 'application/problem+xml']).map((m) => m.toLowerCase());
    const errors = [];
    for (const r of allResponses(rootOf(context))) {
      if (![...r.codes].some(isErrorCode) || !isObject(r.response.content)) continue;
      const mts = Object.keys(r.response.content);
      if (mts.length === 0) continue;
      const ok = mts.some((m) => allowed.includes(m.split(';')[0].trim().toLowerCase()));
      errors.push({ r, mts, ok });
    }
    const failing = errors.filter((e) => !e.ok);
    if (failing.length === 0) return [];
    /** @param {{ r: { codes: Iterable<string> } }} e */
    const label = (e) => [...e.r.codes].join('/') || 'error';
    if (failing.length === errors.length && errors.length >= 3) {
      const used = [...new Set(failing.flatMap((e) => e.mts))].slice(0, 3).join(', ');
      return [{ message: `No error response uses ${allowed[0]} (RFC 9457); the ${errors.length} error responses use ${used}.`, path: [...failing[0].r.path, 'content'] }];
    }
    return failing.map((e) => ({ message: `Error response ${label(e)} offers ${e.mts.join(', ')}; use ${allowed[0]} (RFC 9457) like the other error responses.`, path: [...e.r.path, 'content'] }));
  },
);
