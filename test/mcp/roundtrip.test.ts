/**
 * Shrinking a tool's schemas to their size budget may only loosen them: every answer (and every
 * argument set) the exact schema accepts, the shipped schema accepts too. For every tool of every
 * corpus document (the first 20 shrunk schemas of each), instances are generated from the exact
 * schema (one per branch of a top-level oneOf/anyOf) and validated against the shipped one, with
 * the validator settings of the generated server.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as formatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { prepareDocument } from '../../src/core/prepare.js';
import { loadDocument } from '../../src/document/load.js';
import { NO_CONFIG } from '../../src/mcp/config.js';
import { planServer } from '../../src/mcp/plan.js';
import { corpusDir, hasCorpus } from '../helpers/corpus.js';

type Schema = Record<string, unknown>;
const isObj = (v: unknown): v is Schema => v !== null && typeof v === 'object' && !Array.isArray(v);
const NONE = Symbol('none');

/** A value the schema accepts, built from its keywords (NONE when this sampler cannot make one). */
function sample(s: unknown, defs: Schema, depth: number): unknown {
  if (s === true || s === undefined) return 'x';
  if (!isObj(s) || depth > 12) return NONE;
  if (typeof s.$ref === 'string') {
    const name = s.$ref.replace(/^#\/\$defs\//, '');
    return s.$ref.startsWith('#/$defs/') && isObj(defs[name]) ? sample({ ...defs[name], ...without(s, '$ref') }, defs, depth + 1) : NONE;
  }
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum.find((v) => v !== null) ?? s.enum[0];
  if (Array.isArray(s.allOf)) {
    let out: unknown = isObj(s.properties) || s.type === 'object' ? sample(without(s, 'allOf'), defs, depth + 1) : undefined;
    for (const part of s.allOf) {
      const v = sample(part, defs, depth + 1);
      if (v === NONE) return NONE;
      out = isObj(out) && isObj(v) ? { ...out, ...v } : (out ?? v);
    }
    return out;
  }
  for (const k of ['oneOf', 'anyOf'] as const) if (Array.isArray(s[k]) && s[k].length > 0) return sample({ ...without(s, k), ...(s[k][0] as Schema) }, defs, depth + 1);
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : isObj(s.properties) ? ['object'] : isObj(s.items) ? ['array'] : ['string'];
  const type = types.find((t) => t !== 'null') ?? 'null';
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const props = isObj(s.properties) ? s.properties : {};
      const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
      for (const [k, v] of Object.entries(props)) {
        if (!required.has(k) && depth > 4) continue;
        const x = sample(v, defs, depth + 1);
        if (x === NONE) {
          if (required.has(k)) return NONE;
          continue;
        }
        out[k] = x;
      }
      for (const k of required) if (!(k in out)) return NONE;
      return out;
    }
    case 'array': {
      const n = typeof s.minItems === 'number' ? s.minItems : 1;
      const item = sample(s.items, defs, depth + 1);
      if (item === NONE) return n === 0 ? [] : NONE;
      return Array.from({ length: Math.min(n, 3) || 1 }, () => item);
    }
    case 'integer':
    case 'number': {
      const lo = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 0;
      const v = type === 'integer' ? Math.ceil(lo) : lo;
      return typeof s.multipleOf === 'number' ? Math.ceil(v / s.multipleOf) * s.multipleOf : v;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default: {
      if (typeof s.pattern === 'string') return NONE;
      const byFormat: Record<string, string> = { 'date-time': '2024-01-02T03:04:05Z', date: '2024-01-02', time: '03:04:05Z', email: 'a@example.com', uri: 'https://example.com/x', uuid: '123e4567-e89b-12d3-a456-426614174000', ipv4: '192.0.2.1', ipv6: '2001:db8::1', hostname: 'example.com', byte: 'eA==' };
      const base = (typeof s.format === 'string' ? byFormat[s.format] : undefined) ?? 'x';
      const min = typeof s.minLength === 'number' ? s.minLength : 0;
      return base.length >= min ? base : base.padEnd(min, 'x');
    }
  }
}

function without(s: Schema, key: string): Schema {
  const { [key]: _drop, ...rest } = s;
  return rest;
}

