/**
 * Path-level `in: body` / `in: formData` parameters.
 *
 * swagger2openapi only looks at path-level parameters for operations that have their own
 * `parameters` list, so every other operation silently loses its request body (11 bodies on
 * go-swagger's Kubernetes canary) — and every validator still passes the output. The repair copies
 * them into each operation of the path item (an operation-level parameter with the same name and
 * `in`, or any operation-level body, overrides as 2.0 specifies) and removes them from the path
 * level. swagger2openapi then builds each operation's requestBody as usual.
 */
import type { ConversionContext } from '../context.js';
import { cloneJson, own, ownArr, ownObj, type Obj } from '../json.js';
import { METHODS_2, paramEntries, paramKey } from '../swagger2-model.js';

const isBodyLike = (p: Obj | undefined): boolean => {
  const loc = own(p, 'in');
  return loc === 'body' || loc === 'formData';
};

/** Moves path-level body/formData parameters into the operations (in place on `work`). */
export function movePathLevelBodies(work: Obj, ctx: ConversionContext): void {
  const paths = ownObj(work, 'paths');
  for (const pathKey of Object.keys(paths ?? {})) {
    const item = ownObj(paths, pathKey);
    const list = ownArr(item, 'parameters');
    if (!item || !list) continue;
    const movable = paramEntries(work, list).filter((e) => isBodyLike(e.param));
    if (movable.length === 0) continue;

    const copiedTo = new Map<number, string[]>(movable.map((e) => [e.index, []]));
    for (const method of Object.keys(item)) {
      const op = (METHODS_2 as readonly string[]).includes(method) ? ownObj(item, method) : undefined;
      if (!op) continue;
      const own2 = paramEntries(work, own(op, 'parameters'));
      const opHasBody = own2.some((o) => own(o.param, 'in') === 'body');
      const opHasForm = own2.some((o) => own(o.param, 'in') === 'formData');
      for (const e of movable) {
        const loc = own(e.param, 'in');
        const source = ['paths', pathKey, 'parameters', String(e.index)];
        const overridden = own2.some((o) => paramKey(o.param) === paramKey(e.param)) || (loc === 'body' && opHasBody);
        if (overridden) continue;
        if ((loc === 'body' && opHasForm) || (loc === 'formData' && opHasBody)) {
          ctx.note(
            'convert-path-level-body',
            'warn',
            `path-level ${String(loc)} parameter "${String(own(e.param, 'name'))}" not applied to ${method.toUpperCase()}: the operation has ${loc === 'body' ? 'formData' : 'a body'} parameter(s) and 2.0 allows only one kind`,
            source,
          );
          continue;
        }
        const copy = cloneJson(e.entry).value as Obj;
        ctx.movedFrom.set(copy, source);
        const opList = ownArr(op, 'parameters');
        if (opList) opList.push(copy);
        else op.parameters = [copy];
        copiedTo.get(e.index)!.push(method.toUpperCase());
      }
    }

    for (const e of movable) {
      const methods = copiedTo.get(e.index)!;
      if (methods.length === 0) continue;
      ctx.note(
        'convert-path-level-body',
        'info',
        `path-level ${String(own(e.param, 'in'))} parameter "${String(own(e.param, 'name'))}" applied to ${methods.join(', ')} (swagger2openapi drops path-level body and formData parameters)`,
        ['paths', pathKey, 'parameters', String(e.index)],
      );
    }
    // Removed so that swagger2openapi's own (partial) path-level handling cannot add them a second
    // time. The parameters that stay shift to lower indexes: remember where they were.
    const moved = new Set<unknown>(movable.map((e) => e.entry));
    const rest: unknown[] = [];
    list.forEach((p, i) => {
      if (moved.has(p)) return;
      if (p !== null && typeof p === 'object') ctx.movedFrom.set(p, ['paths', pathKey, 'parameters', String(i)]);
      rest.push(p);
    });
    if (rest.length > 0) item.parameters = rest;
    else delete item.parameters;
  }
}
