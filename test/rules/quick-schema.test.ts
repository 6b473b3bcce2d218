/**
 * The quick option check (rulesets/functions/lib/quick-schema.js) stands in for ajv on the hot
 * path: for apictl's functions, and for Spectral's own in the lint engine bundle. It may be unsure
 * (then ajv decides), but it must never accept what ajv rejects. Checked against ajv, configured as
 * spectral-core configures it, on the option schemas of every Spectral function and every apictl
 * function, over values built from each schema's own properties.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileQuick } from '../../rulesets/functions/lib/quick-schema.js';
import { repoRoot } from '../helpers/corpus.js';

const require = createRequire(import.meta.url);
type Validate = ((d: unknown) => boolean) & { errors?: unknown };
const Ajv = require('ajv') as new (o: object) => { compile(s: unknown): Validate };
const ajvErrors = require('ajv-errors') as (a: unknown) => void;
const ajvFormats = require('ajv-formats') as (a: unknown) => void;
// spectral-core's ruleset/function.js settings
const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: true, keywords: ['x-internal'] });
ajvErrors(ajv);
ajvFormats(ajv);

const BASE: unknown[] = [null, true, false, 0, 1, -1, 1.5, 3, 100, '', 'x', 'camel', '^a$', '/x/i', 'query', [], ['a'], [1, 2], [null], [{}], {}, { a: 1 }, /x/];

/** Values to try against a schema: the base values, and objects made of its properties with base values (one and two at a time). */
function samples(schema: unknown): unknown[] {
  const out = [...BASE];
  const props = schema && typeof schema === 'object' ? Object.keys((schema as { properties?: object }).properties ?? {}) : [];
  for (const p of props) for (const v of BASE) out.push({ [p]: v });
  for (const p of props) for (const q of props) if (p < q) for (const v of BASE.slice(9, 20)) out.push({ [p]: v, [q]: v });
  out.push({ ...Object.fromEntries(props.map((p) => [p, 'x'])), extra: 1 });
  return out;
}

function agreesWithAjv(name: string, schema: unknown): { sure: number; tried: number } {
  const quick = compileQuick(schema) as ((d: unknown) => boolean) | undefined;
  if (quick === undefined) return { sure: 0, tried: 0 };
  const validate = ajv.compile(schema);
  let sure = 0;
  const values = samples(schema);
  for (const v of values) {
    if (!quick(v)) continue;
    sure++;
    expect(validate(v), `${name}: quick check accepted ${JSON.stringify(v)} that ajv rejects`).toBe(true);
  }
  return { sure, tried: values.length };
}

describe('quick option check', () => {
  it("never accepts options ajv rejects: Spectral's functions", () => {
    const { optionSchemas } = require('@stoplight/spectral-functions/dist/optionSchemas.js') as { optionSchemas: Record<string, unknown> };
    let covered = 0;
    for (const [name, schema] of Object.entries(optionSchemas)) {
      if (schema === null) continue;
      if (agreesWithAjv(name, schema).sure > 0) covered++;
    }
    // pattern and enumeration (the ones apictl's rules use) are handled without ajv
    expect(compileQuick(optionSchemas.pattern)).toBeTypeOf('function');
    expect(compileQuick(optionSchemas.enumeration)).toBeTypeOf('function');
    expect(covered).toBeGreaterThanOrEqual(4);
  });

  it("never accepts options ajv rejects: apictl's functions", async () => {
    const dir = path.join(repoRoot, 'rulesets', 'functions');
    let schemas = 0;
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.js'))) {
      const fn = ((await import(pathToFileURL(path.join(dir, f)).href)) as { default: { schemas?: { options: unknown } } }).default;
      const options = fn.schemas?.options;
      if (options === null || options === undefined) continue;
      schemas++;
      agreesWithAjv(f, options);
    }
    expect(schemas).toBeGreaterThan(50);
  });

  it('handles anyOf, allOf, minProperties and ignores annotations', () => {
    const q = compileQuick({
      type: 'object',
      minProperties: 1,
      properties: { m: { anyOf: [{ type: 'string' }, { type: 'integer', minimum: 2 }], errorMessage: 'm must be…' } },
      allOf: [{ required: ['m'] }],
      'x-internal': true,
    }) as (d: unknown) => boolean;
    expect(q({ m: 'a' })).toBe(true);
    expect(q({ m: 3 })).toBe(true);
    expect(q({ m: 1 })).toBe(false);
    expect(q({})).toBe(false);
    expect(q({ n: 'a' })).toBe(false);
    expect(compileQuick({ oneOf: [{ type: 'string' }] })).toBeUndefined();
  });

  it("leaves a type it does not know to ajv, even one named like an object's inherited member", () => {
    for (const type of ['constructor', 'toString', 'hasOwnProperty', 'date']) expect(compileQuick({ type }), type).toBeUndefined();
    expect(compileQuick({ type: ['string', 'constructor'] })).toBeUndefined();
  });
});
