/**
 * Loading an API description: read → parse → bundle external `$ref`s under a policy → detect.
 *
 * External refs are bundled the way a reviewer expects: the first reference to a target inlines
 * it, later references to the same target (or inside it) become internal `#/…` refs to where it
 * was placed, so cycles across files stay finite. Internal refs of the entry file are kept as they
 * are. Every placed value remembers the file and path it came from, so any path in the bundled
 * document maps back to `file:line:col` of the file that holds it.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { InputError, type SourcePosition } from '../errors.js';
import { type Finding, type JsonPath, parsePointer, toPointer } from '../findings/finding.js';
import { detectSpec } from './detect.js';
import { DEFAULT_LIMITS, DEPTH_CEILING, type LoadLimits } from './limits.js';
import type { LoadedDocument, Location } from './model.js';
import { type ParsedSource, parseSourceText } from './parse.js';
import { decodeUtf8, formatBytes, readFileCapped } from './read.js';
import { fetchRemote, type RemotePolicy } from './remote.js';
import { appendAll } from '../util/append.js';

export type Source = { path: string } | { url: string } | { bytes: Uint8Array; displayPath: string };

export interface LoadOptions {
  /** Working directory for display paths. */
  cwd?: string;
  limits?: Partial<LoadLimits>;
  /** Folder that relative file refs must stay inside (default: the entry file's folder). */
  refRoot?: string;
  /** Follow absolute-path and file:// refs (still confined to refRoot). Off by default. */
  allowAbsoluteRefs?: boolean;
  /** Remote sources and refs: off unless hosts are listed. */
  remote?: Partial<RemotePolicy> & { allowHosts: string[] };
  /** Give up (InputError) once this time (ms since the epoch) has passed: a run's time budget covers loading. */
  deadline?: number;
}

export interface LoadResult extends LoadedDocument {
  entry: ParsedSource;
  /** Problems with references that do not stop loading (missing targets, pure cycles). */
  refFindings: Finding[];
  /** Original text of the entry file (BOM removed). */
  entryText: string;
  /**
   * A fresh, unshared parse of the document, equal to `value` as loaded — only for a single file
   * (undefined when refs were bundled from other files: the bundle cannot be re-read from text).
   * Lets a consumer that edits the value in place (the converter) keep a pristine copy on demand.
   */
  reparse: (() => unknown) | undefined;
  /** What was read: the entry's characters plus the bytes of every file its refs brought in. */
  totalSize: number;
  /**
   * The internal refs the bundling wrote for a target in another file that was already placed
   * (a file referenced a second time): where each is in `value`, and the ref as the author wrote
   * it (`Pet.yaml`, `common.yaml#/Error`). A converter names what it makes of them after it.
   */
  bundleRefs: () => Array<{ path: string[]; written: string }>;
  /**
   * What is known of `value` as loaded, for a consumer that walks or edits it: `tree`, no object
   * in it is reached twice (one file, read as a tree, with internal refs only: nothing was
   * bundled into it); `noNulls`, it holds no `null` (only a JSON parse tells). False says nothing.
   */
  valueFacts: { tree: boolean; noNulls: boolean };
}

const ALLOWED_EXTENSIONS = new Set(['.json', '.yaml', '.yml']);

interface Origin {
  fileId: string;
  path: string[];
}

