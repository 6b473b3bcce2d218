// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { onceReporter, rootOf } from './lib/doc.js';
import { objectShape } from './lib/pack-common.js';
import { psd2ErrorBodies, tppMessagesOf } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').Path} Path */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/**
 * application/json error bodies (4xx/5xx) of XS2A operations carry the Berlin Group `tppMessages[]`,
 * whose items require `category` and `code` (category ERROR|WARNING), `text` at most 500
 * characters. Each schema is checked once, where it is defined.
 */
export default createRulesetFunction({ input: null, options: null }, function psd2TppMessages(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  /** @type {Finding[]} */
  const results = [];
  const report = onceReporter(results);
  for (const b of psd2ErrorBodies(root)) if (b.base === 'application/json') checkTppMessages(root, b.schema, b.path, b.code, report);
  return results;
});

/** @param {Json} root @param {Json} schema @param {Path} path @param {string} code @param {(message: string, path: Path) => void} report */
function checkTppMessages(root, schema, path, code, report) {
  const shape = objectShape(root, schema, path);
  const t = tppMessagesOf(root, shape);
  if (!t) {
    report(`The ${code} application/json error body has no tppMessages array (Berlin Group error format); use tppMessages[{category, code, path, text}] or application/problem+json.`, path);
    return;
  }
  if (t.bad || !t.items) {
    report('tppMessages must be an array of {category, code, path, text} objects.', (t.bad ?? t.tm).path);
    return;
  }
  const item = objectShape(root, t.items, t.itemsPath);
  const missing = ['category', 'code'].filter((k) => !item.required.has(k));
  if (missing.length > 0) report(`tppMessages items must require ${missing.join(' and ')}.`, t.itemsPath);
  const cat = item.props.get('category');
  if (cat && Array.isArray(cat.schema.enum) && cat.schema.enum.some((/** @type {unknown} */ v) => v !== 'ERROR' && v !== 'WARNING')) {
    report('tppMessages category takes the values ERROR and WARNING only.', cat.path);
  }
  const text = item.props.get('text');
  if (text && !(typeof text.schema.maxLength === 'number' && text.schema.maxLength <= 500)) report('tppMessages text must declare maxLength 500 (Max500Text).', text.path);
}
