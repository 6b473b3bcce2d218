/**
 * Output formats of `apictl lint`. Pure functions: findings and run data in, text out; the CLI
 * decides where the text goes (stdout, `-o` files, `$GITHUB_STEP_SUMMARY`).
 */
import { formatGithubActions } from './github-actions.js';
import { formatJsonChunks } from './json.js';
import { formatJunit } from './junit.js';
import { formatMarkdown } from './markdown.js';
import { formatSarif } from './sarif.js';
import { formatStylish } from './stylish.js';
import { FORMAT_NAMES, type FormatInput, type FormatName, type FormatResult } from './types.js';

export { FORMAT_NAMES, type FormatInput, type FormatName, type FormatResult } from './types.js';

export function isFormatName(s: string): s is FormatName {
  return (FORMAT_NAMES as readonly string[]).includes(s);
}

/** A format's text as UTF-8 bytes (its chunks when it was built as bytes). */
export function outputBytes(r: FormatResult): Buffer {
  return r.chunks ? Buffer.concat(r.chunks) : Buffer.from(r.output, 'utf8');
}

/** Renders findings in one format. `env` matters only to github-actions (whether to produce a job summary). */
export function format(name: FormatName, input: FormatInput, env: { GITHUB_STEP_SUMMARY?: string } = {}): FormatResult {
  switch (name) {
    case 'stylish':
      return { output: formatStylish(input) };
    case 'json': {
      const chunks = formatJsonChunks(input);
      let output: string | undefined;
      // the text only when read (the CLI writes the bytes)
      return {
        chunks,
        get output() {
          return (output ??= Buffer.concat(chunks).toString('utf8'));
        },
      };
    }
    case 'sarif':
      return { output: formatSarif(input) };
    case 'junit':
      return { output: formatJunit(input) };
    case 'github-actions':
      return formatGithubActions(input, env);
    case 'markdown':
      return { output: formatMarkdown(input) };
  }
}
