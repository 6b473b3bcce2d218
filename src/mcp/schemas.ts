/**
 * OpenAPI schemas → JSON Schema 2020-12 for tool `inputSchema` / `outputSchema`.
 *
 * Two forms:
 * - `refs` (default): each component schema becomes one entry of the tool's `$defs` and refs are
 *   rewritten to `#/$defs/Name`, so recursive schemas stay recursive and shared ones are written
 *   once per tool. Component conversions are cached across tools (big specs reuse a few hundred
 *   schemas across hundreds of operations).
 * - `inline`: no `$ref` at all, recursion cut at a depth bound, `allOf` of objects merged — for
 *   strict clients that reject refs and composition.
 * In both, `oneOf` is served as `anyOf` (see Walk.oneOfAsAnyOf).
 *
 * What changes on the way: 3.0 `nullable` becomes a type array (or an `anyOf` with null), boolean
 * `exclusiveMinimum/Maximum` become numbers, `example` becomes `examples`; OpenAPI-only keywords
 * (discriminator, xml, externalDocs, `x-`) are dropped. Input schemas lose `readOnly` properties
 * (a client must not send them) and output schemas lose `writeOnly` ones. Output schemas also drop
 * `format`: clients such as the SDK's assert formats, and a slightly unusual date in a response
 * would turn a good answer into a protocol error; the shape stays exact.
 */
import { defineOwn } from '../document/load.js';
import { isObject, type JsonObject } from '../validate/json.js';
import { atPointer } from './operations.js';
import { clip, stripMarkup } from './text.js';
import type { JsonSchema, PlanNote } from './types.js';
import { unescapePointerSegment } from '../findings/finding.js';

/** Options of one conversion context. */
export interface SchemaOptions {
  mode: 'refs' | 'inline';
  /** Deepest ref nesting expanded in inline mode. */
  inlineDepth: number;
  /** OpenAPI 3.0 dialect (nullable, boolean exclusive bounds). */
  oas30: boolean;
  /** Which direction the data flows. */
  context: 'input' | 'output';
  /** Longest description kept inside schemas. */
  descriptionMax: number;
}

const KEEP = new Set([
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'type',
  'enum',
  'const',
  'format',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'contentEncoding',
  'contentMediaType',
  'items',
  'prefixItems',
  'maxItems',
  'minItems',
  'uniqueItems',
  'contains',
  'minContains',
  'maxContains',
  'unevaluatedItems',
  'properties',
  'patternProperties',
  'additionalProperties',
  'required',
  'maxProperties',
  'minProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'unevaluatedProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
]);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_SINGLE = new Set(['additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties']);
/** Inline mode stops expanding refs beyond this many converted nodes per tool (inputs or outputs). */
const INLINE_NODE_BUDGET = 1500;
const MAX_EXAMPLE_CHARS = 200;

/** A converted component schema and the other components it refers to. */
interface CachedDef {
  name: string;
  schema: JsonSchema;
  deps: Set<string>;
  /** Length of the converted JSON, computed on first need. */
  size?: number;
}

/**
 * Converts schemas of one document. Create one per document and context; call
 * {@link SchemaConverter.forTool} for each tool to collect the `$defs` that tool needs.
 */
export class SchemaConverter {
  private readonly defs = new Map<string, CachedDef>();
  private readonly names = new Map<string, string>();
  private readonly refsByName = new Map<string, string>();
  private readonly usedNames = new Set<string>();
  /** Problems found while converting (invalid patterns …), reported once each. */
  readonly notes: PlanNote[] = [];
  private readonly noted = new Set<string>();

  constructor(
    private readonly doc: unknown,
    readonly options: SchemaOptions,
  ) {}

  /** A per-tool view that records which defs the tool's schemas use. */
  forTool(): ToolSchemas {
    return new ToolSchemas(this);
  }

