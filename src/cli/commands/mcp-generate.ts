/** `apictl mcp generate SPEC -o DIR [--config FILE] [--overlay FILE] [--include …] [--exclude …] [--allow-writes] [--dry-run]` */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { InputError, UsageError } from '../../errors.js';
import type { Target } from '../../core/prepare.js';
import type { SpecKind } from '../../document/model.js';
import type { GenerateResult } from '../../mcp/generate.js';
import type { SpecIdentity } from '../../mcp/types.js';
import { EXIT } from '../exit-codes.js';
import { type LoadFlags, loadInput } from '../load-input.js';
import { packageVersion } from '../version.js';
import { createOutput, type Output } from '../output.js';
import { openCliRegistry } from '../registry.js';
import { findingLine } from '../render.js';
import { visibleControls } from '../../util/visible.js';

interface GenerateFlags extends LoadFlags {
  output?: string;
  config?: string;
  overlay?: string;
  name?: string;
  include: string[];
  exclude: string[];
  allowWrites?: boolean;
  inlineSchemas?: boolean;
  dryRun?: boolean;
  force?: boolean;
  json?: boolean;
  db?: string;
  target: Target;
}

interface LoadedSpec {
  document: Record<string, unknown>;
  kind: SpecKind;
  spec: Omit<SpecIdentity, 'hash'>;
}

function kindOf(doc: Record<string, unknown>): SpecKind {
  const v = typeof doc.openapi === 'string' ? doc.openapi : '';
  return v.startsWith('3.2') ? 'openapi-3.2' : v.startsWith('3.1') ? 'openapi-3.1' : 'openapi-3.0';
}

function infoOf(doc: Record<string, unknown>): { title: string; version: string } {
  const info = (doc.info ?? {}) as { title?: unknown; version?: unknown };
  return { title: typeof info.title === 'string' ? info.title : 'API', version: typeof info.version === 'string' ? info.version : '' };
}

/** A file when one exists at that path; otherwise a registered spec's latest version. */
async function loadSpec(spec: string, flags: GenerateFlags, io: Output): Promise<LoadedSpec> {
  const looksLikeFile = existsSync(spec) || /\.(ya?ml|json)$/i.test(spec) || spec === '-' || /^https?:\/\//i.test(spec);
  if (looksLikeFile) {
    const loaded = await loadInput(spec, flags);
    const { prepareDocument } = await import('../../core/prepare.js');
    const prepared = await prepareDocument(loaded, { target: flags.target });
    // A cycle of pure refs has no value at all; a ref to nothing only costs the operations that reach it (see the plan).
    const cycles = prepared.validation.filter((f) => f.code === 'circular-ref');
    if (cycles.length > 0) {
      for (const f of cycles) io.err(findingLine(f, io.c));
      throw new InputError('the description has circular references that never reach a value; fix them before generating', { file: loaded.entry.displayPath, line: 0, column: 0 });
    }
    const errors = prepared.validation.filter((f) => f.severity === 'error');
    if (errors.length > 0) {
      for (const f of errors.slice(0, 5)) io.err(findingLine(f, io.c));
      io.err(io.c.yellow(`${loaded.entry.displayPath}: ${errors.length} validation error(s) in the description; generating anyway (tools follow what the description says)`));
    }
    const doc = prepared.document;
    return { document: doc, kind: prepared.outputKind === 'swagger-2.0' ? 'openapi-3.0' : prepared.outputKind, spec: { ...infoOf(doc), file: loaded.entry.displayPath } };
  }
  const registry = await openCliRegistry(flags);
  try {
    const stored = registry.getVersion(spec);
    if (!stored) throw new UsageError(`'${spec}' is neither a file nor a registered spec (see: apictl specs)`);
    const doc = JSON.parse(stored.convertedJson) as Record<string, unknown>;
    return { document: doc, kind: kindOf(doc), spec: { ...infoOf(doc), registry: { slug: stored.spec.slug, version: stored.number } } };
  } finally {
    registry.close();
  }
}

