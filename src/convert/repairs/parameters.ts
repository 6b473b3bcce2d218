/**
 * Parameter details swagger2openapi passes through unchanged although 3.0 reads them differently.
 *
 * - `allowEmptyValue` exists in 3.0 for query parameters only. On form fields (valid in 2.0)
 *   there is no 3.0 equivalent; on path/header parameters it was never valid. Removed, noted.
 * - `x-nullable` on a non-body parameter describes its value: it becomes `nullable` on the
 *   parameter's schema (swagger2openapi only converts it inside schemas).
 * - A global body/formData parameter that no operation uses has no place in 3.0 (bodies are
 *   inlined into operations) and swagger2openapi drops it: noted.
 */
import type { ConversionContext, PostStep } from '../context.js';
import { own, ownObj, type Obj } from '../json.js';
import type { NameMap } from '../names.js';
import { DeferredEdits, findParam3, forEachFormParam, forEachSimpleParam, type ParamSite3, type Swagger2Index } from './sites.js';

/** Removes misplaced `allowEmptyValue`; returns the step that moves parameter `x-nullable` into the schema. */
export function prepareParameters(work: Obj, index: Swagger2Index, ctx: ConversionContext, parameterNames: NameMap): PostStep {
  const strip = new DeferredEdits();
  const nullable: Array<{ site: ParamSite3; name: string; loc: string; value: boolean; source: string[] }> = [];

  forEachSimpleParam(
    work,
    index,
    (n) => parameterNames.toComponent(n),
    (p, site, source) => {
      const name = String(own(p, 'name'));
      const loc = String(own(p, 'in'));
      if (loc !== 'query' && Object.hasOwn(p, 'allowEmptyValue')) {
        strip.add(() => delete p.allowEmptyValue);
        ctx.note('convert-allow-empty-value', 'warn', `allowEmptyValue on ${loc} parameter "${name}" is only defined for query parameters; dropped`, [...source, 'allowEmptyValue']);
      }
      const xn = own(p, 'x-nullable');
      if (typeof xn === 'boolean') nullable.push({ site, name, loc, value: xn, source });
    },
  );
  forEachFormParam(index, (p, _path, _method, source) => {
    if (!Object.hasOwn(p, 'allowEmptyValue')) return;
    strip.add(() => delete p.allowEmptyValue);
    ctx.note('convert-allow-empty-value', 'warn', `allowEmptyValue on form field "${String(own(p, 'name'))}" has no 3.0 equivalent (request body properties cannot say it); dropped`, [
      ...source,
      'allowEmptyValue',
    ]);
  });
  strip.apply();

  const used = new Set<string>();
  // hot: per node; bench: bench/convert.mjs (docs/performance.md#indexed-loops-convert)
  for (let i = 0; i < index.operations.length; i++) {
    const params = index.operations[i]!.params;
    for (let j = 0; j < params.length; j++) if (params[j]!.globalName !== undefined) used.add(params[j]!.globalName!);
  }
  const globals = ownObj(work, 'parameters');
  for (const name of Object.keys(globals ?? {})) {
    const loc = own(ownObj(globals, name), 'in');
    if ((loc === 'body' || loc === 'formData') && !used.has(name)) {
      ctx.note('convert-unused-body-parameter', 'warn', `global ${loc} parameter "${name}" is not used by any operation; 3.0 has no place for it, so it was dropped`, ['parameters', name]);
    }
  }

  return (doc3) => {
    for (const n of nullable) {
      const p3 = findParam3(doc3, n.site, n.name, n.loc);
      const schema = ownObj(p3, 'schema');
      if (!p3 || !schema) continue;
      schema.nullable = n.value;
      delete p3['x-nullable'];
      ctx.note('convert-param-nullable', 'info', `x-nullable of ${n.loc} parameter "${n.name}" became nullable on its schema`, [...n.source, 'x-nullable']);
    }
  };
}