  /** The def name for a ref (`#/components/schemas/Pet` → `Pet`), unique within the document. */
  defName(ref: string): string {
    let name = this.names.get(ref);
    if (name !== undefined) return name;
    const m = /^#\/components\/schemas\/([^/]+)$/.exec(ref);
    const raw = m ? unescapePointerSegment(m[1]!) : nameFromPointer(ref);
    const base = raw.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '') || 'Schema';
    name = base;
    for (let i = 2; this.usedNames.has(name.toLowerCase()); i++) name = `${base}_${i}`;
    this.usedNames.add(name.toLowerCase());
    this.names.set(ref, name);
    this.refsByName.set(name, ref);
    return name;
  }

  /** The ref a def name was made from. */
  refOf(name: string): string {
    return this.refsByName.get(name) ?? name;
  }

  /** The converted def for a ref, converting it on first use (recursion-safe). */
  def(ref: string): CachedDef {
    const name = this.defName(ref);
    let d = this.defs.get(name);
    if (d) return d;
    d = { name, schema: {}, deps: new Set() };
    // Registered before converting, so a schema that refers to itself finds its own entry.
    this.defs.set(name, d);
    const target = atPointer(this.doc, ref);
    if (target === undefined) {
      d.schema = { description: `unresolved reference ${ref}` };
    } else {
      const w = new Walk(this, 'refs', d.deps, { nodes: 0 });
      d.schema = w.convert(target, 0);
    }
    return d;
  }

  /** Looks through refs to the schema object itself (for inspection, not output). */
  resolve(schema: unknown, hops = 0): unknown {
    if (hops < 32 && isObject(schema) && typeof schema.$ref === 'string') return this.resolve(atPointer(this.doc, schema.$ref), hops + 1);
    return schema;
  }

  /** Length of a component's converted JSON (cached). */
  sizeOf(name: string): number {
    const d = this.def(this.refOf(name));
    d.size ??= JSON.stringify(d.schema).length;
    return d.size;
  }

  /**
   * What stands in for a component left out to keep a schema small: for outputs any value (a
   * placeholder must never reject a real response); for inputs the component's type, so strict
   * clients still see a typed field.
   */
  placeholder(name: string): JsonObject {
    const target = this.resolve(this.target(this.refOf(name)));
    const out: JsonObject = { description: `${name} (not expanded here to keep the schema small; see the API documentation)` };
    if (this.options.context === 'input' && isObject(target) && typeof target.type === 'string' && target.nullable !== true) out.type = target.type;
    return out;
  }

  /** Records a note once per distinct message. */
  note(n: PlanNote): void {
    if (this.noted.has(n.message)) return;
    this.noted.add(n.message);
    this.notes.push(n);
  }

  /** Accessor for the walk. */
  target(ref: string): unknown {
    return atPointer(this.doc, ref);
  }
}

/** The schemas of one tool: converts and collects the `$defs` they need. */
export class ToolSchemas {
  private readonly deps = new Set<string>();
  /** Nodes converted for this tool so far (bounds inline expansion across all its schemas). */
  private readonly count = { nodes: 0 };
  constructor(private readonly conv: SchemaConverter) {}

  /** Converts one schema (a parameter's, a body's, a response's). */
  convert(schema: unknown): JsonSchema {
    const w = new Walk(this.conv, this.conv.options.mode, this.deps, this.count);
    return w.convert(schema, 0);
  }

  /**
   * Attaches the `$defs` that `root` needs, keeping the whole schema within `maxBytes` of JSON:
   * components are included nearest first (by ref distance from the root) and the ones that do
   * not fit are replaced by loose placeholders (any value for outputs; the component's type for
   * inputs), so the schema stays valid for what it still describes. Returns the schema and the
   * components that were left out.
   */
  finish(root: JsonObject, maxBytes: number): { schema: JsonObject; omitted: string[] } {
    if (this.deps.size === 0) return this.fitInline(root, maxBytes);
    // Shortest ref distance of every reachable component.
    const dist = new Map<string, number>();
    let frontier = [...this.deps];
    for (let d = 1; frontier.length > 0; d++) {
      const next: string[] = [];
      for (const name of frontier) {
        if (dist.has(name)) continue;
        dist.set(name, d);
        for (const dep of this.conv.def(this.conv.refOf(name)).deps) if (!dist.has(dep)) next.push(dep);
      }
      frontier = next;
    }
    const rootSize = JSON.stringify(root).length;
    let maxDist = -Infinity; // (a loop: a spread of every schema's distance can be more arguments than a call takes)
    for (const d of dist.values()) maxDist = Math.max(maxDist, d);
    let limit = maxDist;
    const sizeAt = (k: number): number => {
      let total = rootSize;
      for (const [name, d] of dist) if (d <= k) total += this.conv.sizeOf(name) + name.length + 4;
      return total;
    };
    while (limit > 0 && sizeAt(limit) > maxBytes) limit--;
    const included = new Set([...dist].filter(([, d]) => d <= limit).map(([n]) => n));
    const omitted = [...dist.keys()].filter((n) => !included.has(n)).sort();
    // Placeholders match more than what they replace; that is safe because no oneOf is left (the
    // walk serves it as anyOf), so two branches matching the same value is never an error.
    const rewrite = (v: JsonSchema): JsonSchema => (omitted.length === 0 ? v : (this.stubRefs(v, included) as JsonSchema));
    const defs: JsonObject = {};
    for (const name of [...included].sort()) defineOwn(defs, name, rewrite(this.conv.def(this.conv.refOf(name)).schema));
    const schema = rewrite(root) as JsonObject;
    if (included.size > 0) schema.$defs = defs;
    return { schema, omitted };
  }

