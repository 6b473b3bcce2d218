/**
 * From a 3.x document (and configuration) to the plan of an MCP server: which operations become
 * tools and why, each tool's definition and request plan, the server data, the selection report
 * and the warnings. Pure: no files are read or written here.
 */
import { appendAll } from '../util/append.js';
import type { SpecKind } from '../document/model.js';
import { slugify } from '../store/slug.js';
import { isObject } from '../validate/json.js';
import { operationSecurity, planAuth } from './auth.js';
import type { AnnotationOverrides, LoadedConfig, McpConfig, ToolOverride } from './config.js';
import { describeTool, ToolIndex, type ToolSketch, toolTitle } from './descriptions.js';
import { buildInputs } from './inputs.js';
import { bumpVersion, compareTools, type Level, type Manifest, type ManifestResource, manifestTool, type ManifestTool, toolsHash, toolVersion } from './manifest.js';
import { assignNames, type PreviousName } from './naming.js';
import { collectOperations, type OperationInfo } from './operations.js';
import { buildOutput } from './outputs.js';
import { SchemaConverter } from './schemas.js';
import { matchOverrides, type Pattern, parsePattern, selectOperations } from './select.js';
import { compareExtras, type GeneratedPrompt, manifestPrompt, planPrompts, SPEC_URI } from './prompts.js';
import { toolScopes } from './scopes.js';
import { planToolsets, toolsetOf, toolTokens } from './toolsets.js';
import { clip, stripMarkup } from './text.js';
import type { Category, GeneratedTool, LocatedWarning, PlanNote, SelectionEntry, ServerData, SpecIdentity, ToolDefinition, ToolMeta } from './types.js';
import { operationsReachingBrokenRefs } from './broken-refs.js';
import { schemaProblem } from './schema-check.js';

/** Defaults of every tunable (the config and flags override them). */
export const DEFAULTS = {
  maxNameLength: 64,
  maxOptionalParams: 15,
  descriptionMaxLength: 1024,
  schemaDescriptionMax: 300,
  inlineDepth: 5,
  tokenWarning: 25_000,
  /** Largest default tools/list (tokens): toolsets beyond it are not listed unless enabled. */
  toolsListBudget: 25_000,
  toolCountWarning: 80,
  rateLimitPerMinute: 60,
  timeoutMs: 30_000,
  maxResponseBytes: 64 * 1024,
  pageSize: 100,
  inputSchemaMaxBytes: 24 * 1024,
  outputSchemaMaxBytes: 12 * 1024,
} as const;

/** Environment variable that overrides the base URL in every generated server. */
export const BASE_URL_ENV = 'API_BASE_URL';

/** Inputs to {@link planServer}. */
export interface PlanInput {
  document: Record<string, unknown>;
  kind: SpecKind;
  config: LoadedConfig;
  include: string[];
  exclude: string[];
  allowWrites: boolean;
  name?: string;
  inlineSchemas?: boolean;
  spec: SpecIdentity;
  previous?: Manifest;
}

/** The plan. */
export interface McpPlan {
  server: ServerData;
  tools: GeneratedTool[];
  manifestTools: ManifestTool[];
  toolsHash: string;
  report: SelectionEntry[];
  /** Estimated size of the whole `tools/list` answer, in tokens (≈ 4 characters each). */
  estimatedTokens: number;
  /** The biggest tools, for the report. */
  largest: Array<{ name: string; tokens: number }>;
  /** Whole-selection warnings (size, auth, schema problems). */
  warnings: PlanNote[];
  /** Warnings about the config file, at their lines. */
  configWarnings: LocatedWarning[];
  /** Prompts from mcp.yaml, and the resources offered (the API description). */
  prompts: GeneratedPrompt[];
  resources: ManifestResource[];
  /** How the version moved from the previous generation, and why. */
  versioning: { previous?: string; level: Level; changes: Array<{ level: Exclude<Level, 'none'>; text: string }> };
}

