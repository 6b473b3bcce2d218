/**
 * The API reference of the explorer page, rendered by apictl itself (no renderer from npm fits the
 * install-size and version constraints: ../shared/design/explorer.md). Input is a 3.x document
 * (2.0 is converted before it gets here); output is an HTML string plus the operations and tags
 * the page shell needs to link findings, badges and the guard.
 *
 * Everything from the document is untrusted: every string goes through `esc`, descriptions allow
 * only `code`, **bold**, *em* and http(s) links, and no attribute is ever built from a document
 * key other than escaped `id`-safe slugs, `href`s and `data-*` values.
 * Components are not expanded (size and cycles): a `$ref` shows its name.
 */
import { detectSpec } from '../document/detect.js';
import type { SpecKind } from '../document/model.js';
import { parsePointer, toPointer } from '../findings/finding.js';
import { isObject, ownGet, type JsonObject } from '../validate/json.js';
import { forEachOperation, type OperationVisit } from '../validate/operations.js';
import { resolveLocal } from '../validate/refs.js';

export interface ReferenceOperation {
  /** Stable DOM id, e.g. `op-get-pets-petid` (`wh-…` for webhooks), made unique by `-2`, `-3`…. */
  id: string;
  /** Upper case, including QUERY and 3.2 `additionalOperations` keys. */
  method: string;
  /** Path template, or the webhook's name. */
  path: string;
  /** JSON pointer of the operation where it lives (a `$ref`'d path item's target). */
  pointer: string;
  tags: string[];
  operationId?: string;
  deprecated: boolean;
  /** Set when the operation is under `webhooks` (3.1+). */
  webhook?: boolean;
}

export interface Reference {
  html: string;
  operations: ReferenceOperation[];
  /** Tags in navigation order (depth first); untagged operations are under "Other". */
  tags: Array<{ name: string; parent?: string; operations: string[] }>;
}

// Bounds that keep the page compact on huge documents.
const MAX_PROPS = 30;
const MAX_ENUM = 12;
const MAX_VARIANTS = 6;
const MAX_SUMMARY = 200;
const MAX_EXAMPLE = 160;
const MAX_SLUG = 100;

const ESC: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
  // `=` and `script:` are encoded too, so even text can never read as `onerror=` or `javascript:`
  '=': '&#61;',
  '\u2028': '&#x2028;',
  '\u2029': '&#x2029;',
};

