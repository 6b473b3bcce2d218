// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { responsesOf, rootOf } from './lib/doc.js';
import { opLabel, responseHeaders } from './lib/pack-common.js';
import { fhirOps } from './lib/fhir.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * A FHIR create returns 201 with an ETag (the new versionId; Location is the core
 * http-201-location rule's).
 */
export default createRulesetFunction({ input: null, options: null }, function fhirCreateEtag(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  /** @type {Finding[]} */
  const results = [];
  /** @param {string} message @param {Path} path */
  const add = (message, path) => results.push({ message, path });
  for (const { op } of fhirOps(root, 'create')) {
    const created = responsesOf(root, op).find((r) => r.code === '201');
    if (!created) {
      add(`${opLabel(op)} (create) does not declare 201 Created.`, [...op.path, 'responses']);
      continue;
    }
    const hs = responseHeaders(root, created.response, created.path);
    if (!hs.has('etag')) add(`The 201 response of ${opLabel(op)} does not declare ETag: the client cannot learn the versionId of what it created.`, created.path);
  }
  return results;
});
