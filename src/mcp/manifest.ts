/**
 * The project manifest (`mcp-manifest.json`) and server versioning.
 *
 * Agents bind to tool names and argument shapes, so the server version follows them like a
 * library's: major when a tool disappears or its inputs change incompatibly (an argument removed,
 * retyped or newly required) or an output field is removed, retyped or may be absent, minor when
 * tools, optional arguments or output fields are added (or outputs
 * change), patch when only descriptions, annotations or metadata change.
 */
import crypto from 'node:crypto';
import { isObject } from '../validate/json.js';
import type { GeneratedTool, SpecIdentity } from './types.js';
import { appendAll } from '../util/append.js';

/** What the manifest records about one tool. */
export interface ManifestTool {
  name: string;
  /** `METHOD /path` of the operation. */
  key: string;
  operationId?: string;
  /** Hash of the whole definition (changes whenever anything about the tool changes). */
  version: string;
  /** Argument name → whether required and a hash of its shape (annotations left out). */
  inputs: Record<string, { required: boolean; shape: string }>;
  /** Hash of the output schema's shape, when there is one. */
  output?: string;
  /** Top-level output field → whether always present and a hash of its shape (what clients read). */
  outputs?: Record<string, { required: boolean; shape: string }>;
  /** Data sensitivity and business process from the tool's `_meta` (a token may be limited to sensitivities). */
  classification?: { sensitivity?: string; process?: string };
}

/** What the manifest records about a prompt, to version it (a client binds to its name and required arguments). */
export interface ManifestPrompt {
  name: string;
  version: string;
  arguments: Record<string, { required: boolean }>;
}

/** A resource the server offers, with a version of its content. */
export interface ManifestResource {
  uri: string;
  version: string;
}

/** The manifest file. */
export interface Manifest {
  manifestVersion: 1;
  generator: { name: 'apictl'; version: string };
  server: { name: string; version: string };
  spec: SpecIdentity;
  /** Hash of the tool list (names and versions). */
  toolsHash: string;
  tools: ManifestTool[];
  /** Prompts and resources, versioned like tools (absent in manifests of older generators). */
  prompts?: ManifestPrompt[];
  resources?: ManifestResource[];
  /** Files written by the generator, with the SHA-256 of what was written (to spot local edits). */
  files: Record<string, string>;
}

/** Release level of a change. */
export type Level = 'major' | 'minor' | 'patch' | 'none';

/** JSON with object keys sorted, so equal data hashes equally. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return '[' + value.map((x) => (x === undefined ? 'null' : canonicalJson(x))).join(',') + ']';
  const obj = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const k of Object.keys(obj).sort()) {
    const v = obj[k];
    if (v !== undefined && typeof v !== 'function') parts.push(JSON.stringify(k) + ':' + canonicalJson(v));
  }
  return '{' + parts.join(',') + '}';
}

/** SHA-256 hex of a string. */
export function sha256(text: string | Uint8Array): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

/**
 * The tool's version: a hash of its definition, request plan and output plan. The version itself
 * and the spec identity in `_meta` are left out, so a new release of the description changes only
 * the versions of the tools it really changes.
 */
export function toolVersion(tool: GeneratedTool): string {
  const meta = { ...(tool.definition._meta as Record<string, unknown>) };
  const own = isObject(meta['apictl/tool']) ? { ...meta['apictl/tool'] } : undefined;
  if (own) {
    delete own.version;
    delete own.spec;
    meta['apictl/tool'] = own;
  }
  const d = tool.definition;
  const definition = { ...d, _meta: canonicalJson(meta), inputSchema: schemaFingerprint(d.inputSchema), outputSchema: d.outputSchema && schemaFingerprint(d.outputSchema) };
  // Plain JSON text is enough here: generated data is built in a fixed order, so the same
  // description always gives the same text (and hashing stays fast on 500-tool specs).
  return sha256(JSON.stringify({ definition, request: tool.request, output: tool.output })).slice(0, 12);
}

/** Hashes of shared schema objects (components reused across hundreds of tools are hashed once). */
const hashCache = new WeakMap<object, string>();
const strippedCache = new WeakMap<object, string>();
const refsCache = new WeakMap<object, string[]>();

function cached(cache: WeakMap<object, string>, v: unknown, make: () => string): string {
  if (!isObject(v)) return make();
  let h = cache.get(v);
  if (h === undefined) {
    h = make();
    cache.set(v, h);
  }
  return h;
}