/** Loads, bundles and detects one API description. Throws InputError for anything it cannot accept. */
export async function loadDocument(source: Source, options: LoadOptions = {}): Promise<LoadResult> {
  const cwd = options.cwd ?? process.cwd();
  const limits: LoadLimits = { ...DEFAULT_LIMITS, ...options.limits };
  limits.maxDepth = Math.min(limits.maxDepth, DEPTH_CEILING);
  const remote: RemotePolicy | undefined = options.remote ? { timeoutMs: 10_000, maxBytes: limits.maxBytes, maxRedirects: 3, ...options.remote } : undefined;
  const files = new Map<string, ParsedSource>();
  let totalBytes = 0;

  const display = (abs: string): string => {
    const rel = path.relative(cwd, abs);
    return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : abs;
  };
  const account = (n: number, where: SourcePosition): void => {
    totalBytes += n;
    if (totalBytes > limits.maxTotalBytes) {
      throw new InputError(`referenced files add up to more than ${formatBytes(limits.maxTotalBytes)}`, where);
    }
    if (files.size >= limits.maxFiles) throw new InputError(`more than ${limits.maxFiles} referenced files`, where);
  };

  // Entry.
  let entry: ParsedSource;
  let entryText: string;
  let root: string | undefined;
  if ('path' in source) {
    const shown = source.path;
    let abs: string;
    try {
      abs = realpathSync.native(path.resolve(cwd, source.path));
    } catch {
      throw new InputError('no such file', { file: shown, line: 0, column: 0 });
    }
    const bytes = readFileCapped(abs, shown, limits.maxBytes);
    entryText = decodeUtf8(bytes, shown);
    entry = parseSourceText(entryText, shown, abs, limits);
    root = realRoot(options.refRoot ? path.resolve(cwd, options.refRoot) : path.dirname(abs));
  } else if ('url' in source) {
    const url = new URL(source.url);
    const bytes = await fetchRemote(url, remote, { file: source.url, line: 0, column: 0 });
    entryText = decodeUtf8(bytes, url.href);
    entry = parseSourceText(entryText, url.href, url.href, limits);
    root = options.refRoot ? realRoot(path.resolve(cwd, options.refRoot)) : undefined;
  } else {
    if (source.bytes.length > limits.maxBytes) {
      throw new InputError(`input is larger than the ${formatBytes(limits.maxBytes)} limit (raise it with --max-size)`, { file: source.displayPath, line: 0, column: 0 });
    }
    entryText = decodeUtf8(source.bytes, source.displayPath);
    entry = parseSourceText(entryText, source.displayPath, source.displayPath, limits);
    root = realRoot(options.refRoot ? path.resolve(cwd, options.refRoot) : cwd);
  }
  if (entryText.charCodeAt(0) === 0xfeff) entryText = entryText.slice(1);
  files.set(entry.id, entry);
  account(entryText.length, { file: entry.displayPath, line: 0, column: 0 });

  const detection = detectSpec(entry.value);
  if (!detection.ok) {
    const r = entry.locateDeepest(detection.path).range;
    throw new InputError(detection.message, { file: entry.displayPath, line: r.start.line, column: r.start.column });
  }

  const origins = new WeakMap<object, Origin>();
  const placed = new Map<string, string[]>();
  const refFindings: Finding[] = [];
  const internalRefs: Array<{ at: PathLink; ref: string }> = [];
  const bundleRefs: Array<{ at: PathLink; written: string }> = [];
  const bundledRoot = entry.value as Record<string, unknown>;
  origins.set(bundledRoot, { fileId: entry.id, path: [] });

  const positionIn = (fileId: string, p: string[]): SourcePosition => {
    const f = files.get(fileId)!;
    const r = f.locateDeepest(p).range;
    return { file: f.displayPath, line: r.start.line, column: r.start.column };
  };

  /** Reads and parses the file a ref points to, applying the policy. Returns its id. */
  const loadTarget = async (uri: string, fromId: string, where: SourcePosition): Promise<string> => {
    const refuse = (why: string): never => {
      throw new InputError(`refusing $ref '${uri}': ${why}`, where);
    };
    const fromIsUrl = /^https?:\/\//i.test(fromId);
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(uri)?.[1]?.toLowerCase();
    if (scheme === 'http' || scheme === 'https' || (fromIsUrl && !scheme)) {
      const url = new URL(uri, fromIsUrl ? fromId : undefined);
      url.hash = '';
      const id = url.href;
      if (!files.has(id)) {
        const bytes = await fetchRemote(url, remote, where);
        account(bytes.length, where);
        files.set(id, parseSourceText(decodeUtf8(bytes, id), id, id, limits));
      }
      return id;
    }
    let target: string;
    if (scheme === 'file') {
      if (!options.allowAbsoluteRefs) refuse('file:// references are not followed (use a relative path)');
      target = decodeURIComponent(new URL(uri).pathname);
    } else if (scheme && scheme.length > 1) {
      return refuse(`the '${scheme}:' scheme is not supported`);
    } else if (path.isAbsolute(uri) || /^[a-z]:[\\/]/i.test(uri)) {
      if (!options.allowAbsoluteRefs) refuse('absolute paths are not followed (use a path relative to the document)');
      target = uri;
    } else {
      let rel = uri;
      try {
        rel = decodeURIComponent(uri);
      } catch {
        /* keep as written */
      }
      target = path.resolve(path.dirname(fromId), rel);
    }
    if (!root) refuse('file references are not followed from a remote document (give --ref-root)');
    // Check the lexical path first so a ref leaving the root never even reaches the file system.
    if (!isInside(path.resolve(target), root!)) refuse(`it leaves the allowed folder ${display(root!)} (widen it with --ref-root)`);
    let real: string;
    try {
      real = realpathSync.native(target);
    } catch {
      return refuse('no such file');
    }
    if (!isInside(real, root!)) refuse(`it resolves (through a link) outside the allowed folder ${display(root!)}`);
    if (!ALLOWED_EXTENSIONS.has(path.extname(real).toLowerCase())) refuse('only .json, .yaml and .yml files are followed');
    if (!files.has(real)) {
      const shown = display(real);
      let bytes: Uint8Array;
      try {
        bytes = readFileCapped(real, shown, limits.maxBytes);
      } catch (err) {
        // said at the ref: the file alone does not tell the reader which ref brought it in
        if (err instanceof InputError) refuse(`${shown}: ${err.message}`);
        throw err;
      }
      account(bytes.length, where);
      files.set(real, parseSourceText(decodeUtf8(bytes, shown), shown, real, limits));
    }
    return real;
  };

  // Iterative walk: containers to visit with their place in the bundle and in their own file.
  // Paths are linked lists materialised only where a ref needs them: most keys of a big
  // document are never part of a path anyone asks for, and copying a path per key dominated.
  interface Frame {
    node: Record<string, unknown> | unknown[];
    bundled: PathLink | undefined;
    fileId: string;
    /**
     * Path in its own file: either a link chain or (after a ref) an explicit array plus a link tail;
     * undefined in the entry document until a ref or a node from another file is crossed, where
     * it is the bundled path (no second chain of links per node for single-file documents).
     */
    filePath: FilePath | undefined;
    /** Nesting depth in the bundle: bundling may nest files deeper than any one of them is. */
    depth: number;
  }
  const visited = new Set<object>();
  let foreignOrigins = 0;
  // JSON text tells its refs without a walk: when each is internal and resolves with no finding,
  // so do the walk's (it sees fewer: it skips extensions and examples), and nothing is walked.
  const fromText = entry.tree && entry.syntax === 'json' ? refsOfJsonText(entryText) : undefined;
  const refsResolve = fromText !== undefined && resolveQuietly(bundledRoot, fromText);
  // Otherwise a document whose refs are all internal (most single files) needs none of the walk
  // below but its list of refs: for a tree, the lean walk gives the same list in the same order,
  // or undefined.
  const lean = refsResolve ? [] : entry.tree ? internalRefsOf(bundledRoot) : undefined;
  if (lean) appendAll(internalRefs, lean);
  const stack: Frame[] = lean ? [] : [{ node: bundledRoot, bundled: undefined, fileId: entry.id, filePath: undefined, depth: 0 }];
  const next: Frame[] = [];
  let steps = 0;
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (visited.has(frame.node)) continue;
    if (options.deadline !== undefined && (++steps & 4095) === 0 && Date.now() > options.deadline) {
      throw new InputError('the time budget ran out while loading its $refs (raise it with --time-budget)', { file: entry.displayPath, line: 0, column: 0 });
    }
    visited.add(frame.node);
    const isArray = Array.isArray(frame.node);
    const keys = isArray ? undefined : Object.keys(frame.node);
    const count = isArray ? (frame.node as unknown[]).length : keys!.length;
    // Extensions and examples are data, not references: a `$ref` inside them is left as written
    // (Azure's x-ms-examples, Bump's x-topics point at files that are not API descriptions).
    const inExamples = frame.bundled?.parent?.key === 'examples';
    next.length = 0;
    // hot: per node; bench: bench/load.mjs (docs/performance.md#indexed-loops-load)
    for (let i = 0; i < count; i++) {
      const key = isArray ? String(i) : keys![i]!;
      if (!isArray && (key.startsWith('x-') || key === 'example' || (key === 'value' && inExamples))) continue;
      const container = frame.node as Record<string, unknown>;
      let child = container[key];
      if (child === null || typeof child !== 'object') continue;
      const bundledLink: PathLink = { parent: frame.bundled, key };
      let fileId = frame.fileId;
      let filePath: FilePath | undefined = frame.filePath === undefined ? undefined : { base: frame.filePath.base, tail: { parent: frame.filePath.tail, key } };
      // until a ref brought in another file's nodes, only the root has an origin
      const childOrigin = foreignOrigins > 0 || child === bundledRoot ? origins.get(child) : undefined;
      if (childOrigin) {
        fileId = childOrigin.fileId;
        filePath = { base: childOrigin.path, tail: undefined };
      }
      let chain: Set<string> | undefined;
      // Resolve while the slot holds an external (or foreign-internal) reference.
      while (isRefObject(child)) {
        const ref = child.$ref;
        const hash = ref.indexOf('#');
        const uri = hash === -1 ? ref : ref.slice(0, hash);
        const fragment = hash === -1 ? '' : ref.slice(hash + 1);
        if (uri === '' && fileId === entry.id) {
          internalRefs.push({ at: bundledLink, ref });
          break;
        }
        const bundled = linkPath(bundledLink);
        const where = positionIn(fileId, [...(filePath === undefined ? bundled : filePathOf(filePath)), '$ref']);
        let fragPath: string[];
        try {
          fragPath = parsePointer(fragment);
        } catch {
          throw new InputError(`invalid $ref '${ref}': the part after '#' must be a JSON pointer`, where);
        }
        const targetId = uri === '' ? fileId : await loadTarget(uri, fileId, where);
        if (targetId === entry.id) {
          // A reference back into the entry document is an internal reference there.
          const rewritten = '#' + toPointer(fragPath);
          child = replaceRef(child, rewritten);
          container[key] = child;
          internalRefs.push({ at: bundledLink, ref: rewritten });
          break;
        }
        const keyOf = targetId + '#' + toPointer(fragPath);
        chain ??= new Set<string>();
        if (chain.has(keyOf)) {
          throw new InputError(`circular $ref '${ref}': it refers back to itself through other references`, where);
        }
        chain.add(keyOf);
        const already = findPlaced(placed, targetId, fragPath);
        if (already) {
          const rewritten = '#' + toPointer(already);
          child = replaceRef(child, rewritten);
          container[key] = child;
          internalRefs.push({ at: bundledLink, ref: rewritten });
          bundleRefs.push({ at: bundledLink, written: ref });
          break;
        }
        const target = resolvePath(files.get(targetId)!.value, fragPath);
        if (target === undefined) {
          refFindings.push({
            code: 'unresolved-ref',
            severity: 'error',
            message: `$ref '${ref}' points to nothing: '${toPointer(fragPath) || '/'}' does not exist in ${files.get(targetId)!.displayPath}`,
            path: [...bundled, '$ref'],
          });
          break;
        }
        const siblings = Object.keys(child).filter((k) => k !== '$ref');
        let value: unknown = target;
        if (siblings.length > 0 && target !== null && typeof target === 'object' && !Array.isArray(target)) {
          // Keep the reference's own keys (3.1 allows description/summary beside $ref) over the target's.
          value = mergeOwn(target as Record<string, unknown>, child);
          origins.set(value as object, { fileId: targetId, path: fragPath });
          foreignOrigins++;
        } else if (target !== null && typeof target === 'object') {
          placed.set(keyOf, bundled);
          if (!origins.has(target)) {
            origins.set(target, { fileId: targetId, path: fragPath });
            foreignOrigins++;
          }
        }
        container[key] = value;
        child = value;
        fileId = targetId;
        filePath = { base: fragPath, tail: undefined };
      }
      if (child !== null && typeof child === 'object' && !visited.has(child)) {
        if (frame.depth + 1 > limits.maxDepth) {
          // at the key in its container's file (after a ref, the child's own place is in another file)
          const where = positionIn(frame.fileId, [...(frame.filePath === undefined ? linkPath(frame.bundled) : filePathOf(frame.filePath)), key]);
          throw new InputError(`$refs nest the bundled document deeper than ${limits.maxDepth} levels (raise it with --max-depth)`, where);
        }
        next.push({ node: child as Record<string, unknown>, bundled: bundledLink, fileId, filePath, depth: frame.depth + 1 });
      }
    }
    // Depth-first in document order, so the first use of a target in reading order is the one inlined.
    // hot: per node; bench: bench/load.mjs (docs/performance.md#indexed-loops-load)
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]!);
  }

  if (!refsResolve) checkInternalRefs(bundledRoot, internalRefs, refFindings);

  const single = files.size === 1 ? entry : undefined;
  const locate = (p: JsonPath): Location => {
    if (single) {
      // One file: the text has the document's structure, so no walk over the value is needed
      // (and the value may since have been edited by a consumer that owns it).
      const { range, found } = single.locateDeepest(p);
      return { file: single.displayPath, range, path: p.slice(0, found), exact: found === p.length };
    }
    let cur: unknown = bundledRoot;
    let origin: Origin = { fileId: entry.id, path: [] };
    let walked = 0;
    for (const seg of p) {
      if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, seg)) break;
      cur = (cur as Record<string, unknown>)[seg];
      const o = cur !== null && typeof cur === 'object' ? origins.get(cur) : undefined;
      origin = o ?? { fileId: origin.fileId, path: [...origin.path, seg] };
      walked++;
    }
    const file = files.get(origin.fileId)!;
    const { range, found } = file.locateDeepest(origin.path);
    return { file: file.displayPath, range, path: origin.path.slice(0, found), exact: walked === p.length && found === origin.path.length };
  };

  const text = entryText;
  // JSON that loaded once parses to the same value with JSON.parse alone (the checks passed, and
  // the locator is not needed again)
  const reparse = single
    ? single.syntax === 'json'
      ? () => JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown
      : () => parseSourceText(text, single.displayPath, single.id, limits).value
    : undefined;
  // `lean` (refs from the text, or the lean walk) only if nothing had to be bundled: the value is
  // the entry's parse, untouched
  const valueFacts = { tree: lean !== undefined, noNulls: lean !== undefined && entry.noNulls };
  return {
    value: bundledRoot,
    entry,
    files,
    spec: detection.spec,
    locate,
    refFindings,
    entryText,
    reparse,
    totalSize: totalBytes,
    valueFacts,
    bundleRefs: () => bundleRefs.map((r) => ({ path: linkPath(r.at), written: r.written })),
  };
}

