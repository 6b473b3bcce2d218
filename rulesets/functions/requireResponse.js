// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { pathOperations, requestBodyOf, rootOf } from './lib/doc.js';
import { isSafeMethod, mediaOf, opLabel, propertiesOf, resolveSchema, responseFor } from './lib/secperf.js';
import { isBinaryMedia, isBinaryString } from './lib/limits.js';
import { securityOf } from './lib/security.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */
/** @typedef {import('./lib/doc.js').Operation} Operation */

/**
 * Operations to which a condition applies declare a response code:
 * when `always` (every operation), `secured` (an effective non-empty security requirement),
 * `scoped` (a requirement naming scopes or roles), `requestBody` (the operation accepts a body),
 * `upload` (it accepts files or bytes: a binary or multipart media type, or a binary string at the
 * top of the body schema).
 * `methods` narrows to safe or unsafe methods; `ranges: true` accepts the range (`4XX`).
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['code'],
      properties: {
        code: { type: 'string', pattern: '^[1-5]\\d\\d$' },
        when: { enum: ['always', 'secured', 'scoped', 'requestBody', 'upload'] },
        methods: { enum: ['all', 'safe', 'unsafe'] },
        ranges: { type: 'boolean' },
        reason: { type: 'string' },
      },
    },
  },
  /**
   * @param {Json} _input
   * @param {{ code: string, when?: 'always' | 'secured' | 'scoped' | 'requestBody' | 'upload', methods?: 'all' | 'safe' | 'unsafe', ranges?: boolean, reason?: string }} options
   * @param {RuleContext} context
   * @returns {Finding[]}
   */
  function requireResponse(_input, options, context) {
    const root = rootOf(context);
    const when = options.when ?? 'always';
    const methods = options.methods ?? 'all';
    const results = [];
    for (const op of pathOperations(root)) {
      if (methods !== 'all' && isSafeMethod(op.method) !== (methods === 'safe')) continue;
      let because = '';
      if (when === 'secured' || when === 'scoped') {
        const sec = securityOf(root, op);
        if (sec.open) continue;
        if (when === 'scoped') {
          const scoped = sec.alternatives.some((a) => a.schemes.some((s) => s.scopes.length > 0));
          if (!scoped) continue;
          because = ' (it requires scopes)';
        } else {
          because = ' (it requires authentication)';
        }
      } else if (when === 'requestBody') {
        if (!requestBodyOf(root, op)) continue;
        because = ' (it accepts a request body)';
      } else if (when === 'upload') {
        if (!acceptsUpload(root, op)) continue;
        because = ' (it accepts uploads)';
      }
      if (responseFor(root, op, options.code, options.ranges === true)) continue;
      results.push({
        message: `${opLabel(op)} does not document ${options.code}${because}${options.reason ? `: ${options.reason}` : ''}.`,
        path: op.operation.responses ? [...op.path, 'responses'] : op.path,
      });
    }
    return results;
  },
);

/** @param {Json} root @param {Operation} op @returns {boolean} */
function acceptsUpload(root, op) {
  const rb = requestBodyOf(root, op);
  if (!rb) return false;
  for (const m of mediaOf(root, rb.body, rb.path)) {
    if (isBinaryMedia(m.mediaType) || /^multipart\//i.test(m.mediaType)) return true;
    if (!m.schema) continue;
    const { value, path } = resolveSchema(root, m.schema, m.schemaPath);
    if (!value) continue;
    if (isBinaryString(value)) return true;
    for (const p of propertiesOf(root, value, path).values()) {
      const { value: v } = resolveSchema(root, p.schema, p.path);
      if (isBinaryString(v) || (v && v.type === 'array' && isBinaryString(resolveSchema(root, v.items, []).value))) return true;
    }
  }
  return false;
}