/** A schema as a hashable value: its `$defs` replaced by the hash of each component. */
function schemaFingerprint(schema: Record<string, unknown>): unknown {
  if (!isObject(schema.$defs)) return schema;
  const defs: Record<string, string> = {};
  for (const [k, v] of Object.entries(schema.$defs)) defs[k] = cached(hashCache, v, () => sha256(JSON.stringify(v)).slice(0, 16));
  return { ...schema, $defs: defs };
}

const ANNOTATION_KEYS = new Set(['description', 'title', 'examples', 'default', 'deprecated', '$comment']);
const SCHEMA_MAPS = new Set(['properties', '$defs', 'patternProperties', 'dependentSchemas']);

/** A schema as JSON text without its annotations: what validation depends on. */
function shapeText(schema: unknown): string {
  // Keys of `properties`-like maps are names, not keywords: they are kept whatever they are.
  const maps = new WeakSet<object>();
  return (
    JSON.stringify(schema, function (this: unknown, key: string, value: unknown) {
      if (isObject(this) && maps.has(this)) return value;
      if (ANNOTATION_KEYS.has(key)) return undefined;
      if (SCHEMA_MAPS.has(key) && isObject(value)) maps.add(value);
      return value;
    }) ?? 'null'
  );
}

/** The `$defs` names a schema refers to directly (not following them). */
function directRefs(schema: unknown): string[] {
  const make = (): string[] => {
    const out = new Set<string>();
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) return v.forEach(walk);
      if (!isObject(v)) return;
      if (typeof v.$ref === 'string' && v.$ref.startsWith('#/$defs/')) out.add(v.$ref.slice('#/$defs/'.length));
      for (const x of Object.values(v)) walk(x);
    };
    walk(schema);
    return [...out];
  };
  if (!isObject(schema)) return make();
  let r = refsCache.get(schema);
  if (!r) {
    r = make();
    refsCache.set(schema, r);
  }
  return r;
}

/** A hash of what validation depends on in a schema and every component it reaches. */
function shapeHash(schema: unknown, defs: Record<string, unknown>): string {
  const seen = new Set<string>();
  const queue = [...directRefs(schema)];
  while (queue.length > 0) {
    const n = queue.pop()!;
    if (seen.has(n) || !Object.hasOwn(defs, n)) continue;
    seen.add(n);
    appendAll(queue, directRefs(defs[n]));
  }
  const strip = (v: unknown): string => cached(strippedCache, v, () => sha256(shapeText(v)).slice(0, 16));
  return sha256(
    strip(schema) +
      [...seen]
        .sort()
        .map((n) => `${n}=${strip(defs[n])}`)
        .join(','),
  ).slice(0, 12);
}

