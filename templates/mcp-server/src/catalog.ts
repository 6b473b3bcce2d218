/**
 * The tools as served right now: tools.json with the run-time settings of the project's mcp.yaml
 * applied (descriptions, titles, tools switched off, toolset membership). Reloading the file
 * replaces the served set; listeners (every connected session) are told when a definition or
 * the set changed, so they can send notifications/tools/list_changed.
 */
import type { Tool } from './model.js';
import type { RuntimeConfig } from './runtime-config.js';

const MAX_DESCRIPTION = 4096;

export class Catalog {
  private served: Tool[];
  private index: Map<string, Tool>;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly base: Tool[],
    config?: RuntimeConfig,
  ) {
    this.served = config ? applyConfig(base, config) : base;
    this.index = new Map(this.served.map((t) => [t.definition.name, t]));
  }

  get tools(): Tool[] {
    return this.served;
  }

  get(name: string): Tool | undefined {
    return this.index.get(name);
  }

  /** Applies a reloaded configuration; true (and listeners told) when what clients see changed. */
  apply(config: RuntimeConfig): boolean {
    const next = applyConfig(this.base, config);
    if (JSON.stringify(next) === JSON.stringify(this.served)) return false;
    this.served = next;
    this.index = new Map(next.map((t) => [t.definition.name, t]));
    for (const l of this.listeners) l();
    return true;
  }

  /** Calls `listener` after every change; returns the function that stops it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Does this mcp.yaml key (tool name, operationId or `METHOD /path`) name the tool? */
function names(key: string, t: Tool): boolean {
  const own = t.definition._meta['apictl/tool'] as { operationId?: string } | undefined;
  return (
    key === t.definition.name ||
    key === own?.operationId ||
    key.toUpperCase() === `${t.request.method} ${t.request.path}`.toUpperCase() ||
    key === `${t.request.method.toLowerCase()} ${t.request.path}`
  );
}

function applyConfig(base: Tool[], config: RuntimeConfig): Tool[] {
  const out: Tool[] = [];
  for (const t of base) {
    const key = Object.keys(config.tools).find((k) => names(k, t));
    const ov = key !== undefined ? config.tools[key]! : undefined;
    if (ov?.enabled === false) continue;
    const toolset = Object.entries(config.toolsets).find(([, s]) => s.tools.some((k) => names(k, t)))?.[0];
    if (!ov?.description && !ov?.title && toolset === undefined) {
      out.push(t);
      continue;
    }
    const definition = { ...t.definition, ...(ov?.description ? { description: ov.description.slice(0, MAX_DESCRIPTION) } : {}), ...(ov?.title ? { title: ov.title } : {}) };
    if (ov?.title) definition.annotations = { ...definition.annotations, title: ov.title };
    out.push({ ...t, definition, ...(toolset !== undefined ? { toolset } : {}) });
  }
  return out;
}
