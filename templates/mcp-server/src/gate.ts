/**
 * Who may use the HTTP endpoint. Production: an OAuth 2.0 resource server (the MCP authorization
 * profile) — tokens from the configured issuer, for this server's resource URL, validated on
 * every request. Anonymous only when asked for (MCP_ALLOW_ANONYMOUS=1, loopback only), with a
 * warning on every start.
 */
import type { Logger } from './log.js';
import type { Caller } from './model.js';
import { type Gate, GateRefusal } from './serve-http.js';
import type { HttpSettings } from './settings.js';

/** No authentication: every request is the anonymous caller, not limited by scopes. */
export function anonymousGate(log: Logger): Gate {
  log.info('WARNING: serving without authentication (MCP_ALLOW_ANONYMOUS=1): test and demo only, never in production');
  const caller: Caller = { id: 'anonymous', via: 'anonymous' };
  return {
    authenticate: async () => ({ caller, token: '' }),
    challenge: () => undefined,
  };
}

/** The bearer token of an Authorization header (RFC 6750 §2.1; never from the URL). */
export function bearerToken(authorization: string | undefined): string {
  if (authorization === undefined || authorization.trim() === '') throw new GateRefusal(401, undefined, 'Authentication required: send an OAuth 2.0 access token as Authorization: Bearer');
  const m = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(authorization);
  if (!m) throw new GateRefusal(401, 'invalid_request', 'The Authorization header must be "Bearer <access token>"');
  return m[1]!;
}

export async function createGate(settings: HttpSettings, scopesSupported: string[], log: Logger): Promise<Gate> {
  if (!settings.oauth) return anonymousGate(log);
  throw new Error(`OAuth is not available yet (${scopesSupported.length})`);
}