/** The command line that regenerates the project, for its README (one line, no control characters). */
function invocation(spec: string, flags: GenerateFlags, outDir: string): string {
  const q = (s: string): string => (/^[A-Za-z0-9_./:@=-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  const parts = ['apictl', 'mcp', 'generate', q(spec), '-o', q(outDir)];
  if (flags.config) parts.push('--config', q(flags.config));
  if (flags.overlay) parts.push('--overlay', q(flags.overlay));
  if (flags.name) parts.push('--name', q(flags.name));
  for (const i of flags.include) parts.push('--include', q(i));
  for (const e of flags.exclude) parts.push('--exclude', q(e));
  if (flags.allowWrites) parts.push('--allow-writes');
  if (flags.inlineSchemas) parts.push('--inline-schemas');
  return parts.join(' ').replace(/[\u0000-\u001f\u007f]/g, ' ');
}

function humanReport(r: GenerateResult, io: Output, dryRun: boolean): string {
  const c = io.cOut;
  const plan = r.plan;
  const lines: string[] = [];
  const methodWidth = Math.max(6, ...plan.report.map((e) => e.method.length));
  for (const e of plan.report) {
    const mark = e.selected ? c.green('+') : c.gray('-');
    // paths, operationIds and the reasons and notes that quote them come from the description
    const name = e.selected ? c.bold(visibleControls(e.tool ?? '')) : visibleControls(e.operationId ?? '');
    const reason = visibleControls(e.reason);
    lines.push(`${mark} ${e.method.padEnd(methodWidth)} ${visibleControls(e.path)}  ${name}`);
    lines.push(`    ${e.selected ? reason : c.gray(reason)}`);
    if (e.scopes) lines.push(`    scopes: ${e.scopes.alternatives.map((a) => visibleControls(a.join(' + '))).join(' | ')} (${e.scopes.source})`);
    for (const n of e.notes) lines.push(`    ${n.severity === 'warn' ? c.yellow('! ') : c.blue('i ')}${visibleControls(n.message)}`);
  }
  const selected = plan.report.filter((e) => e.selected).length;
  const schemes = Object.entries(plan.server.securitySchemes);
  if (schemes.length > 0) lines.push('');
  for (const [name, sp] of schemes) {
    const at = sp.authorizationServer ? ` when MCP_OAUTH_ISSUER is its authorization server ${visibleControls(sp.authorizationServer)}` : '';
    const how =
      sp.upstream === 'token-exchange'
        ? `token exchange over HTTP with OAuth${at} (the API sees the caller's identity); otherwise, and on stdio, the server's own credentials`
        : "the server's own credentials (environment) in both transports";
    lines.push(`credentials for '${visibleControls(name)}': ${how}`);
  }
  lines.push('');
  lines.push(`${plan.report.length} operation(s), ${selected} selected → ${plan.tools.length} tool(s); tools/list ≈ ${plan.estimatedTokens.toLocaleString('en-US')} tokens`);
  if (plan.largest.length > 0 && plan.tools.length > 1) lines.push(`largest: ${plan.largest.map((l) => `${l.name} (${l.tokens.toLocaleString('en-US')})`).join(', ')}`);
  const v = plan.versioning;
  if (v.previous !== undefined) {
    lines.push(v.level === 'none' ? `server version ${plan.server.version} (no tool changes)` : `server version ${v.previous} → ${plan.server.version} (${v.level}: ${v.changes.length} change(s))`);
  } else lines.push(`server version ${plan.server.version} (${dryRun ? 'would be ' : ''}new project)`);
  return lines.join('\n');
}

/** Runs `mcp generate`; returns the exit code. */
export async function run(spec: string, flags: GenerateFlags): Promise<number> {
  const io = createOutput();
  if (!flags.output && !flags.dryRun) throw new UsageError('give the project folder with -o DIR (or use --dry-run to only see the selection)');
  const cwd = process.cwd();
  const outDir = flags.output === undefined ? undefined : path.resolve(cwd, flags.output);
  if (outDir && existsSync(outDir) && !statSync(outDir).isDirectory()) throw new UsageError(`-o ${flags.output} is a file, not a folder`);

  const loaded = await loadSpec(spec, flags, io);
  const { generateServer } = await import('../../mcp/generate.js');
  const result = generateServer({
    document: loaded.document,
    kind: loaded.kind,
    spec: loaded.spec,
    outDir,
    cwd,
    configPath: flags.config,
    overlayPath: flags.overlay,
    include: flags.include ?? [],
    exclude: flags.exclude ?? [],
    allowWrites: flags.allowWrites === true,
    name: flags.name,
    inlineSchemas: flags.inlineSchemas === true,
    dryRun: flags.dryRun === true || !flags.output,
    force: flags.force === true,
    generatorVersion: packageVersion(),
    invocation: invocation(spec, flags, flags.output ?? 'DIR'),
  });
  const plan = result.plan;

  for (const w of result.fileWarnings) io.err(`${visibleControls(w.file)}:${w.line}:${w.column}: ${io.c.yellow('warning')}: ${visibleControls(w.message)} ${io.c.gray(`(${w.code})`)}`);
  for (const w of plan.warnings) io.err(`${io.c.yellow('warning')}: ${visibleControls(w.message)} ${io.c.gray(`(${w.code})`)}`);
  if (result.configFile) io.err(io.c.gray(`configuration: ${result.configFile}`));
  if (result.overlay) io.err(io.c.gray(`overlay ${result.overlay.file}: ${result.overlay.applied} action(s) applied`));
  for (const f of result.fallbacks) io.err(`${io.c.yellow('warning')}: ${f} is not installed beside apictl; package.json pins the version apictl was tested with`);
  if (plan.tools.length === 0) io.err(`no operation was selected, so there is no server to write (see the reasons in the report; --allow-writes or --include may help)`);

  let recorded = false;
  if (result.written && outDir) {
    for (const k of result.written.kept) io.err(`${io.c.yellow('kept')} ${k.path}: changed since the last generation; the new version is in ${k.newPath}`);
    const registry = await openCliRegistry(flags);
    try {
      const { recordServer } = await import('../../mcp/store.js');
      recordServer(registry, {
        outputDir: outDir,
        serverName: plan.server.name,
        serverVersion: plan.server.version,
        spec: {
          slug: loaded.spec.registry?.slug ?? null,
          version: loaded.spec.registry?.version ?? null,
          // absolute: `mcp list` runs from anywhere
          file: loaded.spec.file !== undefined ? path.resolve(cwd, loaded.spec.file) : null,
          title: loaded.spec.title,
          hash: plan.server.spec.hash,
        },
        toolCount: plan.tools.length,
        toolsHash: plan.toolsHash,
      });
      recorded = true;
    } finally {
      registry.close();
    }
  }

  if (flags.json) {
    io.out(
      JSON.stringify(
        {
          spec: plan.server.spec,
          server: { name: plan.server.name, version: plan.server.version, baseUrl: plan.server.baseUrl },
          dryRun: !result.written,
          output: result.written ? outDir : null,
          operations: plan.report,
          tools: plan.tools.length,
          estimatedTokens: plan.estimatedTokens,
          largest: plan.largest,
          warnings: plan.warnings,
          fileWarnings: result.fileWarnings,
          versioning: plan.versioning,
          written: result.written ?? null,
          recorded,
        },
        null,
        2,
      ),
    );
  } else {
    io.out(humanReport(result, io, !result.written));
  }
  if (result.written) {
    const w = result.written;
    io.err(
      `${flags.output}: ${plan.server.name} ${plan.server.version}, ${plan.tools.length} tool(s); ${w.written.length} file(s) written, ${w.unchanged.length} unchanged${w.kept.length > 0 ? `, ${w.kept.length} kept` : ''}. Next: cd ${flags.output} && npm install && npm run build`,
    );
  } else if (flags.dryRun) {
    io.err(io.c.gray('dry run: nothing written'));
  }
  // a selection without tools is a failed generation a script must notice
  return plan.tools.length === 0 ? EXIT.findings : EXIT.ok;
}
