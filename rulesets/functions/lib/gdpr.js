// @ts-check
// Helpers of the gdpr pack (Regulation (EU) 2016/679): x-personal-data annotations and a
// personal-data dictionary. Plain ESM like ./doc.js; memoised per document through `cached` (and
// per schema or operation through WeakMaps).
import { cached, deref, parametersOf, isObject, operations, typesOf } from './doc.js';
import { allSchemaNodes, bodySchemas, wordsOf } from './pack-common.js';

/** @typedef {import('./types.js').Json} Json */
/** @typedef {import('./types.js').JsonObject} JsonObject */
/** @typedef {import('./types.js').Path} Path */
/** @typedef {import('./doc.js').Operation} Operation */
/** @typedef {{ key: string, value: Json }} Marker */
/**
 * @typedef {{ kind: 'property' | 'parameter', name: string, node: JsonObject, path: Path, marker: Marker | undefined, marked: boolean,
 *   term: string | undefined, special: string | undefined, in?: Json, where?: Operation }} GdprField `in` and `where`: parameters only
 */
/** @typedef {{ key: string, value: Json, path: Path, node: JsonObject, name?: undefined }} GdprAnnotation */
/** @typedef {{ names: string[], special: string[] }} Summary */

/** Markers that say "personal data" (apictl convention, its alias, SAP's DPP annotations). */
export const GDPR_MARKERS = ['x-personal-data', 'x-pii', 'x-sap-dpp-is-potentially-personal', 'x-sap-dpp-is-potentially-sensitive'];
/** Markers whose object value follows the apictl annotation schema. */
export const GDPR_ANNOTATIONS = ['x-personal-data', 'x-pii'];
export const GDPR_CATEGORIES = ['identifier', 'contact', 'financial', 'location', 'online-identifier', 'demographic', 'special', 'other'];
export const GDPR_LEGAL_BASES = ['consent', 'contract', 'legal-obligation', 'vital-interests', 'public-task', 'legitimate-interests'];
export const GDPR_RIGHTS = ['access', 'rectification', 'erasure', 'restriction', 'portability', 'objection', 'withdraw-consent', 'automated-decision'];
export const ISO_DURATION = /^P(?!$)(\d+(\.\d+)?Y)?(\d+(\.\d+)?M)?(\d+(\.\d+)?W)?(\d+(\.\d+)?D)?(T(?=\d)(\d+(\.\d+)?H)?(\d+(\.\d+)?M)?(\d+(\.\d+)?S)?)?$/;

// Aligned with the core personal-data-marked dictionary, plus online identifiers.
const PERSONAL_TERMS = [
  'email',
  'e mail',
  'email address',
  'phone',
  'phone number',
  'mobile',
  'mobile number',
  'fax',
  'fax number',
  'first name',
  'last name',
  'middle name',
  'full name',
  'surname',
  'given name',
  'family name',
  'maiden name',
  'birth date',
  'date of birth',
  'dob',
  'birthday',
  'place of birth',
  'gender',
  'nationality',
  'address',
  'street address',
  'street',
  'address line1',
  'address line2',
  'postal code',
  'postcode',
  'zip code',
  'iban',
  'bank account number',
  'card number',
  'credit card number',
  'ssn',
  'social security number',
  'national id',
  'national id number',
  'passport number',
  'tax id',
  'tax number',
  'driver license number',
  'drivers license number',
  'license plate',
  'vin',
  'device id',
  'imei',
  'latitude',
  'longitude',
  'geo location',
  'holder name',
  'cardholder name',
].map((t) => t.split(' '));
const TECHNICAL = [
  'ip address',
  'ipv4 address',
  'ipv6 address',
  'mac address',
  'hardware address',
  'server address',
  'host address',
  'node address',
  'network address',
  'bind address',
  'listen address',
  'gateway address',
  'sub address',
  'wallet address',
  'contract address',
  'memory address',
  'webhook address',
  'callback address',
].map((t) => t.split(' '));
// Special categories (Art. 9): words anywhere in the name, or word pairs.
const SPECIAL_WORDS = new Set([
  'diagnosis',
  'diagnoses',
  'medical',
  'medication',
  'medications',
  'allergy',
  'allergies',
  'disability',
  'disabilities',
  'biometric',
  'biometrics',
  'genetic',
  'genome',
  'ethnicity',
  'ethnic',
  'religion',
  'religious',
  'sexuality',
  'pregnancy',
  'pregnant',
]);
const SPECIAL_PAIRS = [
  ['health', 'record'],
  ['health', 'records'],
  ['health', 'data'],
  ['health', 'condition'],
  ['health', 'conditions'],
  ['health', 'insurance'],
  ['trade', 'union'],
  ['political', 'opinion'],
  ['political', 'opinions'],
  ['political', 'affiliation'],
  ['sexual', 'orientation'],
  ['sex', 'life'],
  ['racial', 'origin'],
  ['ethnic', 'origin'],
];

