import { createRulesetFunction } from './lib/define.js';
import { contentOf, isObject, objectShape, psd2Ops, resolved, responsesOf, rootOf, typesOf } from './lib/packs.js';

/**
 * Berlin Group error bodies of XS2A operations (4xx/5xx responses):
 * - `tpp-messages`: application/json bodies carry `tppMessages[]` whose items require `category`
 *   and `code` (category ERROR|WARNING), `text` at most 500 characters;
 * - `problem-json`: application/problem+json bodies (the BG RFC 7807 variant) require `type` and `code`;
 * - `codes-enumerated`: the message `code` is an enum of Berlin Group message codes.
 * Each schema is checked once, where it is defined.
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: ['tpp-messages', 'problem-json', 'codes-enumerated'] } } } },
  function psd2ErrorBody(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    const done = new Set();
    const report = (message, path) => {
      const key = `${path.join('/')}\u0000${message}`;
      if (!done.has(key)) {
        done.add(key);
        results.push({ message, path });
      }
    };
    for (const { op } of psd2Ops(root, 'xs2a')) {
      for (let rI = 0, rList = responsesOf(root, op); rI < rList.length; rI++) {
        const r = rList[rI];
        if (!/^[45]/.test(r.code)) continue;
        for (const m of contentOf(r.response.content, [...r.path, 'content'])) {
          if (m.schema === undefined) continue;
          const { schema, path } = resolved(root, m.schema, [...m.path, 'schema']);
          if (!schema) continue;
          const isProblem = m.base === 'application/problem+json';
          const isJson = m.base === 'application/json';
          if (options.check === 'tpp-messages' && isJson) checkTppMessages(root, schema, path, r.code, report);
          else if (options.check === 'problem-json' && isProblem) checkProblem(root, schema, path, r.code, report);
          else if (options.check === 'codes-enumerated' && (isJson || isProblem)) checkCodes(root, schema, path, isProblem, report);
        }
      }
    }
    return results;
  },
);

function itemsOf(root, shape) {
  const tm = shape.props.get('tppMessages');
  if (!tm) return undefined;
  if (!typesOf(tm.schema).includes('array') && !isObject(tm.schema.items)) return { bad: tm };
  const { schema, path } = resolved(root, tm.schema.items, [...tm.path, 'items']);
  return { tm, items: schema, itemsPath: path };
}

function checkTppMessages(root, schema, path, code, report) {
  const shape = objectShape(root, schema, path);
  const t = itemsOf(root, shape);
  if (!t) {
    report(`The ${code} application/json error body has no tppMessages array (Berlin Group error format); use tppMessages[{category, code, path, text}] or application/problem+json.`, path);
    return;
  }
  if (t.bad || !t.items) {
    report('tppMessages must be an array of {category, code, path, text} objects.', (t.bad ?? t.tm).path);
    return;
  }
  const item = objectShape(root, t.items, t.itemsPath);
  const missing = ['category', 'code'].filter((k) => !item.required.has(k));
  if (missing.length > 0) report(`tppMessages items must require ${missing.join(' and ')}.`, t.itemsPath);
  const cat = item.props.get('category');
  if (cat && Array.isArray(cat.schema.enum) && cat.schema.enum.some((v) => v !== 'ERROR' && v !== 'WARNING')) {
    report('tppMessages category takes the values ERROR and WARNING only.', cat.path);
  }
  const text = item.props.get('text');
  if (text && !(typeof text.schema.maxLength === 'number' && text.schema.maxLength <= 500)) report('tppMessages text must declare maxLength 500 (Max500Text).', text.path);
}

function checkProblem(root, schema, path, code, report) {
  const shape = objectShape(root, schema, path);
  const missing = ['type', 'code'].filter((k) => !shape.required.has(k));
  if (missing.length > 0) report(`The ${code} application/problem+json body must require ${missing.join(' and ')} (Berlin Group RFC 7807 variant).`, path);
  for (const [k, max] of [['title', 70], ['detail', 500]]) {
    const p = shape.props.get(k);
    if (p && !(typeof p.schema.maxLength === 'number' && p.schema.maxLength <= max)) report(`Problem ${k} must declare maxLength ${max}.`, p.path);
  }
}

function checkCodes(root, schema, path, isProblem, report) {
  const shape = objectShape(root, schema, path);
  let codeProp;
  if (isProblem) codeProp = shape.props.get('code');
  else {
    const t = itemsOf(root, shape);
    if (t && t.items) codeProp = objectShape(root, t.items, t.itemsPath).props.get('code');
  }
  if (!codeProp) return;
  const s = codeProp.schema;
  const enumerated = Array.isArray(s.enum) || s.const !== undefined || (Array.isArray(s.oneOf) && s.oneOf.length > 0) || (Array.isArray(s.anyOf) && s.anyOf.length > 0);
  if (!enumerated) report('The message code is a free string: enumerate the Berlin Group message codes (e.g. FORMAT_ERROR, CONSENT_UNKNOWN).', codeProp.path);
}
