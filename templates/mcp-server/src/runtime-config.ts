/**
 * The run-time part of the project's mcp.yaml: what an operator may change without regenerating
 * (tool descriptions and titles, switching tools off, toolset membership by tool, default
 * toolsets, quotas). Read at start, and again on SIGHUP or when the file changes; a file that does
 * not parse or check is refused with the reason logged, and the settings in force stay.
 * Everything else in mcp.yaml needs `apictl mcp generate` and is ignored here.
 */
import { existsSync, readFileSync, watch } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { parseLimit } from './quota.js';

export interface RuntimeConfig {
  tools: Record<string, { description?: string; title?: string; enabled?: boolean }>;
  toolsets: Record<string, { tools: string[] }>;
  defaultToolsets?: string[];
  quotas?: { perCaller: string[]; tools: Record<string, string[]>; toolsets: Record<string, string[]> };
}

const isMap = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const strings = (v: unknown, what: string): string[] => {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw new Error(`${what} must be a list of strings`);
  return v as string[];
};
const limits = (v: unknown, what: string): string[] => {
  const list = strings(v, what);
  for (const l of list) parseLimit(l);
  return list;
};

/** Reads and checks the run-time settings; undefined when there is no file; throws with the reason when it is invalid. */
export function readRuntimeConfig(file: string): RuntimeConfig | undefined {
  if (!existsSync(file)) return undefined;
  let doc: unknown;
  try {
    doc = parse(readFileSync(file, 'utf8'), { maxAliasCount: 100 });
  } catch (err) {
    throw new Error(`${path.basename(file)} does not parse: ${(err as Error).message.split('\n')[0]}`);
  }
  doc ??= {};
  if (!isMap(doc)) throw new Error(`${path.basename(file)} must be a mapping`);
  const out: RuntimeConfig = { tools: {}, toolsets: {} };
  if (doc.tools !== undefined) {
    if (!isMap(doc.tools)) throw new Error('tools must be a mapping');
    for (const [key, ov] of Object.entries(doc.tools)) {
      if (!isMap(ov)) throw new Error(`tools.${key} must be a mapping`);
      const t: RuntimeConfig['tools'][string] = {};
      if (ov.description !== undefined) t.description = String(ov.description);
      if (ov.title !== undefined) t.title = String(ov.title);
      if (ov.enabled !== undefined) {
        if (typeof ov.enabled !== 'boolean') throw new Error(`tools.${key}.enabled must be true or false`);
        t.enabled = ov.enabled;
      }
      out.tools[key] = t;
    }
  }
  if (doc.toolsets !== undefined) {
    if (!isMap(doc.toolsets)) throw new Error('toolsets must be a mapping');
    for (const [name, set] of Object.entries(doc.toolsets)) {
      if (!isMap(set)) throw new Error(`toolsets.${name} must be a mapping`);
      out.toolsets[name] = { tools: set.tools === undefined ? [] : strings(set.tools, `toolsets.${name}.tools`) };
    }
  }
  if (doc.defaultToolsets !== undefined) out.defaultToolsets = strings(doc.defaultToolsets, 'defaultToolsets');
  if (doc.quotas !== undefined) {
    if (!isMap(doc.quotas)) throw new Error('quotas must be a mapping');
    const q = doc.quotas;
    const per = (v: unknown, what: string): Record<string, string[]> => {
      if (v === undefined) return {};
      if (!isMap(v)) throw new Error(`${what} must be a mapping`);
      return Object.fromEntries(Object.entries(v).map(([k, l]) => [k, limits(l, `${what}.${k}`)]));
    };
    out.quotas = { perCaller: q.perCaller === undefined ? [] : limits(q.perCaller, 'quotas.perCaller'), tools: per(q.tools, 'quotas.tools'), toolsets: per(q.toolsets, 'quotas.toolsets') };
  }
  return out;
}

/**
 * Calls `reload` on SIGHUP and when mcp.yaml is written (the folder is watched: editors replace
 * files rather than write them in place). Changes within 200 ms count as one.
 */
export function watchRuntimeConfig(file: string, reload: (why: string) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const soon = (why: string): void => {
    clearTimeout(timer);
    timer = setTimeout(() => reload(why), 200);
  };
  const onHup = (): void => reload('SIGHUP');
  process.on('SIGHUP', onHup);
  let watcher: ReturnType<typeof watch> | undefined;
  try {
    watcher = watch(path.dirname(file), (_event, name) => {
      if (name === path.basename(file)) soon(`${path.basename(file)} changed`);
    });
    watcher.unref();
  } catch {
    /* a folder that cannot be watched: SIGHUP still works */
  }
  return () => {
    clearTimeout(timer);
    process.off('SIGHUP', onHup);
    watcher?.close();
  };
}
