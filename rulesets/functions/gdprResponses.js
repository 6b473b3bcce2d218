import { createRulesetFunction } from './lib/define.js';
import { contentOf, deref, documentedValues, isObject, opLabel, operations, personalSummary, resolved, responseHeaders, responsesOf, rootOf, typesOf } from './lib/packs.js';

/** Personal fields of some body schemas: [{ name, special }]. */
function personalIn(root, roots) {
  const out = [];
  const seen = new Set();
  for (const r of roots) {
    const sum = personalSummary(root, r.schema);
    for (const n of sum.names) {
      if (seen.has(n)) continue;
      seen.add(n);
      out.push({ name: n, special: sum.special.includes(n) });
    }
  }
  return out;
}

/**
 * Responses with personal data:
 * - `no-store`: 2xx responses of GET/HEAD that contain personal data declare Cache-Control, and
 *   the documented values include no-store or private (an API that declares Cache-Control nowhere
 *   is told once);
 * - `minimise-collections`: collection GETs (path ending in a static segment, array result) do not
 *   return special-category fields — those belong to the single-resource read.
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: ['no-store', 'minimise-collections'] } } } },
  function gdprResponses(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    const done = new Set();
    const noHeader = [];
    let anyCacheControl = false;
    for (let opI = 0, opList = operations(root); opI < opList.length; opI++) {
      const op = opList[opI];
      if (op.method !== 'get' && op.method !== 'head') continue;
      if (options.check === 'minimise-collections' && /\}\/?$/.test(op.pathKey)) continue;
      for (let rI = 0, rList = responsesOf(root, op); rI < rList.length; rI++) {
        const r = rList[rI];
        if (options.check === 'no-store' && responseHeaders(root, r.response, r.path).has('cache-control')) anyCacheControl = true;
        if (!/^2/.test(r.code) || done.has(r.path.join('/'))) continue;
        const media = contentOf(r.response.content, [...r.path, 'content']).filter((m) => m.schema !== undefined);
        if (media.length === 0) continue;
        if (options.check === 'no-store') {
          done.add(r.path.join('/'));
          const fields = personalIn(root, media.map((m) => ({ schema: m.schema, path: [...m.path, 'schema'] })));
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
          continue;
        }
        for (const m of media) {
          const { schema } = resolved(root, m.schema, [...m.path, 'schema']);
          if (!schema) continue;
          const arrays = [];
          if (typesOf(schema).includes('array') && schema.items) arrays.push({ schema: schema.items, path: [...m.path, 'schema', 'items'] });
          else {
            for (const [k, s] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
              const d = deref(root, s, []).value;
              if (isObject(d) && typesOf(d).includes('array') && d.items) arrays.push({ schema: d.items, path: [...m.path, 'schema', 'properties', k, 'items'] });
            }
          }
          if (arrays.length === 0) continue;
          const special = personalIn(root, arrays).filter((f) => f.special);
          if (special.length === 0) continue;
          results.push({ message: `The collection ${opLabel(op)} returns special-category data (${[...new Set(special.map((f) => f.name))].slice(0, 4).join(', ')}) for every item: return it from the single-resource read only (Art. 5(1)(c), 25(2)).`, path: [...m.path, 'schema'] });
        }
      }
    }
    if (noHeader.length > 0 && !anyCacheControl) {
      // No response of the API declares Cache-Control: one finding, not one per response.
      const { op, r, names } = noHeader[0];
      results.push({ message: `No response of the API declares Cache-Control, and ${noHeader.length} GET response${noHeader.length > 1 ? 's' : ''} return${noHeader.length > 1 ? '' : 's'} personal data (${opLabel(op)}: ${names}${noHeader.length > 1 ? '; …' : ''}): declare Cache-Control: no-store (or private) on them.`, path: r.path });
    } else {
      for (const { op, r, names } of noHeader) results.push({ message: `The ${r.code} response${r.path[0] === 'components' ? '' : ` of ${opLabel(op)}`} returns personal data (${names}) without a Cache-Control header: declare no-store or private.`, path: r.path });
    }
    return results;
  },
);
