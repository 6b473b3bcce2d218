/**
 * Every tool of every corpus document, generated, built and called: the upstream answers with a
 * value sampled from the API's own response schema (in the description, not in the tool), the
 * arguments are sampled from the tool's exact input schema (before shrinking). A call must reach
 * the upstream and come back as a normal result whose structuredContent the server accepted.
 * Where the shipped server refuses a sample, the exact schema (compiled then, so the run stays
 * fast) decides whether the sample was invalid (this sampler's miss, counted) or the tool wrong.
 */
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as formatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDocument } from '../../src/core/prepare.js';
import { loadDocument } from '../../src/document/load.js';
import { NO_CONFIG } from '../../src/mcp/config.js';
import { planServer } from '../../src/mcp/plan.js';
import type { GeneratedTool } from '../../src/mcp/types.js';
import { corpusDir, hasCorpus } from '../helpers/corpus.js';
import { buildProject, generate, linkNodeModules, removeDir, sendJson, startServer, startUpstream, tempDir, textOf, type Upstream } from './helpers.js';
import { type Schema, variants } from './sample.js';

const isObj = (v: unknown): v is Schema => v !== null && typeof v === 'object' && !Array.isArray(v);

const SPECS: Array<[string, string | undefined]> = [
  ...['small', 'medium', 'huge', 'swagger2'].flatMap((set) =>
    hasCorpus
      ? readdirSync(path.join(corpusDir, set))
          .filter((f) => /\.(json|ya?ml)$/.test(f))
          .map((f): [string, string | undefined] => [`${set}/${f}`, undefined])
      : [],
  ),
  ['multi/digitalocean/DigitalOcean-public.v2.yaml', 'multi/digitalocean'],
  ['multi/oai-petstore-separate-2.0/spec/swagger.yaml', 'multi/oai-petstore-separate-2.0'],
];

