/**
 * Schema-level repairs and hazards, applied to the working 2.0 copy before swagger2openapi runs:
 *
 * - `$ref` with siblings (`x-nullable`, `description`, …): swagger2openapi keeps only the `$ref`.
 *   The schema becomes `{allOf: [{$ref}], …siblings}`, so 3.0 keeps them (`x-nullable` then turns
 *   into `nullable` as usual).
 * - A response `schema` that `$ref`s a Response Object (`#/responses/X`) is invalid and stays
 *   invalid after conversion; it is replaced by that response's schema (or dropped when it has none).
 * - Unresolvable and external `$ref`s are reported (swagger2openapi's own warning about them is
 *   discarded together with the `$ref`'s siblings).
 * - Cycles among definitions are reported: legal, but 3.0 tools handle them differently.
 *
 * Runs first, while every node of the working copy is still at its input path.
 */
import type { ConversionContext } from '../context.js';
import { cloneJson, getPath, isObj, own, ownObj, refSegments, setOwn, type Obj } from '../json.js';
import { swagger2SchemaRoots, walkSchemaTree } from '../schema-walk.js';
import { resolveLocalRef } from '../swagger2-model.js';

/** Applies the schema-level repairs to `work` (in place) and reports hazards. */
export function repairSchemas(work: Obj, ctx: ConversionContext, opts: { typeBesideNullable?: boolean } = {}): void {
  const graph = new Map<string, Set<string>>();
  const responseRefs: Array<{ response: Obj; path: string[]; ref: string }> = [];
  const created = new WeakSet<Obj>(); // `{$ref}` objects made by wrapping, already checked

  for (const root of swagger2SchemaRoots(work)) {
    const rootRef = own(root.schema, '$ref');
    if (root.kind === 'response' && typeof rootRef === 'string' && rootRef.startsWith('#/responses/')) {
      const response = getPath(work, root.path.slice(0, -1));
      if (isObj(response)) responseRefs.push({ response, path: root.path, ref: rootRef });
      continue;
    }
    const defName = root.kind === 'definition' ? root.path[1] : undefined;
    const edges = defName !== undefined ? (graph.get(defName) ?? new Set<string>()) : undefined;
    if (defName !== undefined && edges) graph.set(defName, edges);
    walkSchemaTree(root.schema, [...root.path], {
      enter(schema, path) {
        const ref = own(schema, '$ref');
        if (typeof ref !== 'string' || created.has(schema)) return;
        // checked here, at its input path (after wrapping it sits at allOf/0, which the input lacks)
        checkRef(work, ref, path, ctx, edges);
        if (Object.keys(schema).length === 1) return;
        const wrapped = wrapRefWithSiblings(work, schema, ref, path, ctx, opts.typeBesideNullable === true);
        created.add(wrapped.pure);
        // in the parent's slot, keeping its place among the siblings
        const parent = getPath(work, path.slice(0, -1));
        if (isObj(parent) || Array.isArray(parent)) setOwn(parent as Obj, path[path.length - 1]!, wrapped.schema);
        return wrapped.schema;
      },
    });
  }

  for (const { response, path, ref } of responseRefs) replaceResponseRef(work, response, path, ref, ctx);
  reportCycles(work, graph, ctx);
}

/**
 * `{$ref, …siblings}` → a new `{allOf: [{$ref}], …siblings}` (built fresh rather than by deleting
 * keys: deletes turn an object into a slow dictionary for everything that reads it later).
 * Returns the new schema and its `{$ref}`.
 */
function wrapRefWithSiblings(work: Obj, original: Obj, ref: string, path: string[], ctx: ConversionContext, typeBesideNullable: boolean): { schema: Obj; pure: Obj } {
  const pure: Obj = { $ref: ref };
  const schema: Obj = { allOf: [pure] };
  const kept: string[] = [];
  for (const k of Object.keys(original)) {
    if (k === '$ref') continue;
    setOwn(schema, k, original[k]);
    kept.push(k);
  }
  // OpenAPI 3.0.3: `nullable` has no effect without a `type` beside it, so carry the target's type.
  if (typeBesideNullable && own(schema, 'x-nullable') === true && own(schema, 'type') === undefined) {
    const type = targetType(work, ref);
    if (type !== undefined) setOwn(schema, 'type', type);
  }
  ctx.note('convert-ref-siblings', 'info', `kept ${kept.join(', ')} beside $ref ${ref} by wrapping the reference in allOf (siblings of $ref are ignored in 3.0)`, path, {
    rule: 'no-ref-siblings',
    message: `${kept.map((k) => `'${k}'`).join(', ')} ${kept.length === 1 ? 'is' : 'are'} ignored next to $ref in Swagger 2.0 (the conversion to 3.x kept ${kept.length === 1 ? 'it' : 'them'} by wrapping the reference in allOf).`,
  });
  return { schema, pure };
}

