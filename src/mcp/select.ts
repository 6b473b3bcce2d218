/**
 * Which operations become tools, and why. Reads (GET) and searches are selected by default;
 * writes only with `--allow-writes` or when named; workflow triggers (operations that start jobs,
 * deployments, runs) only when named one by one, because an agent calling them by mistake costs
 * real money and time. Every operation gets a reason, selected or not, for the report.
 */
import type { ToolOverride } from './config.js';
import type { OperationInfo } from './operations.js';
import { sanitizeToolName } from './naming.js';
import type { Category } from './types.js';

/** One include/exclude pattern, with where it came from (for messages and unmatched warnings). */
export interface Pattern {
  kind: 'tag' | 'path' | 'method' | 'id';
  value: string;
  /** `--include`, `config include[2]` … */
  origin: string;
  /** Config path of the pattern, when it came from the config. */
  configPath?: string[];
  /** An operationId without wildcards: naming an operation this way opts it in explicitly. */
  exact: boolean;
  test(op: OperationInfo): boolean;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace', 'query']);

function globToRegExp(glob: string, segmentWildcard: boolean): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        re += '.*';
        i++;
      } else re += segmentWildcard ? '[^/]*' : '.*';
    } else if (c === '?') re += segmentWildcard ? '[^/]' : '.';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** Parses `tag:pets`, `path:/pets/**`, `method:GET`, `id:list*`, or a bare `/path`, method or operationId. */
export function parsePattern(text: string, origin: string, configPath?: string[]): Pattern {
  const t = text.trim();
  const m = /^(tag|path|method|id|operationId):(.*)$/i.exec(t);
  let kind: Pattern['kind'];
  let value: string;
  if (m) {
    const k = m[1]!.toLowerCase();
    kind = k === 'operationid' ? 'id' : (k as Pattern['kind']);
    value = m[2]!.trim();
  } else if (t.startsWith('/')) {
    kind = 'path';
    value = t;
  } else if (METHODS.has(t.toLowerCase())) {
    kind = 'method';
    value = t;
  } else {
    kind = 'id';
    value = t;
  }
  const base = { kind, value, origin, configPath, exact: kind === 'id' && !/[*?]/.test(value) };
  switch (kind) {
    case 'tag': {
      const re = new RegExp(globToRegExp(value, false).source, 'i');
      return { ...base, test: (op) => op.tags.some((tag) => re.test(tag)) };
    }
    case 'method': {
      const v = value.toLowerCase();
      return { ...base, test: (op) => op.method === v };
    }
    case 'path': {
      const re = globToRegExp(value, true);
      return { ...base, test: (op) => re.test(op.path) };
    }
    default: {
      const re = globToRegExp(value, false);
      return { ...base, test: (op) => op.operationId !== undefined && re.test(op.operationId) };
    }
  }
}

/** Splits `createPetDeployment`, `create_pet-deployment` into lower-case words. */
export function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

const WORKFLOW_WORDS = [
  'trigger',
  'triggers',
  'run',
  'runs',
  'rerun',
  'start',
  'restart',
  'deploy',
  'deploys',
  'deployment',
  'deployments',
  'dispatch',
  'dispatches',
  'execute',
  'execution',
  'executions',
  'launch',
  'build',
  'builds',
  'rebuild',
  'rollback',
  'promote',
  'provision',
  'job',
  'jobs',
  'workflow',
  'workflows',
  'pipeline',
  'pipelines',
  'invoke',
  'kickoff',
];
const WORKFLOW_EXTENSIONS = ['x-workflow', 'x-workflow-trigger', 'x-mcp-workflow', 'x-trigger'];
const SEARCH_WORDS = new Set(['search', 'query', 'find', 'filter', 'lookup', 'list', 'count', 'browse', 'autocomplete', 'suggest']);

/** The literal (non-template) segments of a path, split on `/` and `:` (Google-style `:search`). */
function literalSegments(path: string): string[] {
  return path.split(/[/:]/).filter((s) => s !== '' && !s.includes('{'));
}

/** Classifies an operation; `why` explains workflow and search detection. */
export function classify(op: OperationInfo, override: ToolOverride | undefined, extraWorkflowWords: string[]): { category: Category; why?: string } {
  if (!['get', 'post', 'put', 'patch', 'delete', 'query'].includes(op.method)) return { category: 'unsupported' };
  const wf = new Set([...WORKFLOW_WORDS, ...extraWorkflowWords.map((w) => w.toLowerCase())]);
  if (override?.workflow === true) return { category: 'workflow', why: 'marked as a workflow trigger in the config' };
  if (override?.workflow !== false) {
    const ext = WORKFLOW_EXTENSIONS.find((x) => op.operation[x] === true);
    if (ext) return { category: 'workflow', why: `marked ${ext}` };
    if (op.method !== 'get' && op.method !== 'query') {
      const idWords = words(op.operationId ?? '');
      const segWords = literalSegments(op.path).slice(-2).flatMap(words);
      const hit = [...idWords, ...segWords].find((w) => wf.has(w));
      if (hit) return { category: 'workflow', why: `'${hit}' suggests it starts a job, deployment or run` };
    }
  }
  if (op.method === 'get') return { category: 'read' };
  if (op.method === 'query') return { category: 'search', why: 'QUERY method' };
  if (op.method === 'post') {
    const verb = words(op.operationId ?? '')[0];
    const last = literalSegments(op.path).pop()?.toLowerCase();
    if ((verb && SEARCH_WORDS.has(verb)) || (last && SEARCH_WORDS.has(last))) return { category: 'search', why: `'${verb && SEARCH_WORDS.has(verb) ? verb : last}' marks a search` };
  }
  return { category: 'write' };
}

