/**
 * Every tool schema is checked at generation time against the JSON Schema 2020-12 meta-schema,
 * with the validator the generated server uses (ajv, formats): a schema the server could not
 * compile would fail every call of its tool, so such a tool is left out with the reason instead.
 * (The meta-schema check, not a full compile: compiling every tool of a huge API costs seconds per
 * run, and the refs inside a tool's schema point into its own $defs by construction.)
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as formatsModule from 'ajv-formats';

type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
const addFormats = (formatsModule as unknown as { default?: FormatsPlugin }).default ?? (formatsModule as unknown as FormatsPlugin);

let ajv: Ajv2020 | undefined;
/** Component schemas are shared by the tools that use them: each is checked once. */
const checked = new WeakMap<object, string | undefined>();

function check(schema: object): string | undefined {
  // the first problem is all the report says: no need to collect every error
  ajv ??= addFormats(new Ajv2020({ strict: false, allErrors: false, logger: false, validateFormats: true }));
  if (ajv.validateSchema(schema)) return undefined;
  return `schema is invalid: ${ajv.errorsText(ajv.errors, { dataVar: 'data' }).split(', ')[0]}`;
}

/** Why the schema cannot be compiled, or undefined when it can. */
export function schemaProblem(schema: object): string | undefined {
  const { $defs, ...root } = schema as { $defs?: Record<string, object> };
  const own = check(root);
  if (own !== undefined) return own;
  for (const [name, def] of Object.entries($defs ?? {})) {
    if (def === null || typeof def !== 'object') continue;
    if (!checked.has(def)) checked.set(def, check(def));
    const problem = checked.get(def);
    if (problem !== undefined) return problem.replace(/^schema is invalid: data/, `schema is invalid: data/$defs/${name}`);
  }
  return undefined;
}
