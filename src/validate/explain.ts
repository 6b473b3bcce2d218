/**
 * Turns "this document does not match the official schema" into the few errors a human needs.
 *
 * Raw ajv output on these schemas is a wall of noise: every failed oneOf/anyOf branch reports,
 * and ajv's `schemaPath` is relative to whichever `$ref` target was compiled separately, so the
 * errors cannot be reliably grouped back into branches. Instead this module walks the schema and
 * the document together, top-down, and only where ajv says a subtree is invalid:
 *
 * - ajv (compiled per subschema, cached) is the oracle: "is this value valid against this
 *   subschema?" — valid subtrees are pruned immediately, so the walk only visits broken parts;
 * - leaf keywords (type, enum, required, additionalProperties, pattern, …) produce one-line
 *   messages at precise paths (an unexpected property points at the property itself);
 * - for a failed oneOf/anyOf the walk picks the branch the value was meant for (a `$ref` object
 *   → the Reference branch; `in: body` → the body-parameter branch; otherwise the branch that
 *   got furthest) and explains only that branch;
 * - anything the walker does not understand falls back to ajv's own errors for that subschema.
 */
import { compareScores, discriminate, score, type Score } from './branches.js';
import { hasOwn, isObject, type JsonObject } from './json.js';
import { showAlternatives, showName, showValue } from './messages.js';
import { closestName } from '../util/suggest.js';
import { describeCondition, describeNot, describeShape, enumMessage, firstDuplicate, numberKeywords, plural, rawErrorsToIssues, typeNames, type Issue } from './phrasing.js';
import {
  childLoc,
  declaredPatterns,
  declaredPropertyNames,
  declaredType,
  deepEqual,
  fragmentOf,
  isReferenceShape,
  peelRefs,
  resolveSchemaRef,
  schemaAt,
  typeMatches,
  type SchemaLoc,
} from './schema-nav.js';
import type { SchemaSet } from './schemas.js';
import { appendAll } from '../util/append.js';

export type { Issue } from './phrasing.js';

/** Instance nesting the walker follows before handing a subtree to ajv's raw errors. */
const MAX_DEPTH = 400;

/** Walks one document against one compiled schema set. Create one per validation run. */
export class Explainer {
  private readonly validity = new WeakMap<object, Map<string, boolean>>();
  private readonly regexes = new Map<string, RegExp | null>();
  private work: number;
  /** True when the work budget ran out and some invalid subtrees were not explained. */
  truncated = false;

  constructor(
    private readonly set: SchemaSet,
    workBudget: number,
  ) {
    this.work = workBudget;
  }

  /** Explains why `doc` fails the schema (empty when it does not). */
  explainDocument(doc: unknown): Issue[] {
    const rootLoc: SchemaLoc = { base: this.set.baseId, ptr: [] };
    const issues = this.explain(rootLoc, schemaAt(this.set, rootLoc), doc, [], 0);
    // Safety net: the document is invalid but the walker found nothing it could phrase.
    if (issues.length === 0 && !this.isValid(rootLoc, doc)) return this.rawIssues(rootLoc, doc, []);
    return issues;
  }

  // ---------------------------------------------------------------- oracle

  /** ajv's verdict for `value` against the subschema at `loc` (memoised per object). */
  private isValid(loc: SchemaLoc, value: unknown): boolean {
    const key = `${loc.base}#${fragmentOf(loc.ptr)}`;
    const cacheable = typeof value === 'object' && value !== null;
    if (cacheable) {
      const hit = this.validity.get(value)?.get(key);
      if (hit !== undefined) return hit;
    }
    const fn = this.set.validatorAt(loc.base, fragmentOf(loc.ptr));
    let ok = true; // a subschema ajv cannot compile is treated as opaque, i.e. passing
    if (fn) {
      try {
        ok = fn(value) === true;
      } catch {
        ok = true; // stack exhaustion on absurd nesting: the caller reports that separately
      }
    }
    if (cacheable) {
      let m = this.validity.get(value);
      if (!m) this.validity.set(value, (m = new Map()));
      m.set(key, ok);
    }
    return ok;
  }

  // ---------------------------------------------------------------- walker

