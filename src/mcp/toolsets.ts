/**
 * Toolsets: tools grouped so an agent can hold the list. By default a tool belongs to the toolset
 * of its operation's first tag (untagged ones to `default`); mcp.yaml may define toolsets by tags
 * or tool names instead. The default selection keeps tools/list within a token budget; the rest
 * are enabled by the operator (MCP_TOOLSETS), by a token's toolsets, or at run time through the
 * opt-in toolset meta-tools.
 */
import { slugify } from '../store/slug.js';
import type { GeneratedTool, ToolsetInfo } from './types.js';

/** A toolset defined in mcp.yaml. */
export interface ToolsetSetting {
  description?: string;
  /** Operations with any of these tags belong to it. */
  tags?: string[];
  /** Tools (by final name or operationId) that belong to it. */
  tools?: string[];
}

const DEFAULT_SET = 'default';

/** A toolset name: lower-case words joined by `-` (what MCP_TOOLSETS and tokens name). */
export function toolsetName(raw: string): string {
  return slugify(raw).slice(0, 64) || DEFAULT_SET;
}

/** The toolset of one tool: the config's first match (by tool, then by tag), else its first tag. */
export function toolsetOf(tool: { name: string; operationId?: string; tags: string[] }, settings: Record<string, ToolsetSetting> | undefined): string {
  const entries = Object.entries(settings ?? {});
  for (const [name, s] of entries) if (s.tools?.some((t) => t === tool.name || t === tool.operationId)) return name;
  for (const [name, s] of entries) if (s.tags?.some((t) => tool.tags.includes(t))) return name;
  return tool.tags[0] !== undefined ? toolsetName(tool.tags[0]) : DEFAULT_SET;
}

/** Size of a tool in tools/list, in tokens (≈ 4 characters each). */
export function toolTokens(t: GeneratedTool): number {
  return Math.ceil(JSON.stringify(t.definition).length / 4);
}

/**
 * Every toolset with its size, and the default selection: all when they fit the budget; otherwise
 * toolsets in name order as long as they fit (or the ones mcp.yaml names in defaultToolsets).
 */
export function planToolsets(
  tools: GeneratedTool[],
  settings: Record<string, ToolsetSetting> | undefined,
  budget: number,
  chosen: string[] | undefined,
): { toolsets: ToolsetInfo[]; defaults: string[] } {
  const by = new Map<string, { tools: number; tokens: number }>();
  for (const t of tools) {
    const set = by.get(t.toolset!) ?? { tools: 0, tokens: 0 };
    set.tools++;
    set.tokens += toolTokens(t);
    by.set(t.toolset!, set);
  }
  const toolsets = [...by.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, s]) => ({ name, ...(settings?.[name]?.description ? { description: settings[name]!.description! } : {}), tools: s.tools, tokens: s.tokens }));
  if (chosen) return { toolsets, defaults: chosen.filter((c) => by.has(c)) };
  const total = toolsets.reduce((a, t) => a + t.tokens, 0);
  if (total <= budget) return { toolsets, defaults: toolsets.map((t) => t.name) };
  const defaults: string[] = [];
  let used = 0;
  for (const t of toolsets) {
    if (used + t.tokens > budget) continue;
    defaults.push(t.name);
    used += t.tokens;
  }
  return { toolsets, defaults };
}
