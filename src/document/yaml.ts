/**
 * YAML with positions. Unique keys, an alias budget against billion-laughs documents, tabs as
 * indentation rejected; the composed document is kept so any path maps to its node's range.
 */
import { createRequire } from 'node:module';
import type { Alias, Document, LineCounter, Node } from 'yaml';

// Loaded on first use (slow to load as an ES module): JSON inputs, and YAML the fast parser reads, never need it.
let loadedYaml: typeof import('yaml') | undefined;
/** The `yaml` package, loaded on first use. */
export const yamlLib = (): typeof import('yaml') => (loadedYaml ??= createRequire(import.meta.url)('yaml') as typeof import('yaml'));
const Y = yamlLib;
import type { JsonPath, Range } from '../findings/finding.js';

/** A YAML problem at an offset of the text. */
export class YamlSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const MESSAGES: Record<string, string> = {
  DUPLICATE_KEY: 'duplicate key',
  TAB_AS_INDENT: 'tab character used as indentation (YAML allows only spaces)',
  RESOURCE_EXHAUSTION: 'document too deeply nested or too large to parse safely',
};

export class YamlLocator {
  private readonly index = new WeakMap<object, Map<string, { key: Node | null; value: Node | null }>>();
  constructor(
    private readonly doc: Document,
    private readonly lines: LineCounter,
  ) {}

  private pos(offset: number): { line: number; column: number } {
    const p = this.lines.linePos(offset);
    return { line: p.line, column: p.col };
  }

  private children(node: Node): Map<string, { key: Node | null; value: Node | null }> | undefined {
    if (!Y().isMap(node) && !Y().isSeq(node)) return undefined;
    let m = this.index.get(node);
    if (m) return m;
    m = new Map();
    if (Y().isMap(node)) {
      for (const pair of node.items) {
        const k = pair.key as Node | null;
        const keyText = Y().isScalar(k) ? String(k.value) : k === null ? '' : String(k);
        if (!m.has(keyText)) m.set(keyText, { key: k, value: pair.value as Node | null });
      }
    } else {
      node.items.forEach((item, i) => m!.set(String(i), { key: null, value: item as Node | null }));
    }
    this.index.set(node, m);
    return m;
  }

  private deref(node: Node | null): Node | null {
    let n = node;
    for (let hops = 0; n && Y().isAlias(n) && hops < 100; hops++) n = (n as Alias).resolve(this.doc) ?? null;
    return n;
  }

  locate(path: JsonPath): { range: Range; found: number } {
    let node = this.doc.contents as Node | null;
    const whole = node?.range;
    let range: Range = whole ? { start: this.pos(whole[0]), end: this.pos(whole[1]) } : { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };
    let found = 0;
    for (const seg of path) {
      const target = this.deref(node);
      const entry = target ? this.children(target)?.get(seg) : undefined;
      if (!entry) break;
      const startNode = entry.key ?? entry.value;
      const endNode = entry.value ?? entry.key;
      if (startNode?.range && endNode?.range) {
        range = { start: this.pos(startNode.range[0]), end: this.pos(endNode.range[1]) };
      }
      node = entry.value;
      found++;
    }
    return { range, found };
  }
}

/** Parses YAML text. Throws YamlSyntaxError at the first problem. */
export function parseYaml(text: string, limits: { maxAliases: number; maxDepth: number }): { value: unknown; locator: YamlLocator } {
  const lines = new (Y().LineCounter)();
  // Parser and lexer are iterative; only the composer recurses. Checking the depth of the concrete
  // syntax tree first means no input can make the composer exhaust the stack.
  const tokens = [...new (Y().Parser)(lines.addNewLine).parse(text)];
  for (const token of tokens) checkCstDepth(token, limits.maxDepth);
  const docs = [...new (Y().Composer)({ uniqueKeys: true, prettyErrors: false, version: '1.2', strict: true }).compose(tokens, true, text.length)];
  if (docs.length > 1) throw new YamlSyntaxError('more than one YAML document in the file', docs[1]!.range[0]);
  const doc = docs[0] as Document | undefined;
  if (!doc) throw new YamlSyntaxError('empty document', 0);
  const first = doc.errors[0];
  if (first) {
    const code = first.code;
    const msg = code === 'RESOURCE_EXHAUSTION' ? `nesting deeper than ${limits.maxDepth} levels` : (MESSAGES[code] ?? first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''));
    throw new YamlSyntaxError(code === 'DUPLICATE_KEY' ? `${msg}${keyName(doc, first.pos[0])}` : msg, first.pos[0]);
  }
  checkDepth(doc, limits.maxDepth);
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: limits.maxAliases });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/alias/i.test(message)) {
      throw new YamlSyntaxError(`too many alias expansions (more than ${limits.maxAliases}): refusing a possible alias bomb`, firstAliasOffset(doc));
    }
    throw new YamlSyntaxError(message, 0);
  }
  return { value, locator: new YamlLocator(doc, lines) };
}

function keyName(doc: Document, offset: number): string {
  let name = '';
  Y().visit(doc, {
    Pair(_, pair) {
      const k = pair.key;
      if (Y().isScalar(k) && k.range && k.range[0] === offset) {
        name = ` '${String(k.value).slice(0, 60)}'`;
        return Y().visit.BREAK;
      }
      return undefined;
    },
  });
  return name;
}

function firstAliasOffset(doc: Document): number {
  let offset = 0;
  Y().visit(doc, {
    Alias(_, node) {
      offset = node.range?.[0] ?? 0;
      return Y().visit.BREAK;
    },
  });
  return offset;
}

/** Iterative depth check over the concrete syntax tree, before anything recursive sees it. */
function checkCstDepth(root: unknown, maxDepth: number): void {
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [tok, depth] = stack.pop()!;
    if (tok === null || typeof tok !== 'object') continue;
    const t = tok as { type?: string; value?: unknown; items?: Array<{ key?: unknown; value?: unknown }>; offset?: number };
    if (Array.isArray(t.items)) {
      const d = depth + 1;
      if (d > maxDepth) throw new YamlSyntaxError(`nesting deeper than ${maxDepth} levels`, t.offset ?? 0);
      for (const item of t.items) {
        if (item.key) stack.push([item.key, d]);
        if (item.value) stack.push([item.value, d]);
      }
    } else if (t.value && typeof t.value === 'object') {
      stack.push([t.value, depth]);
    }
  }
}

/** Iterative depth check over the composed tree (aliases are not followed, so this is linear). */
function checkDepth(doc: Document, maxDepth: number): void {
  const stack: Array<[Node, number]> = [];
  if (doc.contents) stack.push([doc.contents as Node, 1]);
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (Y().isMap(node)) {
      if (depth > maxDepth) throw new YamlSyntaxError(`nesting deeper than ${maxDepth} levels`, node.range?.[0] ?? 0);
      for (const p of node.items) if (p.value) stack.push([p.value as Node, depth + 1]);
    } else if (Y().isSeq(node)) {
      if (depth > maxDepth) throw new YamlSyntaxError(`nesting deeper than ${maxDepth} levels`, node.range?.[0] ?? 0);
      for (const item of node.items) if (item) stack.push([item as Node, depth + 1]);
    }
  }
}
