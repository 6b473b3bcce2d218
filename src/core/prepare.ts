/**
 * From a loaded document to the OpenAPI 3.x document every later stage works on: validate the
 * input, convert Swagger 2.0 (or upgrade 3.0 to 3.1 when asked), and locate every validation
 * finding and conversion note at the line of the file the user wrote.
 */
import { createRequire } from 'node:module';
import type { Finding } from '../findings/finding.js';
import type { LoadResult } from '../document/load.js';
import type { SpecKind } from '../document/model.js';
import type { ConversionNote, OriginMap } from '../convert/index.js';
import { detectSyntax } from '../document/parse.js';
import { InputError } from '../errors.js';
import { syntaxFindings } from '../document/syntax-findings.js';
import { countStats, type SpecStats } from './stats.js';

export type Target = '3.0' | '3.1';

export interface Prepared {
  inputKind: SpecKind;
  inputVersion: string;
  /** The 3.x document (the input itself when no conversion was needed). */
  document: Record<string, unknown>;
  outputKind: SpecKind;
  converted: boolean;
  /** Structural and semantic problems of the input, and reference problems, located in the input files. */
  validation: Finding[];
  /**
   * Set when prepareDocument returned before a worker thread's validation was back
   * (`deferValidation`): until it resolves, `validation` holds the reference problems only; then
   * it holds everything.
   */
  validationPending?: Promise<void>;
  /** Conversion notes located at the input lines they came from. */
  notes: Finding[];
  /**
   * What the conversion repaired because the input itself was at fault, as findings of the rule
   * that names the fault (`no-ref-siblings`), located at the input lines.
   */
  faults: Finding[];
  /** Maps a path of `document` to the path in the input it came from (identity when not converted). */
  originOf: (path: string[]) => string[];
  stats: SpecStats;
}

/** Reading order: by file, then line, then column. */
export function byPosition(a: Finding, b: Finding): number {
  return (a.source ?? '').localeCompare(b.source ?? '') || (a.range?.start.line ?? 0) - (b.range?.start.line ?? 0) || (a.range?.start.column ?? 0) - (b.range?.start.column ?? 0);
}

/** Attaches file and range to findings whose path is a path of the loaded document. */
export function locateFindings(findings: Finding[], loaded: LoadResult, toInputPath: (p: string[]) => string[] = (p) => p): Finding[] {
  return findings
    .map((f) => {
      const loc = loaded.locate(toInputPath(f.path));
      return { ...f, source: loc.file, range: loc.range };
    })
    .sort(byPosition);
}

function locateNotes(notes: ConversionNote[], loaded: LoadResult): Finding[] {
  return notes
    .map((n) => {
      const loc = loaded.locate(n.source);
      return { code: n.code, severity: n.severity, message: n.message, path: n.source, source: loc.file, range: loc.range } satisfies Finding;
    })
    .sort(byPosition);
}

function locateFaults(notes: ConversionNote[], loaded: LoadResult): Finding[] {
  const out: Finding[] = [];
  for (const n of notes) {
    if (!n.fault) continue;
    const loc = loaded.locate(n.source);
    out.push({ code: n.fault.rule, severity: 'warn', message: n.fault.message, path: n.source, source: loc.file, range: loc.range });
  }
  return out.sort(byPosition);
}

/** Notes are located on first use: a run that never shows them (`convert --quiet`) never pays for it. */
function withLazyNotes(p: Omit<Prepared, 'notes' | 'faults'>, notesOf: ConversionNote[], loaded: LoadResult): Prepared {
  let notes: Finding[] | undefined;
  let faults: Finding[] | undefined;
  Object.defineProperty(p, 'faults', { enumerable: true, get: () => (faults ??= locateFaults(notesOf, loaded)) });
  return Object.defineProperty(p, 'notes', { enumerable: true, get: () => (notes ??= locateNotes(notesOf, loaded)) }) as Prepared;
}

export interface PrepareOptions {
  target?: Target;
  upgrade?: boolean;
  validationLimit?: number;
  /** Skip schema and semantic validation (reference problems are still reported). */
  skipValidation?: boolean;
  /**
   * The caller does not use `loaded.value` after this call: a single-file 2.0 document is then
   * converted in place instead of copied first (the origin map re-reads the text if it needs
   * the original). `loaded.locate` keeps working: for one file it reads the text, not the value.
   */
  consumeInput?: boolean;
  /** Validate a large single-file document on a worker thread while converting (same findings). */
  validateInWorker?: boolean;
  /**
   * With validateInWorker: return as soon as the document is converted, while the worker may
   * still validate (see Prepared.validationPending), so that a caller can lint meanwhile.
   */
  deferValidation?: boolean;
}

/** Validates and converts. Downgrades (3.1/3.2 → 3.0) are refused. */
export async function prepareDocument(loaded: LoadResult, opts: PrepareOptions = {}): Promise<Prepared> {
  const kind = loaded.spec.kind;
  const maxFindings = opts.validationLimit ?? 100;
  const inWorker = opts.skipValidation || !opts.validateInWorker ? undefined : validateInWorker(loaded, kind, maxFindings);
  const checks = opts.skipValidation || inWorker ? [] : (await import('../validate/index.js')).validateDocument(loaded.value, kind, { maxFindings });
  const base = { inputKind: kind, inputVersion: loaded.spec.version, validation: [] as Finding[] };
  const prepared = await convertOrUpgrade(loaded, kind, base, opts);
  // reference problems and what the text gets wrong are known now; the rest may come from a worker
  const known = opts.skipValidation ? loaded.refFindings : [...loaded.refFindings, ...syntaxFindings(loaded)];
  if (inWorker && opts.deferValidation) {
    prepared.validation = locateFindings(known, loaded);
    prepared.validationPending = inWorker.then((found) => {
      prepared.validation = locateFindings([...known, ...found], loaded);
    });
    // awaited by the caller later, after its own work: not an unhandled rejection meanwhile
    prepared.validationPending.catch(() => undefined);
    return prepared;
  }
  prepared.validation = locateFindings([...known, ...(inWorker ? await inWorker : checks)], loaded);
  return prepared;
}

