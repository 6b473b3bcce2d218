// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { findTexts } from './lib/texts.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

const ACTIVE = /<\s*script\b|<\s*iframe\b|<\s*object\b|<\s*embed\b|\bjavascript\s*:|<[a-z][^>]*\son[a-z]+\s*=|\beval\s*\(/i;

/** Descriptions, summaries and titles contain no active content (script, iframe, event handlers, javascript: URLs, eval). */
export default createRulesetFunction({ input: null, options: null }, function activeContent(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const results = [];
  for (const t of findTexts(rootOf(context), (text) => ACTIVE.test(text))) {
    const m = ACTIVE.exec(t.text);
    results.push({ message: `${t.key} contains active content (${JSON.stringify((m ? m[0] : '').trim().slice(0, 30))}): documentation renderers may execute it.`, path: t.path });
  }
  return results;
});
