// Minimal "own static rendering" baseline for `apictl explore` measurements.
// Renders an OpenAPI 3.x document (3.0, 3.1, 3.2) as plain HTML: a navigation list,
// one section per tag (3.2 `parent` tags nested), one block per operation with
// method, path, summary, a parameters table, and request/response schema names.
// No JavaScript at all; everything escaped. This is a measuring baseline, not the
// product: it shows what a home-grown renderer costs in time and bytes.
//
//   import { renderStatic } from './static-render.mjs'
//   node static-render.mjs openapi.json > page.html

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];

const ESC = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (v) => String(v ?? '').replace(/[&<>"']/g, (c) => ESC[c]);
const slug = (s) => String(s).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'x';

/** Follow a local `#/...` $ref (one level chain, cycle-safe). */
function deref(doc, node, seen = new Set()) {
  while (node && typeof node === 'object' && typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    if (seen.has(node.$ref)) return node;
    seen.add(node.$ref);
    let cur = doc;
    for (const raw of node.$ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      cur = cur == null ? undefined : cur[key];
    }
    if (cur === undefined) return node;
    node = cur;
  }
  return node;
}

/** A short human name for a schema: its component name, or its type (array of X, A | B). */
export function schemaName(doc, s, depth = 0) {
  if (!s || typeof s !== 'object' || depth > 4) return '';
  if (typeof s.$ref === 'string') return s.$ref.split('/').pop();
  if (s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array'))) {
    const inner = schemaName(doc, s.items, depth + 1);
    return inner ? `array of ${inner}` : 'array';
  }
  for (const k of ['oneOf', 'anyOf', 'allOf']) {
    if (Array.isArray(s[k])) {
      const parts = s[k].map((x) => schemaName(doc, x, depth + 1)).filter(Boolean);
      return parts.join(k === 'allOf' ? ' & ' : ' | ') || k;
    }
  }
  if (Array.isArray(s.type)) return s.type.join(' | ');
  if (s.type) return s.format ? `${s.type} (${s.format})` : s.type;
  if (s.properties) return 'object';
  return '';
}

/** Operations of a document in path order, with the path-level parameters merged. */
export function operations(doc) {
  const out = [];
  for (const [path, item0] of Object.entries(doc.paths || {})) {
    const item = deref(doc, item0) || {};
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    const methods = [...METHODS];
    // 3.2: non-standard methods live under additionalOperations
    for (const m of Object.keys(item.additionalOperations || {})) methods.push(m);
    for (const m of methods) {
      const op = METHODS.includes(m) ? item[m] : item.additionalOperations[m];
      if (!op || typeof op !== 'object') continue;
      const byKey = new Map();
      for (const p of [...shared, ...(op.parameters || [])]) {
        const r = deref(doc, p);
        if (r && r.name) byKey.set(`${r.in}:${r.name}`, r);
      }
      out.push({ path, method: m, op, params: [...byKey.values()] });
    }
  }
  return out;
}

function tagTree(doc, ops) {
  const declared = Array.isArray(doc.tags) ? doc.tags : [];
  const byName = new Map(declared.map((t) => [t.name, { ...t, ops: [], children: [] }]));
  for (const o of ops) {
    const names = Array.isArray(o.op.tags) && o.op.tags.length ? o.op.tags : ['default'];
    for (const n of names) {
      if (!byName.has(n)) byName.set(n, { name: n, ops: [], children: [] });
      byName.get(n).ops.push(o);
    }
  }
  const roots = [];
  for (const t of byName.values()) {
    const parent = t.parent && byName.get(t.parent);
    if (parent && parent !== t) parent.children.push(t);
    else roots.push(t);
  }
  return roots;
}

function renderParams(params) {
  if (!params.length) return '';
  const rows = params.map((p) => `<tr><td><code>${esc(p.name)}</code>${p.required ? ' <b>*</b>' : ''}</td><td>${esc(p.in)}</td><td>${esc(schemaName(null, p.schema) || (p.content ? Object.keys(p.content).join(', ') : ''))}</td><td>${esc(p.description || '')}</td></tr>`);
  return `<table class="params"><thead><tr><th>name</th><th>in</th><th>type</th><th>description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function renderContent(doc, content) {
  if (!content || typeof content !== 'object') return '';
  return Object.entries(content).map(([mt, m]) => `<span class="mt">${esc(mt)}</span> <code>${esc(schemaName(doc, m && m.schema) || '—')}</code>`).join('<br>');
}

function renderOp(doc, o) {
  const { op, method, path } = o;
  const id = `op-${slug(op.operationId || method + path)}`;
  const parts = [`<article class="op" id="${esc(id)}"><h3><span class="m m-${esc(method)}">${esc(method.toUpperCase())}</span> <code class="path">${esc(path)}</code></h3>`];
  if (op.summary) parts.push(`<p class="summary">${esc(op.summary)}</p>`);
  if (op.operationId) parts.push(`<p class="opid">operationId <code>${esc(op.operationId)}</code>${op.deprecated ? ' · <b>deprecated</b>' : ''}</p>`);
  if (op.description) parts.push(`<div class="desc">${esc(String(op.description).slice(0, 600))}</div>`);
  parts.push(renderParams(o.params));
  const body = deref(doc, op.requestBody);
  if (body && body.content) parts.push(`<h4>Request body${body.required ? ' (required)' : ''}</h4><p>${renderContent(doc, body.content)}</p>`);
  const responses = Object.entries(op.responses || {});
  if (responses.length) {
    parts.push('<h4>Responses</h4><ul class="responses">');
    for (const [code, r0] of responses) {
      const r = deref(doc, r0) || {};
      const c = renderContent(doc, r.content);
      parts.push(`<li><b>${esc(code)}</b> ${esc(r.description || '')}${c ? `<br>${c}` : ''}</li>`);
    }
    parts.push('</ul>');
  }
  parts.push('</article>');
  return parts.join('');
}

function renderTag(doc, t, level, out, nav) {
  const id = `tag-${slug(t.name)}`;
  const h = Math.min(level + 2, 6);
  nav.push(`<li><a href="#${esc(id)}">${esc(t.summary || t.name)}</a> <small>${t.ops.length}</small>`);
  out.push(`<section class="tag" id="${esc(id)}"><h${h}>${esc(t.summary || t.name)}</h${h}>`);
  if (t.description) out.push(`<p>${esc(t.description)}</p>`);
  for (const o of t.ops) out.push(renderOp(doc, o));
  if (t.children.length) {
    nav.push('<ul>');
    for (const c of t.children) renderTag(doc, c, level + 1, out, nav);
    nav.push('</ul>');
  }
  nav.push('</li>');
  out.push('</section>');
}

const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:0;display:flex;color:#1b1f24}
nav{width:260px;flex:none;height:100vh;overflow:auto;position:sticky;top:0;border-right:1px solid #ddd;padding:8px;box-sizing:border-box;background:#fafafa}
nav ul{list-style:none;padding-left:12px;margin:0}main{flex:1;padding:0 24px 40px;min-width:0}
.op{border:1px solid #e3e3e3;border-radius:6px;padding:8px 12px;margin:10px 0}.op h3{margin:4px 0;font-size:15px}
.m{display:inline-block;min-width:56px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 4px;background:#666}
.m-get{background:#2b7de9}.m-post{background:#2a9d5b}.m-put{background:#b8860b}.m-patch{background:#8a5cc2}.m-delete{background:#c0392b}.m-query{background:#0f8a8a}
.path{word-break:break-all}table.params{border-collapse:collapse;margin:6px 0}table.params td,table.params th{border:1px solid #ddd;padding:2px 6px;text-align:left;vertical-align:top}
.desc{white-space:pre-wrap;color:#444;max-height:8em;overflow:hidden}.mt{color:#666}`;

/** The body (navigation + reference) for a document; the caller wraps it in a page. */
export function renderBody(doc) {
  const ops = operations(doc);
  const out = [];
  const nav = [];
  for (const t of tagTree(doc, ops)) renderTag(doc, t, 0, out, nav);
  const info = doc.info || {};
  return {
    css: CSS,
    html: `<nav><b>${esc(info.title || 'API')}</b><ul>${nav.join('')}</ul></nav><main><h1>${esc(info.title || 'API')} <small>${esc(info.version || '')}</small></h1><p>OpenAPI ${esc(doc.openapi || doc.swagger || '?')} · ${ops.length} operations</p>${out.join('')}</main>`,
    operations: ops.length,
  };
}

/** A complete self-contained page (no script at all, CSP allows nothing remote). */
export function renderStatic(doc) {
  const { css, html } = renderBody(doc);
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:"><title>${esc((doc.info || {}).title || 'API')}</title><style>${css}</style></head><body>${html}</body></html>`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fs = await import('node:fs');
  const file = process.argv[2];
  if (!file) { console.error('usage: node static-render.mjs openapi.(json|yaml) > page.html'); process.exit(2); }
  const text = fs.readFileSync(file, 'utf8');
  const doc = /\.json$/i.test(file) ? JSON.parse(text) : (await import('yaml')).parse(text, { maxAliasCount: -1 });
  process.stdout.write(renderStatic(doc));
}
