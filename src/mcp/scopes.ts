/**
 * The OAuth scopes each tool requires — the same permissions a human consumer of the API needs.
 * From the operation's security requirements in the description: OAuth 2.0 and OpenID Connect
 * schemes name scopes; alternatives are OR, schemes within one requirement AND; an alternative
 * without such a scheme (an API key, anonymous access) needs no scope, so neither does the tool.
 * mcp.yaml may set them per tool (`tools.<key>.scopes`) or per tag (`tagScopes`), which wins.
 */
import type { SchemePlan, SecurityRequirement } from './types.js';

/** A scope setting in mcp.yaml: one set (`[a, b]`: both) or alternatives (`[[a], [b, c]]`). */
export type ScopeSetting = string[] | string[][];

const OAUTH_TYPES = new Set<SchemePlan['type']>(['oauth2-client-credentials', 'oauth2-token', 'openIdConnect-token']);

/** Where a tool's scopes come from, for the report. */
export type ScopeSource = 'description' | 'tool config' | 'tag config';

/** Alternatives, deduplicated and sorted; undefined when no scope is needed. */
function normalize(alternatives: string[][]): string[][] | undefined {
  if (alternatives.length === 0 || alternatives.some((a) => a.length === 0)) return undefined;
  const seen = new Map<string, string[]>();
  for (const a of alternatives) {
    const set = [...new Set(a)].sort();
    seen.set(set.join(' '), set);
  }
  return [...seen.values()].sort((x, y) => x.length - y.length || (x.join(' ') < y.join(' ') ? -1 : 1));
}

export function asAlternatives(setting: ScopeSetting): string[][] {
  return setting.length > 0 && setting.every((x) => Array.isArray(x)) ? (setting as string[][]) : [setting as string[]];
}

/** Checks a scope setting from mcp.yaml; the problem in words, or undefined. */
export function scopeSettingProblem(v: unknown): string | undefined {
  const word = (x: unknown): boolean => typeof x === 'string' && /^[\x21\x23-\x5B\x5D-\x7E]+$/.test(x);
  if (Array.isArray(v) && (v.every(word) || v.every((a) => Array.isArray(a) && a.every(word)))) return undefined;
  return 'must be a list of scopes, or a list of alternatives (lists of scopes); a scope is printable ASCII without spaces, quotes or backslashes';
}

export function toolScopes(
  security: SecurityRequirement[] | undefined,
  schemes: Record<string, SchemePlan>,
  config: { tool?: ScopeSetting; tags?: Record<string, ScopeSetting>; opTags: string[] },
): { scopes?: string[][]; source?: ScopeSource } {
  if (config.tool !== undefined) return { scopes: normalize(asAlternatives(config.tool)), source: 'tool config' };
  const tag = config.opTags.find((t) => config.tags !== undefined && Object.hasOwn(config.tags, t));
  if (tag !== undefined) return { scopes: normalize(asAlternatives(config.tags![tag]!)), source: 'tag config' };
  if (!security) return {};
  const alternatives = security.map((req) => req.filter((r) => OAUTH_TYPES.has(schemes[r.scheme]?.type as SchemePlan['type'])).flatMap((r) => r.scopes));
  const scopes = normalize(alternatives);
  return scopes ? { scopes, source: 'description' } : {};
}
