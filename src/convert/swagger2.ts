/**
 * Swagger 2.0 → OpenAPI 3.0 / 3.1: swagger2openapi converts, apictl makes the result right.
 *
 * 1. Clone the input once (it is never modified), unless the caller hands it over (`consumeInput`).
 * 2. Pre-process the clone: repairs that must happen before swagger2openapi sees the document
 *    (each returns the post-step that finishes its work on the output).
 * 3. swagger2openapi.
 * 4. Post-steps, then (only when needed) one sweep over the output: swagger2openapi's warnings,
 *    `__proto__` keys.
 * 5. Origin map; for 3.1, the upgrade (its notes are mapped back to the 2.0 input).
 */
import { InputError } from '../errors.js';
import { ConversionContext, type PostStep } from './context.js';
import { cloneJson, getPath, isObj, own, refSegments, type Obj } from './json.js';
import { componentNames } from './names.js';
import { buildOriginMap } from './origin-map.js';
import { prepareCollectionFormats } from './repairs/collection-format.js';
import { prepareExamples } from './repairs/examples.js';
import { repairFormFiles } from './repairs/form-files.js';
import { prepareParameters } from './repairs/parameters.js';
import { movePathLevelBodies } from './repairs/path-level-params.js';
import { repairSchemas } from './repairs/schemas.js';
import { indexOperations } from './repairs/sites.js';
import { prepareServers } from './repairs/servers.js';
import { runSwagger2openapi } from './s2o.js';
import { sweep } from './sweep.js';
import type { ConversionResult, ConvertOptions } from './types.js';
import { upgradeInPlace } from './upgrade-31.js';

/**
 * Converts a parsed Swagger 2.0 document (internal `$ref`s only) to OpenAPI 3.0.0, or 3.1.0 with
 * `target: '3.1'`. Returns the document, notes about every repair and hazard (sources are paths in
 * the input), and the origin map. Throws InputError when the input is not a 2.0 document or cannot
 * be converted. The input is not modified.
 */
export async function convertSwagger2(input: unknown, opts: ConvertOptions = {}): Promise<ConversionResult> {
  if (!isObj(input)) throw new InputError('expected a Swagger 2.0 document (an object)');
  const version = own(input, 'swagger');
  if (version !== '2.0' && version !== 2) {
    throw new InputError(`expected a Swagger 2.0 document, got ${version === undefined ? 'no swagger version' : `swagger ${JSON.stringify(version)}`}`);
  }
  const target = opts.target ?? '3.0';
  const ctx = new ConversionContext();
  const names = componentNames(input);

  // A `__proto__` key would be lost (or turned into a prototype) inside swagger2openapi, which copies
  // with Object.assign: it travels through under a unique placeholder and is restored afterwards.
  const placeholder = `__apictl_proto_${Math.random().toString(36).slice(2)}__`;
  const consumed = opts.consumeInput;
  const cloned = consumed ? { value: input, protoKeys: 0, nulls: consumed.noNulls !== true } : cloneJson(input, placeholder);
  const work = cloned.value as Obj;
  // A clone is a tree (shared subtrees become copies); a handed-over input, when its owner knows.
  const facts = { tree: consumed ? consumed.tree === true : true, noNulls: !cloned.nulls };
  if (version === 2) {
    work.swagger = '2.0';
    ctx.note('convert-swagger-version', 'info', 'swagger: 2.0 was a number (unquoted in YAML); read as "2.0"', ['swagger']);
  }

  // The loader's refs for a file referenced again (see ConvertOptions.bundleRefs), found now while
  // they are at their input paths and marked just before swagger2openapi: its name for the
  // component it makes of a ref's target comes from `x-miro` (which it then deletes), and no
  // repair sees the extra key beside `$ref`.
  const named: Array<{ ref: Obj; written: string }> = [];
  for (const r of opts.bundleRefs ?? []) {
    const node = getPath(work, cloned.protoKeys > 0 ? r.path.map((s) => (s === '__proto__' ? placeholder : s)) : r.path);
    if (isObj(node) && typeof node.$ref === 'string') named.push({ ref: node, written: r.written });
  }

  // Order matters: schema repairs run while every node is still at its input path; the path-level
  // move runs before the steps that look at an operation's parameters. These steps keep `facts`
  // true: they copy (cloneJson) what they put in a second place and write no null
  // (test/convert/s2o-facts.test.ts holds them to it).
  repairSchemas(work, ctx, { typeBesideNullable: target === '3.0' });
  movePathLevelBodies(work, ctx);
  const index = indexOperations(work, ctx);
  repairFormFiles(work, index, ctx);
  const post: PostStep[] = [
    prepareExamples(work, index, ctx, names),
    prepareCollectionFormats(work, index, ctx, names),
    prepareParameters(work, index, ctx, names.parameters),
    prepareServers(work, ctx),
  ];

  for (const n of named) if (typeof n.ref.$ref === 'string' && !Object.hasOwn(n.ref, 'x-miro')) n.ref['x-miro'] = n.written;
  const { openapi: doc3, warnings: warningCount, hoisted: hoistedRefs } = await runSwagger2openapi(work, facts);
  for (const step of post) step(doc3, ctx);
  const warnings = warningCount > 0 || cloned.protoKeys > 0 ? sweep(doc3, cloned.protoKeys > 0 ? placeholder : undefined) : [];

  const unplace = (path: string[]): string[] => (cloned.protoKeys > 0 ? path.map((s) => (s === placeholder ? '__proto__' : s)) : path);
  const explicit = new Map<string, string[]>();
  for (const [k, v] of ctx.origins) explicit.set(cloned.protoKeys > 0 ? k.split(placeholder).join('__proto__') : k, unplace(v));
  // Components swagger2openapi made from the targets of direct refs: where each came from.
  const hoisted = new Map<string, string[]>();
  for (const [from, to] of hoistedRefs) {
    const source = refSegments(from);
    const component = refSegments(to);
    if (source && component && component.length >= 3 && component[0] === 'components') hoisted.set(`${component[1]}\u0000${component[2]}`, unplace([...source]));
  }

  let upgradeNotes: ReturnType<typeof upgradeInPlace> = [];
  if (target === '3.1') upgradeNotes = upgradeInPlace(doc3, { collapseRefWrappers: true });

  let original: Obj | undefined;
  const pristine = consumed
    ? (): Obj => {
        if (original) return original;
        const v = consumed.original();
        if (!isObj(v)) throw new Error('consumeInput.original() did not return the document');
        return (original = v);
      }
    : input;
  const origin = buildOriginMap(pristine, doc3, names, explicit, hoisted);
  const notes = ctx.notes.map((n) => ({ ...n, source: unplace(n.source) }));
  for (const w of warnings) {
    notes.push({ code: 'convert-s2o-warning', severity: 'warn', message: `swagger2openapi: ${w.message}`, source: origin.originOf(w.path) });
  }
  for (const n of upgradeNotes) notes.push({ ...n, source: origin.originOf(n.source) });
  return { document: doc3, notes, origin };
}
