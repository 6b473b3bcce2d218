// @ts-check
// Helpers shared by several industry packs (psd2, fhir, r155, gdpr); each pack's own helpers live
// in lib/<pack>.js. Plain ESM JavaScript like ./doc.js (which stays read-only for the packs): pure,
// bounded, never throws on odd input, and memoised per linted document through `cached`.
import { cached, deref, parametersOf, effectiveSecurity, isObject, lowerWords, operations, requestBodyOf, responsesOf } from './doc.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').JsonObject} JsonObject */
/** @typedef {import('./types.js').Path} Path */
/** @typedef {import('./doc.js').Operation} Operation */
/** @typedef {import('./doc.js').ParamEntry} ParamEntry */
/** @typedef {{ mediaType: string, base: string, media: JsonObject, schema: Json, path: Path }} ContentEntry */
/** @typedef {{ schema: JsonObject, path: Path, name: string | undefined, parent: JsonObject | undefined }} SchemaNode */
/** @typedef {{ schema: Json, path: Path, mediaType: string, code?: string, kind: 'request' | 'response' }} BodySchema */

/** Path segments of a path key, without empty ones. @param {unknown} pathKey @returns {string[]} */
export function segmentsOf(pathKey) {
  return typeof pathKey === 'string' ? pathKey.split('/').filter((s) => s !== '') : [];
}

/** @param {unknown} seg */
export function isTemplate(seg) {
  return typeof seg === 'string' && /^\{[^}]*\}$/.test(seg);
}

/** Lower-case words of an identifier: `dateOfBirth`, `date_of_birth`, `Date-Of-Birth` → [date, of, birth]. @param {unknown} name */
export function wordsOf(name) {
  return lowerWords(name);
}

/** `date_of-Birth` → `dateofbirth`. @param {unknown} name */
export function squash(name) {
  return typeof name === 'string' ? name.toLowerCase().replace(/[^a-z0-9]/g, '') : '';
}

/** Header parameters in force for an operation, keyed by lower-case name. @param {Json} root @param {Operation} op */
export function headerParams(root, op) {
  /** @type {Map<string, ParamEntry>} */
  const out = new Map();
  for (const p of parametersOf(root, op)) {
    if (p.param.in === 'header') out.set(p.param.name.toLowerCase(), p);
  }
  return out;
}

/** Parameters in force for an operation that are `in` the given place. @param {Json} root @param {Operation} op @param {string} where */
export function paramsIn(root, op, where) {
  return parametersOf(root, op).filter((p) => p.param.in === where);
}

/** Whether an operation declares a response code, honouring `4XX`-style ranges when `ranges` is true. @param {{ operation: JsonObject }} op @param {string | number} code */
export function hasCode(op, code, ranges = true) {
  const rs = op.operation.responses;
  if (!isObject(rs)) return false;
  if (Object.hasOwn(rs, code)) return true;
  if (!ranges) return false;
  const cls = String(code)[0];
  return Object.hasOwn(rs, `${cls}XX`) || Object.hasOwn(rs, `${cls}xx`);
}

/** Response headers keyed by lower-case name: { header, path }. @param {Json} root @param {Json} response @param {Path} responsePath */
export function responseHeaders(root, response, responsePath) {
  /** @type {Map<string, { header: JsonObject, path: Path, name: string }>} */
  const out = new Map();
  if (!isObject(response) || !isObject(response.headers)) return out;
  for (const name of Object.keys(response.headers)) {
    const { value, path } = deref(root, response.headers[name], [...responsePath, 'headers', name]);
    out.set(name.toLowerCase(), { header: isObject(value) ? value : {}, path: path ?? [...responsePath, 'headers', name], name });
  }
  return out;
}

/** Media types of a content map: { mediaType, media, schema (raw), path }. @param {Json} content @param {Path} contentPath */
export function contentOf(content, contentPath) {
  /** @type {ContentEntry[]} */
  const out = [];
  if (!isObject(content)) return out;
  for (const mt of Object.keys(content)) {
    const media = content[mt];
    if (!isObject(media)) continue;
    out.push({ mediaType: mt, base: mt.split(';')[0].trim().toLowerCase(), media, schema: media.schema, path: [...contentPath, mt] });
  }
  return out;
}

/**
 * Top-level properties of an object schema, allOf members and refs followed:
 * { props: Map(name → { schema (resolved), raw, path }), required: Set }.
 * @param {Json} root @param {Json} schema @param {Path} path
 */
