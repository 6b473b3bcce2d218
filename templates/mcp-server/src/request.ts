/**
 * Building the HTTP request exactly as the description says: path parameters percent-encoded
 * (so `../` or `/` in a value can never change the path), query parameters in their declared
 * style (form, spaceDelimited, pipeDelimited, deepObject; arrays repeated when exploded, joined
 * otherwise), header values without line breaks, and JSON, form-urlencoded, multipart, binary or
 * text bodies.
 */
import type { BodyPlan, ParamPlan, RequestPlan } from './model.js';

/** Arguments that cannot be turned into a valid request (reported to the agent as a tool error). */
export class ArgumentError extends Error {
  override name = 'ArgumentError';
}

/** A request under construction; auth adds to it before it is sent. */
export interface DraftRequest {
  method: string;
  /** Base URL + path, without query. */
  url: string;
  /** Encoded `name=value` pieces. */
  query: string[];
  headers: Record<string, string>;
  cookies: string[];
  body?: string | Uint8Array | FormData;
}

type Args = Record<string, unknown>;

function scalar(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v);
}

/** Percent-encodes; with allowReserved, RFC 3986 reserved characters that cannot break the query stay as they are. */
function enc(v: string, allowReserved = false): string {
  const e = encodeURIComponent(v);
  return allowReserved ? e.replace(/%(3A|2F|3F|5B|5D|40|21|24|27|28|29|2A|2C|3B)/gi, (m) => decodeURIComponent(m)) : e;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function entries(v: Record<string, unknown>): Array<[string, string]> {
  return Object.entries(v)
    .filter(([, x]) => x !== undefined)
    .map(([k, x]) => [k, scalar(x)]);
}

/** simple / label / matrix serialisation of a path parameter (values already encoded). */
function pathValue(p: ParamPlan, v: unknown): string {
  const e = (s: string): string => enc(s, p.allowReserved);
  const style = p.style || 'simple';
  if (Array.isArray(v)) {
    const items = v.map((x) => e(scalar(x)));
    if (style === 'label') return '.' + items.join(p.explode ? '.' : ',');
    if (style === 'matrix') return p.explode ? items.map((i) => `;${e(p.name)}=${i}`).join('') : `;${e(p.name)}=${items.join(',')}`;
    return items.join(',');
  }
  if (isPlainObject(v)) {
    const kv = entries(v).map(([k, x]) => [e(k), e(x)] as const);
    const exploded = kv.map(([k, x]) => `${k}=${x}`);
    const flat = kv.flat();
    if (style === 'label') return '.' + (p.explode ? exploded.join('.') : flat.join(','));
    if (style === 'matrix') return p.explode ? exploded.map((s) => `;${s}`).join('') : `;${e(p.name)}=${flat.join(',')}`;
    return p.explode ? exploded.join(',') : flat.join(',');
  }
  const s = e(scalar(v));
  if (style === 'label') return '.' + s;
  if (style === 'matrix') return `;${e(p.name)}=${s}`;
  return s;
}

/** Query pieces of one parameter. */
function queryPieces(p: ParamPlan, v: unknown): string[] {
  const e = (s: string): string => enc(s, p.allowReserved);
  const name = e(p.name);
  if (p.contentType) return [`${name}=${e(JSON.stringify(v))}`];
  const style = p.style || 'form';
  if (style === 'deepObject' && isPlainObject(v)) return deepObject(p.name, v, e);
  if (Array.isArray(v)) {
    const items = v.map((x) => e(scalar(x)));
    if (style === 'spaceDelimited' && !p.explode) return [`${name}=${items.join('%20')}`];
    if (style === 'pipeDelimited' && !p.explode) return [`${name}=${items.join('|')}`];
    return p.explode ? items.map((i) => `${name}=${i}`) : [`${name}=${items.join(',')}`];
  }
  if (isPlainObject(v)) {
    const kv = entries(v);
    return p.explode ? kv.map(([k, x]) => `${e(k)}=${e(x)}`) : [`${name}=${kv.flatMap(([k, x]) => [e(k), e(x)]).join(',')}`];
  }
  return [`${name}=${e(scalar(v))}`];
}

function deepObject(prefix: string, v: Record<string, unknown>, e: (s: string) => string): string[] {
  const out: string[] = [];
  for (const [k, x] of Object.entries(v)) {
    if (x === undefined) continue;
    const key = `${prefix}[${k}]`;
    if (isPlainObject(x)) out.push(...deepObject(key, x, e));
    else if (Array.isArray(x)) for (const item of x) out.push(`${e(key)}=${e(scalar(item))}`);
    else out.push(`${e(key)}=${e(scalar(x))}`);
  }
  return out;
}

/** A header value; refuses line breaks and NUL, which would let a value inject more headers. */
export function headerValue(label: string, v: unknown, explode = false): string {
  let s: string;
  if (Array.isArray(v)) s = v.map(scalar).join(',');
  else if (isPlainObject(v))
    s = entries(v)
      .map(([k, x]) => (explode ? `${k}=${x}` : `${k},${x}`))
      .join(',');
  else s = scalar(v);
  if (/[\r\n\0]/.test(s)) throw new ArgumentError(`${label} must not contain line breaks or NUL characters`);
  // HTTP header values are bytes: characters beyond Latin-1 cannot be sent
  if (/[^\u0000-\u00ff]/.test(s)) throw new ArgumentError(`${label} must contain only Latin-1 characters (HTTP header values are bytes); encode other text first`);
  return s;
}

function cookiePieces(p: ParamPlan, v: unknown): string[] {
  const e = (s: string): string => encodeURIComponent(s);
  if (Array.isArray(v)) {
    const items = v.map((x) => e(scalar(x)));
    return p.explode ? items.map((i) => `${p.name}=${i}`) : [`${p.name}=${items.join(',')}`];
  }
  if (isPlainObject(v)) {
    const kv = entries(v);
    return p.explode ? kv.map(([k, x]) => `${k}=${e(x)}`) : [`${p.name}=${kv.flatMap(([k, x]) => [k, e(x)]).join(',')}`];
  }
  return [`${p.name}=${e(scalar(v))}`];
}

function decodeBase64(label: string, v: unknown): Buffer {
  if (typeof v !== 'string' || !/^[A-Za-z0-9+/_=\s-]*$/.test(v)) throw new ArgumentError(`${label} must be base64-encoded`);
  return Buffer.from(v, 'base64');
}

/** The body value from the arguments (the whole body argument, or the body fields given). */
function bodyValue(plan: BodyPlan, args: Args): unknown {
  if (plan.mode === 'property') return plan.arg !== undefined ? args[plan.arg] : undefined;
  const out: Record<string, unknown> = {};
  let any = false;
  for (const [arg, field] of Object.entries(plan.fields ?? {})) {
    if (args[arg] !== undefined) {
      Object.defineProperty(out, field, { value: args[arg], enumerable: true, writable: true, configurable: true });
      any = true;
    }
  }
  return any || plan.required ? out : undefined;
}

/**
 * An `application/x-www-form-urlencoded` body. A field with an `encoding` in the description is
 * sent in its style (form: repeated or comma-joined; spaceDelimited, pipeDelimited; deepObject).
 * A field the description says nothing about uses the bracket convention form APIs expect
 * (`expand[]=x`, `metadata[key]=v`, `items[0][price]=p`), not JSON in a field.
 */
function formBody(plan: BodyPlan, value: Record<string, unknown>): string {
  const pieces: string[] = [];
  const e = encodeURIComponent;
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const enc = plan.encoding?.[k];
    const styled = enc !== undefined && (enc.style !== undefined || enc.explode !== undefined);
    if (!styled && (Array.isArray(v) || isPlainObject(v))) {
      brackets(k, v, pieces, 0);
    } else if (Array.isArray(v)) {
      const explode = enc?.explode ?? (enc?.style === undefined || enc.style === 'form');
      if (explode) for (const item of v) pieces.push(`${e(k)}=${e(scalar(item))}`);
      else pieces.push(`${e(k)}=${v.map((x) => e(scalar(x))).join(enc?.style === 'pipeDelimited' ? '|' : enc?.style === 'spaceDelimited' ? '%20' : ',')}`);
    } else if (isPlainObject(v)) {
      if (enc?.style === 'deepObject') pieces.push(...deepObject(k, v, e));
      else if (enc?.explode ?? true) for (const [fk, fv] of entries(v)) pieces.push(`${e(fk)}=${e(fv)}`);
      else
        pieces.push(
          `${e(k)}=${entries(v)
            .flatMap(([fk, fv]) => [e(fk), e(fv)])
            .join(',')}`,
        );
    } else pieces.push(`${e(k)}=${e(scalar(v))}`);
  }
  return pieces.join('&');
}