  private explain(loc: SchemaLoc, schema: unknown, value: unknown, path: string[], depth: number): Issue[] {
    if (schema === true || schema === undefined) return [];
    if (schema === false) return [{ path, message: 'is not allowed here', keyword: 'false' }];
    if (!isObject(schema)) return [];
    if (this.isValid(loc, value)) return [];
    if (this.work <= 0) {
      this.truncated = true;
      return [];
    }
    this.work--;
    if (depth > MAX_DEPTH) return this.rawIssues(loc, value, path);

    // A wrong type makes every other keyword moot: say only that.
    if (hasOwn(schema, 'type') && !typeMatches(schema.type, value)) {
      return [{ path, message: `must be ${typeNames(schema.type)}`, keyword: 'type' }];
    }

    const out: Issue[] = [];
    if (typeof schema.$ref === 'string') {
      const target = resolveSchemaRef(this.set, loc, schema.$ref);
      if (target) appendAll(out, this.explain(target, schemaAt(this.set, target), value, path, depth + 1));
    }
    this.valueKeywords(schema, value, path, out);
    if (isObject(value)) this.objectKeywords(loc, schema, value, path, depth, out);
    if (Array.isArray(value)) this.arrayKeywords(loc, schema, value, path, depth, out);
    if (Array.isArray(schema.allOf)) {
      schema.allOf.forEach((sub, i) => appendAll(out, this.explain(childLoc(loc, 'allOf', i), sub, value, path, depth + 1)));
    }
    if (Array.isArray(schema.anyOf)) appendAll(out, this.combinator(loc, schema.anyOf, 'anyOf', value, path, depth));
    if (Array.isArray(schema.oneOf)) appendAll(out, this.combinator(loc, schema.oneOf, 'oneOf', value, path, depth));
    if (hasOwn(schema, 'not') && this.isValid(childLoc(loc, 'not'), value)) out.push(describeNot(schema.not, path));
    if (hasOwn(schema, 'if')) appendAll(out, this.conditional(loc, schema, value, path, depth));

    // Invalid, yet nothing above could say why (a keyword we do not model): let ajv say it.
    return out.length > 0 ? out : this.rawIssues(loc, value, path);
  }

  /** Keywords about the value itself: enum, const, string and number constraints, format. */
  private valueKeywords(schema: JsonObject, value: unknown, path: string[], out: Issue[]): void {
    if (Array.isArray(schema.enum) && !schema.enum.some((e) => deepEqual(e, value))) {
      out.push({ path, message: enumMessage(schema.enum), keyword: 'enum' });
    }
    if (hasOwn(schema, 'const') && !deepEqual(schema.const, value)) {
      out.push({ path, message: `must be ${showValue(schema.const)}`, keyword: 'const' });
    }
    if (typeof value === 'string') {
      if (typeof schema.pattern === 'string') {
        const re = this.regex(schema.pattern);
        if (re && !re.test(value)) out.push({ path, message: this.patternMessage(schema, schema.pattern, value, path), keyword: 'pattern' });
      }
      const len = [...value].length; // code points, as ajv counts
      if (typeof schema.minLength === 'number' && len < schema.minLength) {
        out.push({ path, message: schema.minLength === 1 ? 'must not be empty' : `must be at least ${schema.minLength} characters long`, keyword: 'minLength' });
      }
      if (typeof schema.maxLength === 'number' && len > schema.maxLength) {
        out.push({ path, message: `must be at most ${schema.maxLength} characters long`, keyword: 'maxLength' });
      }
    }
    if (typeof schema.format === 'string') {
      const fn = this.set.formatValidator(schema.format);
      if (fn && fn(value) !== true) out.push({ path, message: `must be a valid ${schema.format}`, keyword: 'format' });
    }
    if (typeof value === 'number') numberKeywords(schema, value, path, out);
  }