  /** Inline schemas over the budget are cut at the deepest nesting that fits (properties of the root are depth 1). */
  private fitInline(root: JsonObject, maxBytes: number): { schema: JsonObject; omitted: string[] } {
    if (JSON.stringify(root).length <= maxBytes) return { schema: root, omitted: [] };
    const input = this.conv.options.context === 'input';
    for (let depth = 8; depth >= 1; depth--) {
      const cut = truncateSchema(root, depth, input) as JsonObject;
      if (JSON.stringify(cut).length <= maxBytes || depth === 1) return { schema: cut, omitted: [`nesting below level ${depth}`] };
    }
    return { schema: root, omitted: [] };
  }

  /** A copy of `v` with refs to components outside `keep` replaced by placeholders (shared subtrees copied only when they change). */
  private stubRefs(v: unknown, keep: Set<string>): unknown {
    if (Array.isArray(v)) {
      let changed = false;
      const out = v.map((x) => {
        const y = this.stubRefs(x, keep);
        if (y !== x) changed = true;
        return y;
      });
      return changed ? out : v;
    }
    if (!isObject(v)) return v;
    if (typeof v.$ref === 'string' && v.$ref.startsWith('#/$defs/')) {
      const name = v.$ref.slice('#/$defs/'.length);
      if (keep.has(name)) return v;
      const { $ref: _drop, ...siblings } = v;
      return { ...this.conv.placeholder(name), ...siblings };
    }
    let out: JsonObject | undefined;
    for (const [k, x] of Object.entries(v)) {
      const y = this.stubRefs(x, keep);
      if (y !== x) {
        out ??= { ...v };
        defineOwn(out, k, y);
      }
    }
    return out ?? v;
  }

  /** The schema behind refs, for inspection. */
  resolve(schema: unknown): unknown {
    return this.conv.resolve(schema);
  }
}

/** Structural words of a pointer that say nothing about what the schema is. */
const STRUCTURAL = new Set([
  'paths',
  'components',
  'schemas',
  'properties',
  'items',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'schema',
  'content',
  'responses',
  'requestBody',
  'parameters',
  'additionalProperties',
  'get',
  'put',
  'post',
  'delete',
  'patch',
  'head',
  'options',
  'trace',
  '$defs',
  'definitions',
]);

/** A readable name for a schema that is not a component: the last meaningful segments of its pointer. */
function nameFromPointer(ref: string): string {
  const segs = ref
    .replace(/^#\/?/, '')
    .split('/')
    .map(unescapePointerSegment)
    .filter((s) => s !== '' && !STRUCTURAL.has(s) && !/^\d+$/.test(s) && !s.includes('/'));
  return (
    segs
      .slice(-2)
      .map((s) => s.slice(0, 40))
      .join('_') || 'Schema'
  );
}

/**
 * A copy of a schema with every subschema deeper than `maxDepth` replaced by a loose placeholder
 * (typed for inputs so strict clients still see a type; accepting anything for outputs).
 */
export function truncateSchema(schema: JsonSchema, maxDepth: number, input: boolean, depth = 0): JsonSchema {
  if (!isObject(schema)) return schema;
  if (depth > maxDepth) {
    const out: JsonObject = { description: `${typeof schema.description === 'string' ? clip(schema.description, 120) + ' ' : ''}(nested structure not expanded; pass it as JSON)` };
    if (input && typeof schema.type === 'string') out.type = schema.type;
    return out;
  }
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(k) && isObject(v)) {
      const m: JsonObject = {};
      for (const [pk, pv] of Object.entries(v)) defineOwn(m, pk, truncateSchema(pv as JsonSchema, maxDepth, input, depth + 1));
      out[k] = m;
    } else if (SCHEMA_LISTS.has(k) && Array.isArray(v)) out[k] = v.map((x) => truncateSchema(x as JsonSchema, maxDepth, input, depth + 1));
    else if (k === 'items') out[k] = Array.isArray(v) ? v.map((x) => truncateSchema(x as JsonSchema, maxDepth, input, depth + 1)) : truncateSchema(v as JsonSchema, maxDepth, input, depth + 1);
    else if (SCHEMA_SINGLE.has(k) && typeof v !== 'boolean') out[k] = truncateSchema(v as JsonSchema, maxDepth, input, depth + 1);
    else defineOwn(out, k, v);
  }
  return out;
}

