/**
 * `mcp generate` as a library call: configuration and overlay → plan → files. Takes the 3.x
 * document (already loaded and converted); returns the plan and what was written. Reads the
 * user's config, overlay and previous manifest; writes only inside the output folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SpecKind } from '../document/model.js';
import { UsageError } from '../errors.js';
import { loadConfigFile, type LoadedConfig, NO_CONFIG } from './config.js';
import { canonicalJson, type Manifest, sha256 } from './manifest.js';
import { applyOverlayFile } from './overlay.js';
import { type McpPlan, planServer } from './plan.js';
import { renderProject } from './render.js';
import type { LocatedWarning, SpecIdentity } from './types.js';
import { checkOutputDir, readPreviousManifest, type WriteOutcome, writeProject } from './write.js';

/** Name of the configuration file picked up from the output folder when no --config is given. */
export const DEFAULT_CONFIG_FILE = 'mcp.yaml';

/** Inputs to {@link generateServer}. */
export interface GenerateInput {
  document: Record<string, unknown>;
  kind: SpecKind;
  spec: Omit<SpecIdentity, 'hash'>;
  /** Output folder (absolute); may be absent for a dry run. */
  outDir?: string;
  /** Working directory for showing paths. */
  cwd: string;
  configPath?: string;
  overlayPath?: string;
  include: string[];
  exclude: string[];
  allowWrites: boolean;
  name?: string;
  inlineSchemas?: boolean;
  dryRun: boolean;
  force: boolean;
  generatorVersion: string;
  /** Command line that regenerates the project (for its README). */
  invocation: string;
  now?: Date;
}

/** What {@link generateServer} did. */
export interface GenerateResult {
  plan: McpPlan;
  /** The configuration file used, if any (display path). */
  configFile?: string;
  overlay?: { file: string; applied: number };
  /** Warnings about the config and overlay files, at their lines. */
  fileWarnings: LocatedWarning[];
  /** Undefined for a dry run. */
  written?: WriteOutcome;
  /** Dependencies pinned from built-in versions because they were not found installed. */
  fallbacks: string[];
  previous?: Manifest;
}

function display(cwd: string, abs: string): string {
  const rel = path.relative(cwd, abs);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : abs;
}

/** Plans (and unless dry-running, writes) an MCP server project. */
export function generateServer(input: GenerateInput): GenerateResult {
  const outDir = input.outDir;
  if (outDir === undefined && !input.dryRun) throw new UsageError('an output folder is needed unless this is a dry run');
  const previous = outDir === undefined ? undefined : readPreviousManifest(outDir);
  if (outDir !== undefined && !input.dryRun) checkOutputDir(outDir, previous, input.force);

  let config: LoadedConfig = NO_CONFIG;
  let configAbs: string | undefined;
  if (input.configPath !== undefined) configAbs = path.resolve(input.cwd, input.configPath);
  else if (outDir !== undefined && existsSync(path.join(outDir, DEFAULT_CONFIG_FILE))) configAbs = path.join(outDir, DEFAULT_CONFIG_FILE);
  if (configAbs !== undefined) config = loadConfigFile(configAbs, display(input.cwd, configAbs));

  const fileWarnings: LocatedWarning[] = [];
  let document = input.document;
  let overlay: GenerateResult['overlay'];
  let overlayAbs: string | undefined;
  if (input.overlayPath !== undefined) {
    overlayAbs = path.resolve(input.cwd, input.overlayPath);
    const shown = display(input.cwd, overlayAbs);
    const r = applyOverlayFile(document, overlayAbs, shown);
    document = r.document;
    overlay = { file: shown, applied: r.applied };
    fileWarnings.push(...r.warnings);
  }

  const spec: SpecIdentity = { ...input.spec, hash: sha256(canonicalJson(document)) };
  const plan = planServer({
    document,
    kind: input.kind,
    config,
    include: input.include,
    exclude: input.exclude,
    allowWrites: input.allowWrites,
    name: input.name,
    inlineSchemas: input.inlineSchemas,
    spec,
    previous,
  });
  fileWarnings.push(...plan.configWarnings);
  const result: GenerateResult = { plan, configFile: configAbs && display(input.cwd, configAbs), overlay, fileWarnings, fallbacks: [], previous };
  // A server without tools is no project: nothing is written (the caller reports the selection).
  if (input.dryRun || outDir === undefined || result.plan.tools.length === 0) return result;

  const changelogFile = path.join(outDir, 'CHANGELOG.md');
  const rendered = renderProject(plan, {
    projectDir: outDir,
    generatorVersion: input.generatorVersion,
    invocation: input.invocation,
    changelog: existsSync(changelogFile) ? readFileSync(changelogFile, 'utf8') : undefined,
    date: (input.now ?? new Date()).toISOString().slice(0, 10),
    document,
  });
  const protect = new Set<string>();
  for (const abs of [configAbs, overlayAbs]) {
    if (abs === undefined) continue;
    const rel = path.relative(outDir, abs);
    if (!rel.startsWith('..') && !path.isAbsolute(rel)) protect.add(rel.split(path.sep).join('/'));
  }
  result.written = writeProject(outDir, rendered.files, rendered.manifest, previous, protect);
  result.fallbacks = rendered.fallbacks;
  return result;
}
