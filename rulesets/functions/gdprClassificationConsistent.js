// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { gdprDoc, personalDataExample } from './lib/gdpr.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** An API that processes personal data is not classified `public` (info.x-data-classification). */
export default createRulesetFunction(
  { input: null, options: null },
  /** @param {Json} _input @param {null} _options @param {RuleContext} context @returns {Finding[]} */
  function gdprClassificationConsistent(_input, _options, context) {
    const root = rootOf(context);
    const doc = gdprDoc(root);
    if (!doc.processes) return [];
    const info = isObject(root.info) ? root.info : {};
    if (info['x-data-classification'] !== 'public') return [];
    return [
      {
        message: `info.x-data-classification is public but the API processes personal data${personalDataExample(doc)}: classify it confidential or restricted.`,
        path: ['info', 'x-data-classification'],
      },
    ];
  },
);