/** Nested values as `key[a][0][b]=v` pieces (arrays of scalars as `key[]=v`). */
function brackets(key: string, v: unknown, out: string[], depth: number): void {
  if (depth > 32) throw new ArgumentError(`\`${key}\` is nested too deeply for a form body`);
  const e = encodeURIComponent;
  if (Array.isArray(v)) {
    const scalars = v.every((x) => !Array.isArray(x) && !isPlainObject(x));
    v.forEach((item, i) => (scalars ? out.push(`${e(`${key}[]`)}=${e(scalar(item))}`) : brackets(`${key}[${i}]`, item, out, depth + 1)));
  } else if (isPlainObject(v)) {
    for (const [k, x] of Object.entries(v)) if (x !== undefined) brackets(`${key}[${k}]`, x, out, depth + 1);
  } else {
    out.push(`${e(key)}=${e(scalar(v))}`);
  }
}

function multipartBody(plan: BodyPlan, value: Record<string, unknown>): FormData {
  const form = new FormData();
  const files = new Set(plan.files ?? []);
  const addFile = (field: string, f: unknown): void => {
    if (!isPlainObject(f)) throw new ArgumentError(`\`${field}\` must be a file object { content (base64), filename?, contentType? }`);
    const bytes = decodeBase64(`\`${field}.content\``, f.content);
    const type = typeof f.contentType === 'string' ? f.contentType : (plan.encoding?.[field]?.contentType ?? 'application/octet-stream');
    if (/[\r\n]/.test(type)) throw new ArgumentError(`\`${field}.contentType\` must not contain line breaks`);
    const filename = typeof f.filename === 'string' && f.filename !== '' ? f.filename.replace(/[\r\n"]/g, '_') : field;
    form.append(field, new Blob([bytes], { type }), filename);
  };
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    if (files.has(k)) {
      if (Array.isArray(v)) v.forEach((f) => addFile(k, f));
      else addFile(k, v);
    } else if (Array.isArray(v) && v.every((x) => !isPlainObject(x))) {
      for (const item of v) form.append(k, scalar(item));
    } else if (isPlainObject(v) || Array.isArray(v)) {
      form.append(k, new Blob([JSON.stringify(v)], { type: plan.encoding?.[k]?.contentType ?? 'application/json' }));
    } else {
      form.append(k, scalar(v));
    }
  }
  return form;
}

/** Builds the request for a call. Throws ArgumentError for values that cannot be sent safely. */
export function buildRequest(plan: RequestPlan, args: Args, baseUrl: string): DraftRequest {
  if (baseUrl === '') throw new ArgumentError('no base URL is configured for this API (set the base URL variable named in README.md)');
  const byName = new Map(plan.params.filter((p) => p.in === 'path').map((p) => [p.name, p]));
  const argumentOf = (p: ParamPlan): unknown => (p.pinned !== undefined ? p.pinned : p.arg !== undefined ? args[p.arg] : undefined);

  // A path key may carry a fixed query (`/items?beta=true`): it goes first among the query pieces.
  const q = plan.path.indexOf('?');
  const template = q === -1 ? plan.path : plan.path.slice(0, q);
  const fixedQuery =
    q === -1
      ? []
      : plan.path
          .slice(q + 1)
          .split('&')
          .filter((x) => x !== '');
  const path = template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const p = byName.get(name);
    const v = p ? argumentOf(p) : undefined;
    if (p === undefined || v === undefined || v === null || v === '') throw new ArgumentError(`missing required path parameter \`${p?.arg ?? name}\``);
    return pathValue(p, v);
  });
  for (const seg of path.split('/')) {
    let decoded = seg;
    try {
      decoded = decodeURIComponent(seg);
    } catch {
      /* keep as is */
    }
    if (decoded === '.' || decoded === '..') throw new ArgumentError(`a path parameter must not be '.' or '..' (it would change the path)`);
  }

  const draft: DraftRequest = { method: plan.method, url: baseUrl + path, query: [...fixedQuery], headers: {}, cookies: [] };
  for (const p of plan.params) {
    if (p.in === 'path') continue;
    const v = argumentOf(p);
    if (v === undefined) continue;
    if (p.in === 'query') draft.query.push(...queryPieces(p, v));
    else if (p.in === 'header') draft.headers[p.name] = p.contentType ? headerValue(`header \`${p.arg ?? p.name}\``, JSON.stringify(v)) : headerValue(`header \`${p.arg ?? p.name}\``, v, p.explode);
    else {
      const pieces = cookiePieces(p, v);
      for (const c of pieces) if (/[\r\n\0;]/.test(decodeURIComponent(c.split('=')[0] ?? ''))) throw new ArgumentError(`cookie \`${p.name}\` has an invalid name`);
      draft.cookies.push(...pieces);
    }
  }
  draft.headers.accept = plan.accept ?? '*/*';

  const b = plan.body;
  if (b) {
    const value = bodyValue(b, args);
    if (value !== undefined) {
      switch (b.kind) {
        case 'json':
          draft.body = JSON.stringify(value);
          draft.headers['content-type'] = b.mediaType;
          break;
        case 'form':
          if (!isPlainObject(value)) throw new ArgumentError('the request body must be an object of form fields');
          draft.body = formBody(b, value);
          draft.headers['content-type'] = 'application/x-www-form-urlencoded';
          break;
        case 'multipart':
          if (!isPlainObject(value)) throw new ArgumentError('the request body must be an object of form fields');
          // fetch sets the multipart content type with its boundary.
          draft.body = multipartBody(b, value);
          break;
        case 'binary':
          draft.body = decodeBase64(`\`${b.arg ?? 'body'}\``, value);
          draft.headers['content-type'] = b.mediaType.includes('*') ? 'application/octet-stream' : b.mediaType;
          break;
        default:
          draft.body = scalar(value);
          draft.headers['content-type'] = b.mediaType;
      }
    }
  }
  return draft;
}

/** The final URL; refuses anything that would leave the configured base URL. */
export function finalUrl(draft: DraftRequest, baseUrl: string): string {
  const url = draft.query.length > 0 ? `${draft.url}?${draft.query.join('&')}` : draft.url;
  const parsed = new URL(url);
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  if (parsed.origin !== base.origin || !(parsed.pathname === basePath || parsed.pathname.startsWith(basePath + '/') || basePath === '')) {
    throw new ArgumentError('the arguments would send the request outside the configured base URL');
  }
  return url;
}