/** The JSON schema and status of the success response the generator picks (same order: 2xx ascending, 2XX, default). */
function successResponse(doc: Schema, method: string, pathKey: string): { status: number; schema?: unknown } {
  const op = (doc.paths as Schema)?.[pathKey] as Schema | undefined;
  const responses = (op?.[method.toLowerCase()] as Schema | undefined)?.responses as Schema | undefined;
  if (!isObj(responses)) return { status: 200 };
  const codes = Object.keys(responses)
    .filter((c) => /^2\d\d$/.test(c))
    .sort();
  if ('2XX' in responses) codes.push('2XX');
  if (codes.length === 0 && 'default' in responses) codes.push('default');
  const deref = (v: unknown): unknown => {
    for (let i = 0; i < 8 && isObj(v) && typeof v.$ref === 'string' && v.$ref.startsWith('#/'); i++) {
      v = v.$ref
        .slice(2)
        .split('/')
        .reduce<unknown>((at, k) => (isObj(at) ? at[k.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
    }
    return v;
  };
  for (const code of codes) {
    const r = deref(responses[code]);
    if (!isObj(r) || !isObj(r.content)) continue;
    const type = Object.keys(r.content).find((t) => /^application\/([\w.-]+\+)?json\b|^\*\/\*$/.test(t.toLowerCase()));
    const status = /^2\d\d$/.test(code) && !['204', '205'].includes(code) ? Number(code) : 200;
    return { status, schema: type ? (r.content[type] as Schema)?.schema : undefined };
  }
  return { status: 200 };
}

describe.skipIf(!hasCorpus)('every tool of every corpus document: sampled arguments and answers pass the generated server', () => {
  type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
  const addFormats = (formatsModule as unknown as { default?: FormatsPlugin }).default ?? (formatsModule as unknown as FormatsPlugin);
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: false, logger: false, validateFormats: true }));

  let work: string;
  let upstream: Upstream;
  let built: string;
  /** What the upstream answers next (calls are sequential). */
  let next: { status: number; body: unknown } = { status: 200, body: {} };
  const totals = { tools: 0, calls: 0, structured: 0, missed: [] as string[] };

  beforeAll(async () => {
    work = tempDir('apictl-corpus-calls-');
    upstream = await startUpstream((s, res) => {
      if (s.path === '/token') return sendJson(res, 200, { access_token: 'sampled-access-token', token_type: 'Bearer', expires_in: 3600 });
      sendJson(res, next.status, next.body);
    });
    built = path.join(work, 'template');
    const g = await generate([path.join(corpusDir, 'small/oai-petstore-expanded-3.0.yaml'), '-o', built, '--db', path.join(work, 'apictl.db')]);
    expect(g.code, g.stderr).toBe(0);
    await buildProject(built);
  }, 240_000);

  afterAll(async () => {
    await upstream?.close();
    if (work) removeDir(work);
  });

  it.each(SPECS)(
    '%s',
    async (file, refRoot) => {
      const name = file.replace(/[^a-z0-9]+/gi, '-');
      const dir = path.join(work, name);
      const g = await generate([path.join(corpusDir, file), '-o', dir, '--allow-writes', '--db', path.join(work, 'apictl.db'), ...(refRoot ? ['--ref-root', path.join(corpusDir, refRoot)] : [])]);
      if (g.code === 1 && /no operation was selected/.test(g.stdout + g.stderr)) return; // a description without callable operations
      expect(g.code, g.stderr).toBe(0);
      cpSync(path.join(built, 'dist'), path.join(dir, 'dist'), { recursive: true });
      linkNodeModules(dir);

      const loaded = await loadDocument({ path: path.join(corpusDir, file) }, refRoot ? { refRoot: path.join(corpusDir, refRoot) } : {});
      const prepared = await prepareDocument(loaded, { target: '3.0' });
      const doc = prepared.document as Schema;
      const kind = prepared.outputKind === 'swagger-2.0' ? 'openapi-3.0' : prepared.outputKind;
      const exact = planServer({
        document: prepared.document,
        kind,
        include: [],
        exclude: [],
        allowWrites: true,
        spec: { title: file, version: '1', hash: 'h' },
        config: { ...NO_CONFIG, config: { inputSchemaMaxBytes: 1e9, outputSchemaMaxBytes: 1e9 } },
      });
      const exactByName = new Map(exact.tools.map((t) => [t.definition.name, t.definition]));
      const tools = (JSON.parse(readFileSync(path.join(dir, 'tools.json'), 'utf8')) as { tools: GeneratedTool[] }).tools;

      // every credential the project reads gets a value; token endpoints are the local upstream
      const env: Record<string, string> = {};
      for (const m of readFileSync(path.join(dir, '.env.example'), 'utf8').matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)) {
        const v = m[1]!;
        if (v === 'API_BASE_URL' || v.startsWith('MCP_')) continue;
        env[v] = v.endsWith('TOKEN_URL') ? `${upstream.base}/token` : `sampled-${v.toLowerCase()}-value`;
      }
      const server = await startServer(dir, {
        ...env,
        API_BASE_URL: `${upstream.base}/api`,
        MCP_AUDIT_LOG: path.join(work, 'audit', `${name}.jsonl`),
        MCP_RATE_LIMIT_PER_MINUTE: '1000000',
        MCP_TOOLSETS: 'all',
        MCP_MAX_RESPONSE_BYTES: '10000000',
      });
      const failures: string[] = [];
      const misses: string[] = [];
      const oracle = (schema: Schema | undefined, value: unknown): boolean => (schema ? ajv.compile(schema)(value) : true);
      try {
        for (const tool of tools) {
          const def = exactByName.get(tool.definition.name);
          expect(def, `${tool.definition.name} is planned the same way in process`).toBeDefined();
          totals.tools++;
          const argSets = variants(def!.inputSchema, def!.inputSchema, 'request', 2);
          const { status, schema } = successResponse(doc, tool.request.method, tool.request.path);
          const answers = schema === undefined ? [{ ok: true }] : variants(doc, schema, 'response', 3);
          if (argSets.length === 0 || answers.length === 0) {
            misses.push(`${tool.definition.name}: no ${argSets.length === 0 ? 'argument set' : 'answer'} sampled`);
            continue;
          }
          // the fullest argument set, each sampled answer
          const args = argSets[argSets.length > 1 ? 1 : 0] as Record<string, unknown>;
          for (const body of answers.slice(0, 3)) {
            next = { status, body };
            const before = upstream.seen.length;
            const res = (await server.client.callTool({ name: tool.definition.name, arguments: args })) as { isError?: boolean; structuredContent?: unknown };
            const text = textOf(res);
            const reached = upstream.seen.length === before + 1;
            const flagged = /does not match (its|the) (declared )?schema|not match the output schema/i.test(text);
            if (!reached || res.isError) {
              // refused before the upstream: the arguments; after it: the answer or the request
              if (!reached && !oracle(def!.inputSchema, args)) {
                misses.push(`${tool.definition.name}: sampled arguments invalid: ${text.slice(0, 200)}`);
                break;
              }
              if (reached && res.isError && tool.output.structured && !oracle(def!.outputSchema, tool.output.wrap ? { result: body } : body)) {
                misses.push(`${tool.definition.name}: sampled answer invalid: ${text.slice(0, 300)}`);
                continue;
              }
              failures.push(
                `${tool.definition.name}: ${reached ? 'reached' : 'refused'} ${text.slice(0, 300)} · args ${JSON.stringify(args).slice(0, 200)} · answer ${JSON.stringify(body).slice(0, 200)}`,
              );
              break;
            }
            totals.calls++;
            if (tool.output.structured) {
              if (flagged || res.structuredContent === undefined) {
                if (!oracle(def!.outputSchema, tool.output.wrap ? { result: body } : body)) {
                  misses.push(`${tool.definition.name}: sampled answer invalid: ${text.slice(0, 300)}`);
                  continue;
                }
                failures.push(`${tool.definition.name}: answer refused: ${text.slice(0, 300)} · answer ${JSON.stringify(body).slice(0, 300)}`);
                break;
              }
              totals.structured++;
            }
          }
        }
      } finally {
        await server.close();
      }
      totals.missed.push(...misses);
      expect(failures).toEqual([]);
    },
    600_000,
  );

  // Not vacuous: thousands of tools, most answers structured. The misses bound is tight on purpose: a
  // schema our own translation gets wrong (both the shipped and the exact one) shows up as misses.
  it('called thousands of tools with structured answers, and the sampler missed almost none', () => {
    expect(totals.tools).toBeGreaterThanOrEqual(3000);
    expect(totals.structured).toBeGreaterThanOrEqual(5000);
    expect(totals.missed.length, totals.missed.join('\n')).toBeLessThanOrEqual(totals.tools / 200);
  });
});