  /** Object keywords: required, property counts, properties/patternProperties/additional/unevaluated, names, dependencies. */
  private objectKeywords(loc: SchemaLoc, schema: JsonObject, value: JsonObject, path: string[], depth: number, out: Issue[]): void {
    if (Array.isArray(schema.required)) {
      for (const name of schema.required) {
        if (typeof name === 'string' && !hasOwn(value, name)) {
          out.push({ path, message: `missing required property '${showName(name)}'`, keyword: 'required', missing: [name] });
        }
      }
    }
    const keys = Object.keys(value);
    if (typeof schema.minProperties === 'number' && keys.length < schema.minProperties) {
      out.push({ path, message: `must have at least ${plural(schema.minProperties, 'property', 'properties')}`, keyword: 'minProperties' });
    }
    if (typeof schema.maxProperties === 'number' && keys.length > schema.maxProperties) {
      out.push({ path, message: `must have at most ${plural(schema.maxProperties, 'property', 'properties')}`, keyword: 'maxProperties' });
    }

    const props = isObject(schema.properties) ? schema.properties : undefined;
    const patterns = isObject(schema.patternProperties) ? Object.keys(schema.patternProperties) : [];
    for (const key of keys) {
      const child = [...path, key];
      let matched = false;
      if (props && hasOwn(props, key)) {
        matched = true;
        if (props[key] === false) out.push({ path: child, message: `property '${showName(key)}' is not allowed here`, keyword: 'false' });
        else appendAll(out, this.explain(childLoc(loc, 'properties', key), props[key], value[key], child, depth + 1));
      }
      for (const p of patterns) {
        if (!this.regex(p)?.test(key)) continue;
        matched = true;
        const sub = (schema.patternProperties as JsonObject)[p];
        if (sub === false) out.push({ path: child, message: `property '${showName(key)}' is not allowed here`, keyword: 'false' });
        else appendAll(out, this.explain(childLoc(loc, 'patternProperties', p), sub, value[key], child, depth + 1));
      }
      if (!matched && hasOwn(schema, 'additionalProperties')) {
        if (schema.additionalProperties === false) out.push(this.unexpected(loc, schema, key, child));
        else appendAll(out, this.explain(childLoc(loc, 'additionalProperties'), schema.additionalProperties, value[key], child, depth + 1));
      }
    }

    if (hasOwn(schema, 'unevaluatedProperties')) {
      const evaluated = this.evaluatedKeys(loc, schema, value, 0, true);
      if (evaluated !== 'all') {
        for (const key of keys) {
          if (evaluated.has(key)) continue;
          const child = [...path, key];
          if (schema.unevaluatedProperties === false) out.push(this.unexpected(loc, schema, key, child));
          else appendAll(out, this.explain(childLoc(loc, 'unevaluatedProperties'), schema.unevaluatedProperties, value[key], child, depth + 1));
        }
      }
    }

    if (hasOwn(schema, 'propertyNames')) {
      for (const key of keys) {
        for (const issue of this.explain(childLoc(loc, 'propertyNames'), schema.propertyNames, key, [...path, key], depth + 1)) {
          out.push({ ...issue, message: `property name '${showName(key)}' ${issue.message}` });
        }
      }
    }

    // draft-04 `dependencies` and 2019+ `dependentRequired` / `dependentSchemas`.
    for (const kw of ['dependencies', 'dependentRequired', 'dependentSchemas'] as const) {
      const deps = schema[kw];
      if (!isObject(deps)) continue;
      for (const [trigger, dep] of Object.entries(deps)) {
        if (!hasOwn(value, trigger)) continue;
        if (Array.isArray(dep)) {
          for (const need of dep) {
            if (typeof need === 'string' && !hasOwn(value, need)) {
              out.push({ path, message: `property '${showName(trigger)}' requires property '${showName(need)}'`, keyword: kw, missing: [need] });
            }
          }
        } else {
          for (const issue of this.explain(childLoc(loc, kw, trigger), dep, value, path, depth + 1)) {
            // "not allowed here" is puzzling without the reason: another property forbids it.
            const forbidden = (issue.keyword === 'false' || issue.keyword === 'not') && issue.path.length === path.length + 1;
            out.push(forbidden ? { ...issue, message: `${issue.message} when '${trigger}' is present` } : issue);
          }
        }
      }
    }
  }