/** Inputs to {@link selectOperations}. */
export interface SelectOptions {
  allowWrites: boolean;
  /** Where `allowWrites` came from, for the reason text. */
  allowWritesOrigin: string;
  include: Pattern[];
  exclude: Pattern[];
  /** Config overrides matched to operations, by operation key. */
  overrides: Map<string, { override: ToolOverride; configKey: string }>;
  workflowKeywords: string[];
}

/** The decision about one operation. */
export interface Decision {
  op: OperationInfo;
  category: Category;
  selected: boolean;
  reason: string;
}

/** Decides for every operation, in document order. Also returns which patterns matched nothing. */
export function selectOperations(ops: OperationInfo[], opts: SelectOptions): { decisions: Decision[]; unusedPatterns: Pattern[] } {
  const used = new Set<Pattern>();
  const decisions = ops.map((op): Decision => {
    const o = opts.overrides.get(op.key);
    const { category, why } = classify(op, o?.override, opts.workflowKeywords);
    const detail = why ? ` (${why})` : '';
    const decide = (selected: boolean, reason: string): Decision => ({ op, category, selected, reason });
    const excludedBy = opts.exclude.find((p) => p.test(op));
    for (const p of [...opts.exclude, ...opts.include]) if (p.test(op)) used.add(p);
    if (excludedBy) return decide(false, `excluded by ${excludedBy.origin} ${show(excludedBy)}`);
    if (o?.override.enabled === false) return decide(false, `disabled in the config (tools.${o.configKey}.enabled: false)`);
    if (category === 'unsupported') return decide(false, `${op.method.toUpperCase()} is protocol plumbing, not a useful tool`);
    const explicitPattern = opts.include.find((p) => p.exact && p.test(op));
    if (o?.override.enabled === true) return decide(true, `${category}${detail}: enabled by name in the config (tools.${o.configKey})`);
    if (explicitPattern) return decide(true, `${category}${detail}: named by ${explicitPattern.origin} ${show(explicitPattern)}`);
    if (opts.include.length > 0 && !opts.include.some((p) => p.test(op))) return decide(false, 'matches no include pattern');
    // a stream never ends on its own: a tool can only show a bounded start of it
    const stream = streamingReason(op);
    if (stream !== undefined) return decide(false, `streams (${stream}): not selected by default (name it to include it; the tool then returns a bounded start of the stream)`);
    // an agent would build on an operation its API is retiring
    if (op.deprecated)
      return decide(false, `deprecated by the API: not selected by default (name it to include it: --include id:${op.operationId ?? '…'}, or tools.${op.operationId ?? `'${op.key}'`}.enabled: true)`);
    switch (category) {
      case 'read':
        return decide(true, 'read: selected by default');
      case 'search':
        return decide(true, `search${detail}: selected by default (reads only)`);
      case 'workflow':
        return decide(
          false,
          `workflow trigger${detail}: only selected when named one by one (tools.${op.operationId ?? `'${op.key}'`}.enabled: true in the config, or --include id:${op.operationId ?? '…'})`,
        );
      default:
        return opts.allowWrites
          ? decide(true, `write: selected by ${opts.allowWritesOrigin}`)
          : decide(false, 'write: not selected (use --allow-writes, or name it in the config or with --include id:…)');
    }
  });
  const unusedPatterns = [...opts.include, ...opts.exclude].filter((p) => !used.has(p));
  return { decisions, unusedPatterns };
}

const STREAM_TYPES = /^(?:text\/event-stream|application\/(?:x-)?ndjson|application\/jsonl|application\/json-seq|application\/stream\+json)\b/i;

/** Why the operation answers with a stream, if it does: a streaming media type, or a stream/follow parameter on by default. */
export function streamingReason(op: OperationInfo): string | undefined {
  for (const [code, r] of Object.entries(op.responses)) {
    if (!/^2/.test(code) || r === null || typeof r !== 'object') continue;
    const content = (r as { content?: unknown }).content;
    if (content === null || typeof content !== 'object') continue;
    const type = Object.keys(content).find((t) => STREAM_TYPES.test(t));
    if (type !== undefined) return type;
  }
  for (const p of op.parameters) {
    if (p.in !== 'query' || !/^(?:stream|follow|watch|tail)$/i.test(p.name)) continue;
    const dflt = (p.schema as { default?: unknown } | undefined)?.default;
    if (dflt === true || dflt === 'true' || dflt === 1) return `${p.name} defaults to true`;
  }
  return undefined;
}

function show(p: Pattern): string {
  return `${p.kind}:${p.value}`;
}

/** Matches config override keys (operationId, `METHOD /path`, or the tool name an operationId gives) to operations. */
export function matchOverrides(
  ops: OperationInfo[],
  tools: Record<string, ToolOverride>,
  maxNameLength: number,
): { matched: Map<string, { override: ToolOverride; configKey: string }>; unmatched: string[] } {
  const matched = new Map<string, { override: ToolOverride; configKey: string }>();
  const unmatched: string[] = [];
  for (const [key, override] of Object.entries(tools)) {
    const m = /^([A-Za-z]+)\s+(\/.*)$/.exec(key.trim());
    const op = m
      ? ops.find((o) => o.method === m[1]!.toLowerCase() && o.path === m[2])
      : (ops.find((o) => o.operationId === key) ?? ops.find((o) => o.operationId !== undefined && sanitizeToolName(o.operationId, maxNameLength) === key));
    if (op) matched.set(op.key, { override, configKey: key });
    else unmatched.push(key);
  }
  return { matched, unmatched };
}
