/**
 * Shrinking a tool's schemas to their size budget may only loosen them: every answer (and every
 * argument set) the exact schema accepts, the shipped schema accepts too. For every tool of every
 * corpus document (the first 20 shrunk schemas of each, in both schema forms: `$defs` and inline),
 * instances are generated from the exact schema and validated against the shipped one, with the
 * validator settings of the generated server. (Every tool is called with sampled answers in
 * corpus-calls.test.ts; this file pins the shrinking itself, in both forms.)
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
import { type Schema, variants } from './sample.js';

/** Instances of the exact schema: each variant of the shared sampler, rooted at the schema (its `$defs`). */
const samples = (schema: Schema, which: 'inputSchema' | 'outputSchema'): unknown[] => variants(schema, schema, which === 'inputSchema' ? 'request' : 'response', 4);

const SPECS = ['small', 'medium', 'huge', 'swagger2'].flatMap((set) =>
  hasCorpus
    ? readdirSync(path.join(corpusDir, set))
        .filter((f) => /\.(json|ya?ml)$/.test(f))
        .map((f) => `${set}/${f}`)
    : [],
);

describe.skipIf(!hasCorpus)('schemas shrunk to their budget accept what the exact schemas accept', () => {
  type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
  const addFormats = (formatsModule as unknown as { default?: FormatsPlugin }).default ?? (formatsModule as unknown as FormatsPlugin);
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: false, logger: false, validateFormats: true }));

  const totals = { checked: 0, sampled: 0 };

  it.each([...SPECS, 'multi/digitalocean/DigitalOcean-public.v2.yaml'])(
    '%s',
    async (file) => {
      const refRoot = file.startsWith('multi/digitalocean') ? path.join(corpusDir, 'multi/digitalocean') : undefined;
      const loaded = await loadDocument({ path: path.join(corpusDir, file) }, refRoot ? { refRoot } : {});
      const prepared = await prepareDocument(loaded, { target: '3.0' });
      if (prepared.outputKind === 'swagger-2.0') return; // not convertible (a pure-ref cycle): nothing to plan
      const kind = prepared.outputKind;
      const base = { document: prepared.document, kind, include: [], exclude: [], allowWrites: true, spec: { title: file, version: '1', hash: 'h' } } as const;
      const shippedForms = [planServer({ ...base, config: NO_CONFIG }), planServer({ ...base, config: NO_CONFIG, inlineSchemas: true })];
      const exact = planServer({ ...base, config: { ...NO_CONFIG, config: { inputSchemaMaxBytes: 1e9, outputSchemaMaxBytes: 1e9 } } });
      const exactByName = new Map(exact.tools.map((t) => [t.definition.name, t.definition]));
      // inline mode flattens object bodies into arguments where the $defs form keeps `body`: its input
      // schemas are compared with the unbudgeted inline form; its output schemas, with the exact $defs form
      const exactInline = planServer({ ...base, inlineSchemas: true, config: { ...NO_CONFIG, config: { inputSchemaMaxBytes: 1e9, outputSchemaMaxBytes: 1e9 } } });
      const exactInlineByName = new Map(exactInline.tools.map((t) => [t.definition.name, t.definition]));
      const broken: string[] = [];
      let checked = 0;
      let sampled = 0;
      for (const shipped of shippedForms) {
        // compiling a huge schema costs ≈ 0.3 s: the first 20 shrunk schemas of a document (by tool name) are checked
        let budget = 20;
        for (const t of shipped.tools) {
          for (const which of ['inputSchema', 'outputSchema'] as const) {
            const full = (shipped === shippedForms[1] && which === 'inputSchema' ? exactInlineByName : exactByName).get(t.definition.name);
            const small = t.definition[which] as Schema | undefined;
            const big = full?.[which] as Schema | undefined;
            if (!small || !big || JSON.stringify(small) === JSON.stringify(big) || budget-- <= 0) continue;
            checked++;
            const check = ajv.compile(small);
            const truth = ajv.compile(big);
            for (const value of samples(big, which)) {
              if (!truth(value)) continue; // this sampler's miss, not the tool's
              sampled++;
              if (!check(value))
                broken.push(`${t.definition.name} ${which}${shipped === shippedForms[1] ? ' (inline)' : ''}: ${ajv.errorsText(check.errors)} for ${JSON.stringify(value).slice(0, 200)}`);
            }
          }
        }
      }
      totals.checked += checked;
      totals.sampled += sampled;
      expect(broken).toEqual([]);
    },
    120_000,
  );

  // the corpus really shrinks schemas (Kubernetes, Stripe, DigitalOcean, Asana …): the check above is not empty
  it('checked shrunk schemas against answers the exact schemas accept', () => {
    expect(totals.checked).toBeGreaterThanOrEqual(50);
    expect(totals.sampled).toBeGreaterThanOrEqual(50);
  });
});