  /** Array keywords: items (list or single schema), prefixItems, contains, counts, uniqueness. */
  private arrayKeywords(loc: SchemaLoc, schema: JsonObject, value: unknown[], path: string[], depth: number, out: Issue[]): void {
    let start = 0;
    if (Array.isArray(schema.prefixItems)) {
      start = schema.prefixItems.length;
      schema.prefixItems.forEach((sub, i) => {
        if (i < value.length) appendAll(out, this.explain(childLoc(loc, 'prefixItems', i), sub, value[i], [...path, String(i)], depth + 1));
      });
    }
    if (Array.isArray(schema.items)) {
      // draft-04 tuple form, with additionalItems for the rest
      const tuple = schema.items;
      tuple.forEach((sub, i) => {
        if (i < value.length) appendAll(out, this.explain(childLoc(loc, 'items', i), sub, value[i], [...path, String(i)], depth + 1));
      });
      if (schema.additionalItems === false && value.length > tuple.length) {
        out.push({ path, message: `must have at most ${plural(tuple.length, 'item', 'items')}`, keyword: 'additionalItems' });
      } else if (isObject(schema.additionalItems)) {
        for (let i = tuple.length; i < value.length; i++) {
          appendAll(out, this.explain(childLoc(loc, 'additionalItems'), schema.additionalItems, value[i], [...path, String(i)], depth + 1));
        }
      }
    } else if (hasOwn(schema, 'items')) {
      for (let i = start; i < value.length; i++) {
        appendAll(out, this.explain(childLoc(loc, 'items'), schema.items, value[i], [...path, String(i)], depth + 1));
      }
    }
    if (hasOwn(schema, 'contains')) {
      const containsLoc = childLoc(loc, 'contains');
      const count = value.filter((v) => this.isValid(containsLoc, v)).length;
      const min = typeof schema.minContains === 'number' ? schema.minContains : 1;
      const what = describeShape(schema.contains);
      if (count < min) out.push({ path, message: `must contain at least ${plural(min, 'item', 'items')}${what}`, keyword: 'contains' });
      if (typeof schema.maxContains === 'number' && count > schema.maxContains) {
        out.push({ path, message: `must contain at most ${plural(schema.maxContains, 'item', 'items')}${what}`, keyword: 'maxContains' });
      }
    }
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) {
      out.push({ path, message: `must have at least ${plural(schema.minItems, 'item', 'items')}`, keyword: 'minItems' });
    }
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) {
      out.push({ path, message: `must have at most ${plural(schema.maxItems, 'item', 'items')}`, keyword: 'maxItems' });
    }
    if (schema.uniqueItems === true) {
      const dup = firstDuplicate(value);
      if (dup) out.push({ path: [...path, String(dup[1])], message: `duplicates item ${dup[0]} (items must be unique)`, keyword: 'uniqueItems' });
    }
  }

  /** if/then/else: explain only the branch that applies, noting the condition when it is simple. */
  private conditional(loc: SchemaLoc, schema: JsonObject, value: unknown, path: string[], depth: number): Issue[] {
    const holds = this.isValid(childLoc(loc, 'if'), value);
    const branch = holds ? 'then' : 'else';
    if (!hasOwn(schema, branch)) return [];
    const issues = this.explain(childLoc(loc, branch), schema[branch], value, path, depth + 1);
    const when = holds ? describeCondition(schema.if) : undefined;
    if (!when) return issues;
    return issues.map((i) => (i.path.length <= path.length + 1 ? { ...i, message: `${i.message} (${when})` } : i));
  }

  /**
   * A failed oneOf/anyOf: find the branch the author meant and explain that one.
   * Order of evidence: `$ref` present or not (Reference branch), declared type, properties
   * pinned by enum/const (discriminators such as `in` or `type`), then how far each branch got.
   */
  private combinator(loc: SchemaLoc, branches: unknown[], kw: 'oneOf' | 'anyOf', value: unknown, path: string[], depth: number): Issue[] {
    if (branches.length === 0) return [];
    const valid = branches.map((_, i) => this.isValid(childLoc(loc, kw, i), value));
    const passing = valid.filter(Boolean).length;
    if (kw === 'anyOf' && passing > 0) return [];
    if (kw === 'oneOf' && passing === 1) return [];
    if (passing > 1) {
      return [{ path, message: `matches ${passing} of the allowed alternatives; exactly one is allowed`, keyword: kw, wrapper: true }];
    }

    let cands = branches.map((schema, i) => {
      const l = childLoc(loc, kw, i);
      return { i, loc: l, schema, peeled: peelRefs(this.set, l, schema) };
    });
    const keep = (pred: (c: (typeof cands)[number]) => boolean): void => {
      const next = cands.filter(pred);
      if (next.length > 0) cands = next;
    };

    // 1. An object with `$ref` is a Reference; one without is not.
    const hasRef = isObject(value) && hasOwn(value, '$ref');
    keep((c) => isReferenceShape(c.peeled.schema) === hasRef);
    // 2. Declared types that cannot hold the value are not what was meant.
    keep((c) => {
      const t = declaredType(c.peeled.schema);
      return t === undefined || typeMatches(t, value);
    });
    // 3. Discriminating properties (`in`, `type`, `flow`, …).
    if (cands.length > 1 && isObject(value)) {
      const picked = discriminate(this.set, cands, value, path);
      if (picked.kind === 'mismatch') return [picked.issue];
      cands = picked.cands;
    }
    const only = cands.length === 1 ? cands[0] : undefined;
    if (only) return this.explain(only.loc, only.schema, value, path, depth + 1);

    // 4. Explain all remaining; if each only misses one property, say "one of these".
    const explained = cands.map((c) => ({ c, issues: this.explain(c.loc, c.schema, value, path, depth + 1) }));
    const names: string[] = [];
    const allMissOne = explained.every(({ issues }) => {
      const [first] = issues;
      if (issues.length !== 1 || !first || first.keyword !== 'required' || first.path.length !== path.length) return false;
      for (const n of first.missing ?? []) if (!names.includes(n)) names.push(n);
      return true;
    });
    if (allMissOne && names.length > 1) {
      return [{ path, message: `must have one of the properties ${showAlternatives(names)}`, keyword: 'required', missing: names }];
    }
    // …and if each only rejects the value's type, list the types (`must be object or boolean`).
    const types: string[] = [];
    const allWrongType = explained.every(({ c, issues }) => {
      const [first] = issues;
      const t = declaredType(c.peeled.schema);
      if (issues.length !== 1 || !first || first.keyword !== 'type' || first.path.length !== path.length || t === undefined) return false;
      for (const name of Array.isArray(t) ? t : [t]) if (!types.includes(String(name))) types.push(String(name));
      return true;
    });
    if (allWrongType && types.length > 1) return [{ path, message: `must be ${typeNames(types)}`, keyword: 'type' }];
    // 5. Otherwise the branch that got furthest: no type clash at the node, deepest issue, fewest issues.
    let best = explained[0];
    let bestScore: Score = best ? score(best.issues, path) : [0, 0, 0];
    for (const e of explained.slice(1)) {
      const s = score(e.issues, path);
      if (compareScores(s, bestScore) < 0) {
        best = e;
        bestScore = s;
      }
    }
    return best ? best.issues : [];
  }

  /**
   * Property names a 2020-12 schema has "evaluated" for unevaluatedProperties: its own
   * properties/patternProperties, plus those of `$ref`/allOf, passing anyOf/oneOf branches and
   * the applicable if/then/else branch. Lenient where the spec would drop annotations of
   * failing subschemas, so one broken property does not also make its siblings "unexpected".
   */
  private evaluatedKeys(loc: SchemaLoc, schema: unknown, value: JsonObject, depth: number, top = false): Set<string> | 'all' {
    const acc = new Set<string>();
    if (!isObject(schema) || depth > 24) return acc;
    if (hasOwn(schema, 'additionalProperties')) return 'all';
    if (!top && hasOwn(schema, 'unevaluatedProperties')) return 'all';
    let all = false;
    const merge = (r: Set<string> | 'all'): void => {
      if (r === 'all') all = true;
      else for (const k of r) acc.add(k);
    };
    const keys = Object.keys(value);
    if (isObject(schema.properties)) for (const k of keys) if (hasOwn(schema.properties, k)) acc.add(k);
    if (isObject(schema.patternProperties)) {
      for (const p of Object.keys(schema.patternProperties)) {
        const re = this.regex(p);
        if (re) for (const k of keys) if (re.test(k)) acc.add(k);
      }
    }
    if (typeof schema.$ref === 'string') {
      const target = resolveSchemaRef(this.set, loc, schema.$ref);
      if (target) merge(this.evaluatedKeys(target, schemaAt(this.set, target), value, depth + 1));
    }
    if (Array.isArray(schema.allOf)) {
      schema.allOf.forEach((s, i) => merge(this.evaluatedKeys(childLoc(loc, 'allOf', i), s, value, depth + 1)));
    }
    for (const kw of ['anyOf', 'oneOf'] as const) {
      const list = schema[kw];
      if (!Array.isArray(list)) continue;
      const passing = list.map((_, i) => i).filter((i) => this.isValid(childLoc(loc, kw, i), value));
      const use = passing.length > 0 ? passing : list.map((_, i) => i);
      for (const i of use) merge(this.evaluatedKeys(childLoc(loc, kw, i), list[i], value, depth + 1));
    }
    if (hasOwn(schema, 'if')) {
      if (this.isValid(childLoc(loc, 'if'), value)) {
        merge(this.evaluatedKeys(childLoc(loc, 'if'), schema.if, value, depth + 1));
        if (hasOwn(schema, 'then')) merge(this.evaluatedKeys(childLoc(loc, 'then'), schema.then, value, depth + 1));
      } else if (hasOwn(schema, 'else')) {
        merge(this.evaluatedKeys(childLoc(loc, 'else'), schema.else, value, depth + 1));
      }
    }
    if (isObject(schema.dependentSchemas)) {
      for (const [k, s] of Object.entries(schema.dependentSchemas)) {
        if (hasOwn(value, k)) merge(this.evaluatedKeys(childLoc(loc, 'dependentSchemas', k), s, value, depth + 1));
      }
    }
    return all ? 'all' : acc;
  }

  /** "unexpected property 'x'", with a did-you-mean or the allowed name patterns when they help. */
  private unexpected(loc: SchemaLoc, schema: JsonObject, key: string, path: string[]): Issue {
    const known = declaredPropertyNames(this.set, loc, schema);
    const guess = closestName(key, known);
    let message = `unexpected property '${showName(key)}'`;
    if (guess) {
      message += ` (did you mean '${guess}'?)`;
    } else {
      const patterns = [...declaredPatterns(this.set, loc, schema)].filter((p) => p !== '^x-');
      if (patterns.length > 0) {
        const fixed = [...known];
        const allowed = [...(fixed.length > 0 && fixed.length <= 4 ? fixed.map((k) => `'${k}'`) : []), ...patterns.map((p) => `a name matching ${p}`)];
        message += `; expected ${allowed.join(' or ')}`;
      }
    }
    return { path, message, keyword: 'additionalProperties' };
  }

  private patternMessage(schema: JsonObject, pattern: string, value: string, path: string[]): string {
    // The version field is the one pattern users hit all the time; say it in words.
    if (path.length === 1 && path[0] === 'openapi') {
      const mm = /^openapi-(\d\.\d)$/.exec(this.set.kind)?.[1];
      if (mm) return `must be a ${mm}.x version such as ${mm}.0, not ${showValue(value)}`;
    }
    // The 3.2 schema explains some patterns in a short $comment ("MUST NOT contain a fragment").
    const why = typeof schema.$comment === 'string' && schema.$comment.length <= 60 && !/^https?:/.test(schema.$comment) ? ` (${schema.$comment})` : '';
    return `must match pattern ${pattern}${why}`;
  }

  private regex(pattern: string): RegExp | null {
    let re = this.regexes.get(pattern);
    if (re === undefined) {
      try {
        re = new RegExp(pattern, 'u');
      } catch {
        try {
          re = new RegExp(pattern);
        } catch {
          re = null;
        }
      }
      this.regexes.set(pattern, re);
    }
    return re;
  }

  /** ajv's own errors for a subschema, phrased like ours (the fallback for unmodelled keywords). */
  private rawIssues(loc: SchemaLoc, value: unknown, path: string[]): Issue[] {
    const fn = this.set.validatorAt(loc.base, fragmentOf(loc.ptr));
    if (!fn) return [];
    try {
      if (fn(value) === true) return [];
    } catch {
      return [{ path, message: 'is nested too deeply to validate', keyword: 'depth' }];
    }
    return rawErrorsToIssues(fn.errors ?? [], path);
  }
}