/** Splits `a,b` values of repeatable flags. */
function splitList(values: string[]): string[] {
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Words that make an operation destroy or end something, whatever its method (`POST …/cancel`, `voidInvoice`). */
const DESTRUCTIVE_WORDS = new Set([
  'delete',
  'remove',
  'destroy',
  'purge',
  'prune',
  'cancel',
  'void',
  'revoke',
  'reject',
  'decline',
  'leave',
  'terminate',
  'close',
  'archive',
  'disable',
  'deactivate',
  'unsubscribe',
  'unpublish',
  'reset',
  'wipe',
  'erase',
  'drop',
  'kill',
  'expire',
  'refund',
  'detach',
  'uninstall',
]);

const LEVEL_RANK: Record<Level, number> = { none: 0, patch: 1, minor: 2, major: 3 };

/** The quotas of mcp.yaml, with tools named as the server names them (a key may be an operationId). */
function quotasFor(q: NonNullable<McpConfig['quotas']>, tools: GeneratedTool[], toolsets: string[], warn: (path: string[], code: string, message: string) => void): NonNullable<ServerData['quotas']> {
  const byKey = new Map<string, string>();
  for (const t of tools) {
    byKey.set(t.definition.name, t.definition.name);
    const id = (t.definition._meta['apictl/tool'] as { operationId?: string }).operationId;
    if (id !== undefined) byKey.set(id, t.definition.name);
  }
  const out: NonNullable<ServerData['quotas']> = { perCaller: q.perCaller ?? [], tools: {}, toolsets: {} };
  for (const [key, limits] of Object.entries(q.tools ?? {})) {
    const name = byKey.get(key);
    if (name === undefined) warn(['quotas', 'tools', key], 'mcp-quota-no-tool', `quotas.tools: '${key}' is not a selected tool`);
    else out.tools[name] = limits;
  }
  for (const [set, limits] of Object.entries(q.toolsets ?? {})) {
    if (!toolsets.includes(set)) warn(['quotas', 'toolsets', set], 'mcp-quota-no-toolset', `quotas.toolsets: there is no toolset '${set}'`);
    else out.toolsets[set] = limits;
  }
  return out;
}

/**
 * Data sensitivity when neither the description nor mcp.yaml gives one: what reads data is
 * `internal`, what changes it `confidential` (a token limited to internal data then only reads).
 */
export function defaultSensitivity(category: Category): string {
  return category === 'read' || category === 'search' ? 'internal' : 'confidential';
}

/** The destructive word among the operation's own words (operationId, path, summary), if any. */
export function destructiveWord(op: Pick<OperationInfo, 'operationId' | 'path' | 'summary'>): string | undefined {
  const text = [op.operationId ?? '', op.path.replace(/\{[^}]*\}/g, ' '), op.summary ?? ''].join(' ');
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/);
  return words.find((w) => DESTRUCTIVE_WORDS.has(w));
}

/** Annotations from the category, method and the operation's words; the config may override any of them. */
export function annotationsFor(category: Category, method: string, o?: AnnotationOverrides, destructive?: string): ToolDefinition['annotations'] {
  const read = category === 'read' || category === 'search';
  const base: ToolDefinition['annotations'] = {
    readOnlyHint: read,
    destructiveHint: !read && (method === 'delete' || method === 'put' || method === 'patch' || category === 'workflow' || destructive !== undefined),
    idempotentHint: read || method === 'put' || method === 'delete',
    openWorldHint: true,
  };
  return { ...base, ...(o ?? {}) };
}

