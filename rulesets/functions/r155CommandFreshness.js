// @ts-check
import { createRulesetFunction } from './lib/define.js';
import { rootOf } from './lib/doc.js';
import { opLabel } from './lib/pack-common.js';
import { r155Ops, requestFieldNames } from './lib/r155.js';

/** @typedef {import('./lib/types.js').Json} Json */
/** @typedef {import('./lib/types.js').RuleContext} RuleContext */
/** @typedef {import('./lib/types.js').Finding} Finding */

const REPLAY = ['nonce', 'timestamp', 'idempotencykey', 'signatureinput', 'jti', 'requesttimestamp', 'xnonce', 'xtimestamp', 'xrequesttimestamp', 'issuedat', 'iat'];
const EXPIRY = ['expiresat', 'expiry', 'expires', 'expiration', 'expirationtime', 'ttl', 'timetolive', 'validuntil', 'notafter', 'deadline', 'timeout', 'commandtimeout', 'signatureinput'];

/**
 * Remote vehicle command requests carry a header or top-level body field of a kind. One check,
 * `check` naming the kind:
 * - `replay`: replay protection (a nonce or timestamp, Idempotency-Key, or RFC 9421 Signature-Input);
 * - `expiry`: until when the command may be executed (expiresAt, ttl, validUntil, deadline … or an
 *   RFC 9421 Signature-Input with `expires`), so a command queued for an offline vehicle cannot be
 *   executed hours later.
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: ['replay', 'expiry'] } } } },
  /** @param {Json} _input @param {{ check: 'replay' | 'expiry' }} options @param {RuleContext} context @returns {Finding[]} */
  function r155CommandFreshness(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    const want = options.check === 'replay' ? REPLAY : EXPIRY;
    for (const op of r155Ops(root, 'command')) {
      const names = requestFieldNames(root, op);
      if (want.some((n) => names.has(n))) continue;
      results.push({
        message:
          options.check === 'replay'
            ? `Remote command ${opLabel(op)} has no replay protection: add a nonce/timestamp, an Idempotency-Key header or an RFC 9421 Signature-Input.`
            : `Remote command ${opLabel(op)} has no expiry: add expiresAt (or ttl) so that a command delivered late to an offline vehicle is discarded.`,
        path: [...op.path, op.operation.requestBody ? 'requestBody' : 'parameters'],
      });
    }
    return results;
  },
);
