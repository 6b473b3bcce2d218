/**
 * `collectionFormat` → `style` / `explode` (parameters), `encoding` (form fields), headers.
 *
 * swagger2openapi gets the common cases right but: warns (or throws, strictly) on a valid response
 * header `type: array, collectionFormat: csv`; makes `tsv` fatal unless warnOnly; warns on nested
 * formats and drops them; leaves ssv/pipes on path/header parameters without any style; and drops
 * the collectionFormat of form fields entirely (3.0 puts it in the media type's `encoding`).
 *
 * apictl therefore removes every collectionFormat from the working copy (so swagger2openapi neither
 * warns nor guesses) and sets the 3.x serialization itself:
 *
 * | 2.0        | query                      | path / header      | urlencoded form field (encoding) |
 * |------------|----------------------------|--------------------|----------------------------------|
 * | csv (default) | form, explode false     | simple             | form, explode false              |
 * | ssv        | spaceDelimited             | simple + hazard    | spaceDelimited                   |
 * | pipes      | pipeDelimited              | simple + hazard    | pipeDelimited                    |
 * | multi      | form, explode true         | simple + hazard    | form, explode true               |
 * | tsv        | form, explode false + hazard | simple + hazard  | form, explode false + hazard     |
 *
 * "hazard": no 3.0 equivalent; the original is kept as `x-collectionFormat` (on the parameter, or
 * on the form field's property schema) and a warn note says
 * clients will use the mapped style (for tsv: commas instead of tabs). Nested formats (items with
 * their own collectionFormat) have no 3.0 equivalent either: kept as `x-collectionFormat` on the
 * inner items schema, with a warn note. Multipart form fields are sent one part per value, which
 * is `multi`; any other explicit format there is a hazard too.
 */
import type { ConversionContext, PostStep } from '../context.js';
import { getPath, insertBefore, isObj, own, ownObj, setOwn, type Obj } from '../json.js';
import type { ComponentNames } from '../names.js';
import { responseSites } from '../swagger2-model.js';
import { DeferredEdits, findParam3, forEachFormParam, forEachSimpleParam, itemsAt, requestBody3, type ParamSite3, type Swagger2Index } from './sites.js';

/** A collectionFormat found on `items` at some depth (1 = the parameter's items). */
interface Nested {
  depth: number;
  cf: string;
}

/** What the working copy said about one array (before the formats were removed). */
interface ArrayFormat {
  /** Explicit collectionFormat; undefined means the 2.0 default, csv. */
  cf: string | undefined;
  nested: Nested[];
  source: string[];
}

interface Serialization {
  style: string;
  explode?: boolean;
  /** Set when 3.0 cannot express the 2.0 format. */
  hazard?: boolean;
}

/** The 3.x serialization of a 2.0 collectionFormat for a parameter in `loc` (see the table above). */
function serializationFor(loc: string, cf: string | undefined): Serialization | undefined {
  const f = cf ?? 'csv';
  if (loc === 'query' || loc === 'formData') {
    switch (f) {
      case 'csv':
        return { style: 'form', explode: false };
      case 'ssv':
        return { style: 'spaceDelimited', explode: false };
      case 'pipes':
        return { style: 'pipeDelimited', explode: false };
      case 'multi':
        return { style: 'form', explode: true };
      default:
        return { style: 'form', explode: false, hazard: true };
    }
  }
  if (loc === 'path' || loc === 'header') return f === 'csv' ? { style: 'simple' } : { style: 'simple', hazard: true };
  return undefined;
}

const describe = (s: Serialization): string => `style ${s.style}${s.explode !== undefined ? `, explode ${String(s.explode)}` : ''}`;

/**
 * Reads the collectionFormats of an array parameter/header and schedules their removal from the
 * working copy. Returns undefined for non-arrays (a collectionFormat there is meaningless: removed, noted).
 */