/** @param {string[]} words @param {string[]} term */
function endsWith(words, term) {
  if (term.length > words.length) return false;
  for (let i = 1; i <= term.length; i++) if (words[words.length - i] !== term[term.length - i]) return false;
  return true;
}

/** The personal-data term a name matches (word suffix, like the core dictionary), or undefined. @param {unknown} name @returns {string | undefined} */
export function personalTerm(name) {
  const w = wordsOf(name);
  if (w.length === 0) return undefined;
  if (TECHNICAL.some((t) => endsWith(w, t))) return undefined;
  const t = PERSONAL_TERMS.find((x) => endsWith(w, x));
  return t ? t.join(' ') : specialTerm(name);
}

/** The special-category (Art. 9) term a name matches, or undefined. @param {unknown} name @returns {string | undefined} */
export function specialTerm(name) {
  const w = wordsOf(name);
  const one = w.find((x) => SPECIAL_WORDS.has(x));
  if (one) return one;
  if (w.length > 0 && (w[w.length - 1] === 'race' || (w.length === 1 && w[0] === 'race'))) return 'race';
  for (const [a, b] of SPECIAL_PAIRS) for (let i = 0; i + 1 < w.length; i++) if (w[i] === a && w[i + 1] === b) return `${a} ${b}`;
  return undefined;
}

/** The marker of a node: { key, value } for the first GDPR marker that is not `false`. @param {Json} node @returns {Marker | undefined} */
export function gdprMarker(node) {
  if (!isObject(node)) return undefined;
  for (const k of GDPR_MARKERS) if (Object.hasOwn(node, k) && node[k] !== false && node[k] !== null) return { key: k, value: node[k] };
  return undefined;
}

/** Annotation objects on the nodes along a document path (outermost first). @param {Json} root @param {Path} path */
export function annotationsOnPath(root, path) {
  /** @type {JsonObject[]} */
  const out = [];
  let cur = root;
  for (let i = 0; i <= path.length; i++) {
    if (isObject(cur)) for (const k of GDPR_ANNOTATIONS) if (isObject(cur[k])) out.push(cur[k]);
    if (i === path.length || cur === null || typeof cur !== 'object') break;
    cur = cur[path[i]];
  }
  return out;
}

/** @param {Json} root @param {Path} path */
function markedAlongPath(root, path) {
  let cur = root;
  for (let i = 0; i <= path.length; i++) {
    if (i > 0 && gdprMarker(cur)) return true;
    if (i === path.length || cur === null || typeof cur !== 'object') break;
    cur = cur[path[i]];
  }
  return false;
}

/** @param {Json} root @param {Json} schema */
function isBooleanOnly(root, schema) {
  const { value } = deref(root, schema, []);
  const t = typesOf(value);
  return t.length > 0 && t.every((x) => x === 'boolean' || x === 'null');
}

/**
 * Personal-data fields of the document, memoised: properties and parameters that are marked
 * (on themselves, their schema or an enclosing object) or named like personal data.
 * Each: { kind: 'property'|'parameter', name, node, path, marked, marker, term, special, in }.
 * Plus every annotation written: { key, value, path, node }.
 * @param {Json} root @returns {{ fields: GdprField[], annotations: GdprAnnotation[], processes: boolean }}
 */
export function gdprDoc(root) {
  return cached(root, 'packs:gdprDoc', () => {
    /** @type {GdprField[]} */
    const fields = [];
    /** @type {GdprAnnotation[]} */
    const annotations = [];
    const paramSeen = new Set();
    for (const n of allSchemaNodes(root)) {
      const m = gdprMarker(n.schema);
      if (m) annotations.push({ ...m, path: [...n.path, m.key], node: n.schema });
      if (!n.name || n.path[n.path.length - 2] !== 'properties') continue;
      const term = personalTerm(n.name);
      if (!term && !m) continue;
      if (!m && isBooleanOnly(root, n.schema)) continue;
      const ref = m ? undefined : gdprMarker(deref(root, n.schema, []).value);
      fields.push({ kind: 'property', name: n.name, node: n.schema, path: n.path, marker: m ?? ref, marked: !!(m || ref || markedAlongPath(root, n.path)), term, special: specialTerm(n.name) });
    }
    /** @param {Json} param @param {Path} path @param {Operation} [where] */
    const addParam = (param, path, where) => {
      const key = path.join('/');
      if (paramSeen.has(key) || !isObject(param) || typeof param.name !== 'string') return;
      paramSeen.add(key);
      const m = gdprMarker(param) ?? gdprMarker(deref(root, param.schema, []).value);
      if (gdprMarker(param)) annotations.push({ .../** @type {Marker} */ (gdprMarker(param)), path: [...path, /** @type {{ key: string }} */ (gdprMarker(param)).key], node: param });
      const term = personalTerm(param.name);
      if (!term && !m) return;
      if (!m && isBooleanOnly(root, param.schema)) return;
      fields.push({ kind: 'parameter', name: param.name, node: param, path, marker: m, marked: !!(m || markedAlongPath(root, path)), term, special: specialTerm(param.name), in: param.in, where });
    };
    const cp = isObject(root) && isObject(root.components) && isObject(root.components.parameters) ? root.components.parameters : {};
    for (const k of Object.keys(cp)) addParam(cp[k], ['components', 'parameters', k]);
    for (const op of operations(root)) for (const p of parametersOf(root, op)) addParam(p.param, p.path, op);
    return { fields, annotations, processes: fields.length > 0 || annotations.length > 0 };
  });
}

