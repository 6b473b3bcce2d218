/**
 * The fast path for YAML: @stoplight/yaml-ast-parser (the parser Spectral uses, much faster than
 * the `yaml` package on large specs) plus our own conversion with YAML 1.2 core-schema scalars.
 * It handles the common case only — one document, no aliases, no tags, no tabs, no parser
 * warnings — and returns undefined for anything else, so the exact `yaml`-based path decides
 * (and words the error). A test holds both paths to identical values on the whole corpus.
 * Before it, parseYamlLines (yaml-lines.ts) reads the machine-written subset of YAML faster
 * still, with the same values and locations, and steps aside for the rest.
 */
import { createRequire } from 'node:module';
import type { JsonPath, Range } from '../findings/finding.js';
import { LineIndex } from './lines.js';
import { FastDuplicateKey, plainValue } from './yaml-fast-common.js';
import { type LinesLocator, parseYamlLines } from './yaml-lines.js';
import { speedup } from '../util/speed.js';

export { FastDuplicateKey } from './yaml-fast-common.js';

interface AstNode {
  kind: number;
  startPosition: number;
  endPosition: number;
  value?: unknown;
  key?: AstNode;
  mappings?: AstNode[];
  items?: Array<AstNode | null>;
  plainScalar?: boolean;
  doubleQuoted?: boolean;
  singleQuoted?: boolean;
  anchorId?: string;
  errors?: unknown[];
}

const KIND = { SCALAR: 0, MAPPING: 1, MAP: 2, SEQ: 3 } as const;

let loader: ((text: string) => AstNode) | undefined;
function load(text: string): AstNode {
  loader ??= (createRequire(import.meta.url)('@stoplight/yaml-ast-parser') as { load: (t: string) => AstNode }).load;
  return loader(text);
}

/** Thrown inside the walk to hand over to the exact path. */
class Unsupported extends Error {}

function scalarValue(n: AstNode): unknown {
  if (typeof n.value !== 'string') throw new Unsupported();
  return n.plainScalar ? plainValue(n.value) : n.value;
}

function keyText(k: AstNode | undefined): string {
  if (!k || k.kind !== KIND.SCALAR) throw new Unsupported();
  const v = scalarValue(k);
  if (v === null) throw new Unsupported();
  return String(v);
}

function defineOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** What the lenient parser accepted that the YAML specification (and the `yaml` package) rejects. */
export interface YamlQuirk {
  code: 'yaml-flow-scalar-indentation';
  /** Path of the value in the file. */
  path: string[];
}

interface Walk {
  text: string;
  maxDepth: number;
  path: string[];
  quirks: YamlQuirk[];
}

function toJs(n: AstNode | null | undefined, depth: number, w: Walk): unknown {
  if (!n) return null;
  if (n.anchorId) throw new Unsupported();
  switch (n.kind) {
    case KIND.SCALAR:
      return scalarValue(n);
    case KIND.MAP: {
      if (depth + 1 > w.maxDepth) throw new Unsupported();
      const out: Record<string, unknown> = {};
      for (const m of n.mappings ?? []) {
        const k = keyText(m.key);
        if (Object.hasOwn(out, k)) throw new FastDuplicateKey(k, m.key!.startPosition);
        const node = m.value as AstNode | null;
        w.path.push(k);
        if (node && node.kind === KIND.SCALAR && (node.doubleQuoted || node.singleQuoted)) checkFlowIndent(m.key!, node, w);
        const v = toJs(node, depth + 1, w);
        w.path.pop();
        if (k === '__proto__') defineOwn(out, k, v);
        else out[k] = v;
      }
      return out;
    }
    case KIND.SEQ: {
      if (depth + 1 > w.maxDepth) throw new Unsupported();
      const items = n.items ?? [];
      const out = new Array<unknown>(items.length);
      for (const [i, item] of items.entries()) {
        w.path.push(String(i));
        out[i] = toJs(item, depth + 1, w);
        w.path.pop();
      }
      return out;
    }
    default:
      // Aliases, include refs and anything unexpected go to the exact path.
      throw new Unsupported();
  }
}

/**
 * A quoted scalar that continues on further lines must indent them more than its key (YAML 1.2
 * §7.3: flow scalar lines inside a block mapping). The parser of this path accepts less; the
 * `yaml` package and most others refuse it ("Implicit keys need to be on a single line").
 */