/** The input shape of a file: base64 content plus optional name and media type. */
export function fileSchema(description?: string): JsonSchema {
  return {
    type: 'object',
    description: description ?? 'A file: its content base64-encoded, with an optional file name and media type.',
    properties: {
      content: { type: 'string', contentEncoding: 'base64', description: 'File content, base64-encoded.' },
      filename: { type: 'string', description: 'File name sent with the upload.' },
      contentType: { type: 'string', description: 'Media type of the file (default application/octet-stream).' },
    },
    required: ['content'],
    additionalProperties: false,
  };
}

/** Is this (resolved) schema a binary string (a file)? */
export function isBinarySchema(schema: unknown): boolean {
  return isObject(schema) && schema.format === 'binary' && (schema.type === 'string' || schema.type === undefined);
}

/** One conversion pass (keeps inline-mode state: the ref stack and the node budget). */
class Walk {
  private readonly stack: string[] = [];

  constructor(
    private readonly conv: SchemaConverter,
    private readonly mode: 'refs' | 'inline',
    private readonly deps: Set<string>,
    private readonly count: { nodes: number },
  ) {}

  convert(schema: unknown, depth: number): JsonSchema {
    if (typeof schema === 'boolean') return schema;
    if (!isObject(schema)) return {};
    this.count.nodes++;
    const opts = this.conv.options;
    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref;
      // 3.0 ignores siblings of $ref; 3.1 keeps annotations beside it.
      const siblings = opts.oas30 ? {} : this.convertObject(omit(schema, '$ref'), depth);
      if (!ref.startsWith('#')) return { ...(siblings as JsonObject), description: `unresolved reference ${ref}` };
      if (this.mode === 'refs') {
        const name = this.conv.defName(ref);
        this.deps.add(name);
        // Make sure the def (and what it needs) is converted; its deps are gathered by ToolSchemas.finish().
        this.conv.def(ref);
        return isObject(siblings) && Object.keys(siblings).length > 0 ? { $ref: `#/$defs/${name}`, ...siblings } : { $ref: `#/$defs/${name}` };
      }
      const target = this.conv.target(ref);
      const label = ref.split('/').pop() ?? ref;
      if (target === undefined) return { description: `unresolved reference ${ref}` };
      if (this.stack.includes(ref) || this.stack.length >= opts.inlineDepth || this.count.nodes > INLINE_NODE_BUDGET) {
        const t = isObject(target) ? target : {};
        const stub: JsonObject = { description: `${label} (nested too deep to expand; pass it as JSON)` };
        if (typeof t.type === 'string') stub.type = t.type;
        else if (isObject(t.properties)) stub.type = 'object';
        return stub;
      }
      this.stack.push(ref);
      const inner = this.convert(target, depth + 1);
      this.stack.pop();
      return isObject(siblings) && Object.keys(siblings).length > 0 && isObject(inner) ? { ...inner, ...siblings } : inner;
    }
    return this.convertObject(schema, depth);
  }

  /**
   * `oneOf` is served as `anyOf`. Real descriptions write oneOf for "one of these shapes" with
   * branches that overlap (two string branches, objects that allow extra properties): oneOf then
   * rejects the API's real answers and valid arguments. anyOf accepts all that oneOf accepts, the
   * same where the branches exclude each other, and it is what strict model APIs support; the API
   * still decides. The report says so once, where branches may overlap.
   */
  private oneOfAsAnyOf(schema: JsonObject, out: JsonObject, branches: JsonSchema[]): void {
    if (Array.isArray(schema.anyOf)) out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), { anyOf: branches }];
    else out.anyOf = branches;
    if (!exclusiveBranches(schema.oneOf as unknown[], (x) => this.conv.resolve(x))) {
      this.conv.note({
        code: 'mcp-schema-oneof',
        severity: 'info',
        message: 'oneOf is served as anyOf: branches that overlap (as some here may) would make oneOf reject valid values; the API still checks exclusivity',
      });
    }
  }

  private convertObject(schema: JsonObject, depth: number): JsonSchema {
    const opts = this.conv.options;
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(schema)) {
      if (!KEEP.has(k)) continue;
      if (SCHEMA_MAPS.has(k) && isObject(v)) {
        const m: JsonObject = {};
        for (const [pk, pv] of Object.entries(v)) {
          if (k === 'properties' && this.skipProperty(pv)) continue;
          defineOwn(m, pk, this.convert(pv, depth + 1));
        }
        out[k] = m;
      } else if (k === 'oneOf' && Array.isArray(v)) {
        this.oneOfAsAnyOf(
          schema,
          out,
          v.map((x) => this.convert(x, depth + 1)),
        );
      } else if (SCHEMA_LISTS.has(k) && Array.isArray(v)) {
        out[k] = v.map((x) => this.convert(x, depth + 1));
      } else if (k === 'items') {
        out[k] = Array.isArray(v) ? v.map((x) => this.convert(x, depth + 1)) : this.convert(v, depth + 1);
      } else if (SCHEMA_SINGLE.has(k)) {
        out[k] = typeof v === 'boolean' ? v : this.convert(v, depth + 1);
      } else if (k === 'description' || k === 'title') {
        if (typeof v === 'string' && v.trim() !== '') out[k] = clip(stripMarkup(v), k === 'title' ? 120 : opts.descriptionMax);
      } else if (k === 'format') {
        if (opts.context === 'input' && typeof v === 'string') out[k] = v;
      } else if (k === 'pattern') {
        if (typeof v === 'string' && validPattern(v)) out[k] = v;
        else this.conv.note({ code: 'mcp-schema-pattern', severity: 'warn', message: `pattern ${JSON.stringify(v)} is not a valid ECMAScript (unicode) regular expression; it was left out` });
      } else if (k === 'required') {
        if (Array.isArray(v) && v.length > 0) {
          const names = v.filter((x): x is string => typeof x === 'string');
          const unique = [...new Set(names)];
          // JSON Schema requires unique names: a validator refuses the whole schema otherwise
          if (unique.length < names.length) {
            const twice = [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];
            this.conv.note({
              code: 'mcp-schema-required-repeated',
              severity: 'warn',
              message: `a schema lists ${twice.map((n) => `'${n}'`).join(', ')} more than once in required; each is kept once`,
            });
          }
          out[k] = unique;
        }
      } else if (k === 'examples') {
        if (Array.isArray(v) && JSON.stringify(v).length <= MAX_EXAMPLE_CHARS) out[k] = v;
      } else if (k === 'exclusiveMinimum' || k === 'exclusiveMaximum') {
        if (typeof v === 'number') out[k] = v;
      } else if (k === 'type' && v === 'file') {
        out.type = 'string';
        out.format = 'binary';
      } else {
        out[k] = v;
      }
    }
    if (opts.oas30) {
      // Boolean exclusive bounds (3.0, draft 4) become numeric ones (2020-12).
      if (schema.exclusiveMinimum === true && typeof schema.minimum === 'number') {
        out.exclusiveMinimum = schema.minimum;
        delete out.minimum;
      }
      if (schema.exclusiveMaximum === true && typeof schema.maximum === 'number') {
        out.exclusiveMaximum = schema.maximum;
        delete out.maximum;
      }
    }
    if (schema.example !== undefined && out.examples === undefined && JSON.stringify(schema.example).length <= MAX_EXAMPLE_CHARS) {
      out.examples = [schema.example];
    }
    // readOnly/writeOnly properties that were removed must not stay required.
    if (Array.isArray(out.required) && isObject(out.properties) && isObject(schema.properties)) {
      const props = out.properties;
      const removed = Object.keys(schema.properties).filter((p) => !Object.hasOwn(props, p));
      if (removed.length > 0) {
        const req = (out.required as string[]).filter((r) => !removed.includes(r));
        if (req.length > 0) out.required = req;
        else delete out.required;
      }
    }
    let result: JsonObject = out;
    if (schema.nullable === true && opts.oas30) result = addNull(result);
    if (this.mode === 'inline') result = simplifyForStrictClients(result);
    return result;
  }

  /** readOnly properties are not inputs; writeOnly ones never come back. */
  private skipProperty(prop: unknown): boolean {
    const p = this.conv.resolve(prop);
    if (!isObject(p)) return false;
    return this.conv.options.context === 'input' ? p.readOnly === true : p.writeOnly === true;
  }
}