function firstString(op: OperationInfo, keys: string[]): string | undefined {
  for (const k of keys) {
    const v = op.operation[k];
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  return undefined;
}

/** The base URL from the description's first server, variables replaced by their defaults. */
export function baseUrlOf(doc: Record<string, unknown>): { url: string; basePath?: string; note?: PlanNote } {
  const servers = Array.isArray(doc.servers) ? doc.servers : [];
  const s = servers.find(isObject);
  if (!s || typeof s.url !== 'string') return { url: '', note: { code: 'mcp-no-server', severity: 'warn', message: `the description names no server: set ${BASE_URL_ENV} when running the server` } };
  const vars = isObject(s.variables) ? s.variables : {};
  const url = s.url.replace(/\{([^}]+)\}/g, (m, name: string) => {
    const v = Object.hasOwn(vars, name) ? vars[name] : undefined;
    return isObject(v) && v.default !== undefined ? String(v.default) : m;
  });
  // A path without a host (what a Swagger 2.0 basePath without host becomes): the operator
  // supplies the origin, and the path must stay in the base URL.
  if (/^\/[^/]/.test(url) && !/\{/.test(url) && url.replace(/\/+$/, '') !== '') {
    const basePath = url.replace(/\/+$/, '');
    return {
      url: '',
      basePath,
      note: {
        code: 'mcp-relative-server',
        severity: 'warn',
        message: `the server URL '${s.url}' has no host: set ${BASE_URL_ENV} to the API's origin followed by ${basePath} (e.g. https://api.example.com${basePath})`,
      },
    };
  }
  if (!/^https?:\/\//i.test(url) || /\{/.test(url)) {
    return { url: '', note: { code: 'mcp-relative-server', severity: 'warn', message: `the server URL '${s.url}' is not an absolute http(s) URL: set ${BASE_URL_ENV} when running the server` } };
  }
  return { url: url.replace(/\/+$/, '') };
}

/** A valid npm package (and MCP server) name. */
export function packageName(raw: string): string {
  return slugify(raw).slice(0, 60);
}

/** Builds the whole plan. */
export function planServer(input: PlanInput): McpPlan {
  const { document: doc, config: loaded } = input;
  const cfg = loaded.config;
  const configWarnings: LocatedWarning[] = [];
  const warnings: PlanNote[] = [];
  const configWarn = (path: string[], code: string, message: string): void => {
    configWarnings.push({ code, message, file: loaded.file, ...loaded.locate(path) });
  };
  const maxNameLength = cfg.maxNameLength ?? DEFAULTS.maxNameLength;
  const ops = collectOperations(doc, input.kind);

  const { matched: overrides, unmatched } = matchOverrides(ops, cfg.tools ?? {}, maxNameLength);
  for (const key of unmatched) configWarn(['tools', key], 'mcp-override-no-match', `tool override '${key}' matches no operation (use an operationId or 'METHOD /path')`);

  const include: Pattern[] = [...splitList(input.include).map((p) => parsePattern(p, '--include')), ...(cfg.include ?? []).map((p, i) => parsePattern(p, 'config include', ['include', String(i)]))];
  const exclude: Pattern[] = [...splitList(input.exclude).map((p) => parsePattern(p, '--exclude')), ...(cfg.exclude ?? []).map((p, i) => parsePattern(p, 'config exclude', ['exclude', String(i)]))];
  const allowWrites = input.allowWrites || cfg.allowWrites === true;
  const { decisions, unusedPatterns } = selectOperations(ops, {
    allowWrites,
    allowWritesOrigin: input.allowWrites ? '--allow-writes' : 'allowWrites in the config',
    include,
    exclude,
    overrides,
    workflowKeywords: cfg.workflowKeywords ?? [],
  });
  // An operation that reaches a ref to nothing cannot get a sound schema: left out, the rest stays.
  const brokenRefs = operationsReachingBrokenRefs(doc, ops);
  for (const [i, d] of decisions.entries()) {
    const ref = brokenRefs.get(d.op.key);
    if (ref !== undefined && d.selected) {
      decisions[i] = { ...d, selected: false, reason: `left out: it reaches $ref '${ref}', which points to nothing (fix the reference to generate this tool)` };
    }
  }
  for (const p of unusedPatterns) {
    const msg = `${p.origin} pattern ${p.kind}:${p.value} matches no operation`;
    if (p.configPath) configWarn(p.configPath, 'mcp-pattern-no-match', msg);
    else warnings.push({ code: 'mcp-pattern-no-match', severity: 'warn', message: msg });
  }

  const selected = decisions.filter((d) => d.selected);
  const previous = new Map<string, PreviousName>((input.previous?.tools ?? []).map((t) => [t.key, { name: t.name, operationId: t.operationId }]));
  const names = assignNames(
    selected.map((d) => ({ key: d.op.key, method: d.op.method, path: d.op.path, operationId: d.op.operationId, override: overrides.get(d.op.key)?.override.name })),
    maxNameLength,
    previous,
  );
  const sketches: ToolSketch[] = selected.map((d) => ({ name: names.get(d.op.key)!, method: d.op.method, path: d.op.path, category: d.category, operationId: d.op.operationId }));

  const index = new ToolIndex(sketches);
  const auth = planAuth(doc);
  warnings.push(...auth.notes);
  for (const [scheme, mode] of Object.entries(cfg.upstreamCredentials ?? {})) {
    const sp = Object.hasOwn(auth.schemes, scheme) ? auth.schemes[scheme] : undefined;
    if (!sp) configWarn(['upstreamCredentials', scheme], 'mcp-upstream-unknown-scheme', `upstreamCredentials: the description has no security scheme '${scheme}'`);
    else if (mode === 'token-exchange' && !(sp.type.startsWith('oauth2') || sp.type === 'openIdConnect-token')) {
      configWarn(
        ['upstreamCredentials', scheme],
        'mcp-upstream-not-oauth',
        `upstreamCredentials: '${scheme}' is not an OAuth 2.0 or OpenID Connect scheme, so the API cannot accept an exchanged token; it keeps 'service'`,
      );
    } else {
      sp.upstream = mode;
      delete sp.authorizationServer; // chosen explicitly: applies whatever the issuer
    }
  }
  if (Object.keys(auth.schemes).length === 0) {
    warnings.push({
      code: 'mcp-no-security',
      severity: 'warn',
      message:
        'the description declares no security scheme, so the server sends no credentials; if the API needs them, add a scheme with an Overlay (the generated README shows one) and generate again',
    });
  }
  const oas30 = input.kind === 'openapi-3.0';
  const schemaBase = {
    mode: input.inlineSchemas || cfg.schemas === 'inline' ? ('inline' as const) : ('refs' as const),
    inlineDepth: cfg.inlineDepth ?? DEFAULTS.inlineDepth,
    oas30,
    descriptionMax: DEFAULTS.schemaDescriptionMax,
  };
  const inConv = new SchemaConverter(doc, { ...schemaBase, context: 'input' });
  const outConv = new SchemaConverter(doc, { ...schemaBase, context: 'output' });
  const descriptionMax = cfg.descriptionMaxLength ?? DEFAULTS.descriptionMaxLength;
  const specMeta = { title: input.spec.title, version: input.spec.version };

  const notesByKey = new Map<string, PlanNote[]>();
  const scopesByKey = new Map<string, { alternatives: string[][]; source: string }>();
  // tools whose schemas no validator could compile: left out, with the reason, in the report
  const uncompilable = new Map<string, string>();
  const tools: GeneratedTool[] = [];
  const manifestTools: ManifestTool[] = [];
  selected.forEach((d, i) => {
    const op = d.op;
    const sketch = sketches[i]!;
    const ov: ToolOverride | undefined = overrides.get(op.key)?.override;
    const configKey = overrides.get(op.key)?.configKey;
    const inputs = buildInputs(op, inConv.forTool(), {
      maxOptionalParams: cfg.maxOptionalParams ?? DEFAULTS.maxOptionalParams,
      descriptionMax: DEFAULTS.schemaDescriptionMax,
      drop: ov?.dropParameters ?? [],
      pin: ov?.pinParameters ?? {},
      credentialParams: auth.credentialParams,
      maxSchemaBytes: cfg.inputSchemaMaxBytes ?? DEFAULTS.inputSchemaMaxBytes,
    });
    for (const name of inputs.unmatchedDrops) configWarn(['tools', configKey!, 'dropParameters'], 'mcp-drop-no-match', `dropParameters: '${name}' is not an optional input of ${op.key}`);
    for (const name of inputs.unmatchedPins) configWarn(['tools', configKey!, 'pinParameters', name], 'mcp-pin-no-match', `pinParameters: '${name}' is not a parameter of ${op.key}`);
    const output = buildOutput(op, outConv.forTool(), cfg.outputSchemaMaxBytes ?? DEFAULTS.outputSchemaMaxBytes);
    const sec = operationSecurity(op, auth);
    const access = toolScopes(sec.security, auth.schemes, { tool: ov?.scopes, tags: cfg.tagScopes, opTags: op.tags });
    if (access.scopes) scopesByKey.set(op.key, { alternatives: access.scopes, source: access.source! });
    const notes = [...inputs.notes, ...output.notes, ...sec.notes];
    if (op.deprecated) notes.push({ code: 'mcp-deprecated', severity: 'info', message: 'deprecated by the API' });
    const destroys = destructiveWord(op);
    if (destroys !== undefined && op.method === 'post' && d.category !== 'read' && d.category !== 'search') {
      notes.push({ code: 'mcp-destructive-words', severity: 'info', message: `marked destructive: the operation's own words say '${destroys}' although its method is POST` });
    }
    notesByKey.set(op.key, notes);

    const required = (inputs.inputSchema.required as string[] | undefined) ?? [];
    const optional = Object.keys((inputs.inputSchema.properties as Record<string, unknown> | undefined) ?? {}).filter((a) => !required.includes(a));
    const description = ov?.description
      ? clip(ov.description, descriptionMax)
      : describeTool({
          op,
          tool: sketch,
          index,
          requiredArgs: required,
          optionalArgs: optional,
          responseDescription: output.responseDescription,
          structured: output.output.structured,
          maxLength: descriptionMax,
        });
    const title = ov?.title ?? toolTitle(op);
    const classification = {
      sensitivity:
        ov?.classification?.sensitivity ?? firstString(op, ['x-data-sensitivity', 'x-sensitivity', 'x-data-classification']) ?? cfg.classification?.sensitivity ?? defaultSensitivity(d.category),
      // the business process: the description's, the config's, else the operation's first tag (what the API groups it under)
      process: ov?.classification?.process ?? firstString(op, ['x-business-process', 'x-process']) ?? cfg.classification?.process ?? op.tags[0],
    };
    const own: ToolMeta = {
      method: op.method.toUpperCase(),
      path: op.path,
      ...(op.operationId !== undefined ? { operationId: op.operationId } : {}),
      category: d.category,
      spec: specMeta,
      ...(classification.sensitivity !== undefined || classification.process !== undefined
        ? { classification: Object.fromEntries(Object.entries(classification).filter(([, v]) => v !== undefined)) }
        : {}),
      // set once the tool is complete (the version is a hash of everything else)
      version: '',
    };
    const definition: ToolDefinition = {
      name: sketch.name,
      title,
      description,
      inputSchema: inputs.inputSchema,
      ...(output.outputSchema ? { outputSchema: output.outputSchema } : {}),
      annotations: { title, ...annotationsFor(d.category, op.method, ov?.annotations, destroys) },
      _meta: { ...(ov?.meta ?? {}), 'apictl/tool': own },
    };
    const tool: GeneratedTool = {
      definition,
      request: {
        method: op.method.toUpperCase(),
        path: op.path,
        params: inputs.params,
        ...(inputs.body ? { body: inputs.body } : {}),
        ...(output.accept ? { accept: output.accept } : {}),
        ...(sec.security ? { security: sec.security } : {}),
      },
      output: output.output,
      ...(access.scopes ? { scopes: access.scopes } : {}),
      toolset: toolsetOf({ name: sketch.name, operationId: op.operationId, tags: op.tags }, cfg.toolsets),
    };
    const problem = schemaProblem(definition.inputSchema) ?? (definition.outputSchema ? schemaProblem(definition.outputSchema) : undefined);
    if (problem !== undefined) {
      uncompilable.set(op.key, problem);
      return;
    }
    own.version = toolVersion(tool);
    tools.push(tool);
    manifestTools.push(manifestTool(tool, op.key, op.operationId));
  });
  // one note per distinct message of the whole document: not bounded, so not spread into a call
  appendAll(warnings, inConv.notes);
  appendAll(warnings, outConv.notes);

  // Deterministic order for tools/list: by name.
  const order = tools.map((_t, i) => i).sort((a, b) => (tools[a]!.definition.name < tools[b]!.definition.name ? -1 : 1));
  const sortedTools = order.map((i) => tools[i]!);
  const sortedManifest = order.map((i) => manifestTools[i]!);

  const sizes = sortedTools.map((t) => ({ name: t.definition.name, tokens: toolTokens(t) }));
  const budget = cfg.toolsListBudget ?? DEFAULTS.toolsListBudget;
  const sets = planToolsets(sortedTools, cfg.toolsets, budget, cfg.defaultToolsets);
  for (const name of cfg.defaultToolsets ?? []) {
    if (!sets.toolsets.some((t) => t.name === name)) configWarn(['defaultToolsets'], 'mcp-toolset-unknown', `defaultToolsets: no selected tool belongs to toolset '${name}'`);
  }
  for (const name of Object.keys(cfg.toolsets ?? {})) {
    if (!sets.toolsets.some((t) => t.name === name)) configWarn(['toolsets', name], 'mcp-toolset-empty', `toolsets: '${name}' matches no selected tool`);
  }
  if (sets.defaults.length < sets.toolsets.length) {
    const listed = sets.toolsets.filter((t) => sets.defaults.includes(t.name)).reduce((a, t) => a + t.tokens, 0);
    warnings.push({
      code: 'mcp-toolsets-default',
      severity: 'info',
      message: `${sets.toolsets.length} toolsets; ${sets.defaults.length} listed by default (tools/list ≈ ${listed.toLocaleString('en-US')} tokens, budget ${budget.toLocaleString('en-US')}): ${sets.defaults.join(', ') || '(none)'}. Operators enable others with MCP_TOOLSETS, tokens with their toolsets`,
    });
  }
  const estimatedTokens = sizes.reduce((a, s) => a + s.tokens, 0) + 10;
  const largest = [...sizes].sort((a, b) => b.tokens - a.tokens).slice(0, 5);
  const tokenWarning = cfg.tokenWarning ?? DEFAULTS.tokenWarning;
  if (estimatedTokens > tokenWarning || sortedTools.length > DEFAULTS.toolCountWarning) {
    const tagCounts = new Map<string, number>();
    // only selections that match something: untagged operations have no tag to name
    for (const d of selected) for (const t of d.op.tags) tagCounts.set(t, (tagCounts.get(t) ?? 0) + 1);
    const topTags = [...tagCounts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
    warnings.push({
      code: 'mcp-large-tool-list',
      severity: 'warn',
      message:
        `${sortedTools.length} tools, tools/list ≈ ${estimatedTokens.toLocaleString('en-US')} tokens: more than agents handle well (warning above ${tokenWarning.toLocaleString('en-US')} tokens or ${DEFAULTS.toolCountWarning} tools). ` +
        (topTags.length > 0
          ? `Split it into several servers by tag (${topTags.map(([t, n]) => `--include tag:${t.includes(' ') ? JSON.stringify(t) : t} → ${n}`).join(', ')}) or narrow the selection with --include/--exclude.`
          : 'Its operations have no tags: narrow the selection by path or operation (--include path:/prefix, --include id:…, --exclude) or split it into several servers that way.'),
    });
  }

  const report: SelectionEntry[] = decisions.map((d) => {
    const problem = uncompilable.get(d.op.key);
    const selected = d.selected && problem === undefined;
    return {
      method: d.op.method.toUpperCase(),
      path: d.op.path,
      ...(d.op.operationId !== undefined ? { operationId: d.op.operationId } : {}),
      category: d.category,
      selected,
      reason: problem === undefined ? d.reason : `left out: its schema cannot be compiled (${problem})`,
      ...(selected ? { tool: names.get(d.op.key) } : {}),
      ...(selected && scopesByKey.has(d.op.key) ? { scopes: scopesByKey.get(d.op.key) } : {}),
      notes: notesByKey.get(d.op.key) ?? [],
    };
  });

  const base = cfg.baseUrl ? { url: cfg.baseUrl.replace(/\/+$/, '') } : baseUrlOf(doc);
  if (base.note) warnings.push(base.note);
  const info = isObject(doc.info) ? doc.info : {};
  const title = typeof info.title === 'string' && info.title.trim() ? clip(stripMarkup(info.title), 120) : input.spec.title;
  const name = packageName(input.name ?? cfg.name ?? `${title}-mcp`);

  const hash = toolsHash(sortedManifest);
  let versioning: McpPlan['versioning'];
  let version: string;
  const prompts = planPrompts(cfg.prompts);
  const resources: ManifestResource[] = [{ uri: SPEC_URI, version: input.spec.hash.slice(0, 12) }];
  if (input.previous) {
    const cmp = compareTools(input.previous.tools, sortedManifest);
    const changes = [...cmp.changes, ...compareExtras(input.previous, { prompts: prompts.map(manifestPrompt), resources })];
    const level = changes.reduce<Level>((acc, c) => (LEVEL_RANK[c.level] > LEVEL_RANK[acc] ? c.level : acc), 'none');
    version = bumpVersion(input.previous.server.version, level);
    versioning = { previous: input.previous.server.version, level, changes };
  } else {
    version = '1.0.0';
    versioning = { level: 'none', changes: [] };
  }

  const server: ServerData = {
    name,
    version,
    title,
    baseUrl: base.url,
    ...('basePath' in base && base.basePath ? { basePath: base.basePath } : {}),
    baseUrlEnv: BASE_URL_ENV,
    securitySchemes: auth.schemes,
    toolsets: sets.toolsets,
    defaultToolsets: sets.defaults,
    ...(cfg.quotas
      ? {
          quotas: quotasFor(
            cfg.quotas,
            sortedTools,
            sets.toolsets.map((t) => t.name),
            configWarn,
          ),
        }
      : {}),
    defaults: {
      rateLimitPerMinute: cfg.rateLimitPerMinute ?? DEFAULTS.rateLimitPerMinute,
      timeoutMs: cfg.timeoutMs ?? DEFAULTS.timeoutMs,
      maxResponseBytes: cfg.maxResponseBytes ?? DEFAULTS.maxResponseBytes,
      pageSize: cfg.pageSize ?? DEFAULTS.pageSize,
    },
    spec: input.spec,
  };
  return { server, tools: sortedTools, manifestTools: sortedManifest, toolsHash: hash, report, estimatedTokens, largest, warnings, configWarnings, prompts, resources, versioning };
}