export function objectShape(root, schema, path, depth = 0) {
  // keys are property names; `string | number` and `schema: Json` let callers look them up from untyped tables
  /** @type {Map<string | number, { schema: Json, raw: Json, path: Path }>} */
  const props = new Map();
  /** @type {Set<string>} */
  const required = new Set();
  /** @param {Json} raw @param {Path} p @param {number} d */
  const visit = (raw, p, d) => {
    if (d > 8) return;
    const { value: s, path: sp } = deref(root, raw, p);
    if (!isObject(s)) return;
    const where = sp ?? p;
    if (Array.isArray(s.required)) for (const r of s.required) if (typeof r === 'string') required.add(r);
    if (isObject(s.properties)) {
      for (const k of Object.keys(s.properties)) {
        if (props.has(k)) continue;
        const { value: ps, path: pp } = deref(root, s.properties[k], [...where, 'properties', k]);
        props.set(k, { schema: isObject(ps) ? ps : {}, raw: s.properties[k], path: pp ?? [...where, 'properties', k] });
      }
    }
    if (Array.isArray(s.allOf)) s.allOf.forEach((/** @type {Json} */ m, /** @type {number} */ i) => visit(m, [...where, 'allOf', String(i)], d + 1));
  };
  visit(schema, path, depth);
  return { props, required };
}

/**
 * Resolved schema (deref'd once) with its location.
 * @template {Path | undefined} P
 * @param {Json} root @param {Json} schema @param {P} path @returns {{ schema: JsonObject | undefined, path: Path | P }}
 */
export function resolved(root, schema, path) {
  const { value, path: p } = deref(root, schema, path);
  return { schema: isObject(value) ? value : undefined, path: p ?? path };
}

/** All string values a schema documents: enum, const, default, example(s). @param {Json} schema @returns {string[]} */
export function documentedValues(schema) {
  /** @type {Json[]} */
  const out = [];
  if (!isObject(schema)) return out;
  if (Array.isArray(schema.enum)) out.push(...schema.enum);
  for (const k of ['const', 'default', 'example']) if (schema[k] !== undefined) out.push(schema[k]);
  if (Array.isArray(schema.examples)) out.push(...schema.examples);
  return out.filter((v) => typeof v === 'string');
}

/**
 * Every schema node written in the document (components and inline, refs NOT followed, so each
 * node is seen once; a named property that is a `$ref` is listed with its name), memoised:
 * { schema, path, name (property name when the node is a property), parent (the object schema
 * holding the property) }.
 * @param {Json} root @returns {SchemaNode[]}
 */
export function allSchemaNodes(root) {
  return cached(root, 'packs:allSchemaNodes', () => {
    /** @type {SchemaNode[]} */
    const out = [];
    if (!isObject(root)) return out;
    const seen = new Set();
    /** @type {Json[]} frames [schema, path, name, parent] */
    const stack = [];
    /** @param {Json} s @param {Path} p @param {string} [name] @param {JsonObject} [parent] */
    const pushSchema = (s, p, name, parent) => {
      if (isObject(s)) stack.push([s, p, name, parent]);
    };
    /** @param {Json} content @param {Path} p */
    const pushContent = (content, p) => {
      if (!isObject(content)) return;
      for (const mt of Object.keys(content)) if (isObject(content[mt])) pushSchema(content[mt].schema, [...p, mt, 'schema']);
    };
    /** @param {Json} param @param {Path} p */
    const pushParam = (param, p) => {
      if (!isObject(param)) return;
      pushSchema(param.schema, [...p, 'schema'], typeof param.name === 'string' ? param.name : undefined);
      pushContent(param.content, [...p, 'content']);
    };
    /** @param {Json} headers @param {Path} p */
    const pushHeaders = (headers, p) => {
      if (!isObject(headers)) return;
      for (const h of Object.keys(headers)) if (isObject(headers[h])) pushSchema(headers[h].schema, [...p, h, 'schema']);
    };
    /** @param {Json} r @param {Path} p */
    const pushResponse = (r, p) => {
      if (!isObject(r)) return;
      pushContent(r.content, [...p, 'content']);
      pushHeaders(r.headers, [...p, 'headers']);
    };
    const c = root.components;
    if (isObject(c)) {
      if (isObject(c.schemas)) for (const k of Object.keys(c.schemas)) pushSchema(c.schemas[k], ['components', 'schemas', k]);
      if (isObject(c.parameters)) for (const k of Object.keys(c.parameters)) pushParam(c.parameters[k], ['components', 'parameters', k]);
      if (isObject(c.headers)) pushHeaders(c.headers, ['components', 'headers']);
      if (isObject(c.requestBodies))
        for (const k of Object.keys(c.requestBodies)) if (isObject(c.requestBodies[k])) pushContent(c.requestBodies[k].content, ['components', 'requestBodies', k, 'content']);
      if (isObject(c.responses)) for (const k of Object.keys(c.responses)) pushResponse(c.responses[k], ['components', 'responses', k]);
    }
    for (const op of operations(root)) {
      const o = op.operation;
      if (Array.isArray(o.parameters)) o.parameters.forEach((p, i) => pushParam(p, [...op.path, 'parameters', String(i)]));
      if (isObject(o.requestBody)) pushContent(o.requestBody.content, [...op.path, 'requestBody', 'content']);
      if (isObject(o.responses)) for (const code of Object.keys(o.responses)) pushResponse(o.responses[code], [...op.path, 'responses', code]);
    }
    for (const container of ['paths', 'webhooks']) {
      const items = root[container];
      if (!isObject(items)) continue;
      for (const k of Object.keys(items)) {
        const item = items[k];
        if (isObject(item) && Array.isArray(item.parameters)) item.parameters.forEach((/** @type {Json} */ p, /** @type {number} */ i) => pushParam(p, [container, k, 'parameters', String(i)]));
      }
    }
    let n = 0;
    while (stack.length > 0 && n++ < 200000) {
      const [s, p, name, parent] = stack.pop();
      if (seen.has(s)) continue;
      seen.add(s);
      if (typeof s.$ref === 'string') {
        // `email: {$ref: Email}` is a field named email: its name counts, its target is walked where it is defined
        if (name !== undefined) out.push({ schema: s, path: p, name, parent });
        continue;
      }
      out.push({ schema: s, path: p, name, parent });
      if (isObject(s.properties)) for (const k of Object.keys(s.properties)) pushSchema(s.properties[k], [...p, 'properties', k], k, s);
      if (isObject(s.patternProperties)) for (const k of Object.keys(s.patternProperties)) pushSchema(s.patternProperties[k], [...p, 'patternProperties', k]);
      if (isObject(s.items)) pushSchema(s.items, [...p, 'items'], name, parent);
      if (Array.isArray(s.prefixItems)) s.prefixItems.forEach((/** @type {Json} */ x, /** @type {number} */ i) => pushSchema(x, [...p, 'prefixItems', String(i)]));
      if (isObject(s.additionalProperties)) pushSchema(s.additionalProperties, [...p, 'additionalProperties']);
      for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(s[k])) s[k].forEach((x, i) => pushSchema(x, [...p, k, String(i)], name, parent));
      if (isObject(s.not)) pushSchema(s.not, [...p, 'not']);
    }
    return out;
  });
}