/** Merged annotation for a field: its own object annotation over the enclosing ones. @param {Json} root @param {Path} path @returns {JsonObject} */
export function effectiveAnnotation(root, path) {
  return Object.assign({}, ...annotationsOnPath(root, path));
}

/** @type {WeakMap<JsonObject, Summary>} */
const summaryMemo = new WeakMap();
/** @type {Summary} */
const EMPTY_SUMMARY = Object.freeze({ names: [], special: [] });
const SUMMARY_MAX = 8;

/** @param {string[]} list @param {string} name */
function addName(list, name) {
  if (list.length < SUMMARY_MAX && !list.includes(name)) list.push(name);
}

/** Child schemas of a schema (raw, refs not followed). @param {JsonObject} s */
function childSchemas(s) {
  /** @type {Json[]} */
  const out = [];
  if (isObject(s.properties)) for (const k of Object.keys(s.properties)) out.push(s.properties[k]);
  for (const k of ['items', 'additionalProperties', 'not']) if (isObject(s[k])) out.push(s[k]);
  for (const k of ['allOf', 'anyOf', 'oneOf', 'prefixItems']) if (Array.isArray(s[k])) out.push(...s[k]);
  return out;
}

/** The personal names a schema holds directly (its own properties). @param {Json} root @param {JsonObject} s */
function localPersonal(root, s) {
  /** @type {Summary} */
  const out = { names: [], special: [] };
  if (!isObject(s.properties)) return out;
  const objectMarker = gdprMarker(s);
  for (const k of Object.keys(s.properties)) {
    const { value: ps } = deref(root, s.properties[k], []);
    if (!isObject(ps)) continue;
    const mk = gdprMarker(ps) ?? objectMarker;
    const types = typesOf(ps);
    const booleanOnly = types.length > 0 && types.every((t) => t === 'boolean' || t === 'null');
    if (mk || (personalTerm(k) && !booleanOnly)) {
      addName(out.names, k);
      if (specialTerm(k) || (mk && ((isObject(mk.value) && mk.value.category === 'special') || mk.key === 'x-sap-dpp-is-potentially-sensitive'))) addName(out.special, k);
    }
  }
  return out;
}

/**
 * Personal data reachable from a schema (refs followed), memoised per schema object so that shared
 * components are examined once per document: { names: [...], special: [...] } (at most 8 each).
 * A property is personal when it, or the object holding it, is marked, or when its name is in the
 * dictionary (boolean properties excepted). Recursive schemas are summarised per strongly
 * connected component (Tarjan), so every member of a cycle gets the complete answer.
 * @param {Json} root @param {Json} raw @returns {Summary}
 */
export function personalSummary(root, raw) {
  const start = deref(root, raw, []).value;
  if (!isObject(start)) return EMPTY_SUMMARY;
  const done = summaryMemo.get(start);
  if (done) return done;
  const index = new Map();
  const low = new Map();
  /** @type {Json[]} */
  const stack = [];
  const onStack = new Set();
  let counter = 0;
  let budget = 50000;
  /** @param {JsonObject} v @param {number} depth */
  const visit = (v, depth) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    const kids = [];
    for (const c of childSchemas(v)) {
      const w = deref(root, c, []).value;
      if (!isObject(w)) continue;
      kids.push(w);
      if (summaryMemo.has(w)) continue;
      if (!index.has(w)) {
        if (depth < 1500 && budget-- > 0) {
          visit(w, depth + 1);
          low.set(v, Math.min(low.get(v), low.get(w)));
        }
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    kidsOf.set(v, kids);
    if (low.get(v) !== index.get(v)) return;
    const members = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      members.push(w);
    } while (w !== v);
    const inScc = new Set(members);
    /** @type {Summary} */
    const out = { names: [], special: [] };
    for (const m of members) {
      const l = localPersonal(root, m);
      for (const n of l.names) addName(out.names, n);
      for (const n of l.special) addName(out.special, n);
      for (const k of kidsOf.get(m) ?? []) {
        if (inScc.has(k)) continue;
        const sub = summaryMemo.get(k);
        if (!sub) continue;
        for (const n of sub.names) addName(out.names, n);
        for (const n of sub.special) addName(out.special, n);
      }
    }
    for (const m of members) summaryMemo.set(m, out);
  };
  const kidsOf = new Map();
  visit(start, 0);
  return summaryMemo.get(start) ?? EMPTY_SUMMARY;
}

