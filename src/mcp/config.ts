/**
 * The generator's configuration file (`mcp.yaml`): selection, per-tool overrides and runtime
 * defaults. Parsed with the same strict YAML/JSON parser as API descriptions, so every problem
 * (and every override that later matches nothing) is reported at its line.
 */
import { InputError } from '../errors.js';
import { DEFAULT_LIMITS } from '../document/limits.js';
import { parseSourceText } from '../document/parse.js';
import { decodeUtf8, readFileCapped } from '../document/read.js';
import type { JsonPath } from '../findings/finding.js';
import { type ScopeSetting, scopeSettingProblem } from './scopes.js';
import type { ToolsetSetting } from './toolsets.js';
import { type PromptSetting, promptProblem } from './prompts.js';

/** Annotation overrides (any subset of the four hints, plus a title). */
export interface AnnotationOverrides {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** Data classification carried in each tool's `_meta`. */
export interface Classification {
  sensitivity?: string;
  process?: string;
}

/** Per-operation settings, keyed by operationId, `METHOD /path` or tool name. */
export interface ToolOverride {
  /** true: select it whatever its category (the explicit opt-in writes and workflow triggers need); false: never. */
  enabled?: boolean;
  /** Mark (or unmark) the operation as a workflow trigger. */
  workflow?: boolean;
  name?: string;
  title?: string;
  description?: string;
  annotations?: AnnotationOverrides;
  /** Extra metadata placed in the tool's `_meta`. */
  meta?: Record<string, unknown>;
  classification?: Classification;
  /** Optional parameters (`name` or `in:name`) or flattened body fields removed from the tool's inputs. */
  dropParameters?: string[];
  /** Parameters (`name` or `in:name`) given a fixed value: always sent, no longer inputs. */
  pinParameters?: Record<string, unknown>;
  /** OAuth scopes a caller needs (one set, or alternatives), instead of the description's. */
  scopes?: ScopeSetting;
}

/** The whole configuration. Every field is optional. */
export interface McpConfig {
  /** Server (and package) name. */
  name?: string;
  allowWrites?: boolean;
  include?: string[];
  exclude?: string[];
  maxNameLength?: number;
  /** Warn when a tool has more optional inputs than this. */
  maxOptionalParams?: number;
  descriptionMaxLength?: number;
  /** `refs`: components shared through `$defs`; `inline`: fully inlined, bounded schemas for strict clients. */
  schemas?: 'refs' | 'inline';
  /** Deepest nesting expanded in inline mode. */
  inlineDepth?: number;
  /** Warn when `tools/list` is estimated above this many tokens. */
  tokenWarning?: number;
  /** Largest input / output schema per tool in bytes of JSON; nested components beyond are described loosely. */
  inputSchemaMaxBytes?: number;
  outputSchemaMaxBytes?: number;
  rateLimitPerMinute?: number;
  timeoutMs?: number;
  maxResponseBytes?: number;
  pageSize?: number;
  /** Default base URL (overrides the description's servers; the env var still wins at run time). */
  baseUrl?: string;
  /** Extra words that mark an operation as a workflow trigger. */
  workflowKeywords?: string[];
  /** Default classification for every tool. */
  classification?: Classification;
  tools?: Record<string, ToolOverride>;
  /** OAuth scopes per tag (an operation takes its first tag listed here), instead of the description's. */
  tagScopes?: Record<string, ScopeSetting>;
  /** Per security scheme: how a remote server authenticates to the API (`token-exchange` or `service`). */
  upstreamCredentials?: Record<string, 'token-exchange' | 'service'>;
  /** Toolsets by tags or tool names (default: one per first tag). */
  toolsets?: Record<string, ToolsetSetting>;
  /** Toolsets listed by default (default: all that fit toolsListBudget). */
  defaultToolsets?: string[];
  /** Largest default tools/list, in tokens. */
  toolsListBudget?: number;
  /** Prompts the server offers: name → description, arguments, template with {{argument}} placeholders. */
  prompts?: Record<string, PromptSetting>;
  /** Default call quotas ("1000/day", "60/min"): per caller (token or OAuth subject), and per caller and tool or toolset. */
  quotas?: { perCaller?: string[]; tools?: Record<string, string[]>; toolsets?: Record<string, string[]> };
}

/** A parsed configuration file and a way to find the line of any of its paths. */
export interface LoadedConfig {
  config: McpConfig;
  file: string;
  locate(path: JsonPath): { line: number; column: number };
}

/** An empty configuration (no file given). */
export const NO_CONFIG: LoadedConfig = { config: {}, file: '', locate: () => ({ line: 0, column: 0 }) };

type Check = (value: unknown) => string | undefined;

const isStr: Check = (v) => (typeof v === 'string' ? undefined : 'must be a string');
const isBool: Check = (v) => (typeof v === 'boolean' ? undefined : 'must be true or false');
const isStrList: Check = (v) => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? undefined : 'must be a list of strings');
const positiveInt: Check = (v) => (Number.isSafeInteger(v) && (v as number) > 0 ? undefined : 'must be a positive integer');
const isMap: Check = (v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? undefined : 'must be a mapping');

