// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, rootOf } from './lib/doc.js';
import { securitySchemes } from './lib/pack-common.js';
import { psd2Doc } from './lib/psd2.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').JsonObject} JsonObject */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

const MENTION = /\b(eidas|qwac|qseal|qualified (website authentication )?certificates?)\b/i;

/**
 * An XS2A interface documents that TPPs are identified with eIDAS certificates at TLS level
 * (RTS on SCA and CSC, Art. 34): a mutualTLS security scheme (3.1+), `info.x-psd2-qwac: true`,
 * or a mention of eIDAS/QWAC in the info, tag or security scheme descriptions.
 */
export default createRulesetFunction({ input: null, options: null }, function psd2TppIdentification(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  if (!psd2Doc(root).isXs2a) return [];
  const schemes = [...securitySchemes(root).values()];
  if (schemes.some((s) => s.type === 'mutualTLS')) return [];
  const info = isObject(root.info) ? root.info : {};
  if (info['x-psd2-qwac'] === true) return [];
  const texts = [info.description, ...schemes.map((s) => s.description), ...(Array.isArray(root.tags) ? root.tags.filter(isObject).map((/** @type {JsonObject} */ t) => t.description) : [])];
  if (texts.some((t) => typeof t === 'string' && MENTION.test(t))) return [];
  const where = isObject(root.components) && isObject(root.components.securitySchemes) ? ['components', 'securitySchemes'] : ['info'];
  return [{ message: 'The interface does not say how TPPs are identified: declare a mutualTLS security scheme (eIDAS QWAC), or set info.x-psd2-qwac: true and describe it.', path: where }];
});
