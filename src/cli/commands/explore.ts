/**
 * `apictl explore [SPEC|NAME] [-o FILE.html] [--pack P]... [--no-lint] [--serve [--port N]]`: one
 * offline page with the reference, the source and the findings; without a SPEC, the registry's
 * portfolio page with one page per registered spec beside it.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { InputError, UsageError, formatErrorLine } from '../../errors.js';
import type { Source } from '../../document/load.js';
import type { ScorePoint } from '../../explore/chart.js';
import type { Linter } from '../../lint/pipeline.js';
import type { Registry } from '../../store/index.js';
import { EXIT } from '../exit-codes.js';
import { type LoadFlags, loadOptionsFrom, sourceFor } from '../load-input.js';
import { createOutput } from '../output.js';
import { packageVersion } from '../version.js';

interface ExploreFlags extends LoadFlags {
  output?: string;
  pack?: string[];
  ruleset?: string[];
  lint?: boolean;
  config?: string | false;
  configCode?: boolean;
  db?: string;
  serve?: boolean;
  port?: string;
}

/** One spec to show: a file (or stdin, or a URL), or a registered spec's latest version. */
interface Target {
  source: Source;
  /** What the config's per-file overrides match. */
  configPath: string;
  /** The registry identity whose recorded scores are the history. */
  identity?: string;
}

