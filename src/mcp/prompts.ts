/**
 * Prompts defined in mcp.yaml (name, description, arguments, a template with {{argument}}
 * placeholders), served by the generated server as data (prompts.json), versioned like tools.
 * And the resources a server offers besides its tools: the API description it was generated from.
 */
import type { Prompt, PromptArgument } from './data-types.js';
import { canonicalJson, type Level, type ManifestPrompt, type ManifestResource, sha256 } from './manifest.js';

export type { PromptArgument };

export interface PromptSetting {
  description?: string;
  arguments?: PromptArgument[];
  /** Text with {{name}} placeholders for the arguments. */
  template: string;
}

/** One prompt in prompts.json (schemas/mcp/prompts.schema.json). */
export type GeneratedPrompt = Prompt;

/** The URI of the API description resource. */
export const SPEC_URI = 'apictl://spec/openapi.json';

/** Checks one prompt of mcp.yaml; the problem in words, or undefined. */
export function promptProblem(name: string, p: unknown): string | undefined {
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name)) return `prompt name '${name}' may hold only letters, digits, '.', '_' and '-' (at most 64)`;
  if (p === null || typeof p !== 'object' || Array.isArray(p)) return `prompt '${name}' must be a mapping with description, arguments and template`;
  const o = p as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!['description', 'arguments', 'template'].includes(k)) return `prompt '${name}': unknown setting '${k}' (known: description, arguments, template)`;
  if (typeof o.template !== 'string' || o.template.trim() === '') return `prompt '${name}': template must be a non-empty string`;
  if (o.description !== undefined && typeof o.description !== 'string') return `prompt '${name}': description must be a string`;
  const args = o.arguments ?? [];
  if (!Array.isArray(args)) return `prompt '${name}': arguments must be a list`;
  const seen = new Set<string>();
  for (const a of args) {
    const arg = a as Record<string, unknown> | null;
    if (!arg || typeof arg.name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(arg.name)) return `prompt '${name}': each argument needs a name of letters, digits and '_'`;
    if (seen.has(arg.name)) return `prompt '${name}': argument '${arg.name}' is listed twice`;
    seen.add(arg.name);
    if (arg.required !== undefined && typeof arg.required !== 'boolean') return `prompt '${name}': argument '${arg.name}': required must be true or false`;
  }
  for (const m of (o.template as string).matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)) {
    if (!seen.has(m[1]!)) return `prompt '${name}': the template uses {{${m[1]}}}, which is not one of its arguments`;
  }
  return undefined;
}

/** The prompts of mcp.yaml, in name order, each with its version. */
export function planPrompts(settings: Record<string, PromptSetting> | undefined): GeneratedPrompt[] {
  return Object.entries(settings ?? {})
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, p]) => {
      const body = {
        name,
        ...(p.description !== undefined ? { description: p.description } : {}),
        arguments: (p.arguments ?? []).map((a) => ({ name: a.name, ...(a.description !== undefined ? { description: a.description } : {}), required: a.required === true })),
        template: p.template,
      };
      return { ...body, version: sha256(canonicalJson(body)).slice(0, 12) };
    });
}

export function manifestPrompt(p: GeneratedPrompt): ManifestPrompt {
  return { name: p.name, version: p.version, arguments: Object.fromEntries(p.arguments.map((a) => [a.name, { required: a.required === true }])) };
}

/** How prompts and resources moved between two generations (a client binds to names and required arguments). */
export function compareExtras(
  prev: { prompts?: ManifestPrompt[]; resources?: ManifestResource[] },
  next: { prompts: ManifestPrompt[]; resources: ManifestResource[] },
): Array<{ level: Exclude<Level, 'none'>; text: string }> {
  const changes: Array<{ level: Exclude<Level, 'none'>; text: string }> = [];
  if (prev.prompts) {
    const before = new Map(prev.prompts.map((p) => [p.name, p]));
    const after = new Set(next.prompts.map((p) => p.name));
    for (const p of prev.prompts) if (!after.has(p.name)) changes.push({ level: 'major', text: `removed prompt \`${p.name}\`` });
    for (const p of next.prompts) {
      const old = before.get(p.name);
      if (!old) {
        changes.push({ level: 'minor', text: `added prompt \`${p.name}\`` });
        continue;
      }
      const start = changes.length;
      for (const [arg, o] of Object.entries(old.arguments)) {
        const n = p.arguments[arg];
        if (!n) changes.push({ level: 'major', text: `prompt \`${p.name}\`: removed argument \`${arg}\`` });
        else if (n.required && !o.required) changes.push({ level: 'major', text: `prompt \`${p.name}\`: argument \`${arg}\` is now required` });
      }
      for (const [arg, n] of Object.entries(p.arguments)) {
        if (!old.arguments[arg])
          changes.push(
            n.required ? { level: 'major', text: `prompt \`${p.name}\`: new required argument \`${arg}\`` } : { level: 'minor', text: `prompt \`${p.name}\`: new optional argument \`${arg}\`` },
          );
      }
      if (changes.length === start && old.version !== p.version) changes.push({ level: 'patch', text: `prompt \`${p.name}\`: text or descriptions changed` });
    }
  }
  if (prev.resources) {
    const before = new Map(prev.resources.map((r) => [r.uri, r]));
    for (const r of prev.resources) if (!next.resources.some((n) => n.uri === r.uri)) changes.push({ level: 'major', text: `removed resource \`${r.uri}\`` });
    for (const r of next.resources) {
      const old = before.get(r.uri);
      if (!old) changes.push({ level: 'minor', text: `added resource \`${r.uri}\`` });
      else if (old.version !== r.version) changes.push({ level: 'patch', text: `resource \`${r.uri}\` changed` });
    }
  }
  return changes;
}
