/**
 * Planning MCP servers for the shared corpus of real descriptions: every spec yields valid,
 * unique tool names and schemas that both the server's validator (JSON Schema 2020-12) and the
 * SDK client's validator compile — a schema the client cannot compile breaks tools/list for
 * every tool. Generated projects are served from the corpus in e2e.test.ts.
 */
import path from 'node:path';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { prepareDocument } from '../../src/core/prepare.js';
import { loadDocument } from '../../src/document/load.js';
import { NO_CONFIG } from '../../src/mcp/config.js';
import { planServer } from '../../src/mcp/plan.js';
import { corpusDir, hasCorpus } from '../helpers/corpus.js';

/** [file, ref root (relative to the corpus), minimum tools with --allow-writes] */
const SPECS: Array<[string, string | undefined, number]> = [
  ['small/oai-petstore-2.0.json', undefined, 3],
  ['small/oai-petstore-expanded-3.0.yaml', undefined, 4],
  ['small/oai-uber-2.0.yaml', undefined, 5],
  ['small/oai-uspto-3.0.yaml', undefined, 3],
  ['small/oai-link-example-3.0.yaml', undefined, 6],
  ['small/oai-callback-example-3.0.yaml', undefined, 1],
  ['small/oai-non-oauth-scopes-3.1.yaml', undefined, 1],
  ['small/oai-webhook-example-3.1.yaml', undefined, 0],
  ['small/redocly-museum-3.1.yaml', undefined, 8],
  ['multi/oai-petstore-separate-2.0/spec/swagger.yaml', 'multi/oai-petstore-separate-2.0', 4],
  ['swagger2/01-go-swagger-canary_bitbucket.org_swagger.json', undefined, 100],
  ['swagger2/02-go-swagger-canary_docker_swagger.json', undefined, 40],
  ['swagger2/05-go-swagger-canary_petstore_swagger.json', undefined, 19], // 20 operations, one deprecated (not selected by default)
  ['swagger2/08-go-swagger-bugs_1277_fixture-cloudbreak-1277.json', undefined, 200],
  ['swagger2/09-go-swagger-bugs_1614_gitea.json', undefined, 150],
  ['swagger2/10-go-swagger-bugs_1753_fixture-1753.yaml', undefined, 70],
  ['swagger2/24-Azure-swagger_reserved-words.json', undefined, 7],
  ['swagger2/26-Azure-swagger_body-binary.json', undefined, 3],
  ['swagger2/28-Azure-swagger_multiple-inheritance.json', undefined, 10],
  ['swagger2/29-Azure-swagger_media_types.json', undefined, 7],
  ['medium/asana.yaml', undefined, 150],
  ['medium/twilio_api_v2010.json', undefined, 190],
  ['multi/digitalocean/DigitalOcean-public.v2.yaml', undefined, 600],
];

describe.skipIf(!hasCorpus)('MCP plans for the corpus (../shared/corpus)', () => {
  const sdkValidator = new AjvJsonSchemaValidator();
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });

  it.each(SPECS)(
    '%s',
    async (file, refRoot, minTools) => {
      const loaded = await loadDocument({ path: path.join(corpusDir, file) }, { refRoot: refRoot && path.join(corpusDir, refRoot) });
      const prepared = await prepareDocument(loaded, { target: '3.0' });
      const kind = prepared.outputKind === 'swagger-2.0' ? 'openapi-3.0' : prepared.outputKind;
      const plan = planServer({ document: prepared.document, kind, config: NO_CONFIG, include: [], exclude: [], allowWrites: true, spec: { title: file, version: '1', hash: 'h' } });
      expect(plan.tools.length).toBeGreaterThanOrEqual(minTools);
      expect(plan.report.length).toBeGreaterThanOrEqual(plan.tools.length);
      const names = new Set<string>();
      for (const t of plan.tools) {
        const d = t.definition;
        expect(d.name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
        expect(names.has(d.name.toLowerCase()), d.name).toBe(false);
        names.add(d.name.toLowerCase());
        expect(d.description.length).toBeLessThanOrEqual(1024);
        // no words that tell an agent nothing, and no links into a documentation renderer
        const texts = [d.description, ...Object.values((d.inputSchema.properties as Record<string, { description?: string }> | undefined) ?? {}).map((x) => x.description ?? '')];
        for (const text of texts) {
          expect(text, d.name).not.toMatch(/Returns: (?:no error|ok|success|successful operation)\b/i);
          expect(text, d.name).not.toMatch(/\b(path|query|header|cookie) parameter\b[^()]*\(\1 parameter\)/i);
          expect(text, d.name).not.toMatch(/\]\(#(?:operation|tag|section|schema)[/-]/);
        }
        expect(Object.keys(d.annotations).sort()).toEqual(['destructiveHint', 'idempotentHint', 'openWorldHint', 'readOnlyHint', 'title']);
        for (const schema of [d.inputSchema, d.outputSchema]) {
          if (!schema) continue;
          expect(schema.type, d.name).toBe('object');
          expect(() => ajv.compile(schema), d.name).not.toThrow();
          // The SDK client compiles output schemas when it lists tools.
          if (schema === d.outputSchema) expect(() => sdkValidator.getValidator(schema as never), d.name).not.toThrow();
          for (const p of Object.keys((schema === d.inputSchema ? (schema.properties as object | undefined) : undefined) ?? {})) expect(p).toMatch(/^[A-Za-z0-9_.-]{1,64}$/);
        }
        // Every argument maps back to exactly one place in the request.
        const args = Object.keys((d.inputSchema.properties as object | undefined) ?? {});
        const mapped = [...t.request.params.map((p) => p.arg), t.request.body?.arg, ...Object.keys(t.request.body?.fields ?? {})].filter(Boolean);
        expect(new Set(mapped).size, d.name).toBe(mapped.length);
        expect([...mapped].sort(), d.name).toEqual([...args].sort());
      }
      if (plan.estimatedTokens > 25_000 || plan.tools.length > 80) expect(plan.warnings.map((w) => w.code)).toContain('mcp-large-tool-list');
    },
    60_000,
  );
});
