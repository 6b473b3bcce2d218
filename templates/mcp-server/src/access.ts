/**
 * Which tools a caller may see and call: the scopes its token carries against the scopes the
 * tool's operation requires (alternatives OR, scopes within one AND). This only hides tools and
 * refuses calls early; the permission decision itself stays in the API.
 */
import type { Caller, Tool } from './model.js';

/**
 * Undefined when the caller may call the tool; otherwise the scope set to ask for — the whole
 * alternative closest to what the token has, since a client requests a new token with exactly
 * the scopes a 403 names (MCP step-up authorization).
 */
export function scopesToAsk(tool: Tool, caller: Caller | undefined): string[] | undefined {
  const alternatives = tool.scopes ?? [];
  if (caller?.scopes === undefined || alternatives.length === 0) return undefined;
  const granted = new Set(caller.scopes);
  let best: { needed: string[]; missing: number } | undefined;
  for (const needed of alternatives) {
    const missing = needed.filter((s) => !granted.has(s)).length;
    if (missing === 0) return undefined;
    if (!best || missing < best.missing) best = { needed, missing };
  }
  return best ? [...new Set([...(caller.scopes ?? []), ...best.needed])].sort() : undefined;
}

/** May the caller see and call the tool? (its scopes, and its token's toolsets and classifications) */
export function mayCall(tool: Tool, caller: Caller | undefined): boolean {
  return mayUseToolset(toolsetOf(tool), caller) && mayReach(tool, caller) && scopesToAsk(tool, caller) === undefined;
}

/** The tool's data sensitivity (from its `_meta`), if classified. */
export function sensitivityOf(tool: Tool): string | undefined {
  const own = tool.definition._meta['apictl/tool'] as { classification?: { sensitivity?: unknown } } | undefined;
  return typeof own?.classification?.sensitivity === 'string' ? own.classification.sensitivity : undefined;
}

/** A token limited to classifications never sees a tool of another (or an unclassified one). */
function mayReach(tool: Tool, caller: Caller | undefined): boolean {
  if (caller?.classifications === undefined) return true;
  const s = sensitivityOf(tool);
  return s !== undefined && caller.classifications.includes(s);
}

export function toolsetOf(tool: Tool): string {
  return tool.toolset ?? 'default';
}

export function mayUseToolset(toolset: string, caller: Caller | undefined): boolean {
  return caller?.toolsets === undefined || caller.toolsets.includes(toolset);
}

/** Every scope any tool names (for the protected resource metadata's scopes_supported). */
export function scopesSupported(tools: Tool[]): string[] {
  const all = new Set<string>();
  for (const t of tools) for (const alt of t.scopes ?? []) for (const s of alt) all.add(s);
  return [...all].sort();
}
