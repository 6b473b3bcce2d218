// @ts-check
// Path templates of an API: their segments and what a plural segment looks like (collections).

import { splitWords } from './doc.js';

/** @typedef {{ text: string, template: boolean, params: string[] }} Segment */

/**
 * Segments of a path template: [{ text, template (true for `{x}` only), params: [names] }].
 * Memoised per template (every path rule splits every path key): shared, read only.
 */
/** @type {Map<string, Segment[]>} */
const segmentsMemo = new Map();
/** @param {unknown} template @returns {Segment[]} */
export function pathSegments(template) {
  if (typeof template !== 'string') return [];
  let segs = segmentsMemo.get(template);
  if (segs === undefined) {
    const parts = template.split('/').slice(1);
    segs = parts.map((text) => {
      const params = text.includes('{') ? [...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]) : [];
      return { text, template: /^\{[^{}]*\}$/.test(text), params };
    });
    if (segmentsMemo.size > 20000) segmentsMemo.clear();
    segmentsMemo.set(template, segs);
  }
  return segs;
}

const IRREGULAR_PLURALS = new Set([
  'people',
  'children',
  'men',
  'women',
  'data',
  'media',
  'criteria',
  'phenomena',
  'indices',
  'matrices',
  'vertices',
  'analyses',
  'feet',
  'teeth',
  'geese',
  'mice',
  'oxen',
  'alumni',
  'cacti',
  'fungi',
  'radii',
  'stimuli',
  'syllabi',
  'metadata',
  'info',
  'information',
  'news',
  'series',
  'species',
  'feedback',
  'equipment',
  'software',
  'hardware',
  'firmware',
  'staff',
  'settings',
  'preferences',
  'analytics',
  'statistics',
  'stats',
  'metrics',
  'logs',
  'history',
  'inventory',
  'config',
  'configuration',
  'search',
  'audio',
  'video',
  'traffic',
  'content',
  'evidence',
  'sheep',
  'fish',
  'deer',
  'aircraft',
  'personnel',
  'money',
  'music',
  'storage',
  'billing',
  'usage',
  'access',
  'auth',
]);
const SINGULAR_S = /(ss|us|is)$/;

/** Heuristic: does a (kebab/snake/camel) collection name end in a plural (or uncountable) noun? @param {string} segment @param {string[]} [exceptions] */
export function looksPlural(segment, exceptions = []) {
  const words = splitWords(segment);
  const last = (words[words.length - 1] ?? '').toLowerCase();
  if (last === '') return true;
  if (exceptions.some((e) => e.toLowerCase() === segment.toLowerCase() || e.toLowerCase() === last)) return true;
  if (IRREGULAR_PLURALS.has(last)) return true;
  if (/^v\d/.test(last) || /^\d/.test(last)) return true;
  if (last.endsWith('s') && !SINGULAR_S.test(last)) return true;
  // "statuses", "addresses", "aliases", "buses", "analyses": plural despite the singular-looking ending
  if (/(sses|uses|ises|xes|ches|shes|ies)$/.test(last)) return true;
  return false;
}