function omit(o: JsonObject, key: string): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(o)) if (k !== key) defineOwn(out, k, v);
  return out;
}

function validPattern(p: string): boolean {
  try {
    new RegExp(p, 'u');
    return true;
  } catch {
    return false;
  }
}

/** 3.0 `nullable: true` in 2020-12 terms. */
function addNull(s: JsonObject): JsonObject {
  if (typeof s.type === 'string') {
    const out: JsonObject = { ...s, type: [s.type, 'null'] };
    if (Array.isArray(s.enum) && !s.enum.includes(null)) out.enum = [...s.enum, null];
    return out;
  }
  if (Array.isArray(s.type)) return s.type.includes('null') ? s : { ...s, type: [...s.type, 'null'] };
  // No type (composition only): null or the schema.
  const { description, title, ...rest } = s;
  const out: JsonObject = { anyOf: [rest, { type: 'null' }] };
  if (description !== undefined) out.description = description;
  if (title !== undefined) out.title = title;
  return out;
}

/**
 * True when no value can match two branches, as far as a quick look tells: every branch declares
 * its types and no two share one (integer counts as a number), or every branch is an object that
 * requires one same property with its own const/enum values (a discriminator).
 */
function exclusiveBranches(branches: unknown[], resolve: (s: unknown) => unknown): boolean {
  const resolved = branches.map(resolve);
  if (!resolved.every(isObject)) return false;
  const seen = new Set<string>();
  const byType = resolved.every((r) => {
    const types = (typeof r.type === 'string' ? [r.type] : Array.isArray(r.type) ? r.type : []).map((t) => (t === 'integer' ? 'number' : String(t)));
    if (types.length === 0 || r.nullable === true || types.some((t) => seen.has(t))) return false;
    for (const t of types) seen.add(t);
    return true;
  });
  if (byType) return true;
  const tagValues = (r: JsonObject, key: string): unknown[] | undefined => {
    if (!Array.isArray(r.required) || !r.required.includes(key) || !isObject(r.properties)) return undefined;
    const p = resolve(r.properties[key]);
    if (!isObject(p)) return undefined;
    return p.const !== undefined ? [p.const] : Array.isArray(p.enum) ? p.enum : undefined;
  };
  const first = resolved[0]!;
  const keys = Array.isArray(first.required) ? first.required.filter((k): k is string => typeof k === 'string') : [];
  return keys.some((key) => {
    const values = new Set<string>();
    return resolved.every((r) => {
      const vs = tagValues(r, key);
      if (!vs) return false;
      for (const v of vs.map((x) => JSON.stringify(x))) {
        if (values.has(v)) return false;
        values.add(v);
      }
      return true;
    });
  });
}