/** The smallest document validated on a worker thread: below it, starting one costs more than it saves. */
const WORKER_MIN_CHARS = 512 * 1024;

/**
 * Validation of a large single-file JSON document on a worker thread, while this thread converts
 * and lints: the worker parses the text again (a single file's value is exactly its JSON.parse)
 * and sends the findings back. If the worker cannot run or fails, the same validation runs here on
 * a fresh parse. Undefined when the document is not worth it: small, several files, or YAML (a
 * second YAML parse costs the worker as much as validating here saves, and on two cores it slows
 * this thread: docs/performance.md#validation-worker).
 */
function validateInWorker(loaded: LoadResult, kind: SpecKind, maxFindings: number): Promise<Finding[]> | undefined {
  const reparse = loaded.reparse;
  if (!reparse || loaded.entryText.length < WORKER_MIN_CHARS || detectSyntax(loaded.entryText) !== 'json') return undefined;
  // the CommonJS entry (worker-entry.cts), which starts faster than the ES module one
  const workerUrl = new URL('../validate/worker-entry.cjs', import.meta.url);
  // only the built modules can start it (tests run the TypeScript sources)
  if (!workerUrl.pathname.endsWith('/dist/validate/worker-entry.cjs')) return undefined;
  const inline = async (): Promise<Finding[]> => (await import('../validate/index.js')).validateDocument(reparse(), kind, { maxFindings });
  return new Promise<Finding[]>((resolve) => {
    let settled = false;
    const fallBack = (): void => {
      if (settled) return;
      settled = true;
      inline().then(resolve, () => resolve([]));
    };
    try {
      const job = { text: loaded.entryText, kind, maxFindings };
      // node:worker_threads only when a worker runs (loading it would cost every run)
      const { Worker } = createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
      const worker = new Worker(workerUrl, { workerData: job });
      worker.once('message', (m: { findings?: Finding[]; error?: string }) => {
        if (settled) return;
        if (!m.findings) return fallBack();
        settled = true;
        resolve(m.findings);
      });
      worker.once('error', fallBack);
      worker.once('exit', fallBack);
    } catch {
      fallBack();
    }
  });
}

async function convertOrUpgrade(loaded: LoadResult, kind: SpecKind, base: Pick<Prepared, 'inputKind' | 'inputVersion' | 'validation'>, opts: PrepareOptions): Promise<Prepared> {
  const target = opts.target ?? '3.0';
  const validation = loaded.refFindings;

  if (kind === 'swagger-2.0') {
    if (validation.some((f) => f.code === 'circular-ref')) {
      return { ...base, document: loaded.value as Record<string, unknown>, outputKind: kind, converted: false, notes: [], faults: [], originOf: (p) => p, stats: countStats(loaded.value, kind) };
    }
    const { convertSwagger2 } = await import('../convert/index.js');
    // `__proto__` keys need the clone (it carries them through swagger2openapi under a placeholder).
    const reparse = opts.consumeInput && !loaded.entryText.includes('__proto__') ? loaded.reparse : undefined;
    const bundleRefs = loaded.bundleRefs();
    const result = await convertSwagger2(loaded.value, {
      target,
      ...(reparse ? { consumeInput: { original: reparse, ...loaded.valueFacts } } : {}),
      ...(bundleRefs.length > 0 ? { bundleRefs } : {}),
    });
    const origin: OriginMap = result.origin;
    const outputKind: SpecKind = target === '3.1' ? 'openapi-3.1' : 'openapi-3.0';
    return withLazyNotes(
      { ...base, document: result.document, outputKind, converted: true, originOf: (p) => origin.originOf(p), stats: countStats(result.document, outputKind) },
      result.notes,
      loaded,
    );
  }

  if (opts.upgrade && target === '3.1' && kind === 'openapi-3.0') {
    const { upgradeTo31 } = await import('../convert/index.js');
    const result = upgradeTo31(loaded.value as Record<string, unknown>);
    return withLazyNotes(
      { ...base, document: result.document, outputKind: 'openapi-3.1', converted: true, originOf: (p) => p, stats: countStats(result.document, 'openapi-3.1') },
      result.notes,
      loaded,
    );
  }

  if (opts.upgrade && target === '3.0' && (kind === 'openapi-3.1' || kind === 'openapi-3.2')) {
    const r = loaded.locate(['openapi']);
    throw new InputError(`cannot convert OpenAPI ${loaded.spec.version} down to 3.0 (only 2.0 → 3.x and 3.0 → 3.1 are supported)`, {
      file: r.file,
      line: r.range.start.line,
      column: r.range.start.column,
    });
  }

  return { ...base, document: loaded.value as Record<string, unknown>, outputKind: kind, converted: false, notes: [], faults: [], originOf: (p) => p, stats: countStats(loaded.value, kind) };
}