/** A path as a chain of links to the parent, shared by all children of a container. */
interface PathLink {
  parent: PathLink | undefined;
  key: string;
}

interface FilePath {
  base: string[];
  tail: PathLink | undefined;
}

function linkPath(link: PathLink | undefined): string[] {
  const out: string[] = [];
  for (let l = link; l; l = l.parent) out.push(l.key);
  return out.reverse();
}

function filePathOf(p: FilePath): string[] {
  return p.tail ? [...p.base, ...linkPath(p.tail)] : p.base;
}

function realRoot(dir: string): string {
  try {
    return realpathSync.native(dir);
  } catch {
    return dir;
  }
}

function isInside(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * The internal refs of a document whose value is a tree (ParsedSource.tree), as the walk of
 * loadDocument records them (same places skipped, same order: each container's refs in
 * key order, containers depth-first in document order); undefined as soon as one ref is not
 * internal (that walk then loads it). That walk keeps a set of every node it visited and three
 * objects per node for paths in other files, which a large load spares this way
 * (docs/performance.md#loading-and-parsing).
 */
function internalRefsOf(root: unknown): Array<{ at: PathLink; ref: string }> | undefined {
  const out: Array<{ at: PathLink; ref: string }> = [];
  if (root === null || typeof root !== 'object') return out;
  // parallel stacks: container, its link (undefined for the root)
  const nodes: object[] = [root];
  const links: Array<PathLink | undefined> = [undefined];
  const kids: object[] = [];
  const kidLinks: PathLink[] = [];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const link = links.pop();
    const isArray = Array.isArray(node);
    const keys = isArray ? undefined : Object.keys(node);
    const count = isArray ? node.length : keys!.length;
    const inExamples = link?.parent?.key === 'examples';
    kids.length = 0;
    kidLinks.length = 0;
    // hot: per node; bench: bench/load.mjs (docs/performance.md#indexed-loops-load)
    for (let i = 0; i < count; i++) {
      const key = isArray ? String(i) : keys![i]!;
      if (!isArray && (key.startsWith('x-') || key === 'example' || (key === 'value' && inExamples))) continue;
      const child = (node as Record<string, unknown>)[key];
      if (child === null || typeof child !== 'object') continue;
      const at: PathLink = { parent: link, key };
      if (!Array.isArray(child)) {
        const ref = (child as { $ref?: unknown }).$ref;
        if (typeof ref === 'string') {
          if (ref !== '' && ref.charCodeAt(0) !== 35 /* # */) return undefined;
          out.push({ at, ref });
        }
      }
      kids.push(child);
      kidLinks.push(at);
    }
    // hot: per node; bench: bench/load.mjs (docs/performance.md#indexed-loops-load)
    for (let i = kids.length - 1; i >= 0; i--) {
      nodes.push(kids[i]!);
      links.push(kidLinks[i]);
    }
  }
  return out;
}

function isRefObject(v: unknown): v is Record<string, unknown> & { $ref: string } {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && typeof (v as { $ref?: unknown }).$ref === 'string';
}

/** The same object with another $ref value (a new object; the parsed file stays as read elsewhere). */
function replaceRef(obj: Record<string, unknown>, ref: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(obj)) defineOwn(out, k, k === '$ref' ? ref : obj[k]);
  return out;
}

