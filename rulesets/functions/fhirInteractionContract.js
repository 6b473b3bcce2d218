import { createRulesetFunction } from './lib/define.js';
import { fhirOps, hasCode, headerParams, list, opLabel, paramSchema, paramsIn, responseHeaders, responsesOf, rootOf, typesOf } from './lib/packs.js';

/**
 * HTTP contract of FHIR interactions (HL7 FHIR RESTful API):
 * - `read-gone`: read declares 410 Gone when the resource can be deleted;
 * - `create-etag`: create returns 201 with an ETag (the new versionId; Location is the core
 *   http-201-location rule's);
 * - `versioned-update`: update and patch accept If-Match and declare 412 Precondition Failed;
 * - `history-params`: history interactions accept _since and _count.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['check'],
      properties: { check: { enum: ['read-gone', 'create-etag', 'versioned-update', 'history-params'] } },
    },
  },
  function fhirInteractionContract(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    const add = (message, path) => results.push({ message, path });
    switch (options.check) {
      case 'read-gone': {
        for (const { op } of fhirOps(root, 'read')) {
          if (op.method !== 'get' || !op.pathItem.delete || hasCode(op, '410', false)) continue;
          add(`${opLabel(op)} does not declare 410 Gone, although ${op.pathKey} supports DELETE: clients cannot tell a deleted resource from an unknown one.`, [...op.path, 'responses']);
        }
        break;
      }
      case 'create-etag': {
        for (const { op } of fhirOps(root, 'create')) {
          const created = responsesOf(root, op).find((r) => r.code === '201');
          if (!created) {
            add(`${opLabel(op)} (create) does not declare 201 Created.`, [...op.path, 'responses']);
            continue;
          }
          const hs = responseHeaders(root, created.response, created.path);
          if (!hs.has('etag')) add(`The 201 response of ${opLabel(op)} does not declare ETag: the client cannot learn the versionId of what it created.`, created.path);
        }
        break;
      }
      case 'versioned-update': {
        for (const { op } of fhirOps(root, ['update', 'patch'])) {
          const missing = [];
          if (!headerParams(root, op).has('if-match')) missing.push('the If-Match header');
          if (!hasCode(op, '412', false)) missing.push('a 412 Precondition Failed response');
          if (missing.length > 0) add(`${opLabel(op)} lacks ${list(missing)}: concurrent updates overwrite each other (lost update).`, [...op.path, missing[0].startsWith('the') ? 'parameters' : 'responses']);
        }
        break;
      }
      case 'history-params': {
        const kinds = ['history-type', 'history-instance'];
        const needed = ['_since', '_count'];
        for (const { op } of fhirOps(root, kinds)) {
          if (op.method !== 'get') continue;
          const q = new Map(paramsIn(root, op, 'query').map((p) => [p.param.name, p]));
          const missing = needed.filter((n) => !q.has(n));
          if (missing.length > 0) {
            add(`${opLabel(op)} does not accept ${list(missing)}.`, [...op.path, 'parameters']);
            continue;
          }
          const c = q.get('_count');
          const { schema, path } = paramSchema(root, c.param, c.path);
          if (schema && typesOf(schema).length > 0 && !typesOf(schema).includes('integer')) add('_count must be an integer (a page size).', path);
        }
        break;
      }
      default:
        break;
    }
    return results;
  },
);