function checkFlowIndent(key: AstNode, value: AstNode, w: Walk): void {
  const t = w.text;
  let nl = t.indexOf('\n', value.startPosition);
  if (nl === -1 || nl >= value.endPosition) return;
  const lineStart = t.lastIndexOf('\n', key.startPosition - 1) + 1;
  // only a block mapping's key (first on its line, or after a sequence dash): inside a flow
  // mapping `{…}` continuation lines follow the enclosing block, not the key
  if (!/^[ ]*(?:- +)*$/.test(t.slice(lineStart, key.startPosition))) return;
  const keyColumn = key.startPosition - lineStart;
  while (nl !== -1 && nl < value.endPosition) {
    let i = nl + 1;
    while (t.charCodeAt(i) === 32) i++;
    // blank lines inside the scalar are line breaks, not indentation
    if (i - (nl + 1) <= keyColumn && t.charCodeAt(i) !== 10 && t.charCodeAt(i) !== 13 && i < value.endPosition) {
      w.quirks.push({ code: 'yaml-flow-scalar-indentation', path: [...w.path] });
      return;
    }
    nl = t.indexOf('\n', nl + 1);
  }
}

/** Path → range over the AST of the fast path. */
export class FastYamlLocator {
  private readonly lines: LineIndex;
  private readonly index = new WeakMap<AstNode, Map<string, { key?: AstNode; value?: AstNode }>>();
  constructor(
    private readonly root: AstNode,
    text: string,
  ) {
    this.lines = new LineIndex(text);
  }

  private children(n: AstNode): Map<string, { key?: AstNode; value?: AstNode }> | undefined {
    let m = this.index.get(n);
    if (m) return m;
    if (n.kind === KIND.MAP) {
      m = new Map();
      for (const mapping of n.mappings ?? []) {
        try {
          const k = keyText(mapping.key);
          if (!m.has(k)) m.set(k, { key: mapping.key, value: (mapping.value as AstNode | null) ?? undefined });
        } catch {
          /* keys were validated on conversion */
        }
      }
    } else if (n.kind === KIND.SEQ) {
      m = new Map();
      (n.items ?? []).forEach((item, i) => m!.set(String(i), { value: item ?? undefined }));
    } else return undefined;
    this.index.set(n, m);
    return m;
  }

  locate(path: JsonPath): { range: Range; found: number } {
    let node: AstNode | undefined = this.root;
    // offsets only on the way down; line and column once, for the deepest node found
    let from = this.root.startPosition;
    let to = this.root.endPosition;
    let found = 0;
    for (const seg of path) {
      const entry: { key?: AstNode; value?: AstNode } | undefined = node ? this.children(node)?.get(seg) : undefined;
      if (!entry) break;
      const start = entry.key ?? entry.value;
      const end = entry.value ?? entry.key;
      if (start && end) {
        from = start.startPosition;
        to = end.endPosition;
      }
      node = entry.value;
      found++;
    }
    return { range: { start: this.lines.position(from), end: this.lines.position(to) }, found };
  }
}

// Tabs in indentation, tags, directives, block scalars with an explicit indentation indicator
// or keep chomping `+`, literal block scalars that start with an empty line (the AST parser gets
// those wrong: `a: |\n\n  x` gives "x\n" instead of "\nx\n") and extra documents are left to the exact path.
const NEEDS_EXACT = /^[ ]*\t|(?:^|[\s[{,])![^\s]|^%|(?:^|\s)[|>](?:[1-9]|\+|[-+][1-9])|(?:^|\s)\|-?[ ]*(?:#.*)?\n[ ]*(?:\n|$)|^(?:---|\.\.\.)(?:\s|$)[\s\S]*^(?:---|\.\.\.)(?:\s|$)/m;

/**
 * Parses the common case fast; undefined means "use the exact path". Throws FastDuplicateKey.
 * parseYamlLines goes first unless `lines: false` or APICTL_NO_YAML_LINES=1 (for comparisons:
 * both give the same values and locations where the line reader accepts a text).
 */
export function parseYamlFast(text: string, maxDepth: number, options: { lines?: boolean } = {}): { value: unknown; locator: FastYamlLocator | LinesLocator; quirks?: YamlQuirk[] } | undefined {
  if (options.lines !== false && speedup('yaml-lines')) {
    const lines = parseYamlLines(text, maxDepth);
    if (lines) return lines;
  }
  if (NEEDS_EXACT.test(text)) return undefined;
  let ast: AstNode | undefined;
  try {
    ast = load(text);
  } catch {
    return undefined;
  }
  if (!ast || (ast.errors && ast.errors.length > 0)) return undefined;
  try {
    const walk: Walk = { text, maxDepth, path: [], quirks: [] };
    const value = toJs(ast, 0, walk);
    return { value, locator: new FastYamlLocator(ast, text), ...(walk.quirks.length > 0 ? { quirks: walk.quirks } : {}) };
  } catch (err) {
    if (err instanceof FastDuplicateKey) throw err;
    if (err instanceof Unsupported || err instanceof RangeError) return undefined;
    throw err;
  }
}
