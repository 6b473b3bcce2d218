// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { deref, operations, responsesOf, rootOf } from './lib/doc.js';
import { contentOf, documentedValues, opLabel, responseHeaders } from './lib/pack-common.js';
import { personalFieldsIn } from './lib/gdpr.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * 2xx responses of GET/HEAD that contain personal data declare Cache-Control, and the documented
 * values include no-store or private (an API that declares Cache-Control nowhere is told once).
 */
export default createRulesetFunction({ input: null, options: null }, function gdprPersonalDataNoStore(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  const done = new Set();
  const noHeader = [];
  let anyCacheControl = false;
  for (const op of operations(root)) {
    if (op.method !== 'get' && op.method !== 'head') continue;
    for (const r of responsesOf(root, op)) {
      if (responseHeaders(root, r.response, r.path).has('cache-control')) anyCacheControl = true;
      if (!/^2/.test(r.code) || done.has(r.path.join('/'))) continue;
      const media = contentOf(r.response.content, [...r.path, 'content']).filter((m) => m.schema !== undefined);
      if (media.length === 0) continue;
      done.add(r.path.join('/'));
      const fields = personalFieldsIn(
        root,
        media.map((m) => ({ schema: m.schema, path: [...m.path, 'schema'] })),
      );
      if (fields.length === 0) continue;
      const names = [...new Set(fields.map((f) => f.name))].slice(0, 3).join(', ');
      const cc = responseHeaders(root, r.response, r.path).get('cache-control');
      if (!cc) {
        noHeader.push({ op, r, names });
        continue;
      }
      const { value } = deref(root, cc.header.schema, []);
      const values = [...documentedValues(value), ...(typeof cc.header.example === 'string' ? [cc.header.example] : [])];
      if (values.length > 0 && !values.some((v) => /\b(no-store|private)\b/i.test(v))) {
        results.push({ message: `Cache-Control documents ${values.join(' | ')} for a response with personal data (${names}): use no-store or private so shared caches keep no copy.`, path: cc.path });
      }
    }
  }
  if (noHeader.length > 0 && !anyCacheControl) {
    // No response of the API declares Cache-Control: one finding, not one per response.
    const { op, r, names } = noHeader[0];
    results.push({
      message: `No response of the API declares Cache-Control, and ${noHeader.length} GET response${noHeader.length > 1 ? 's' : ''} return${noHeader.length > 1 ? '' : 's'} personal data (${opLabel(op)}: ${names}${noHeader.length > 1 ? '; …' : ''}): declare Cache-Control: no-store (or private) on them.`,
      path: r.path,
    });
  } else {
    for (const { op, r, names } of noHeader)
      results.push({
        message: `The ${r.code} response${r.path[0] === 'components' ? '' : ` of ${opLabel(op)}`} returns personal data (${names}) without a Cache-Control header: declare no-store or private.`,
        path: r.path,
      });
  }
  return results;
});