function inspect(p: Obj, source: string[], what: string, strip: DeferredEdits, ctx: ConversionContext): ArrayFormat | undefined {
  const cf = own(p, 'collectionFormat');
  if (cf !== undefined) strip.add(() => delete p.collectionFormat);
  if (own(p, 'type') !== 'array') {
    if (cf !== undefined) {
      ctx.note('convert-collection-format-ignored', 'info', `collectionFormat on non-array ${what} is meaningless and was dropped`, [...source, 'collectionFormat']);
    }
    return undefined;
  }
  const nested: Nested[] = [];
  let items = ownObj(p, 'items');
  for (let depth = 1; items; depth++) {
    const icf = own(items, 'collectionFormat');
    if (icf !== undefined) {
      const it = items;
      strip.add(() => delete it.collectionFormat);
      if (typeof icf === 'string' && own(items, 'type') === 'array') nested.push({ depth, cf: icf });
    }
    items = ownObj(items, 'items');
  }
  return { cf: typeof cf === 'string' ? cf : undefined, nested, source };
}

const itemsPath = (depth: number): string[] => Array.from({ length: depth }, () => 'items');

/** Keeps nested formats as `x-collectionFormat` on the inner items schema of `schema3`. */
function applyNested(schema3: Obj | undefined, f: ArrayFormat, what: string, ctx: ConversionContext): void {
  for (const n of f.nested) {
    const inner = itemsAt(schema3, n.depth);
    if (inner) setOwn(inner, 'x-collectionFormat', n.cf);
    ctx.note('convert-nested-collection-format', 'warn', `nested collectionFormat ${n.cf} of ${what} has no 3.0 equivalent; kept as x-collectionFormat on the inner items schema`, [
      ...f.source,
      ...itemsPath(n.depth),
      'collectionFormat',
    ]);
  }
}

/** Removes collectionFormats from the working copy; returns the step that sets the 3.x serialization. */
export function prepareCollectionFormats(work: Obj, index: Swagger2Index, ctx: ConversionContext, names: ComponentNames): PostStep {
  const strip = new DeferredEdits();
  const params: Array<{ site: ParamSite3; name: string; loc: string; f: ArrayFormat }> = [];
  const forms: Array<{ path: string; method: string; name: string; f: ArrayFormat }> = [];
  const headers: Array<{ target: string[]; name: string; f: ArrayFormat }> = [];

  forEachSimpleParam(
    work,
    index,
    (n) => names.parameters.toComponent(n),
    (p, site, source) => {
      const name = String(own(p, 'name'));
      const loc = String(own(p, 'in'));
      const f = inspect(p, source, `${loc} parameter "${name}"`, strip, ctx);
      if (f) params.push({ site, name, loc, f });
    },
  );
  forEachFormParam(index, (p, path, method, source) => {
    const name = String(own(p, 'name'));
    const f = inspect(p, source, `form field "${name}"`, strip, ctx);
    if (f) forms.push({ path, method, name, f });
  });
  for (const site of responseSites(work, (n) => names.responses.toComponent(n))) {
    const hs = ownObj(site.response, 'headers');
    for (const name of Object.keys(hs ?? {})) {
      const h = ownObj(hs, name);
      if (!h) continue;
      const f = inspect(h, [...site.source, 'headers', name], `response header "${name}"`, strip, ctx);
      if (f) headers.push({ target: site.target, name, f });
    }
  }
  strip.apply();

  return (doc3) => {
    for (const { site, name, loc, f } of params) applyParam(doc3, site, name, loc, f, ctx);
    for (const r of forms) applyForm(doc3, r.path, r.method, r.name, r.f, ctx);
    for (const h of headers) applyHeader(doc3, h.target, h.name, h.f, ctx);
  };
}