/** The `type` of the schema a reference leads to (following chains of references), if it states one. */
function targetType(work: Obj, ref: string): string | undefined {
  let target: unknown = resolveLocalRef(work, ref);
  for (let hops = 0; hops < 20 && isObj(target) && typeof own(target, '$ref') === 'string'; hops++) target = resolveLocalRef(work, own(target, '$ref') as string);
  const type = isObj(target) ? own(target, 'type') : undefined;
  return typeof type === 'string' ? type : undefined;
}

/** Reports dangling and external references and records definition → definition edges. */
function checkRef(work: Obj, ref: string, path: string[], ctx: ConversionContext, edges: Set<string> | undefined): void {
  if (!ref.startsWith('#')) {
    ctx.note('convert-external-ref', 'warn', `external reference ${ref} is left as is; bundle the document first to convert what it points to`, path);
    return;
  }
  const segs = refSegments(ref);
  if (!segs) {
    ctx.note('convert-unresolved-ref', 'warn', `reference ${ref} is not a JSON pointer`, path);
    return;
  }
  if (getPath(work, segs) === undefined) {
    ctx.note('convert-unresolved-ref', 'warn', `reference ${ref} points to nothing; it stays unresolved in the converted document`, path);
    return;
  }
  if (edges && segs.length >= 2 && segs[0] === 'definitions' && segs[1] !== undefined) edges.add(segs[1]);
}

/** A response schema `$ref`ing a Response Object: use that response's schema instead. */
function replaceResponseRef(work: Obj, response: Obj, path: string[], ref: string, ctx: ConversionContext): void {
  const target = resolveLocalRef(work, ref);
  const schema = ownObj(target, 'schema');
  if (schema) {
    // a copy: the global response is converted on its own, and later repairs edit in place
    setOwn(response, 'schema', cloneJson(schema).value);
    ctx.note('convert-schema-ref-to-response', 'warn', `schema $ref ${ref} points to a Response Object, not a schema; used that response's schema instead`, path);
  } else {
    delete response.schema;
    ctx.note(
      'convert-schema-ref-to-response',
      'warn',
      `schema $ref ${ref} points to a Response Object, not a schema${isObj(target) ? ' (which has no schema); removed it, the response has no body' : ' and does not resolve; removed it'}`,
      path,
    );
  }
}

/** One note per cycle (strongly connected component, or a self-reference) among definitions. */
function reportCycles(work: Obj, graph: Map<string, Set<string>>, ctx: ConversionContext): void {
  for (const component of stronglyConnected(graph)) {
    const first = component[0];
    if (first === undefined) continue;
    const cyclic = component.length > 1 || graph.get(first)?.has(first) === true;
    if (!cyclic) continue;
    const defs = ownObj(work, 'definitions');
    const pureRefs = component.every((n) => {
      const s = ownObj(defs, n);
      return s !== undefined && Object.keys(s).length === 1 && typeof own(s, '$ref') === 'string';
    });
    const names = component.length > 8 ? `${component.slice(0, 8).join(', ')} and ${component.length - 8} more` : component.join(', ');
    ctx.note(
      'convert-circular-ref',
      'warn',
      pureRefs
        ? `definitions ${names} only reference each other ($ref cycle with no schema): unresolvable`
        : `circular schema references (${names}); valid in 3.0, but tools differ in how they handle cycles (dereferencing, code generation)`,
      ['definitions', first],
    );
  }
}

/** Tarjan's algorithm, iterative (definitions can be long chains). Components in discovery order. */
function stronglyConnected(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; it: Iterator<string> }> = [];
    const open = (n: string): void => {
      index.set(n, counter);
      low.set(n, counter);
      counter++;
      stack.push(n);
      onStack.add(n);
      work.push({ node: n, it: (graph.get(n) ?? new Set<string>()).values() });
    };
    open(start);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const next = top.it.next();
      if (!next.done) {
        const m = next.value;
        if (!graph.has(m)) continue;
        if (!index.has(m)) open(m);
        else if (onStack.has(m)) low.set(top.node, Math.min(low.get(top.node)!, index.get(m)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) === index.get(top.node)) {
        const comp: string[] = [];
        let w: string | undefined;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          comp.push(w);
        } while (w !== top.node);
        out.push(comp.reverse());
      }
    }
  }
  return out;
}
