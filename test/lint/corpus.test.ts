/**
 * `apictl lint` over every API description of ../shared/corpus (the huge, medium, small, multi-file
 * and Swagger 2.0 sets), and with all four packs over the large and multi-file ones: each run
 * finishes without a crash, and its findings stand where the node they name is written.
 *
 * The positions are checked against an oracle of its own: the `yaml` library's node ranges (it
 * reads JSON too) of the file each finding names, reached by following the finding's path from
 * the entry file (for Swagger 2.0, the 2.0 path the JSON report gives as `origin`) and, where the
 * path runs through a `$ref` to another file, that file. It shares no code with apictl's locators,
 * origin map or bundler.
 */
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMap, isScalar, isSeq, parseDocument, type Document, type Node, type Pair } from 'yaml';
import { apictlAsync } from '../helpers/cli.js';
import { corpusDir, hasCorpus } from '../helpers/corpus.js';

interface Case {
  /** Entry file, relative to the corpus. */
  file: string;
  /** The folder $refs may reach (--ref-root), relative to the corpus. */
  root: string;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const set of ['small', 'medium', 'huge', 'swagger2']) {
    for (const f of readdirSync(path.join(corpusDir, set)).sort()) {
      if (/\.(json|ya?ml)$/.test(f)) out.push({ file: `${set}/${f}`, root: set });
    }
  }
  out.push({ file: 'multi/digitalocean/DigitalOcean-public.v2.yaml', root: 'multi/digitalocean' });
  out.push({ file: 'multi/oai-petstore-separate-2.0/spec/swagger.yaml', root: 'multi/oai-petstore-separate-2.0' });
  return out;
}

interface Reported {
  code: string;
  path: string[];
  source: string;
  range: { start: { line: number; character: number } };
  origin?: { path: string[] };
}

/** Parsed files of one case, by absolute path. */
class Files {
  private readonly docs = new Map<string, { doc: Document; lineStarts: number[] }>();

  get(file: string): { doc: Document; lineStarts: number[] } {
    let hit = this.docs.get(file);
    if (hit === undefined) {
      const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
      const doc = parseDocument(text, { uniqueKeys: false, keepSourceTokens: false, maxAliasCount: -1 });
      const lineStarts = [0];
      for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
      hit = { doc, lineStarts };
      this.docs.set(file, hit);
    }
    return hit;
  }
}

const realPaths = new Map<string, string>();
function real(file: string): string {
  let r = realPaths.get(file);
  if (r === undefined) realPaths.set(file, (r = realpathSync(file)));
  return r;
}

/** The 0-based line and column of an offset. */
function position(lineStarts: number[], offset: number): { line: number; character: number } {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: offset - lineStarts[lo]! };
}

/**
 * The `$ref` of a node that a bundle replaces by its target: one to another file (`other.yaml`,
 * `other.yaml#/a/b`), and in a file other than the entry any ref (`#/a` there points into that
 * file, which the bundle does not contain as such). Undefined otherwise.
 */
function followedRef(node: unknown, inEntry: boolean): string | undefined {
  if (!isMap(node)) return undefined;
  const ref = node.get('$ref', true);
  if (!isScalar(ref) || typeof ref.value !== 'string' || (inEntry && ref.value.startsWith('#'))) return undefined;
  return ref.value;
}