/**
 * Personal data an operation handles, memoised per operation: { fields: [{ name, special, where }] }
 * from its parameters and its request / 2xx response bodies.
 */
const opMemo = new WeakMap();
/**
 * @param {Json} root @param {Operation} op @param {{ request?: boolean, response?: boolean }} [opts]
 * @returns {{ fields: { name: string, special: boolean, where: string }[] }}
 */
export function gdprOpData(root, op, { request = true, response = true } = {}) {
  const key = `${request}:${response}`;
  let m = opMemo.get(op.operation);
  if (!m) {
    m = new Map();
    opMemo.set(op.operation, m);
  }
  if (m.has(key)) return m.get(key);
  /** @type {{ name: string, special: boolean, where: string }[]} */
  const fields = [];
  if (request) {
    for (const p of parametersOf(root, op)) {
      const term = personalTerm(p.param.name);
      const mk = gdprMarker(p.param) ?? gdprMarker(deref(root, p.param.schema, []).value);
      if ((term && !isBooleanOnly(root, p.param.schema)) || mk)
        fields.push({
          name: p.param.name,
          special: !!specialTerm(p.param.name) || (isObject(mk?.value) && /** @type {Marker} */ (mk).value.category === 'special') || mk?.key === 'x-sap-dpp-is-potentially-sensitive',
          where: 'parameter',
        });
    }
  }
  for (const b of bodySchemas(root, op, { request, response })) {
    const sum = personalSummary(root, b.schema);
    for (const n of sum.names) fields.push({ name: n, special: sum.special.includes(n), where: 'body' });
    const { value } = deref(root, b.schema, b.path);
    if (sum.names.length === 0 && gdprMarker(value)) fields.push({ name: '(marked schema)', special: false, where: 'body' });
  }
  const out = { fields };
  m.set(key, out);
  return out;
}

/** Operations declaring a data-subject right (x-data-subject-rights), keyed by right. @param {Json} root */
export function gdprRights(root) {
  return cached(root, 'packs:gdprRights', () => {
    /** @type {Map<string, Operation[]>} */
    const out = new Map();
    for (const op of operations(root)) {
      const r = op.operation['x-data-subject-rights'];
      const list = Array.isArray(r) ? r : typeof r === 'string' ? [r] : [];
      for (const x of list) if (typeof x === 'string') out.set(x, [...(out.get(x) ?? []), op]);
    }
    return out;
  });
}

/** Every legal basis declared in an annotation of the document. @param {Json} root */
export function gdprLegalBases(root) {
  return cached(root, 'packs:gdprLegalBases', () => {
    /** @type {Set<string>} */
    const out = new Set();
    for (const a of gdprDoc(root).annotations) if (isObject(a.value) && typeof a.value.legalBasis === 'string') out.add(a.value.legalBasis);
    return out;
  });
}

/** The x-personal-data and x-pii annotations written in the document, each once: { key, value, path, node }. @param {Json} root */
export function gdprAnnotationsWritten(root) {
  return cached(root, 'packs:gdprAnnotationsWritten', () => {
    /** @type {GdprAnnotation[]} */
    const out = [];
    const seen = new Set();
    for (const a of gdprDoc(root).annotations) {
      if (!GDPR_ANNOTATIONS.includes(a.key)) continue;
      const key = a.path.join('/');
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(a);
    }
    return out;
  });
}

/** ` (e.g. 'email')`: the first personal field of gdprDoc, for messages ('' when it has no name). @param {{ fields: GdprField[], annotations: GdprAnnotation[] }} doc */
export function personalDataExample(doc) {
  const first = doc.fields[0] ?? doc.annotations[0];
  return first?.name ? ` (e.g. '${first.name}')` : '';
}

/** Personal fields of some body schemas ([{ schema }]), each name once: [{ name, special }]. @param {Json} root @param {{ schema: Json }[]} roots */
export function personalFieldsIn(root, roots) {
  /** @type {{ name: string, special: boolean }[]} */
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