/** Escapes text for element content and double-quoted attribute values alike. */
export function esc(value: unknown): string {
  const s = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
  return s.replace(/[&<>"'`=\u2028\u2029]/g, (c) => ESC[c]!).replace(/(script):/gi, '$1&#58;');
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

const INLINE = /`([^`\n]+)`|\*\*([^*\n]+?)\*\*|\*([^*\s][^*\n]*?)\*|!\[([^\]\n]*)\]\(([^\s()<>"'`]+)\)|\[([^\]\n]+)\]\((https?:\/\/[^\s()<>"'`]+)\)/gi;

/** Turns an image reference into a data: URI, or undefined when it may not be shown (set by renderReference). */
let imageFor: (ref: string) => string | undefined = () => undefined;

/** An image as a data: URI, or what it would have shown, marked as not loaded: the page sends no request. */
function image(ref: string, alt: string, cls: string): string {
  const data = imageFor(ref);
  if (data !== undefined && /^data:image\/[a-z+.-]+;base64,[A-Za-z0-9+/=]*$/.test(data)) return `<img class="${cls}" src="${esc(data)}" alt="${esc(alt)}">`;
  return `<span class="img-blocked" title="${esc(`image not loaded: ${ref}`)}">[image${alt ? `: ${esc(alt)}` : ''}]</span>`;
}

/** The tiny Markdown subset: `code`, **bold**, *em*, images, http(s) links. Everything else is text. */
function inline(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    out += esc(text.slice(last, m.index));
    if (m[1] !== undefined) out += `<code>${esc(m[1])}</code>`;
    else if (m[2] !== undefined) out += `<strong>${esc(m[2])}</strong>`;
    else if (m[3] !== undefined) out += `<em>${esc(m[3])}</em>`;
    else if (m[5] !== undefined) out += image(m[5], m[4] ?? '', 'md-img');
    else out += `<a href="${esc(m[7])}" rel="noopener noreferrer" target="_blank">${esc(m[6])}</a>`;
    last = m.index + m[0].length;
  }
  return out + esc(text.slice(last));
}

/** Paragraphs from blank lines, line breaks kept. */
function prose(text: unknown, cls = 'desc'): string {
  if (typeof text !== 'string' || text.trim() === '') return '';
  const paras = text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n\s*/);
  let out = '';
  for (const p of paras) {
    const t = p.trim();
    if (t) out += `<p>${inline(t).replace(/\n/g, '<br>')}</p>`;
  }
  return out ? `<div class="${cls}">${out}</div>` : '';
}

/** A bounded compact JSON preview (examples can be huge or, through YAML aliases, shared). */
function preview(value: unknown, max = MAX_EXAMPLE): string {
  let out = '';
  const seen = new Set<object>();
  const walk = (x: unknown): void => {
    if (out.length > max) return;
    if (x === null || typeof x !== 'object') {
      const s = typeof x === 'string' ? JSON.stringify(x.length > max ? x.slice(0, max) : x) : String(x);
      out += s;
      return;
    }
    if (seen.has(x)) {
      out += '…';
      return;
    }
    seen.add(x);
    if (Array.isArray(x)) {
      out += '[';
      for (const [i, item] of x.entries()) {
        if (out.length > max) break;
        if (i) out += ',';
        walk(item);
      }
      out += ']';
    } else {
      out += '{';
      let first = true;
      for (const k of Object.keys(x)) {
        if (out.length > max) break;
        if (!first) out += ',';
        first = false;
        out += JSON.stringify(k) + ':';
        walk((x as JsonObject)[k]);
      }
      out += '}';
    }
    seen.delete(x);
  };
  walk(value);
  return out.length > max ? out.slice(0, max) + '…' : out;
}

/** `#/components/schemas/Pet` → `Pet`; external refs as written. */
function refName(ref: string): string {
  if (ref.startsWith('#/')) {
    try {
      const segs = parsePointer(ref);
      return segs[segs.length - 1] ?? ref;
    } catch {
      return ref;
    }
  }
  return ref;
}

/** A one-line text summary of a schema: ref names, types, formats, enums; never recursive beyond a few levels. */
function schemaText(schema: unknown, depth = 0): string {
  if (schema === true) return 'any';
  if (!isObject(schema)) return '';
  if (depth > 3) return '…';
  const ref = str(ownGet(schema, '$ref'));
  if (ref !== undefined) return refName(ref);
  const variants = (key: string, sep: string): string | undefined => {
    const list = ownGet(schema, key);
    if (!Array.isArray(list) || list.length === 0) return undefined;
    const parts = list.slice(0, MAX_VARIANTS).map((s) => schemaText(s, depth + 1) || 'any');
    if (list.length > MAX_VARIANTS) parts.push(`… ${list.length - MAX_VARIANTS} more`);
    return parts.join(sep);
  };
  let text: string;
  const rawType = ownGet(schema, 'type');
  const types = Array.isArray(rawType) ? rawType.filter((t): t is string => typeof t === 'string') : typeof rawType === 'string' ? [rawType] : [];
  const alt = variants('oneOf', ' | ') ?? variants('anyOf', ' | ');
  const all = variants('allOf', ' & ');
  if (alt !== undefined) text = alt;
  else if (all !== undefined) text = all;
  else if (types.length > 0) {
    text = types
      .map((t) => {
        if (t === 'array') return `array<${schemaText(ownGet(schema, 'items'), depth + 1) || 'any'}>`;
        if (t === 'object') {
          const ap = ownGet(schema, 'additionalProperties');
          if (isObject(ap) && !isObject(ownGet(schema, 'properties'))) return `map<string, ${schemaText(ap, depth + 1) || 'any'}>`;
        }
        return t;
      })
      .join(' | ');
  } else if (isObject(ownGet(schema, 'properties'))) text = 'object';
  else text = ownGet(schema, 'items') !== undefined ? `array<${schemaText(ownGet(schema, 'items'), depth + 1) || 'any'}>` : 'any';
  const format = str(ownGet(schema, 'format'));
  if (format) text += ` (${format})`;
  if (ownGet(schema, 'nullable') === true) text += ' | null';
  if (Object.hasOwn(schema, 'const')) text += ` = ${preview(schema.const, 40)}`;
  const en = ownGet(schema, 'enum');
  if (Array.isArray(en) && en.length > 0) {
    const shown = en.slice(0, MAX_ENUM).map((v) => preview(v, 40));
    text += ` enum: ${shown.join(', ')}${en.length > MAX_ENUM ? `, … ${en.length - MAX_ENUM} more` : ''}`;
  }
  return text.length > MAX_SUMMARY ? text.slice(0, MAX_SUMMARY) + '…' : text;
}

/** Schema summary plus, for an inline object, a bounded one-level property list. */
function schemaHtml(schema: unknown): string {
  if (!isObject(schema) && schema !== true) return '';
  let out = `<code class="t">${esc(schemaText(schema))}</code>`;
  if (isObject(schema) && !Object.hasOwn(schema, '$ref')) {
    const props = ownGet(schema, 'properties');
    if (isObject(props)) {
      const req = new Set((Array.isArray(schema.required) ? schema.required : []).filter((r): r is string => typeof r === 'string'));
      const names = Object.keys(props);
      let items = '';
      for (const name of names.slice(0, MAX_PROPS)) {
        items += `<li><code>${esc(name)}</code> <span class="t">${esc(schemaText(props[name], 1))}</span>${req.has(name) ? ' <span class="req">required</span>' : ''}</li>`;
      }
      if (names.length > MAX_PROPS) items += `<li class="more">… ${names.length - MAX_PROPS} more</li>`;
      if (items) out += `<ul class="props">${items}</ul>`;
    }
  }
  const ex = isObject(schema) ? ownGet(schema, 'example') : undefined;
  if (ex !== undefined) out += exampleHtml(ex);
  return out;
}

function exampleHtml(value: unknown): string {
  return ` <span class="ex">example: <code>${esc(preview(value))}</code></span>`;
}

/** Media types of a `content` map with their schema summaries; types with the same summary share a line. */
function contentHtml(content: unknown): string {
  if (!isObject(content)) return '';
  const groups = new Map<string, string[]>();
  for (const [mt, media] of Object.entries(content)) {
    let detail = '';
    if (isObject(media)) {
      const schema = ownGet(media, 'schema');
      if (schema !== undefined) detail += ' ' + schemaHtml(schema);
      if (ownGet(media, 'example') !== undefined) detail += exampleHtml(media.example);
      const examples = ownGet(media, 'examples');
      if (isObject(examples)) {
        const names = Object.keys(examples);
        if (names.length)
          detail += ` <span class="ex">examples: ${names
            .slice(0, MAX_ENUM)
            .map((n) => `<code>${esc(n)}</code>`)
            .join(', ')}</span>`;
      }
    }
    const g = groups.get(detail);
    if (g) g.push(mt);
    else groups.set(detail, [mt]);
  }
  let items = '';
  for (const [detail, mts] of groups) items += `<li>${mts.map((mt) => `<code class="mt">${esc(mt)}</code>`).join(', ')}${detail}</li>`;
  return items ? `<ul class="media">${items}</ul>` : '';
}

/** ASCII slug for ids: stable, `[a-z0-9-]` only. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG)
    .replace(/^-+|-+$/g, '');
}

/** Unique ids with amortised suffixing (many operations can slug alike). */
class Ids {
  private used = new Set<string>();
  private next = new Map<string, number>();
  take(base: string): string {
    let id = base;
    if (this.used.has(id)) {
      let n = this.next.get(base) ?? 2;
      while (this.used.has(`${base}-${n}`)) n++;
      id = `${base}-${n}`;
      this.next.set(base, n + 1);
    }
    this.used.add(id);
    return id;
  }
}

function kindOf(doc: unknown): SpecKind {
  const d = detectSpec(doc);
  // unknown versions: be permissive, the guard then still sees what is rendered
  return d.ok ? d.spec.kind : 'openapi-3.2';
}

/**
 * Operations of `paths` and `webhooks` (3.1+), including 3.2's `query` and `additionalOperations`;
 * internal `$ref` path items count at their target. Callbacks are not operations of the API.
 * Equals `renderReference(doc).operations.length`: the guard compares the two.
 */
export function countOperations(doc: Record<string, unknown>): number {
  let n = 0;
  forEachOperation(doc, kindOf(doc), () => n++);
  return n;
}

interface Op {
  ref: ReferenceOperation;
  visit: OperationVisit;
}

interface TagNode {
  name: string;
  decl?: JsonObject;
  parent?: string;
  children: string[];
  ops: Op[];
  /** Operations whose article lives in this tag's section (their first tag). */
  primary: Op[];
  id: string;
}

export interface ReferenceOptions {
  /** A local image (`x-logo`, Markdown) as a data: URI, or undefined to leave it out. */
  image?: (ref: string) => string | undefined;
}

export function renderReference(doc: Record<string, unknown>, options: ReferenceOptions = {}): Reference {
  imageFor = options.image ?? (() => undefined);
  try {
    return render(doc);
  } finally {
    imageFor = () => undefined;
  }
}

function render(doc: Record<string, unknown>): Reference {
  const kind = kindOf(doc);
  const ids = new Ids();
  const shared: Shared = { ids, params: new Map() };
  const ops: Op[] = [];
  forEachOperation(doc, kind, (visit) => {
    const method = visit.method.toUpperCase();
    const webhook = visit.container === 'webhooks';
    const rawTags = ownGet(visit.operation, 'tags');
    const tags = [...new Set(Array.isArray(rawTags) ? rawTags.filter((t): t is string => typeof t === 'string') : [])];
    const ref: ReferenceOperation = {
      id: ids.take(`${webhook ? 'wh' : 'op'}-${slug(method) || 'method'}${slug(visit.key) ? '-' + slug(visit.key) : ''}`),
      method,
      path: visit.key,
      pointer: toPointer(visit.path),
      tags,
      deprecated: ownGet(visit.operation, 'deprecated') === true,
    };
    const operationId = str(ownGet(visit.operation, 'operationId'));
    if (operationId !== undefined) ref.operationId = operationId;
    if (webhook) ref.webhook = true;
    ops.push({ ref, visit });
  });

  // Tags: declared ones first (their order), then those only used by operations, then "Other".
  const nodes = new Map<string, TagNode>();
  const node = (name: string, decl?: JsonObject): TagNode => {
    let n = nodes.get(name);
    if (!n) nodes.set(name, (n = { name, children: [], ops: [], primary: [], id: '' }));
    if (decl && !n.decl) n.decl = decl;
    return n;
  };
  const declared = ownGet(doc, 'tags');
  if (Array.isArray(declared)) for (const t of declared) if (isObject(t) && typeof t.name === 'string') node(t.name, t);
  for (const op of ops) for (const t of op.ref.tags) node(t);
  let other: TagNode | undefined;
  for (const op of ops) {
    if (op.ref.tags.length === 0) {
      if (!other) {
        let name = 'Other';
        while (nodes.has(name)) name += ' (untagged)';
        other = node(name);
      }
      other.ops.push(op);
      other.primary.push(op);
      continue;
    }
    op.ref.tags.forEach((t, i) => {
      const n = nodes.get(t)!;
      n.ops.push(op);
      if (i === 0) n.primary.push(op);
    });
  }
  // 3.2 `parent`: nest under a known tag unless that would make a cycle (first come, first nested).
  for (const n of nodes.values()) {
    const p = n.decl ? str(ownGet(n.decl, 'parent')) : undefined;
    if (p === undefined || p === n.name || !nodes.has(p) || n === other) continue;
    let cycle = false;
    for (let a: string | undefined = p; a !== undefined; a = nodes.get(a)!.parent) {
      if (a === n.name) {
        cycle = true;
        break;
      }
    }
    if (cycle) continue;
    n.parent = p;
    nodes.get(p)!.children.push(n.name);
  }
  // Only tags with operations somewhere below them are shown.
  const shown = new Map<string, boolean>();
  const hasOps = (n: TagNode): boolean => {
    let v = shown.get(n.name);
    if (v === undefined) {
      shown.set(n.name, false); // parents are acyclic; this only guards re-entry
      v = n.ops.length > 0 || n.children.some((c) => hasOps(nodes.get(c)!));
      shown.set(n.name, v);
    }
    return v;
  };
  const order: Array<{ n: TagNode; depth: number }> = [];
  const visit = (n: TagNode, depth: number): void => {
    if (!hasOps(n)) return;
    n.id = ids.take(`tag-${slug(n.name) || 'tag'}`);
    order.push({ n, depth });
    for (const c of n.children) visit(nodes.get(c)!, depth + 1);
  };
  for (const n of nodes.values()) if (n.parent === undefined && n !== other) visit(n, 0);
  if (other) visit(other, 0);

  const badge = (m: string): string => `<span class="m m-${slug(m) || 'other'}">${esc(m)}</span>`;

  // Navigation: the tag tree, each operation linking to its article.
  const navTag = (n: TagNode): string => {
    if (!hasOps(n)) return '';
    let inner = '';
    for (const op of n.ops) {
      const label = op.ref.webhook ? `<span class="wh">webhook</span> ${esc(op.ref.path)}` : esc(op.ref.path);
      inner += `<li class="nav-op${op.ref.deprecated ? ' deprecated' : ''}"><a href="#${op.ref.id}">${badge(op.ref.method)} <span class="p">${label}</span></a></li>`;
    }
    for (const c of n.children) inner += navTag(nodes.get(c)!);
    return `<li class="nav-tag" data-tag="${esc(n.name)}"><a href="#${n.id}">${esc(n.name)}</a><ul>${inner}</ul></li>`;
  };
  let nav = '';
  for (const n of nodes.values()) if (n.parent === undefined && n !== other) nav += navTag(n);
  if (other) nav += navTag(other);

  const parts: string[] = [`<div class="ref"><nav class="ref-nav"><ul class="tree">${nav}</ul></nav><div class="ref-main">`];
  const info = ownGet(doc, 'info');
  if (isObject(info)) {
    const logo = isObject(info['x-logo']) ? str(info['x-logo'].url) : undefined;
    parts.push(
      `<header class="ref-info">${logo ? image(logo, str((info['x-logo'] as JsonObject).altText) ?? 'logo', 'logo') : ''}<h1>${esc(info.title)}</h1>${typeof info.version === 'string' ? ` <span class="ver">${esc(info.version)}</span>` : ''}${prose(info.description)}</header>`,
    );
  }
  for (const { n, depth } of order) {
    const d = n.decl;
    let head = `<section id="${n.id}" class="tag" data-tag="${esc(n.name)}" data-depth="${depth}"><h2>${esc(n.name)}</h2>`;
    if (d) {
      if (typeof d.summary === 'string') head += `<p class="tag-summary">${esc(d.summary)}</p>`;
      head += prose(d.description);
      const url = isObject(d.externalDocs) ? str(d.externalDocs.url) : undefined;
      if (url && /^https?:\/\//i.test(url))
        head += `<p class="ext"><a href="${esc(url)}" rel="noopener noreferrer" target="_blank">${esc(str((d.externalDocs as JsonObject).description) ?? url)}</a></p>`;
    }
    parts.push(head);
    for (const op of n.primary) parts.push(article(doc, op, badge, shared));
    const also = n.ops.filter((o) => o.ref.tags[0] !== n.name && n !== other);
    if (also.length) {
      parts.push(`<ul class="also">${also.map((o) => `<li><a href="#${o.ref.id}">${badge(o.ref.method)} ${esc(o.ref.path)}</a></li>`).join('')}</ul>`);
    }
    parts.push('</section>');
  }
  if (shared.params.size) {
    let dl = '';
    for (const { id, name, p } of shared.params.values())
      dl += `<dt id="${id}"><code>${esc(p.name)}</code> (${esc(p.in)}) <span class="refname">${esc(name)}</span></dt><dd>${prose(p.description)}</dd>`;
    parts.push(`<section id="${ids.take('shared-parameters')}" class="shared"><h2>Shared parameters</h2><dl>${dl}</dl></section>`);
  }
  parts.push('</div></div>');

  return {
    html: parts.join(''),
    operations: ops.map((o) => o.ref),
    tags: order.map(({ n }) => ({ name: n.name, ...(n.parent !== undefined ? { parent: n.parent } : {}), operations: n.ops.map((o) => o.ref.id) })),
  };
}

/** Follows an internal `$ref`; returns the target (or undefined) and the ref's name, if any. */
function deref(doc: unknown, value: unknown): Deref {
  const ref = isObject(value) ? str(value.$ref) : undefined;
  const located = resolveLocal(doc, { value, path: [] });
  const target = located && isObject(located.value) ? located.value : undefined;
  return ref !== undefined ? { value: target, ref: refName(ref), at: located ? toPointer(located.path) : '' } : { value: target };
}

interface Deref {
  value: JsonObject | undefined;
  /** Name of the `$ref` followed, if any. */
  ref?: string;
  /** Pointer of the target (refs only). */
  at?: string;
}

/** Long descriptions of `$ref`'d parameters, written once (Kubernetes repeats a few thousand times). */
interface Shared {
  ids: Ids;
  params: Map<string, { id: string; name: string; p: JsonObject }>;
}

const LONG_DESCRIPTION = 160;

function firstSentence(text: string): string {
  const line = text.trim().split(/\n|(?<=\.)\s/, 1)[0] ?? '';
  return line.length > 100 ? line.slice(0, 100) + '…' : line;
}

function paramDescription(r: Deref, shared: Shared): string {
  const p = r.value!;
  if (r.at === undefined || typeof p.description !== 'string' || p.description.length <= LONG_DESCRIPTION) return prose(p.description);
  let entry = shared.params.get(r.at);
  if (!entry) shared.params.set(r.at, (entry = { id: shared.ids.take(`param-${slug(r.ref ?? '') || 'ref'}`), name: r.ref ?? '', p }));
  return `<div class="desc"><p>${esc(firstSentence(p.description))} <a class="shared" href="#${entry.id}">more</a></p></div>`;
}

function article(doc: JsonObject, op: Op, badge: (m: string) => string, shared: Shared): string {
  const { ref, visit } = op;
  const o = visit.operation;
  const cls = `op${ref.deprecated ? ' deprecated' : ''}${ref.webhook ? ' webhook' : ''}`;
  let h = `<article id="${ref.id}" data-pointer="${esc(ref.pointer)}" class="${cls}"><h3 class="op-head">${badge(ref.method)} `;
  h += ref.webhook ? `<span class="wh">webhook</span> <code class="path">${esc(ref.path)}</code>` : `<code class="path">${esc(ref.path)}</code>`;
  if (typeof o.summary === 'string') h += ` <span class="summary">${esc(o.summary)}</span>`;
  if (ref.deprecated) h += ' <span class="dep">deprecated</span>';
  h += '</h3>';
  if (ref.operationId !== undefined) h += `<p class="opid"><code>${esc(ref.operationId)}</code></p>`;
  h += prose(o.description);

  // Parameters: path-level ones merged in, the operation's win by name + in.
  const merged = new Map<string, Deref>();
  const addParams = (list: unknown): void => {
    if (!Array.isArray(list)) return;
    for (const raw of list) {
      const r = deref(doc, raw);
      const key = r.value && typeof r.value.name === 'string' ? `${r.value.name}\u0000${str(r.value.in) ?? ''}` : `$ref\u0000${r.ref ?? merged.size}`;
      merged.set(key, r);
    }
  };
  addParams(ownGet(visit.pathItem, 'parameters'));
  addParams(ownGet(o, 'parameters'));
  if (merged.size) {
    h += '<h4>Parameters</h4><table class="params"><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Type</th><th>Description</th></tr></thead><tbody>';
    for (const r of merged.values()) {
      const { value: p, ref: pref } = r;
      if (!p) {
        h += `<tr class="unresolved"><td colspan="5"><code>${esc(pref ?? '?')}</code> (unresolved)</td></tr>`;
        continue;
      }
      let type = '';
      if (p.schema !== undefined) type = schemaHtml(p.schema);
      else if (isObject(p.content)) type = contentHtml(p.content);
      if (p.example !== undefined) type += exampleHtml(p.example);
      const dep = p.deprecated === true ? ' <span class="dep">deprecated</span>' : '';
      h += `<tr><td><code>${esc(p.name)}</code>${dep}</td><td>${esc(p.in)}</td><td>${p.required === true ? 'yes' : ''}</td><td>${type}</td><td>${paramDescription(r, shared)}</td></tr>`;
    }
    h += '</tbody></table>';
  }

  const body = ownGet(o, 'requestBody');
  if (body !== undefined) {
    const r = deref(doc, body);
    h += `<h4>Request body${r.value?.required === true ? ' <span class="req">required</span>' : ''}</h4>`;
    if (r.ref !== undefined) h += `<p class="refname"><code>${esc(r.ref)}</code></p>`;
    if (r.value) h += prose(r.value.description) + contentHtml(r.value.content);
  }

  const responses = ownGet(o, 'responses');
  if (isObject(responses)) {
    let rows = '';
    for (const [status, raw] of Object.entries(responses)) {
      if (status.startsWith('x-')) continue;
      const r = deref(doc, raw);
      const refNote = r.ref !== undefined ? `<p class="refname"><code>${esc(r.ref)}</code></p>` : '';
      rows += `<tr><td><code class="status s${esc(status.charAt(0))}">${esc(status)}</code></td><td>${refNote}${r.value ? prose(r.value.description) : ''}</td><td>${r.value ? contentHtml(r.value.content) : ''}</td></tr>`;
    }
    if (rows) h += `<h4>Responses</h4><table class="responses"><thead><tr><th>Status</th><th>Description</th><th>Content</th></tr></thead><tbody>${rows}</tbody></table>`;
  }

  // Callbacks are listed, not rendered as operations (they are not the API's own operations).
  const callbacks = ownGet(o, 'callbacks');
  if (isObject(callbacks)) {
    let items = '';
    for (const [name, raw] of Object.entries(callbacks)) {
      const cb = deref(doc, raw).value;
      const exprs = cb ? Object.keys(cb).filter((k) => !k.startsWith('x-')) : [];
      items += `<li><code>${esc(name)}</code>${exprs.map((e) => ` <code class="path">${esc(e)}</code>`).join(',')}</li>`;
    }
    if (items) h += `<h4>Callbacks</h4><ul class="callbacks">${items}</ul>`;
  }
  return h + '</article>';
}