function mergeOwn(target: Record<string, unknown>, refObj: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(target)) defineOwn(out, k, target[k]);
  for (const k of Object.keys(refObj)) if (k !== '$ref') defineOwn(out, k, refObj[k]);
  return out;
}

/** Sets an own data property even for `__proto__`, so no input can change a prototype. */
export function defineOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Value at a path, or undefined. Own properties only. */
export function resolvePath(root: unknown, p: readonly string[]): unknown {
  let cur = root;
  for (const seg of p) {
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, seg)) return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

/** Where a target (or an ancestor of it) was already placed in the bundle. */
function findPlaced(placed: Map<string, string[]>, fileId: string, frag: string[]): string[] | undefined {
  for (let n = frag.length; n >= 0; n--) {
    const at = placed.get(fileId + '#' + toPointer(frag.slice(0, n)));
    if (at) return [...at, ...frag.slice(n)];
  }
  return undefined;
}

/** True when each ref resolves as checkInternalRefs judges it, with no finding (no pure-ref cycle either). */
function resolveQuietly(root: unknown, refs: string[]): boolean {
  const found: Finding[] = [];
  const judge = refJudge(root, found);
  for (const ref of refs) if (judge(ref) !== 'ok' || found.length > 0) return false;
  return true;
}

/**
 * The `$ref` strings of JSON text, each once, in text order: every `"$ref": "…"` member wherever
 * it sits, so every ref the lean walk finds (which skips extensions and examples) and maybe more.
 * Undefined when the text could hide a `$ref` key from this scan (written with \u escapes) or a
 * ref is not internal. When every one resolves with no finding, so do the walk's, and this scan
 * and check cost a fraction of the walk and check (docs/performance.md#loading-and-parsing).
 */