/**
 * Body schemas of an operation: request and/or responses (2xx by default). { schema, path, code, mediaType, kind }
 * @param {Json} root @param {Operation} op @param {{ request?: boolean, response?: boolean, codes?: RegExp }} [opts]
 */
export function bodySchemas(root, op, { request = true, response = true, codes = /^2/ } = {}) {
  /** @type {BodySchema[]} */
  const out = [];
  if (request) {
    const rb = requestBodyOf(root, op);
    if (rb)
      for (const m of contentOf(rb.body.content, [...rb.path, 'content'])) if (m.schema !== undefined) out.push({ schema: m.schema, path: [...m.path, 'schema'], mediaType: m.base, kind: 'request' });
  }
  if (response) {
    for (const r of responsesOf(root, op)) {
      if (!codes.test(r.code)) continue;
      for (const m of contentOf(r.response.content, [...r.path, 'content']))
        if (m.schema !== undefined) out.push({ schema: m.schema, path: [...m.path, 'schema'], mediaType: m.base, code: r.code, kind: 'response' });
    }
  }
  return out;
}

/** Declared security schemes, refs followed: Map(name → scheme). @param {Json} root */
export function securitySchemes(root) {
  return cached(root, 'packs:securitySchemes', () => {
    /** @type {Map<string, JsonObject>} */
    const out = new Map();
    const s = isObject(root) && isObject(root.components) ? root.components.securitySchemes : undefined;
    if (!isObject(s)) return out;
    for (const k of Object.keys(s)) {
      const { value } = deref(root, s[k], ['components', 'securitySchemes', k]);
      if (isObject(value)) out.set(k, value);
    }
    return out;
  });
}

/** Effective security alternatives of an operation as [{ schemes: [{name, scheme, scopes}] }], undefined when none is declared.
 * @param {Json} root @param {Operation} op
 * @returns {{ alternatives: { schemes: { name: string, scheme: Json, scopes: string[] }[] }[] | undefined, level: string }} scheme: undefined when not declared
 */
export function securityAlternatives(root, op) {
  const eff = effectiveSecurity(root, op.operation);
  if (!Array.isArray(eff.requirements)) return { alternatives: undefined, level: eff.level };
  const schemes = securitySchemes(root);
  const alternatives = eff.requirements.filter(isObject).map((req) => ({
    schemes: Object.keys(req).map((name) => ({ name, scheme: schemes.get(name), scopes: Array.isArray(req[name]) ? req[name].filter((x) => typeof x === 'string') : [] })),
  }));
  return { alternatives, level: eff.level };
}

/** `GET /a/b` for messages. @param {{ method: string, pathKey: string, isWebhook?: boolean }} op */
export function opLabel(op) {
  return `${op.method.toUpperCase()} ${op.pathKey}${op.isWebhook ? ' (webhook)' : ''}`;
}

/** Human list: `a, b and c`. @param {unknown[]} items */
export function list(items) {
  const xs = items.map(String);
  return xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

/** The first value of a parameter or header: its schema, resolved. @param {Json} root @param {Json} param @param {Path} path */
export function paramSchema(root, param, path) {
  if (!isObject(param)) return { schema: undefined, path };
  if (param.schema !== undefined) return resolved(root, param.schema, [...path, 'schema']);
  if (isObject(param.content)) {
    const mt = Object.keys(param.content)[0];
    if (mt && isObject(param.content[mt])) return resolved(root, param.content[mt].schema, [...path, 'content', mt, 'schema']);
  }
  return { schema: undefined, path };
}
