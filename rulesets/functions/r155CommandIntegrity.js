import { createRulesetFunction } from './lib/define.js';
import { contentOf, headerParams, list, opLabel, r155Ops, requestBodyOf, requestFieldNames, rootOf } from './lib/packs.js';

const REPLAY = ['nonce', 'timestamp', 'idempotencykey', 'signatureinput', 'jti', 'requesttimestamp', 'xnonce', 'xtimestamp', 'xrequesttimestamp', 'issuedat', 'iat'];
const EXPIRY = ['expiresat', 'expiry', 'expires', 'expiration', 'expirationtime', 'ttl', 'timetolive', 'validuntil', 'notafter', 'deadline', 'timeout', 'commandtimeout', 'signatureinput'];
const SIGNED_MEDIA = /^application\/(jose(\+json)?|jws|jwt|cose|pkcs7-mime|pkcs7-signature)$/;

/**
 * Integrity of remote vehicle commands (and, for authenticity, telemetry ingestion):
 * - `replay`: command requests carry replay protection (a nonce or timestamp header/field,
 *   Idempotency-Key, or RFC 9421 Signature-Input);
 * - `expiry`: command requests say until when they may be executed (expiresAt, ttl, validUntil,
 *   deadline … or an RFC 9421 Signature-Input with `expires`), so a command queued for an offline
 *   vehicle cannot be executed hours later;
 * - `authenticity`: requests are signed (RFC 9421 Signature + Signature-Input headers, a JOSE/COSE
 *   signed media type, or a top-level signature/jws field).
 */
export default createRulesetFunction(
  { input: null, options: { type: 'object', additionalProperties: false, required: ['check'], properties: { check: { enum: ['replay', 'expiry', 'authenticity'] } } } },
  function r155CommandIntegrity(_input, options, context) {
    const root = rootOf(context);
    const results = [];
    if (options.check === 'replay' || options.check === 'expiry') {
      const want = options.check === 'replay' ? REPLAY : EXPIRY;
      for (const op of r155Ops(root, 'command')) {
        const names = requestFieldNames(root, op);
        if (want.some((n) => names.has(n))) continue;
        results.push({
          message: options.check === 'replay' ? `Remote command ${opLabel(op)} has no replay protection: add a nonce/timestamp, an Idempotency-Key header or an RFC 9421 Signature-Input.` : `Remote command ${opLabel(op)} has no expiry: add expiresAt (or ttl) so that a command delivered late to an offline vehicle is discarded.`,
          path: [...op.path, op.operation.requestBody ? 'requestBody' : 'parameters'],
        });
      }
      return results;
    }
    const ops = [...new Set([...r155Ops(root, 'command'), ...r155Ops(root, 'telemetry')])];
    for (const op of ops) {
      const hs = headerParams(root, op);
      if (hs.has('signature') && hs.has('signature-input')) continue;
      const rb = requestBodyOf(root, op);
      const media = rb ? contentOf(rb.body.content, []).map((m) => m.base) : [];
      if (media.some((m) => SIGNED_MEDIA.test(m))) continue;
      const names = requestFieldNames(root, op);
      if (names.has('signature') || names.has('jws')) continue;
      const missing = ['Signature', 'Signature-Input'].filter((h) => !hs.has(h.toLowerCase()));
      results.push({ message: `${opLabel(op)} accepts unsigned messages: declare ${list(missing)} (RFC 9421) or a signed body (JWS, application/jose).`, path: [...op.path, 'parameters'] });
    }
    return results;
  },
);