/** One instance per branch of a top-level oneOf/anyOf (through a root $ref), else one. */
function samples(schema: Schema): unknown[] {
  const defs = isObj(schema.$defs) ? schema.$defs : {};
  let root: Schema = schema;
  if (typeof root.$ref === 'string' && isObj(defs[root.$ref.replace(/^#\/\$defs\//, '')])) root = defs[root.$ref.replace(/^#\/\$defs\//, '')] as Schema;
  const branches = (Array.isArray(root.oneOf) ? root.oneOf : Array.isArray(root.anyOf) ? root.anyOf : undefined) as unknown[] | undefined;
  const out = (branches ?? [root]).map((b) => sample(branches ? { ...without(without(root, 'oneOf'), 'anyOf'), ...(b as Schema) } : b, defs, 0));
  return out.filter((x) => x !== NONE);
}

const SPECS = ['small', 'medium', 'huge', 'swagger2'].flatMap((set) =>
  hasCorpus ? readdirSync(path.join(corpusDir, set)).filter((f) => /\.(json|ya?ml)$/.test(f)).map((f) => `${set}/${f}`) : [],
);

describe.skipIf(!hasCorpus)('schemas shrunk to their budget accept what the exact schemas accept', () => {
  type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
  const addFormats = (formatsModule as unknown as { default?: FormatsPlugin }).default ?? (formatsModule as unknown as FormatsPlugin);
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: false, logger: false, validateFormats: true }));

  const totals = { checked: 0, sampled: 0 };

  it.each([...SPECS, 'multi/digitalocean/DigitalOcean-public.v2.yaml'])('%s', async (file) => {
    const refRoot = file.startsWith('multi/digitalocean') ? path.join(corpusDir, 'multi/digitalocean') : undefined;
    const loaded = await loadDocument({ path: path.join(corpusDir, file) }, refRoot ? { refRoot } : {});
    const prepared = await prepareDocument(loaded, { target: '3.0' });
    if (prepared.outputKind === 'swagger-2.0') return; // not convertible (a pure-ref cycle): nothing to plan
    const kind = prepared.outputKind;
    const base = { document: prepared.document, kind, include: [], exclude: [], allowWrites: true, spec: { title: file, version: '1', hash: 'h' } } as const;
    const shipped = planServer({ ...base, config: NO_CONFIG });
    const exact = planServer({ ...base, config: { ...NO_CONFIG, config: { inputSchemaMaxBytes: 1e9, outputSchemaMaxBytes: 1e9 } } });
    const exactByName = new Map(exact.tools.map((t) => [t.definition.name, t.definition]));
    const broken: string[] = [];
    // compiling a huge schema costs ≈ 0.3 s: the first 20 shrunk schemas of a document (by tool name) are checked
    let budget = 20;
    let checked = 0;
    let sampled = 0;
    for (const t of shipped.tools) {
      const full = exactByName.get(t.definition.name);
      if (!full) continue;
      for (const which of ['inputSchema', 'outputSchema'] as const) {
        const small = t.definition[which] as Schema | undefined;
        const big = full[which] as Schema | undefined;
        if (!small || !big || JSON.stringify(small) === JSON.stringify(big) || budget-- <= 0) continue;
        checked++;
        const check = ajv.compile(small);
        const truth = ajv.compile(big);
        for (const value of samples(big)) {
          if (!truth(value)) continue; // this sampler's miss, not the tool's
          sampled++;
          if (!check(value)) broken.push(`${t.definition.name} ${which}: ${ajv.errorsText(check.errors)} for ${JSON.stringify(value).slice(0, 200)}`);
        }
      }
    }
    totals.checked += checked;
    totals.sampled += sampled;
    expect(broken).toEqual([]);
  }, 120_000);

  // the corpus really shrinks schemas (Kubernetes, Stripe, DigitalOcean, Asana …): the check above is not empty
  it('checked shrunk schemas against answers the exact schemas accept', () => {
    expect(totals.checked).toBeGreaterThanOrEqual(50);
    expect(totals.sampled).toBeGreaterThanOrEqual(50);
  });
});
