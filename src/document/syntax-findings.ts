/**
 * What the text of a description gets wrong even though apictl reads it: YAML that other parsers
 * reject, and response codes written as numbers. apictl loads such a document (its own readers
 * are lenient where the meaning is clear), and says so at the line, so the author can fix it
 * before another tool refuses the file.
 */
import type { Finding } from '../findings/finding.js';
import type { LoadResult } from './load.js';
import { LineIndex } from './lines.js';
import { appendAll } from '../util/append.js';
import { HTTP_METHODS } from './model.js';

/** Findings about the entry file's text (its paths are paths of the document as written). */
export function syntaxFindings(loaded: LoadResult): Finding[] {
  const out: Finding[] = [];
  const entry = loaded.entry;
  for (const q of entry.quirks ?? []) {
    out.push({
      code: q.code,
      severity: 'warn',
      message: `the quoted value of '${q.path[q.path.length - 1] ?? ''}' continues on a line indented no more than its key: YAML requires continuation lines to be indented further, and most parsers refuse this file`,
      path: q.path,
    });
  }
  if (entry.syntax === 'yaml') appendAll(out, unquotedResponseCodes(loaded));
  return out;
}

// a status code as a plain key at the start of a line: the only place it can be unquoted
const PLAIN_CODE_KEY = /^[ \t]*[1-5][0-9][0-9][ \t]*:/m;

/**
 * Response codes written as YAML numbers (`200:`). The specification requires them quoted
 * ("200"): a YAML number key is a string in JSON only by convention, and strict readers (typed
 * maps of Go, Java, Rust clients) refuse it.
 */
function unquotedResponseCodes(loaded: LoadResult): Finding[] {
  const text = loaded.entryText;
  if (!PLAIN_CODE_KEY.test(text)) return [];
  const out: Finding[] = [];
  const lines = new LineIndex(text);
  const paths = (loaded.entry.value as { paths?: unknown } | null)?.paths;
  if (paths === null || typeof paths !== 'object') return out;
  for (const [p, item] of Object.entries(paths)) {
    if (item === null || typeof item !== 'object') continue;
    for (const method of HTTP_METHODS) {
      const responses = (item as Record<string, { responses?: unknown } | undefined>)[method]?.responses;
      if (responses === null || typeof responses !== 'object') continue;
      for (const code of Object.keys(responses)) {
        if (!/^[1-5][0-9][0-9]$/.test(code)) continue;
        const path = ['paths', p, method, 'responses', code];
        const { range, found } = loaded.entry.locateDeepest(path);
        if (found !== path.length) continue;
        const c = text.charCodeAt(lines.offset(range.start.line, range.start.column));
        if (c >= 48 && c <= 57) {
          out.push({
            code: 'response-code-quoted',
            severity: 'warn',
            message: `response code ${code} is written as a YAML number: quote it ('${code}'), as the specification requires, so every JSON and YAML reader sees the same key`,
            path,
          });
        }
      }
    }
  }
  return out;
}
