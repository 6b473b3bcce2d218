/**
 * The import structure of src/ (issue #23): no import circles, between files or between the
 * top-level modules (src/lint, src/formatters, src/errors.ts, …), and no module outside src/cli
 * imports from src/cli (cli parses arguments and renders; the core is usable as a library).
 * Acyclic modules are what "lower layers never import from higher ones" asks for whatever the
 * order: a module that imports upward closes a circle with the higher module that imports it.
 *
 * Every relative import counts: static `import`/`export … from` (type-only ones too, they tie the
 * files together just the same), dynamic `import('…')`, `typeof import('…')` and `require('…')`.
 * Specifiers are read from the syntax tree, so imports in comments and template strings (the
 * generated MCP project's code) do not count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const CLI = 'cli';

/** Every TypeScript file under src/, as a path relative to src/ with `/` separators. */
function sourceFiles(dir = SRC): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.[cm]?ts$/.test(entry.name)) out.push(path.relative(SRC, full).split(path.sep).join('/'));
  }
  return out.sort();
}

/** The module specifiers a file imports, in every form listed above. */
function specifiers(file: string): string[] {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      out.push(node.moduleReference.expression.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      out.push(node.argument.literal.text);
    } else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) out.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The file → imported files graph over src/ (relative imports of source files; `.js` is the `.ts` file). */
function importGraph(): Map<string, Set<string>> {
  const files = sourceFiles();
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const spec of specifiers(file)) {
      if (!spec.startsWith('./') && !spec.startsWith('../')) continue;
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const candidates = [resolved.replace(/\.js$/, '.ts'), resolved.replace(/\.cjs$/, '.cts'), resolved.replace(/\.mjs$/, '.mts'), resolved, `${resolved}.ts`, `${resolved}/index.ts`];
      // build outputs (the bundles) and JSON are not source files
      const target = candidates.find((c) => known.has(c));
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The circles of a graph: its strongly connected components of two or more nodes (or a node importing itself). */
function circles(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.has(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return found;
}

/** One closed path through a circle, from its first node back to it: `a → b → a`. */
function cyclePath(graph: Map<string, Set<string>>, component: string[]): string {
  const members = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const nodes = [start];
        for (let u = v; u !== start; u = previous.get(u)!) nodes.splice(1, 0, u);
        return [...nodes, start].join(' → ');
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return component.join(', ');
}

/** The top-level module of a file: its folder under src/, or the file itself (`errors.ts`). */
function moduleOf(file: string): string {
  const slash = file.indexOf('/');
  return slash < 0 ? file : file.slice(0, slash);
}

const graph = importGraph();

describe('imports under src/', () => {
  it('are all read, the lazily imported command modules too', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('cli/main.ts')).toContain('cli/commands/lint.ts');
    expect(graph.get('lint/lane-entry.ts')).toContain('lint/lane-worker.ts');
  });

  it('form no circle between files', () => {
    const found = circles(graph).map((c) => {
      const cycle = cyclePath(graph, c);
      const others = c.filter((file) => !cycle.split(' → ').includes(file));
      return others.length > 0 ? `${cycle} (the circle also takes in ${others.join(', ')})` : cycle;
    });
    expect(found, `import circles:\n${found.join('\n')}`).toEqual([]);
  });

  it('form no circle between top-level modules (no module imports a module above it)', () => {
    const modules = new Map<string, Set<string>>();
    const via = new Map<string, string[]>();
    for (const [file, targets] of graph) {
      const from = moduleOf(file);
      if (!modules.has(from)) modules.set(from, new Set());
      for (const target of targets) {
        const to = moduleOf(target);
        if (to === from) continue;
        modules.get(from)!.add(to);
        const key = `${from} → ${to}`;
        via.set(key, [...(via.get(key) ?? []), `${file} → ${target}`]);
      }
    }
    const found = circles(modules).map((c) => {
      const cycle = cyclePath(modules, c);
      const steps = cycle.split(' → ');
      const imports = steps.slice(1).map((to, i) => via.get(`${steps[i]} → ${to}`)!.join(', '));
      return `${cycle} (${imports.join('; ')})`;
    });
    expect(found, `module circles:\n${found.join('\n')}`).toEqual([]);
  });

  it('never reach into src/cli from outside it', () => {
    const found: string[] = [];
    for (const [file, targets] of graph) {
      if (moduleOf(file) === CLI) continue;
      for (const target of targets) if (moduleOf(target) === CLI) found.push(`${file} → ${target}`);
    }
    expect(found, `imports of src/cli:\n${found.join('\n')}`).toEqual([]);
  });
});