/** The manifest entry of one tool. */
export function manifestTool(tool: GeneratedTool, key: string, operationId: string | undefined): ManifestTool {
  const input = tool.definition.inputSchema;
  const defs = (isObject(input.$defs) ? input.$defs : {}) as Record<string, unknown>;
  const props = (isObject(input.properties) ? input.properties : {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(input.required) ? (input.required as string[]) : []);
  const inputs: ManifestTool['inputs'] = {};
  for (const [name, schema] of Object.entries(props)) {
    Object.defineProperty(inputs, name, { value: { required: required.has(name), shape: shapeHash(schema, defs) }, enumerable: true });
  }
  const out = tool.definition.outputSchema;
  const entry: ManifestTool = { name: tool.definition.name, key, version: toolVersion(tool), inputs };
  if (operationId !== undefined) entry.operationId = operationId;
  const own = tool.definition._meta['apictl/tool'];
  if (isObject(own) && isObject(own.classification)) entry.classification = own.classification as ManifestTool['classification'];
  if (out) {
    const outDefs = (isObject(out.$defs) ? out.$defs : {}) as Record<string, unknown>;
    entry.output = shapeHash(out, outDefs);
    // the fields of the answer, through a root that is a reference to a component
    let root: unknown = out;
    if (isObject(root) && typeof root.$ref === 'string' && root.$ref.startsWith('#/$defs/')) root = outDefs[root.$ref.slice('#/$defs/'.length)];
    if (isObject(root) && isObject(root.properties)) {
      const req = new Set(Array.isArray(root.required) ? (root.required as string[]) : []);
      const outputs: NonNullable<ManifestTool['outputs']> = {};
      for (const [name, schema] of Object.entries(root.properties)) {
        Object.defineProperty(outputs, name, { value: { required: req.has(name), shape: shapeHash(schema, outDefs) }, enumerable: true });
      }
      entry.outputs = outputs;
    }
  }
  return entry;
}

/** Hash of a tool list: names and versions, in order. */
export function toolsHash(tools: ManifestTool[]): string {
  return sha256(canonicalJson(tools.map((t) => [t.name, t.version]))).slice(0, 16);
}

const RANK: Record<Level, number> = { none: 0, patch: 1, minor: 2, major: 3 };

/** Compares two tool lists; returns the release level and one line per change. */
export function compareTools(prev: ManifestTool[], next: ManifestTool[]): { level: Level; changes: Array<{ level: Exclude<Level, 'none'>; text: string }> } {
  const changes: Array<{ level: Exclude<Level, 'none'>; text: string }> = [];
  const before = new Map(prev.map((t) => [t.name, t]));
  const after = new Map(next.map((t) => [t.name, t]));
  for (const t of prev) if (!after.has(t.name)) changes.push({ level: 'major', text: `removed tool \`${t.name}\`` });
  for (const t of next) {
    const old = before.get(t.name);
    if (!old) {
      changes.push({ level: 'minor', text: `added tool \`${t.name}\`` });
      continue;
    }
    const start = changes.length;
    for (const [arg, o] of Object.entries(old.inputs)) {
      const n = Object.hasOwn(t.inputs, arg) ? t.inputs[arg] : undefined;
      if (!n) changes.push({ level: 'major', text: `\`${t.name}\`: removed argument \`${arg}\`` });
      else if (n.shape !== o.shape) changes.push({ level: 'major', text: `\`${t.name}\`: argument \`${arg}\` changed type or constraints` });
      else if (n.required && !o.required) changes.push({ level: 'major', text: `\`${t.name}\`: argument \`${arg}\` is now required` });
      else if (!n.required && o.required) changes.push({ level: 'minor', text: `\`${t.name}\`: argument \`${arg}\` is now optional` });
    }
    for (const [arg, n] of Object.entries(t.inputs)) {
      if (Object.hasOwn(old.inputs, arg)) continue;
      changes.push(n.required ? { level: 'major', text: `\`${t.name}\`: new required argument \`${arg}\`` } : { level: 'minor', text: `\`${t.name}\`: new optional argument \`${arg}\`` });
    }
    if (old.output !== t.output) {
      // a field that disappears, changes type or may now be absent breaks a client that reads it
      const before = changes.length;
      if (old.outputs && t.outputs) {
        for (const [field, o] of Object.entries(old.outputs)) {
          const n = t.outputs[field];
          if (!n) changes.push({ level: 'major', text: `\`${t.name}\`: output field \`${field}\` removed` });
          else if (n.shape !== o.shape) changes.push({ level: 'major', text: `\`${t.name}\`: output field \`${field}\` changed type or constraints` });
          else if (o.required && !n.required) changes.push({ level: 'major', text: `\`${t.name}\`: output field \`${field}\` may now be absent` });
        }
        for (const field of Object.keys(t.outputs)) if (!old.outputs[field]) changes.push({ level: 'minor', text: `\`${t.name}\`: new output field \`${field}\`` });
      }
      if (changes.length === before) changes.push({ level: 'minor', text: `\`${t.name}\`: output schema changed` });
    }
    // a token limited to classifications gains or loses the tool: minor, and named
    const was = old.classification ?? {};
    const now = t.classification ?? {};
    if (old.classification !== undefined && was.sensitivity !== now.sensitivity)
      changes.push({ level: 'minor', text: `\`${t.name}\`: data classification ${was.sensitivity ?? '(none)'} → ${now.sensitivity ?? '(none)'}` });
    if (old.classification !== undefined && was.process !== now.process)
      changes.push({ level: 'patch', text: `\`${t.name}\`: business process ${was.process ?? '(none)'} → ${now.process ?? '(none)'}` });
    if (changes.length === start && old.version !== t.version) changes.push({ level: 'patch', text: `\`${t.name}\`: description, annotations or metadata changed` });
  }
  const level = changes.reduce<Level>((acc, c) => (RANK[c.level] > RANK[acc] ? c.level : acc), 'none');
  return { level, changes };
}

/** `1.4.2` bumped by a level (`none` keeps it). */
export function bumpVersion(version: string, level: Level): string {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  const [maj, min, pat] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [1, 0, 0];
  if (level === 'major') return `${maj + 1}.0.0`;
  if (level === 'minor') return `${maj}.${min + 1}.0`;
  if (level === 'patch') return `${maj}.${min}.${pat + 1}`;
  return `${maj}.${min}.${pat}`;
}

/** Parses a manifest file's text; undefined when it is not one of ours. */
export function parseManifest(text: string): Manifest | undefined {
  try {
    const m = JSON.parse(text) as Manifest;
    if (m.manifestVersion !== 1 || !Array.isArray(m.tools) || typeof m.server?.version !== 'string') return undefined;
    return m;
  } catch {
    return undefined;
  }
}
