/**
 * The data files of a generated project (tools.json, server.json, prompts.json) have one
 * contract: the JSON Schemas in schemas/mcp/. The generator's types and the generated server's
 * types (and the schemas the generated project's own tests check the files against) are one file
 * generated from those schemas, src/mcp/data-types.ts = templates/mcp-server/src/data-types.ts.
 * Here: that file is up to date on both sides, and what the generator writes for fixtures and
 * corpus documents is exactly what the schemas allow.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDocument } from '../../src/core/prepare.js';
import { loadDocument } from '../../src/document/load.js';
import { generateServer } from '../../src/mcp/generate.js';
import * as templateTypes from '../../templates/mcp-server/src/data-types.js';
import { corpusDir, hasCorpus, repoRoot } from '../helpers/corpus.js';
import { fixtures, removeDir, tempDir } from './helpers.js';

// @ts-expect-error -- a build script (plain JavaScript, no declarations)
const script = (await import('../../scripts/mcp-data-types.mjs')) as { render(): string; TARGETS: string[]; DATA_FILES: Array<{ file: string; schema: string; constant: string }>; SCHEMA_DIR: string };

const schemas = Object.fromEntries(script.DATA_FILES.map((d) => [d.file, JSON.parse(readFileSync(path.join(script.SCHEMA_DIR, d.schema), 'utf8')) as Record<string, unknown>]));
const ajv = new Ajv2020({ strict: true, allErrors: true, logger: false });
const validators: Record<string, ValidateFunction> = Object.fromEntries(Object.entries(schemas).map(([file, s]) => [file, ajv.compile(s)]));

function problems(file: string, data: unknown): string[] {
  const v = validators[file]!;
  return v(data) ? [] : (v.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) removeDir(d);
});

/** Generates a project into a temp folder (the library call behind `apictl mcp generate`). */
async function generateProject(file: string, opts: { refRoot?: string; config?: string } = {}): Promise<string | undefined> {
  const loaded = await loadDocument({ path: file }, { refRoot: opts.refRoot });
  const prepared = await prepareDocument(loaded, { target: '3.0' });
  const kind = prepared.outputKind === 'swagger-2.0' ? 'openapi-3.0' : prepared.outputKind;
  const out = tempDir('apictl-mcp-schema-');
  dirs.push(out);
  const r = generateServer({
    document: prepared.document as Record<string, unknown>,
    kind,
    spec: { title: path.basename(file), version: '1', file: path.basename(file) },
    outDir: out,
    cwd: out,
    configPath: opts.config,
    include: [],
    exclude: [],
    allowWrites: true,
    dryRun: false,
    force: false,
    generatorVersion: '0.0.0-test',
    invocation: 'apictl mcp generate',
  });
  return r.written ? out : undefined;
}

function expectValidProject(out: string): void {
  for (const { file } of script.DATA_FILES) {
    const data = JSON.parse(readFileSync(path.join(out, file), 'utf8')) as unknown;
    expect(problems(file, data), `${file} of ${out}`).toEqual([]);
  }
}