export async function run(spec: string | undefined, flags: ExploreFlags): Promise<number> {
  const io = createOutput();
  const cwd = process.cwd();
  if (spec === undefined) return portfolio(flags, cwd, (l) => io.err(l));
  if (flags.serve && spec === '-') throw new UsageError('--serve watches files: give a file, not stdin');

  const registry = await openExistingRegistry(flags.db, cwd);
  try {
    const target = await targetFor(spec, flags, cwd, registry);
    const linter = flags.lint === false ? undefined : await linterFor(flags, cwd);
    let served = false;
    const render = async () => {
      try {
        const page = await pageFor(target, flags, cwd, linter, registry);
        return { ...page, watch: page.files };
      } catch (err) {
        // once serving, a save that breaks the file is one line in the log and the page's banner
        if (served && err instanceof InputError) throw new Error(formatErrorLine(err));
        throw err;
      }
    };
    if (flags.serve) {
      const port = flags.port === undefined ? 0 : Number(flags.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number, not '${flags.port}'`);
      const { serveExplorer } = await import('../../explore/serve.js');
      const server = await serveExplorer({ render, port, log: (l) => io.err(l) });
      served = true;
      io.err(`serving ${spec} at ${server.url} (re-rendered on save; Ctrl-C to stop)`);
      await new Promise<void>((resolve) => {
        const stop = (): void => {
          void server.close().then(resolve);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      linter?.close();
      return 0;
    }
    const page = await render();
    linter?.close();
    const name = target.identity?.startsWith('spec:') ? target.identity.slice(5) : path.basename(page.entry).replace(/\.(ya?ml|json)$/i, '') || 'api';
    const out = path.resolve(cwd, flags.output ?? `${name}.html`);
    writeFileSync(out, page.html);
    io.err(`${path.relative(cwd, out) || out}: ${summary(page)}`);
    return 0;
  } finally {
    registry?.close();
  }
}

function summary(page: { operations: number; findings: number; score?: { score: number; grade: string }; html: string }): string {
  return `${page.operations} operations, ${page.findings} findings${page.score ? `, score ${page.score.score} (${page.score.grade})` : ''}, ${(Buffer.byteLength(page.html) / 1024).toFixed(0)} KiB`;
}

async function linterFor(flags: ExploreFlags, cwd: string): Promise<Linter> {
  const { findConfig, loadConfig } = await import('../../lint/config.js');
  const configFile = flags.config === false ? undefined : typeof flags.config === 'string' ? path.resolve(cwd, flags.config) : findConfig(cwd);
  const config = configFile ? loadConfig(configFile) : undefined;
  const { createLinter } = await import('../../lint/pipeline.js');
  const noCode = flags.configCode === false || ['1', 'true'].includes((process.env.APICTL_NO_CONFIG_CODE ?? '').toLowerCase());
  return createLinter({ config, configFile, cwd, packs: flags.pack, rulesets: flags.ruleset, allowCode: !noCode });
}

/** The registry when one exists: explore reads it, and never creates one. */
async function openExistingRegistry(db: string | undefined, cwd: string): Promise<Registry | undefined> {
  const { openRegistry, resolveDbPath } = await import('../../store/index.js');
  const file = resolveDbPath({ cwd, explicit: db, env: process.env });
  return existsSync(file) ? openRegistry(file) : undefined;
}

async function targetFor(spec: string, flags: ExploreFlags, cwd: string, registry: Registry | undefined): Promise<Target> {
  const isFile = spec === '-' || /^https?:\/\//i.test(spec) || existsSync(path.resolve(cwd, spec));
  if (!isFile && registry) {
    const v = registry.getVersion(spec);
    if (v) return registeredTarget(v);
  }
  const { specIdentityFor } = await import('../../score/identity.js');
  const source = await sourceFor(spec, flags, loadOptionsFrom(flags, cwd));
  return { source, configPath: spec, ...(spec !== '-' && 'path' in source ? { identity: specIdentityFor(spec, cwd) } : {}) };
}

function registeredTarget(v: NonNullable<ReturnType<Registry['getVersion']>>): Target {
  return {
    source: { bytes: Buffer.from(v.originalText), displayPath: `${v.spec.slug}@v${v.number}/${path.basename(v.sourcePath)}` },
    configPath: v.spec.slug,
    identity: `spec:${v.spec.slug}`,
  };
}

async function pageFor(target: Target, flags: ExploreFlags, cwd: string, linter: Linter | undefined, registry: Registry | undefined) {
  const { buildExplorerPage } = await import('../../explore/build.js');
  const { localImages } = await import('../../explore/images.js');
  const loadOptions = loadOptionsFrom(flags, cwd);
  let input: Parameters<typeof buildExplorerPage>[0];
  if (linter) {
    const r = await linter.lint(target.source, loadOptions, target.configPath);
    input = { loaded: r.loaded, prepared: r.prepared, lint: { findings: r.findings, ruleset: r.ruleset }, generator: `apictl ${packageVersion()}` };
  } else {
    const { loadDocument } = await import('../../document/load.js');
    const { prepareDocument } = await import('../../core/prepare.js');
    const loaded = await loadDocument(target.source, loadOptions);
    input = { loaded, prepared: await prepareDocument(loaded, { validationLimit: Infinity }), generator: `apictl ${packageVersion()}` };
  }
  if (input.prepared.outputKind === 'swagger-2.0') {
    throw new InputError('the description cannot be converted to OpenAPI 3 (see apictl convert), so it cannot be shown', { file: input.loaded.entry.displayPath, line: 0, column: 0 });
  }
  const history = registry && target.identity ? await historyOf(registry, target.identity) : undefined;
  const page = buildExplorerPage({ ...input, image: localImages(input.loaded), ...(history ? { history } : {}) });
  return { ...page, entry: input.loaded.entry.displayPath };
}

async function historyOf(registry: Registry, identity: string): Promise<ScorePoint[]> {
  const { history } = await import('../../score/history.js');
  const { CHART_RUNS } = await import('../../explore/portfolio.js');
  return history(registry, identity, CHART_RUNS).map((r) => ({ at: r.time, score: r.score.total, grade: r.score.grade }));
}

/** No SPEC: the portfolio page, and each registered spec's own page beside it. */
async function portfolio(flags: ExploreFlags, cwd: string, log: (line: string) => void): Promise<number> {
  if (flags.serve) throw new UsageError('--serve shows one spec: give its file or registered name');
  const registry = await openExistingRegistry(flags.db, cwd);
  if (!registry) throw new UsageError('give the API description to explore (apictl explore api.yaml), or import specs first: without a SPEC, explore shows the registry');
  try {
    const { portfolioFromRegistry } = await import('../../explore/portfolio-data.js');
    const { renderPortfolioPage } = await import('../../explore/portfolio.js');
    const out = path.resolve(cwd, flags.output ?? 'index.html');
    const dir = path.dirname(out);
    mkdirSync(dir, { recursive: true });
    const specs = portfolioFromRegistry(registry).map((s) => (path.join(dir, s.href) === out ? { ...s, href: `${s.slug}.spec.html` } : s));
    const linter = flags.lint === false ? undefined : await linterFor(flags, cwd);
    let failed = 0;
    try {
      for (const s of specs) {
        const v = registry.getVersion(s.slug);
        if (!v) continue;
        try {
          const page = await pageFor(registeredTarget(v), flags, cwd, linter, registry);
          writeFileSync(path.join(dir, s.href), page.html);
          log(`${path.relative(cwd, path.join(dir, s.href))}: ${summary(page)}`);
        } catch (err) {
          // one spec that cannot be shown does not hide the others
          if (!(err instanceof InputError)) throw err;
          failed++;
          log(formatErrorLine(err));
        }
      }
    } finally {
      linter?.close();
    }
    const html = renderPortfolioPage({ title: 'API portfolio', generator: `apictl ${packageVersion()}`, specs });
    writeFileSync(out, html);
    log(`${path.relative(cwd, out) || out}: ${specs.length} ${specs.length === 1 ? 'spec' : 'specs'}`);
    return failed > 0 ? EXIT.error : EXIT.ok;
  } finally {
    registry.close();
  }
}
