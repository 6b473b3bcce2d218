// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { operations, rootOf } from './lib/doc.js';
import { opLabel } from './lib/pack-common.js';
import { isWrite, r155Areas } from './lib/r155.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').JsonObject} JsonObject */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

/** @type {Record<string, string>} */
const AREA = { command: 'remote command', ota: 'software update', keys: 'key/certificate management', diagnostics: 'diagnostics' };

/**
 * Security-relevant writes (remote commands, software updates, key/certificate/credential
 * management, diagnostics) carry `x-audit-log: true` (or an `x-audit` object naming the event), so
 * the logging required for forensics (R155 para 7.3.7 (c), threat 21.1) is traceable to the API.
 * A document that uses the marker nowhere is told once.
 */
export default createRulesetFunction({ input: null, options: null }, function r155AuditMarker(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  /** @type {Finding[]} */
  const results = [];
  /** @param {JsonObject} o @returns {boolean} */
  const marked = (o) => o['x-audit-log'] === true || (o['x-audit'] !== undefined && o['x-audit'] !== false);
  const missing = [];
  let anyMarked = false;
  for (const op of operations(root)) {
    if (marked(op.operation)) anyMarked = true;
    if (!isWrite(op.method)) continue;
    const areas = [...r155Areas(op)].filter((a) => AREA[a]);
    if (areas.length === 0 || marked(op.operation)) continue;
    missing.push({ op, area: AREA[areas[0]] });
  }
  if (missing.length === 0) return results;
  if (!anyMarked) {
    // The document uses no audit marker at all: one finding, not one per operation.
    const n = missing.length;
    results.push({
      message: `${n} security-relevant write${n > 1 ? 's' : ''} (${opLabel(missing[0].op)}: ${missing[0].area}${n > 1 ? '; …' : ''}) ${n > 1 ? 'carry' : 'carries'} no x-audit-log marker, and no operation of the API has one: mark the operations that the security event log records.`,
      path: missing[0].op.path,
    });
    return results;
  }
  for (const { op, area } of missing) results.push({ message: `${opLabel(op)} is a ${area} operation without x-audit-log: true: state that it is logged for forensics.`, path: op.path });
  return results;
});
