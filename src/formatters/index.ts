/**
 * Output formats of `apictl lint`. Pure functions: findings and run data in, text out; the CLI
 * decides where the text goes (stdout, `-o` files, `$GITHUB_STEP_SUMMARY`).
 */
import { formatGithubActions } from './github-actions.js';
import { formatJsonParts } from './json.js';
import { formatJunit } from './junit.js';
import { formatMarkdown } from './markdown.js';
import { formatSarif } from './sarif.js';
import { formatStylish } from './stylish.js';
import { FORMAT_NAMES, type FormatInput, type FormatName, type FormatResult } from './types.js';

export { FORMAT_NAMES, type FormatInput, type FormatName, type FormatResult } from './types.js';

export function isFormatName(s: string): s is FormatName {
  return (FORMAT_NAMES as readonly string[]).includes(s);
}

/** A format's text as UTF-8 bytes, encoded piece by piece when it has pieces. */
export function outputBytes(r: FormatResult): Buffer {
  return r.parts ? Buffer.concat(r.parts.map((p) => Buffer.from(p, 'utf8'))) : Buffer.from(r.output, 'utf8');
}

/** Renders findings in one format. `env` matters only to github-actions (whether to produce a job summary). */
export function format(name: FormatName, input: FormatInput, env: { GITHUB_STEP_SUMMARY?: string } = {}): FormatResult {
  switch (name) {
    case 'stylish':
      return { output: formatStylish(input) };
    case 'json': {
      const parts = formatJsonParts(input);
      let output: string | undefined;
      // the joined text only when read (the CLI writes the pieces)
      return {
        parts,
        get output() {
          return (output ??= parts.join(''));
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