/** Inline form for strict clients: `allOf` of plain objects merged. */
function simplifyForStrictClients(s: JsonObject): JsonObject {
  let out = s;
  if (Array.isArray(out.allOf) && out.allOf.every((m) => isObject(m) && (m.type === 'object' || (m.type === undefined && isObject(m.properties))) && !m.anyOf && !m.oneOf && !m.allOf)) {
    const merged: JsonObject = { type: 'object', properties: {} as JsonObject };
    const required = new Set<string>();
    let conflict = false;
    for (const m of out.allOf as JsonObject[]) {
      for (const [k, v] of Object.entries((m.properties as JsonObject | undefined) ?? {})) {
        if (Object.hasOwn(merged.properties as JsonObject, k)) conflict = true;
        defineOwn(merged.properties as JsonObject, k, v);
      }
      for (const r of (m.required as string[] | undefined) ?? []) required.add(r);
      if (m.description !== undefined && merged.description === undefined) merged.description = m.description;
    }
    if (!conflict) {
      const { allOf: _drop, ...rest } = out;
      out = { ...merged, ...rest, properties: { ...(merged.properties as JsonObject), ...((rest.properties as JsonObject | undefined) ?? {}) } };
      if (required.size > 0) out.required = [...new Set([...required, ...((rest.required as string[] | undefined) ?? [])])];
      if (rest.type === undefined) out.type = 'object';
    }
  }
  return out;
}