function refsOfJsonText(text: string): string[] | undefined {
  if (/\\u00(?:24|72|65|66)/i.test(text)) return undefined;
  const out: string[] = [];
  const seen = new Set<string>();
  const member = /"\$ref"\s*:\s*"((?:[^"\\]|\\.)*)"/g;
  for (let m = member.exec(text); m !== null; m = member.exec(text)) {
    let ref = m[1]!;
    if (ref.includes('\\')) {
      try {
        ref = JSON.parse(`"${ref}"`) as string;
      } catch {
        return undefined;
      }
    }
    if (ref !== '' && ref.charCodeAt(0) !== 35 /* # */) return undefined;
    if (!seen.has(ref)) {
      seen.add(ref);
      out.push(ref);
    }
  }
  return out;
}

/** Internal refs must point somewhere, and a chain of pure refs must end in a value. */
function checkInternalRefs(root: unknown, refs: Array<{ at: PathLink; ref: string }>, out: Finding[]): void {
  const judge = refJudge(root, out);
  // Big documents point at the same few hundred targets thousands of times: judge each ref string once.
  const verdicts = new Map<string, RefVerdict>();
  for (const { at, ref } of refs) {
    let verdict = verdicts.get(ref);
    if (verdict === undefined) {
      verdict = judge(ref);
      verdicts.set(ref, verdict);
    }
    if (verdict === 'invalid') {
      out.push({ code: 'invalid-ref', severity: 'error', message: `$ref '${ref}' is not a valid JSON pointer`, path: [...linkPath(at), '$ref'] });
    } else if (verdict === 'unresolved') {
      out.push({ code: 'unresolved-ref', severity: 'error', message: `$ref '${ref}' points to nothing: '${ref.slice(1) || '/'}' does not exist`, path: [...linkPath(at), '$ref'] });
    }
  }
}