function unescapePointer(p: string): string[] {
  if (p === '' || p === '/') return [];
  return p
    .slice(1)
    .split('/')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Where the node at `segments` is written: the file, and the offset of its key (a map member),
 * of itself (an element, a file's root), following the $refs a bundle replaces on the way and
 * at the end.
 * Stops at the deepest node that exists, as a locator does.
 */
function expectedPlaces(files: Files, entry: string, segments: string[]): Array<{ file: string; offset: number }> {
  let file = entry;
  let { doc } = files.get(file);
  let node: unknown = doc.contents;
  let offset = (doc.contents as Node | null)?.range?.[0] ?? 0;
  const follow = (ref: string): void => {
    const [target, pointer = ''] = ref.split('#');
    if (target !== '') file = path.resolve(path.dirname(file), decodeURIComponent(target!));
    doc = files.get(file).doc;
    node = doc.contents;
    offset = (doc.contents as Node | null)?.range?.[0] ?? 0;
    for (const seg of unescapePointer(pointer)) step(seg);
  };
  const step = (seg: string): boolean => {
    if (isMap(node)) {
      const pair = node.items.findLast((p: Pair) => isScalar(p.key) && String(p.key.value) === seg);
      if (pair === undefined) return false;
      offset = (pair.key as Node).range![0];
      node = pair.value;
      return true;
    }
    if (isSeq(node) && /^(0|[1-9]\d*)$/.test(seg) && Number(seg) < node.items.length) {
      node = node.items[Number(seg)];
      offset = (node as Node).range![0];
      return true;
    }
    return false;
  };
  for (const seg of segments) {
    if (step(seg)) continue;
    const ref = followedRef(node, file === entry);
    if (ref === undefined) break;
    follow(ref);
    if (!step(seg)) break;
  }
  // A node that is a reference is written where the reference points, or (where a bundle keeps
  // the reference: a file referenced from several places is placed once) at the reference.
  const places = [{ file, offset }];
  for (let ref = followedRef(node, file === entry), hops = 0; ref !== undefined && hops < 32; ref = followedRef(node, file === entry), hops++) {
    follow(ref);
    places.push({ file, offset });
  }
  return places;
}

async function check({ file, root }: Case, extra: string[]): Promise<void> {
  const entry = path.join(corpusDir, file);
  const r = await apictlAsync(['lint', entry, '-f', 'json', '--no-record', '--no-config', '-q', ...extra, '--ref-root', path.join(corpusDir, root)], { timeoutMs: 120_000 });
  expect(r.killed).toBe(false);
  expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  // 0: clean, 1: findings at the failing severity; never 2 (bad input) on these files
  expect([0, 1]).toContain(r.code);
  const findings = JSON.parse(r.stdout) as Reported[];
  expect(findings.length).toBeGreaterThan(0);
  // No rule failed and none ran out of time: either becomes an internal finding.
  expect(findings.filter((f) => f.code === 'rule-failed' || f.code === 'lint-time-budget')).toEqual([]);

  // Swagger 2.0: a node of the converted document maps to a node of the 2.0 one, not to its
  // top (which is where an origin map that lost track answers).
  const lost = findings.filter((f) => f.origin !== undefined && f.origin.path.length === 0 && f.path.length > 0);
  expect(lost.map((f) => `${f.code} ${f.path.join('/')}`)).toEqual([]);

  const files = new Files();
  const wrong: string[] = [];
  for (const f of findings) {
    // (real paths: the corpus may be reached through a link, and apictl names files by their real path)
    const shown = real(path.resolve(f.source));
    const places = expectedPlaces(files, entry, f.origin?.path ?? f.path).map((p) => ({ file: real(p.file), ...position(files.get(p.file).lineStarts, p.offset) }));
    if (!places.some((p) => p.file === shown && p.line === f.range.start.line && p.character === f.range.start.character)) {
      const written = places.map((p) => `${path.relative(corpusDir, p.file)}:${p.line}:${p.character}`).join(' or ');
      wrong.push(`${f.code} ${JSON.stringify(f.origin?.path ?? f.path)}: reported ${path.relative(corpusDir, shown)}:${f.range.start.line}:${f.range.start.character}, written at ${written}`);
    }
  }
  expect(wrong.slice(0, 10)).toEqual([]);
}

describe.skipIf(!hasCorpus)('apictl lint on every file of ../shared/corpus', () => {
  it.each(hasCorpus ? cases() : [])('$file: no crash, every finding where its node is written', (c) => check(c, []), 180_000);
});

describe.skipIf(!hasCorpus)('apictl lint with all four packs on the large and multi-file documents of ../shared/corpus', () => {
  const packs = ['--pack', 'psd2', '--pack', 'fhir', '--pack', 'r155', '--pack', 'gdpr'];
  const large = hasCorpus ? cases().filter((c) => /^(huge|medium|multi)\//.test(c.file)) : [];
  it.each(large)('$file: no crash, every finding where its node is written', (c) => check(c, packs), 180_000);
});
