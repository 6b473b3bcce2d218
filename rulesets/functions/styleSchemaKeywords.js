// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { cached, deref, isObject, rootOf, specVersion, typesOf } from './lib/doc.js';
import { allSchemas } from './lib/schemas.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').JsonObject} JsonObject */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */
/** @typedef {{ ids: Map<string, string>, memo: WeakMap<object, string>, unique: number }} CanonTables */

// Keywords that only apply to one type: with a `type` that excludes it they never apply.
const OBJECT_KEYWORDS = ['properties', 'required', 'additionalProperties'];
const ARRAY_KEYWORDS = ['items'];
// min/max pairs whose minimum above the maximum leaves no valid value.
const COUNT_PAIRS = [
  ['minLength', 'maxLength'],
  ['minItems', 'maxItems'],
  ['minProperties', 'maxProperties'],
];

/** @param {Json} v */
const isNum = (v) => typeof v === 'number' && Number.isFinite(v);

/** A value for a message: JSON, shortened. @param {Json} v */
function show(v) {
  const t = JSON.stringify(v) ?? String(v);
  return t.length > 60 ? `${t.slice(0, 57)}…` : t;
}

/** @param {string[]} types */
function showTypes(types) {
  return types.length === 1 ? `'${types[0]}'` : `[${types.join(', ')}]`;
}

/** @param {Json} a @param {Json} b @returns {boolean} */
function deepEqual(a, b) {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
}

/**
 * The lower and upper numeric bounds of a schema: `minimum`/`maximum` (exclusive with the 3.0
 * boolean `exclusiveMinimum: true`), and the numeric `exclusiveMinimum`/`exclusiveMaximum` of 3.1.
 * @param {JsonObject} s @param {boolean} low @returns {{ kw: string, v: number, ex: boolean, label: string }[]}
 */
function bounds(s, low) {
  const [incl, excl] = low ? ['minimum', 'exclusiveMinimum'] : ['maximum', 'exclusiveMaximum'];
  const out = [];
  if (isNum(s[incl])) {
    const ex = s[excl] === true;
    out.push({ kw: incl, v: s[incl], ex, label: ex ? `${incl} ${s[incl]} (${excl}: true)` : `${incl} ${s[incl]}` });
  }
  if (isNum(s[excl])) out.push({ kw: excl, v: s[excl], ex: true, label: `${excl} ${s[excl]}` });
  return out;
}

/**
 * A canonical id per JSON value (hash-consing): equal ids ⇔ deep-equal values. Each object's text
 * holds its own keys and the ids of its children only, so the whole walk is linear in the size of
 * what it is asked about, and every object is read once per document.
 * @param {Json} root @returns {CanonTables}
 */
function canonTables(root) {
  return cached(root, 'style:canonical-ids', () => ({ ids: new Map(), memo: new WeakMap(), unique: 0 }));
}

/** @param {CanonTables} t @param {Json} v @param {number} depth @returns {string} */
function canonId(t, v, depth) {
  if (v === null || typeof v !== 'object') return typeof v === 'string' ? JSON.stringify(v) : `${typeof v}:${String(v)}`;
  const hit = t.memo.get(v);
  if (hit !== undefined) return hit;
  // too deep to compare (or cyclic): never equal to anything else
  if (depth > 200) return `!${t.unique++}`;
  let text;
  if (Array.isArray(v)) {
    text = `[${v.map((x) => canonId(t, x, depth + 1)).join(',')}]`;
  } else {
    const keys = Object.keys(v).sort();
    text = `{${keys.map((k) => `${JSON.stringify(k)}:${canonId(t, v[k], depth + 1)}`).join(',')}}`;
  }
  let id = t.ids.get(text);
  if (id === undefined) {
    id = `#${t.ids.size}`;
    t.ids.set(text, id);
  }
  t.memo.set(v, id);
  return id;
}

/** A `$ref` with nothing else beside it. @param {Json} x */
function isBareRef(x) {
  if (!isObject(x) || typeof x.$ref !== 'string') return false;
  for (const k in x) if (Object.hasOwn(x, k) && k !== '$ref') return false;
  return true;
}