const ANNOTATION_FIELDS: Record<string, Check> = {
  title: isStr,
  readOnlyHint: isBool,
  destructiveHint: isBool,
  idempotentHint: isBool,
  openWorldHint: isBool,
};
const CLASSIFICATION_FIELDS: Record<string, Check> = { sensitivity: isStr, process: isStr };
const TOOL_FIELDS: Record<string, Check> = {
  enabled: isBool,
  workflow: isBool,
  name: isStr,
  title: isStr,
  description: isStr,
  annotations: isMap,
  meta: isMap,
  classification: isMap,
  dropParameters: isStrList,
  pinParameters: isMap,
  scopes: scopeSettingProblem,
};
const TOOLSET_FIELDS: Record<string, Check> = { description: isStr, tags: isStrList, tools: isStrList };

/** A call limit as the generated server parses it: a count per second, minute, hour or day. */
const LIMIT = /^\s*[1-9]\d{0,8}\s*\/\s*(s|sec|second|min|minute|h|hour|d|day)\s*$/i;

function limitsProblem(v: unknown): string | undefined {
  const list = isStrList(v);
  if (list) return list;
  const bad = (v as string[]).find((x) => !LIMIT.test(x));
  return bad === undefined ? undefined : `has '${bad}', which is not a limit like 60/min or 1000/day (count/second|min|hour|day)`;
}

function toolsetProblem(name: string, set: unknown): string | undefined {
  if (!/^[a-z0-9][a-z0-9._-]{0,63}$/.test(name)) return `toolset name '${name}' must be lower-case letters, digits, '.', '_' or '-' (at most 64)`;
  const notMap = isMap(set);
  if (notMap) return `toolset '${name}' ${notMap}`;
  for (const [k, x] of Object.entries(set as Record<string, unknown>)) {
    const check = Object.hasOwn(TOOLSET_FIELDS, k) ? TOOLSET_FIELDS[k] : undefined;
    if (!check) return `toolset '${name}': unknown setting '${k}' (known: ${Object.keys(TOOLSET_FIELDS).join(', ')})`;
    const problem = check(x);
    if (problem) return `toolset '${name}': ${k} ${problem}`;
  }
  return undefined;
}

