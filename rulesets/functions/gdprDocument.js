import { createRulesetFunction } from './lib/define.js';
import { gdprDoc, isObject, rootOf } from './lib/packs.js';

/**
 * Document-level declarations of an API that processes personal data:
 * - `classification`: info.x-data-classification is not `public`;
 * - `residency`: every server declares x-data-residency (where the data is stored and processed);
 * - `privacy-notice`: info.x-privacy-policy links the privacy notice.
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: ['classification', 'residency', 'privacy-notice'] } } } },
  function gdprDocument(_input, options, context) {
    const root = rootOf(context);
    const doc = gdprDoc(root);
    if (!doc.processes) return [];
    const first = doc.fields[0] ?? doc.annotations[0];
    const example = first && first.name ? ` (e.g. '${first.name}')` : '';
    const info = isObject(root.info) ? root.info : {};
    if (options.check === 'classification') {
      if (info['x-data-classification'] !== 'public') return [];
      return [{ message: `info.x-data-classification is public but the API processes personal data${example}: classify it confidential or restricted.`, path: ['info', 'x-data-classification'] }];
    }
    if (options.check === 'privacy-notice') {
      const p = info['x-privacy-policy'];
      if (typeof p === 'string' && p.trim() !== '') return [];
      return [{ message: `The API processes personal data${example} but info.x-privacy-policy does not link the privacy notice.`, path: ['info'] }];
    }
    const results = [];
    const servers = Array.isArray(root.servers) ? root.servers : [];
    servers.forEach((s, i) => {
      if (isObject(s) && (typeof s['x-data-residency'] !== 'string' && !Array.isArray(s['x-data-residency']))) {
        results.push({ message: `Server ${String(s.url ?? i)} does not declare x-data-residency (e.g. EU) although the API processes personal data${example}.`, path: ['servers', String(i)] });
      }
    });
    return results;
  },
);