/** Reports oneOf members that are the same schema (deep-equal once a bare `$ref` is resolved). @param {Json} root @param {JsonObject} s @param {Path} path @param {Finding[]} out */
function duplicateBranches(root, s, path, out) {
  const list = s.oneOf;
  if (!Array.isArray(list) || list.length < 2) return;
  const t = canonTables(root);
  const first = new Map();
  /** @param {Json} x */
  const label = (x) => (isBareRef(x) ? `$ref '${x.$ref}'` : 'inline schema');
  for (let i = 0; i < list.length; i++) {
    const raw = list[i];
    // `false` matches nothing: two of them do not make oneOf fail
    if (raw === false || (raw !== true && !isObject(raw))) continue;
    let value = raw;
    if (isBareRef(raw)) {
      const r = deref(root, raw, undefined);
      value = r.value !== undefined ? r.value : { $ref: raw.$ref };
    }
    const key = canonId(t, value, 0);
    const j = first.get(key);
    if (j === undefined) {
      first.set(key, i);
      continue;
    }
    out.push({
      message: `oneOf branch ${i} (${label(raw)}) is identical to branch ${j} (${label(list[j])}): a value that matches one matches both, so oneOf rejects it.`,
      path: [...path, 'oneOf', String(i)],
    });
  }
}

/**
 * Schema keywords that contradict each other: a `type` that excludes objects with object keywords
 * (properties, required, additionalProperties) or excludes arrays with `items`; a lower bound above
 * the upper one (minimum/maximum with their exclusive forms of 3.0 and 3.1, minLength/maxLength,
 * minItems/maxItems, minProperties/maxProperties); a `default` or `const` that the schema's `enum`
 * does not list; oneOf members that are the same schema (oneOf then rejects every value they match).
 */
export default createRulesetFunction({ input: null, options: null }, function styleSchemaKeywords(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const v30 = specVersion(root) === '3.0' || specVersion(root) === '2.0';
  /** @type {Finding[]} */
  const out = [];
  // hot: per schema node; bench: bench/lint.mjs (docs/performance.md#indexed-loops-rules)
  for (let eI = 0, eList = allSchemas(root); eI < eList.length; eI++) {
    const e = eList[eI];
    /** @type {JsonObject} */
    const s = e.schema;
    const types = typesOf(s);
    if (types.length > 0) {
      if (!types.includes('object')) {
        for (const k of OBJECT_KEYWORDS) {
          // `required: true` on a property (a 2.0 habit) is a different mistake, reported by validation
          const present = k === 'required' ? Array.isArray(s.required) && s.required.length > 0 : s[k] !== undefined;
          if (present) out.push({ message: `type ${showTypes(types)} excludes objects, so '${k}' never applies.`, path: [...e.path, k] });
        }
      }
      if (!types.includes('array')) {
        for (const k of ARRAY_KEYWORDS) {
          if (s[k] !== undefined) out.push({ message: `type ${showTypes(types)} excludes arrays, so '${k}' never applies.`, path: [...e.path, k] });
        }
      }
    }
    if (s.minimum !== undefined || s.exclusiveMinimum !== undefined) {
      const highs = bounds(s, false);
      let hit;
      for (const lo of bounds(s, true)) {
        for (const hi of highs) {
          if (lo.v > hi.v || (lo.v === hi.v && (lo.ex || hi.ex))) hit ??= [lo, hi];
        }
      }
      if (hit) {
        const [lo, hi] = hit;
        const why = lo.v > hi.v ? `${lo.label} is greater than ${hi.label}` : `${lo.label} is not below ${hi.label}`;
        out.push({ message: `${why}: no value satisfies both.`, path: [...e.path, lo.kw] });
      }
    }
    for (const [min, max] of COUNT_PAIRS) {
      if (isNum(s[min]) && isNum(s[max]) && s[min] > s[max]) out.push({ message: `${min} ${s[min]} is greater than ${max} ${s[max]}: no value satisfies both.`, path: [...e.path, min] });
    }
    if (Array.isArray(s.enum) && s.enum.length > 0) {
      for (const k of ['default', 'const']) {
        if (!Object.hasOwn(s, k)) continue;
        const v = s[k];
        // 3.0: `nullable: true` is read by most tools as allowing null besides the enum values
        if (v === null && v30 && s.nullable === true) continue;
        if (s.enum.some((x) => deepEqual(x, v))) continue;
        const listed = s.enum.length > 8 ? `${s.enum.slice(0, 8).map(show).join(', ')}, …` : s.enum.map(show).join(', ');
        out.push({ message: `${k} ${show(v)} is not one of the enum values [${listed}].`, path: [...e.path, k] });
      }
    }
    if (s.oneOf !== undefined) duplicateBranches(root, s, e.path, out);
  }
  return out;
});
