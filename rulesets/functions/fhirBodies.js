import { createRulesetFunction } from './lib/define.js';
import { contentOf, fhirOps, fhirSchemaType, objectShape, opLabel, requestBodyOf, resolved, responsesOf, rootOf, typesOf, withArticle } from './lib/packs.js';

const JSONISH = (mt) => mt === 'application/json' || mt.endsWith('+json');
const SEARCHES = ['search-type', 'search-post', 'compartment', 'history-type', 'history-instance'];

/**
 * Resource bodies of FHIR interactions (schemas told by `$ref` name or `resourceType`):
 * - `error-operationoutcome`: 4xx/5xx/default bodies are OperationOutcome;
 * - `search-bundle`: search and history 200 bodies are a Bundle;
 * - `paging-links`: those Bundles define `link` (next/prev/self paging);
 * - `resource-type`: read/vread/update/patch/create bodies carry the resource type of their URL.
 */
export default createRulesetFunction(
  {
    input: null,
    options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: ['error-operationoutcome', 'search-bundle', 'paging-links', 'resource-type'] } } },
  },
  function fhirBodies(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    const done = new Set();
    const add = (message, path) => {
      const k = `${path.join('/')}\u0000${message}`;
      if (done.has(k)) return;
      done.add(k);
      results.push({ message, path });
    };
    const check = options.check;
    const kinds = check === 'error-operationoutcome' ? undefined : check === 'resource-type' ? ['read', 'vread', 'update', 'patch', 'create'] : SEARCHES;
    for (const { op, it } of fhirOps(root, kinds)) {
      if (check === 'resource-type') {
        if (it.type === 'Binary') continue;
        const want = it.type;
        const bodies = [];
        if (it.kind === 'update' || it.kind === 'create') {
          const rb = requestBodyOf(root, op);
          if (rb) for (const m of contentOf(rb.body.content, [...rb.path, 'content'])) if (JSONISH(m.base) && m.schema !== undefined) bodies.push([m, 'request body']);
        }
        for (let rI = 0, rList = responsesOf(root, op); rI < rList.length; rI++) {
          const r = rList[rI];
          if (!/^20[01]$/.test(r.code)) continue;
          for (const m of contentOf(r.response.content, [...r.path, 'content'])) if (JSONISH(m.base) && m.schema !== undefined) bodies.push([m, `${r.code} response`]);
        }
        for (const [m, what] of bodies) {
          const t = fhirSchemaType(root, m.schema, [...m.path, 'schema']);
          if (t && t !== 'oneOf' && t !== want && !(t === 'OperationOutcome' && what !== 'request body')) add(`The ${what} of ${opLabel(op)} is ${withArticle(t)}, not ${withArticle(want)}.`, [...m.path, 'schema']);
        }
        continue;
      }
      for (let rI = 0, rList = responsesOf(root, op); rI < rList.length; rI++) {
        const r = rList[rI];
        const isError = /^[45]/.test(r.code) || r.code === 'default';
        if (check === 'error-operationoutcome' ? !isError : r.code !== '200') continue;
        for (const m of contentOf(r.response.content, [...r.path, 'content'])) {
          if (!JSONISH(m.base) || m.schema === undefined) continue;
          const sp = [...m.path, 'schema'];
          const t = fhirSchemaType(root, m.schema, sp);
          const what = r.path[0] === 'components' ? `Response ${r.path[r.path.length - 1]}` : `The ${r.code} response of ${opLabel(op)}`;
          if (check === 'error-operationoutcome') {
            if (t === 'OperationOutcome' || t === 'oneOf') continue;
            if (!t && objectShape(root, m.schema, sp).props.has('issue')) continue;
            add(`${what} is ${t ? withArticle(t) : 'not an OperationOutcome'}: FHIR errors are OperationOutcome resources (issue[] with severity and code).`, sp);
          } else if (check === 'search-bundle') {
            if (t === 'Bundle' || t === 'oneOf') continue;
            const { schema } = resolved(root, m.schema, sp);
            const shape = objectShape(root, m.schema, sp);
            if (!t && shape.props.has('entry') && shape.props.has('type')) continue;
            add(`${what} is ${t ? withArticle(t) : schema && typesOf(schema).includes('array') ? 'a bare array' : 'not a Bundle'}: ${it.kind.startsWith('history') ? 'history' : 'search'} results are a Bundle (type ${it.kind.startsWith('history') ? 'history' : 'searchset'}).`, sp);
          } else if (check === 'paging-links') {
            if (t !== 'Bundle' && !(t === undefined && objectShape(root, m.schema, sp).props.has('entry'))) continue;
            const shape = objectShape(root, m.schema, sp);
            if (shape.props.size > 0 && !shape.props.has('link')) add('The result Bundle defines no link (self, next, previous): clients cannot page.', sp);
          }
        }
      }
    }
    return results;
  },
);