describe('the data-file contract (schemas/mcp/)', () => {
  it('data-types.ts is generated from the schemas, the same on the generator and the template side', () => {
    const text = script.render();
    for (const target of script.TARGETS) {
      expect(readFileSync(target, 'utf8'), `${path.relative(repoRoot, target)} is stale: run node scripts/mcp-data-types.mjs`).toBe(text);
    }
  });

  it('the template embeds exactly the schemas in schemas/mcp/ (what the generated server checks its files against)', () => {
    for (const { file, constant } of script.DATA_FILES) {
      expect((templateTypes as unknown as Record<string, unknown>)[constant], file).toEqual(schemas[file]);
    }
  });

  it('every object the schemas describe is closed, except JSON Schemas and _meta (open on purpose)', () => {
    const open: string[] = [];
    const walk = (s: unknown, at: string): void => {
      if (s === null || typeof s !== 'object') return;
      const o = s as Record<string, unknown>;
      if (o.type === 'object' && o.properties !== undefined && o.additionalProperties !== false) open.push(at);
      for (const [k, v] of Object.entries(o)) walk(v, `${at}/${k}`);
    };
    for (const [file, s] of Object.entries(schemas)) walk(s, file);
    expect(open).toEqual(['tools.json/$defs/ToolDefinition/properties/_meta']);
  });

  it('refuses what the server could not use: a missing field, a wrong type, an unknown field, an unknown value', () => {
    const tool = {
      definition: {
        name: 'get_pet',
        description: 'Get a pet',
        inputSchema: { type: 'object' },
        annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
        _meta: { 'apictl/tool': { method: 'GET', path: '/pets/{id}', category: 'read', spec: { title: 'P', version: '1' }, version: 'abc' }, team: 'pets' },
      },
      request: { method: 'GET', path: '/pets/{id}', params: [{ in: 'path', name: 'id', arg: 'id', required: true, style: 'simple', explode: false, pinned: { any: ['json'] } }] },
      output: { structured: false, wrap: false },
    };
    expect(problems('tools.json', { tools: [tool] })).toEqual([]);
    const broken = (edit: (t: typeof tool & Record<string, unknown>) => void) => {
      const t = structuredClone(tool) as typeof tool & Record<string, unknown>;
      edit(t);
      return problems('tools.json', { tools: [t] });
    };
    expect(broken((t) => delete (t.definition as Partial<typeof t.definition>).annotations)).not.toEqual([]);
    expect(broken((t) => ((t.request as Record<string, unknown>).params = 'id'))).not.toEqual([]);
    expect(broken((t) => (t.extra = 1))).not.toEqual([]);
    expect(broken((t) => ((t.request.params[0] as Record<string, unknown>).in = 'body'))).not.toEqual([]);
    expect(broken((t) => delete (t.definition._meta as Record<string, unknown>)['apictl/tool'])).not.toEqual([]);
    expect(problems('server.json', { name: 'x' })).not.toEqual([]);
    expect(problems('prompts.json', { prompts: [{ name: 'p', arguments: [], template: 't' }] })).not.toEqual([]);
  });

  it('the fixtures generate files the schemas accept (with prompts, quotas, classification, pinned values, OAuth)', async () => {
    const dir = tempDir('apictl-mcp-schema-cfg-');
    dirs.push(dir);
    const config = path.join(dir, 'mcp.yaml');
    writeFileSync(
      config,
      readFileSync(path.join(fixtures, 'shop-mcp.yaml'), 'utf8') +
        '\nquotas:\n  perCaller: [1000/day, 60/min]\n' +
        'prompts:\n  find-pets:\n    description: Find pets of a kind\n    arguments: [{ name: kind, description: the kind, required: true }]\n    template: "List the {{kind}} pets."\n',
    );
    const shop = await generateProject(path.join(fixtures, 'shop-3.0.yaml'), { config });
    expect(shop).toBeDefined();
    expectValidProject(shop!);
    const server = JSON.parse(readFileSync(path.join(shop!, 'server.json'), 'utf8'));
    expect(server.quotas.perCaller).toEqual(['1000/day', '60/min']);
    expect(JSON.parse(readFileSync(path.join(shop!, 'prompts.json'), 'utf8')).prompts).toHaveLength(1);
    for (const f of ['legacy-2.0.yaml', 'pets-oauth-3.1.yaml']) {
      const out = await generateProject(path.join(fixtures, f));
      expect(out, f).toBeDefined();
      expectValidProject(out!);
    }
  });

  const CORPUS: Array<[string, string | undefined]> = [
    ['small/oai-petstore-2.0.json', undefined],
    ['small/oai-uspto-3.0.yaml', undefined],
    ['small/oai-non-oauth-scopes-3.1.yaml', undefined],
    ['small/redocly-museum-3.1.yaml', undefined],
    ['multi/oai-petstore-separate-2.0/spec/swagger.yaml', 'multi/oai-petstore-separate-2.0'],
    ['swagger2/26-Azure-swagger_body-binary.json', undefined],
    ['swagger2/29-Azure-swagger_media_types.json', undefined],
    ['medium/asana.yaml', undefined],
    ['medium/twilio_api_v2010.json', undefined],
  ];
  it.skipIf(!hasCorpus).each(CORPUS)('corpus: %s generates files the schemas accept', async (file, refRoot) => {
    const out = await generateProject(path.join(corpusDir, file), { refRoot: refRoot && path.join(corpusDir, refRoot) });
    expect(out).toBeDefined();
    expectValidProject(out!);
  });
});
