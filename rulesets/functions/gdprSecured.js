// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { isObject, operations, rootOf } from './lib/doc.js';
import { opLabel, securityAlternatives } from './lib/pack-common.js';
import { gdprOpData } from './lib/gdpr.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

/**
 * Operations that receive or return personal data require authentication: a security requirement
 * without an empty ({}) alternative — also when the operation is marked `x-public: true`, which
 * the core security rules accept. A document that declares no security at all is told once.
 */
export default createRulesetFunction({ input: null, options: null }, function gdprSecured(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const open = [];
  let anySecurity = Array.isArray(root.security) || (isObject(root.components) && isObject(root.components.securitySchemes) && Object.keys(root.components.securitySchemes).length > 0);
  for (const op of operations(root)) {
    if (Array.isArray(op.operation.security)) anySecurity = true;
    const { alternatives, level } = securityAlternatives(root, op);
    if (alternatives && alternatives.length > 0 && !alternatives.some((a) => a.schemes.length === 0)) continue;
    const { fields } = gdprOpData(root, op);
    if (fields.length > 0) open.push({ op, level, alternatives, fields });
  }
  if (open.length === 0) return [];
  /** @param {{ name: string }[]} fields */
  const names = (fields) => {
    const n = [...new Set(fields.map((f) => f.name))];
    return `${n.slice(0, 3).join(', ')}${n.length > 3 ? ', …' : ''}`;
  };
  if (!anySecurity) {
    const all = open.flatMap((o) => o.fields);
    return [
      {
        message: `The API declares no security at all, yet ${open.length} operation${open.length > 1 ? 's' : ''} (${opLabel(open[0].op)}${open.length > 1 ? ', …' : ''}) handle personal data (${names(all)}).`,
        path: isObject(root.paths) ? ['paths'] : [],
      },
    ];
  }
  return open.map(({ op, level, alternatives, fields }) => ({
    message: `${opLabel(op)} handles personal data (${names(fields)}) but ${alternatives && alternatives.length > 0 ? 'authentication is optional ({})' : 'requires no authentication'}${op.operation['x-public'] === true ? ' — marked x-public, yet personal data must not be public' : ''}.`,
    path: level === 'operation' ? [...op.path, 'security'] : op.path,
  }));
});
