/**
 * Examples.
 *
 * - `x-examples` on a body parameter (keyed by media type, or by example name) and `x-example`
 *   on a body parameter are not converted by swagger2openapi (it copies `x-examples` onto the
 *   requestBody as an extension). They become `example` (per media type) or named `examples` of
 *   each request body media type.
 * - `x-example` on other parameters becomes `example` (swagger2openapi does this, but drops falsy
 *   values on form fields and nulls inside their values; the values are restored as written).
 * - 2.0 response `examples` (one per media type) become named examples `response` — a rename that
 *   is reported.
 */
import type { ConversionContext, PostStep } from '../context.js';
import { cloneJson, isObj, own, ownObj, setOwn, type Obj } from '../json.js';
import { responseSites } from '../swagger2-model.js';
import type { ComponentNames } from '../names.js';
import { DeferredEdits, forEachFormParam, forEachSimpleParam, requestBody3, type Swagger2Index } from './sites.js';

interface BodyExamples {
  path: string;
  method: string;
  source: string[];
  xExamples: Obj | undefined;
  xExample: { value: unknown } | undefined;
}

interface FormExample {
  path: string;
  method: string;
  name: string;
  value: unknown;
}

/** Each use gets its own copy: shared objects would become YAML anchors when the output is written. */
const copy = (v: unknown): unknown => cloneJson(v).value;

const EXAMPLE_OBJECT_KEYS = new Set(['summary', 'description', 'value', 'externalValue']);

/** A value already shaped like a 3.0 Example Object (`{summary?, value}`), as some 2.0 authors write them. */
function isExampleObject(v: unknown): v is Obj {
  if (!isObj(v) || !(Object.hasOwn(v, 'value') || Object.hasOwn(v, 'externalValue'))) return false;
  return Object.keys(v).every((k) => EXAMPLE_OBJECT_KEYS.has(k) || k.startsWith('x-'));
}

/** Collects the examples swagger2openapi would lose; returns the step that puts them in place. */
export function prepareExamples(work: Obj, index: Swagger2Index, ctx: ConversionContext, names: ComponentNames): PostStep {
  const bodies: BodyExamples[] = [];
  const forms: FormExample[] = [];
  const strip = new DeferredEdits();

  // hot: per node; bench: bench/convert.mjs (docs/performance.md#indexed-loops-convert)
  for (let i = 0; i < index.operations.length; i++) {
    const { path, method, params } = index.operations[i]!;
    for (let j = 0; j < params.length; j++) {
      const e = params[j]!;
      const p = e.param;
      if (!p || own(p, 'in') !== 'body') continue;
      const xExamples = ownObj(p, 'x-examples');
      const hasSingle = Object.hasOwn(p, 'x-example');
      if (!xExamples && !hasSingle) continue;
      bodies.push({ path, method, source: e.source, xExamples, xExample: hasSingle ? { value: p['x-example'] } : undefined });
      strip.add(() => {
        delete p['x-examples'];
        delete p['x-example'];
      });
    }
  }
  strip.apply();

  const renamed = (p: Obj, source: string[]): void => ctx.note('convert-example-renamed', 'info', `x-example of parameter "${String(own(p, 'name'))}" became example`, [...source, 'x-example']);
  forEachSimpleParam(
    work,
    index,
    (n) => names.parameters.toComponent(n),
    (p, _site, source) => {
      if (Object.hasOwn(p, 'x-example')) renamed(p, source);
    },
  );
  forEachFormParam(index, (p, path, method, source) => {
    if (!Object.hasOwn(p, 'x-example')) return;
    // a copy now: swagger2openapi edits the working copy's objects (it deletes nulls inside them)
    forms.push({ path, method, name: String(own(p, 'name')), value: copy(p['x-example']) });
    renamed(p, source);
  });

  for (const site of responseSites(work, (n) => names.responses.toComponent(n))) {
    const ex = ownObj(site.response, 'examples');
    for (const mt of Object.keys(ex ?? {})) {
      ctx.note('convert-example-renamed', 'info', `response example for ${mt} became the named example "response" (content/${mt}/examples/response)`, [...site.source, 'examples', mt]);
    }
  }

  return (doc3) => {
    for (const b of bodies) applyBodyExamples(doc3, b, ctx);
    for (const f of forms) {
      const content = ownObj(requestBody3(doc3, f.path, f.method), 'content');
      for (const mt of Object.keys(content ?? {})) {
        const prop = ownObj(ownObj(ownObj(ownObj(content, mt), 'schema'), 'properties'), f.name);
        // swagger2openapi sets it from its working copy (x-example wins over example, as here),
        // but drops falsy values and nulls inside values: ours is the value as written
        if (prop) prop.example = copy(f.value);
      }
    }
  };
}

function applyBodyExamples(doc3: Obj, b: BodyExamples, ctx: ConversionContext): void {
  const rb = requestBody3(doc3, b.path, b.method);
  const content = ownObj(rb, 'content');
  if (!rb || !content) return;
  const mediaTypes = Object.keys(content);
  const free = (mt: string): Obj | undefined => {
    const m = ownObj(content, mt);
    return m && !Object.hasOwn(m, 'example') && !Object.hasOwn(m, 'examples') ? m : undefined;
  };

  if (b.xExample) {
    for (const mt of mediaTypes) {
      const m = free(mt);
      if (m) m.example = copy(b.xExample.value);
    }
    ctx.note('convert-example-renamed', 'info', 'x-example of the body parameter became the request body example', [...b.source, 'x-example']);
  }

  const leftovers: Obj = {};
  for (const key of Object.keys(b.xExamples ?? {})) {
    const value = own(b.xExamples, key);
    const src = [...b.source, 'x-examples', key];
    if (key.includes('/')) {
      // keyed by media type, like 2.0 response examples
      const m = ownObj(content, key);
      if (m && !Object.hasOwn(m, 'example') && !Object.hasOwn(m, 'examples')) {
        m.example = value;
        ctx.note('convert-example-renamed', 'info', `x-examples entry for ${key} became that media type's example`, src);
      } else {
        setOwn(leftovers, key, value);
        ctx.note(
          'convert-example-dropped',
          'warn',
          m
            ? `x-examples entry for ${key}: the media type already has an example; kept as x-examples`
            : `x-examples entry for ${key}: the operation does not consume ${key}; kept as x-examples on the request body`,
          src,
        );
      }
    } else {
      // keyed by example name: a named example of every media type
      const example = isExampleObject(value) ? value : { value };
      for (const mt of mediaTypes) {
        const m = ownObj(content, mt);
        if (!m || Object.hasOwn(m, 'example')) continue;
        const named = ownObj(m, 'examples') ?? {};
        setOwn(named, key, copy(example));
        m.examples = named;
      }
      ctx.note('convert-example-renamed', 'info', `x-examples entry "${key}" became the named example "${key}" of each request body media type`, src);
    }
  }
  if (Object.keys(leftovers).length > 0) rb['x-examples'] = leftovers;
}
