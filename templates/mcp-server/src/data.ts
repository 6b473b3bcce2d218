/**
 * Reading the generated data files that sit next to `package.json`. Their shapes (and JSON
 * Schemas) are in data-types.ts, generated from the schemas apictl writes them by; the project's
 * own tests (test/tools.test.mjs) check the files against those schemas. They are not checked at
 * every start: compiling the schemas would add a third of a second before the server answers.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PromptsFile, ServerData, ToolsFile } from './data-types.js';
import type { Prompt, Tool } from './model.js';

/** The project folder (the parent of `dist/`), whatever the working directory is. */
export const projectDir = fileURLToPath(new URL('..', import.meta.url));

function readJson(name: string): unknown {
  const file = new URL(`../${name}`, import.meta.url);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`cannot read ${fileURLToPath(file)}: ${(err as Error).message}`);
  }
}

/** The tools, in the order `tools/list` returns them (sorted by name, so the order never depends on the file). */
export function loadTools(): Tool[] {
  const data = readJson('tools.json') as Partial<ToolsFile>;
  if (!Array.isArray(data.tools)) throw new Error('tools.json has no "tools" list');
  return [...data.tools].sort((a, b) => (a.definition.name < b.definition.name ? -1 : a.definition.name > b.definition.name ? 1 : 0));
}

/** The prompts of mcp.yaml (`prompts.json`; absent in projects of older generators). */
export function loadPrompts(): Prompt[] {
  if (!existsSync(new URL('../prompts.json', import.meta.url))) return [];
  const data = readJson('prompts.json') as Partial<PromptsFile>;
  return Array.isArray(data.prompts) ? data.prompts : [];
}

/** The API description the tools came from (`openapi.json`), as text; read when a client asks for it. */
export function readSpecText(): string | undefined {
  const file = new URL('../openapi.json', import.meta.url);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/** The server settings generated from the description (`server.json`). */
export function loadServerData(): ServerData {
  return readJson('server.json') as ServerData;
}
