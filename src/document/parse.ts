/** Text → SourceFile: syntax from the content, strict parse, positions for every path. */
import { InputError } from '../errors.js';
import type { JsonPath, Range } from '../findings/finding.js';
import { JsonSyntaxError, parseJson } from './json.js';
import { LineIndex } from './lines.js';
import type { LoadLimits } from './limits.js';
import type { SourceFile, Syntax } from './model.js';
import { parseYaml, YamlSyntaxError } from './yaml.js';
import { FastDuplicateKey, parseYamlFast, type YamlQuirk } from './yaml-fast.js';

/** JSON when the first non-blank character opens an object or array; YAML otherwise (YAML is a superset, but JSON parses faster and stricter). */
export function detectSyntax(text: string): Syntax {
  const m = /\S/.exec(text);
  const c = m ? m[0] : '';
  return c === '{' || c === '[' ? 'json' : 'yaml';
}

export interface ParsedSource extends SourceFile {
  /** Range of the node at `path`, and how many of its segments exist. */
  locateDeepest(path: JsonPath): { range: Range; found: number };
  /**
   * The value is a tree: no object in it is reached twice. True for JSON and for the fast YAML
   * paths (which take no aliases); a YAML alias makes the `yaml` package share its node.
   */
  tree: boolean;
  /** The value holds no `null` anywhere (false when it may: only JSON's parse tells). */
  noNulls: boolean;
  /** YAML the lenient fast parser accepted but the specification rejects (reported, not refused). */
  quirks?: YamlQuirk[];
}

/** Parses one source text. Errors are InputErrors at `displayPath:line:col`. */
export function parseSourceText(text: string, displayPath: string, id: string, limits: LoadLimits): ParsedSource {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const syntax = detectSyntax(text);
  try {
    const fast = syntax === 'json' ? parseJson(text, limits.maxDepth) : parseYamlFast(text, limits.maxDepth);
    const { value, locator } = fast ?? parseYaml(text, { maxAliases: limits.maxAliases, maxDepth: limits.maxDepth });
    return {
      displayPath,
      id,
      tree: fast !== undefined,
      noNulls: fast !== undefined && 'noNulls' in fast && fast.noNulls,
      ...(fast !== undefined && 'quirks' in fast && fast.quirks ? { quirks: fast.quirks } : {}),
      syntax,
      text,
      value,
      locateDeepest: (path) => locator.locate(path),
      locate(path) {
        const r = locator.locate(path);
        return r.found === path.length ? r.range : undefined;
      },
    };
  } catch (err) {
    if (err instanceof FastDuplicateKey) {
      throw new InputError(`invalid YAML: ${err.message}`, { file: displayPath, ...new LineIndex(text).position(err.offset) });
    }
    if (err instanceof JsonSyntaxError || err instanceof YamlSyntaxError) {
      const pos = new LineIndex(text).position(err.offset);
      const kind = syntax === 'json' ? 'JSON' : 'YAML';
      throw new InputError(`invalid ${kind}: ${err.message}`, { file: displayPath, ...pos });
    }
    if (err instanceof RangeError) {
      throw new InputError(`document too deeply nested (more than ${limits.maxDepth} levels)`, { file: displayPath, line: 1, column: 1 });
    }
    throw err;
  }
}