function applyParam(doc3: Obj, site: ParamSite3, name: string, loc: string, f: ArrayFormat, ctx: ConversionContext): void {
  const p3 = findParam3(doc3, site, name, loc);
  const s = serializationFor(loc, f.cf);
  if (!p3 || !s) return;
  delete p3.style;
  delete p3.explode;
  // before `schema`, where swagger2openapi puts them too
  insertBefore(p3, 'schema', s.explode !== undefined ? { style: s.style, explode: s.explode } : { style: s.style });
  const what = `${loc} parameter "${name}"`;
  if (s.hazard) {
    setOwn(p3, 'x-collectionFormat', f.cf);
    ctx.note(
      'convert-collection-format',
      'warn',
      `collectionFormat ${String(f.cf)} of ${what} has no 3.0 equivalent; serialized as ${describe(s)}${f.cf === 'tsv' ? ' (commas, not tabs)' : ''} and kept as x-collectionFormat`,
      [...f.source, 'collectionFormat'],
    );
  }
  applyNested(ownObj(p3, 'schema'), f, what, ctx);
}

function applyForm(doc3: Obj, path: string, method: string, name: string, f: ArrayFormat, ctx: ConversionContext): void {
  const content = ownObj(requestBody3(doc3, path, method), 'content');
  const what = `form field "${name}"`;
  const cfSource = f.cf !== undefined ? [...f.source, 'collectionFormat'] : f.source;
  for (const mt of Object.keys(content ?? {})) {
    const media = ownObj(content, mt);
    const prop = ownObj(ownObj(ownObj(media, 'schema'), 'properties'), name);
    if (!media || !prop) continue;
    if (mt === 'application/x-www-form-urlencoded') {
      const s = serializationFor('formData', f.cf)!;
      const enc: Obj = { style: s.style, explode: s.explode };
      // on the property: the official 3.0 JSON Schema rejects extensions in Encoding Objects
      if (s.hazard) setOwn(prop, 'x-collectionFormat', f.cf);
      const encoding = ownObj(media, 'encoding') ?? {};
      setOwn(encoding, name, enc);
      media.encoding = encoding;
      ctx.recordOrigin(['paths', path, method, 'requestBody', 'content', mt, 'encoding', name], cfSource);
      if (s.hazard) {
        ctx.note('convert-collection-format', 'warn', `collectionFormat ${String(f.cf)} of ${what} has no 3.0 equivalent; encoded as ${describe(s)} and kept as x-collectionFormat`, cfSource);
      } else if (f.cf !== undefined) {
        ctx.note('convert-form-collection-format', 'info', `collectionFormat ${f.cf} of ${what} became encoding ${describe(s)} (swagger2openapi drops it)`, cfSource);
      }
    } else if (f.cf !== undefined && f.cf !== 'multi') {
      setOwn(prop, 'x-collectionFormat', f.cf);
      ctx.note('convert-collection-format', 'warn', `collectionFormat ${f.cf} of ${what} has no ${mt} equivalent (one part per value); kept as x-collectionFormat`, cfSource);
    }
    applyNested(prop, f, what, ctx);
  }
}

function applyHeader(doc3: Obj, target: string[], name: string, f: ArrayFormat, ctx: ConversionContext): void {
  const h3 = getPath(doc3, [...target, 'headers', name]);
  if (!isObj(h3)) return;
  const what = `response header "${name}"`;
  // swagger2openapi already set style: simple (the only style for headers)
  h3.style = 'simple';
  if (f.cf !== undefined && f.cf !== 'csv') {
    setOwn(h3, 'x-collectionFormat', f.cf);
    ctx.note('convert-collection-format', 'warn', `collectionFormat ${f.cf} of ${what} has no 3.0 equivalent (headers only have style simple); kept as x-collectionFormat`, [
      ...f.source,
      'collectionFormat',
    ]);
  } else if (f.cf === 'csv') {
    ctx.note('convert-header-collection-format', 'info', `collectionFormat csv of ${what} became style simple`, [...f.source, 'collectionFormat']);
  }
  applyNested(ownObj(h3, 'schema'), f, what, ctx);
}
