// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { opLabel } from './lib/pack-common.js';
import { lastStatic, r155Ops } from './lib/r155.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */

const LOG_WORDS = new Set(['logs', 'log', 'audit', 'audits', 'auditlog', 'auditlogs', 'auditevents', 'audittrail', 'audittrails', 'securityevents', 'securitylogs', 'eventlog', 'eventlogs']);

/** Security event and audit log resources are append-only: no PUT, PATCH or DELETE on them. */
export default createRulesetFunction({ input: null, options: null }, function r155LogsAppendOnly(/** @type {Json} */ _input, /** @type {null} */ _options, /** @type {RuleContext} */ context) {
  const root = rootOf(context);
  const results = [];
  for (const op of r155Ops(root, 'logs')) {
    if (op.method !== 'put' && op.method !== 'patch' && op.method !== 'delete') continue;
    if (!LOG_WORDS.has(lastStatic(op.pathKey))) continue;
    results.push({ message: `${opLabel(op)} modifies or deletes log records: security event logs are append-only (an attacker erases their traces this way).`, path: op.path });
  }
  return results;
});