type RefVerdict = 'ok' | 'invalid' | 'unresolved';

/**
 * Judges internal refs: whether each resolves; a cycle of pure refs one enters is reported (once)
 * at the cycle. Every pointer's chain of pure refs is followed once for all refs (a chain
 * S0 → S1 → … → Sn judged from each of its n refs would cost n² steps).
 */
function refJudge(root: unknown, out: Finding[]): (ref: string) => RefVerdict {
  const settled = new Set<string>();
  return (ref) => {
    let segs: string[];
    try {
      segs = parsePointer(ref);
    } catch {
      return 'invalid';
    }
    let target = resolvePath(root, segs);
    if (target === undefined) return 'unresolved';
    // Follow pure refs; a target seen twice closes a cycle that holds no value at all.
    const chain: string[] = [toPointer(segs)];
    const onChain = new Map<string, number>([[chain[0]!, 0]]);
    while (!settled.has(chain[chain.length - 1]!) && isRefObject(target) && target.$ref.startsWith('#')) {
      let next: string[];
      try {
        next = parsePointer(target.$ref);
      } catch {
        break;
      }
      const p = toPointer(next);
      const loopAt = onChain.get(p);
      if (loopAt !== undefined) {
        out.push(cycleFinding(chain.slice(loopAt)));
        break;
      }
      onChain.set(p, chain.length);
      chain.push(p);
      target = resolvePath(root, next);
      if (target === undefined) break;
    }
    for (const p of chain) settled.add(p);
    return 'ok';
  };
}

function cycleFinding(cycle: string[]): Finding {
  // Start the cycle at its smallest member, so the message does not depend on where it was entered.
  const first = [...cycle].sort()[0]!;
  const at = cycle.indexOf(first);
  const members = [...cycle.slice(at), ...cycle.slice(0, at)];
  return {
    code: 'circular-ref',
    severity: 'error',
    message: `circular $ref: ${[...members, first].map((m) => '#' + m).join(' → ')} never reaches a value`,
    path: [...parsePointer(first), '$ref'],
  };
}