const TOP_FIELDS: Record<string, Check> = {
  name: isStr,
  allowWrites: isBool,
  include: isStrList,
  exclude: isStrList,
  maxNameLength: (v) => positiveInt(v) ?? ((v as number) > 128 ? 'must be at most 128 (the MCP limit)' : undefined),
  maxOptionalParams: positiveInt,
  descriptionMaxLength: positiveInt,
  schemas: (v) => (v === 'refs' || v === 'inline' ? undefined : "must be 'refs' or 'inline'"),
  inlineDepth: positiveInt,
  tokenWarning: positiveInt,
  inputSchemaMaxBytes: positiveInt,
  outputSchemaMaxBytes: positiveInt,
  rateLimitPerMinute: positiveInt,
  timeoutMs: positiveInt,
  maxResponseBytes: positiveInt,
  pageSize: positiveInt,
  baseUrl: (v) => isStr(v) ?? (/^https?:\/\//i.test(v as string) ? undefined : 'must be an http(s) URL'),
  workflowKeywords: isStrList,
  classification: isMap,
  tools: isMap,
  tagScopes: (v) =>
    isMap(v) ??
    Object.values(v as Record<string, unknown>)
      .map(scopeSettingProblem)
      .find((m) => m !== undefined),
  toolsets: (v) =>
    isMap(v) ??
    Object.entries(v as Record<string, unknown>)
      .map(([name, set]) => toolsetProblem(name, set))
      .find((p) => p !== undefined),
  defaultToolsets: isStrList,
  prompts: (v) =>
    isMap(v) ??
    Object.entries(v as Record<string, unknown>)
      .map(([name, p]) => promptProblem(name, p))
      .find((m) => m !== undefined),
  quotas: (v) => {
    const notMap = isMap(v);
    if (notMap) return notMap;
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (k === 'perCaller') {
        const p = limitsProblem(x);
        if (p) return `perCaller ${p}`;
      } else if (k === 'tools' || k === 'toolsets') {
        const m = isMap(x);
        if (m) return `${k} ${m}`;
        for (const [name, limits] of Object.entries(x as Record<string, unknown>)) {
          const p = limitsProblem(limits);
          if (p) return `${k}.${name} ${p}`;
        }
      } else return `unknown setting '${k}' (known: perCaller, tools, toolsets)`;
    }
    return undefined;
  },
  toolsListBudget: positiveInt,
  upstreamCredentials: (v) =>
    isMap(v) ?? (Object.values(v as Record<string, unknown>).every((m) => m === 'token-exchange' || m === 'service') ? undefined : "must map security scheme names to 'token-exchange' or 'service'"),
};

/** Parses and checks configuration text. Throws InputError at the offending line. */
export function parseConfig(text: string, file: string): LoadedConfig {
  const parsed = parseSourceText(text, file, file, DEFAULT_LIMITS);
  const locate = (p: JsonPath): { line: number; column: number } => {
    const r = parsed.locateDeepest(p).range.start;
    return { line: r.line, column: r.column };
  };
  const fail = (p: JsonPath, message: string): never => {
    throw new InputError(`${p.length > 0 ? p.join('.') + ': ' : ''}${message}`, { file, ...locate(p) });
  };
  const value = parsed.value ?? {};
  checkFields(value, [], TOP_FIELDS, fail, 'configuration');
  const cfg = value as McpConfig & Record<string, unknown>;
  if (cfg.classification) checkFields(cfg.classification, ['classification'], CLASSIFICATION_FIELDS, fail, 'classification');
  for (const [key, override] of Object.entries(cfg.tools ?? {})) {
    const at = ['tools', key];
    checkFields(override, at, TOOL_FIELDS, fail, `tool override '${key}'`);
    const o = override as ToolOverride;
    if (o.annotations) checkFields(o.annotations, [...at, 'annotations'], ANNOTATION_FIELDS, fail, 'annotations');
    if (o.classification) checkFields(o.classification, [...at, 'classification'], CLASSIFICATION_FIELDS, fail, 'classification');
    if (o.name !== undefined && !/^[A-Za-z0-9_-]{1,128}$/.test(o.name)) {
      fail([...at, 'name'], 'a tool name may hold only letters, digits, _ and - (1 to 128 characters)');
    }
  }
  return { config: cfg, file, locate };
}

/** Reads and parses a configuration file. */
export function loadConfigFile(absPath: string, shown: string): LoadedConfig {
  const bytes = readFileCapped(absPath, shown, 5 * 1024 * 1024);
  return parseConfig(decodeUtf8(bytes, shown), shown);
}

function checkFields(value: unknown, at: JsonPath, fields: Record<string, Check>, fail: (p: JsonPath, m: string) => never, what: string): void {
  const problem = isMap(value);
  if (problem) fail(at, `${what} ${problem}`);
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const check = Object.hasOwn(fields, k) ? fields[k] : undefined;
    if (!check) fail([...at, k], `unknown setting '${k}' (known: ${Object.keys(fields).join(', ')})`);
    const msg = check!(v);
    if (msg) fail([...at, k], msg);
  }
}
