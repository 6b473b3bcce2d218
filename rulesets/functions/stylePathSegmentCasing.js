// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf, splitWords } from './lib/doc.js';
import { CASING_LABEL, matchesCasing } from './lib/casing.js';
import { pathSegments } from './lib/paths.js';
import { regexList } from './lib/style.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** @type {Record<string, string>} */
const JOIN = { kebab: '-', snake: '_' };

/** A suggested rewrite of a literal in the wanted casing (kebab and snake only; others: none). @param {string} text @param {string} casing */
function suggest(text, casing) {
  const sep = JOIN[casing];
  return sep
    ? splitWords(text)
        .map((w) => w.toLowerCase())
        .join(sep)
    : undefined;
}

/**
 * Static path segments follow `casing` (default kebab-case: lower-case words of a-z/0-9 joined by
 * single hyphens). Templated segments (`{id}`) are skipped; in mixed segments (`{id}.json`,
 * `{name}:cancel`) only the literal parts are checked; dot-separated parts (`k8s.io`,
 * `.well-known`) are checked one by one. Segments matching an `ignoreSegments` pattern are skipped.
 * One finding per path, listing its offending segments.
 */
export default createRulesetFunction(
  {
    input: null,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        casing: { enum: ['kebab', 'snake', 'camel', 'pascal'] },
        ignoreSegments: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  /** @param {Json} _input @param {{ casing?: 'kebab' | 'snake' | 'camel' | 'pascal', ignoreSegments?: string[] }} options @param {RuleContext} context @returns {Finding[]} */
  function stylePathSegmentCasing(_input, options, context) {
    const root = rootOf(context);
    if (!isObject(root) || !isObject(root.paths)) return [];
    const casing = options.casing ?? 'kebab';
    const ignore = regexList(options.ignoreSegments);
    const results = [];
    for (const key of Object.keys(root.paths)) {
      if (!key.startsWith('/')) continue;
      const bad = [];
      for (const seg of pathSegments(key)) {
        if (seg.template || seg.text === '' || ignore.some((re) => re.test(seg.text))) continue;
        const literal = seg.text.replace(/\{[^{}]*\}/g, '.');
        const parts = literal.split(/[.:]/).filter((p) => p !== '');
        // Digits may start a segment (`/v2/1-clicks`, `/2010-04-01`): check them as if after a letter.
        if (parts.some((p) => !matchesCasing(/^[0-9]/.test(p) ? `a${p}` : p, casing))) bad.push(seg.text);
      }
      if (bad.length === 0) continue;
      const shown = bad
        .map((b) => {
          const s = /\{/.test(b) ? undefined : suggest(b, casing);
          return s && s !== b ? `'${b}' (use '${s}')` : `'${b}'`;
        })
        .join(', ');
      results.push({ message: `Path ${key}: segment${bad.length > 1 ? 's' : ''} ${shown} ${bad.length > 1 ? 'are' : 'is'} not ${CASING_LABEL[casing]}.`, path: ['paths', key] });
    }
    return results;
  },
);
