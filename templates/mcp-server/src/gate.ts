/**
 * Who may use the HTTP endpoint. Production: an OAuth 2.0 resource server (the MCP authorization
 * profile) — tokens from the configured issuer, for this server's resource URL, validated on
 * every request. Anonymous only when asked for (MCP_ALLOW_ANONYMOUS=1, loopback only), with a
 * warning on every start.
 */
import type { Logger } from './log.js';
import type { Caller, Exchange } from './model.js';
import { AuthorizationServerError, type Identity, ResourceServer, TokenError } from './oauth.js';
import type { Secrets } from './redact.js';
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

/**
 * The OAuth 2.0 resource server gate. The issuer's metadata is discovered on first use and again
 * after a failure, so an identity provider that is briefly down makes requests fail with 503
 * rather than the server fail to start.
 */
export function createGate(settings: HttpSettings, about: { scopes: string[]; name: string }, secrets: Secrets, log: Logger): Gate {
  const oauth = settings.oauth;
  if (!oauth) return anonymousGate(log);
  secrets.add(oauth.introspection?.clientSecret);
  secrets.add(oauth.client?.clientSecret);
  let discovered: Promise<ResourceServer> | undefined;
  const server = (): Promise<ResourceServer> => {
    discovered ??= ResourceServer.discover({ issuer: oauth.issuer, resource: oauth.resource, jwksCooldownMs: oauth.jwksCooldownMs, ...(oauth.introspection ? { introspection: oauth.introspection } : {}) }).catch((err: unknown) => {
      discovered = undefined;
      throw err instanceof AuthorizationServerError ? err : new AuthorizationServerError((err as Error).message);
    });
    return discovered;
  };
  void server().then(
    () => log.info(`accepting access tokens from ${oauth.issuer} for ${oauth.resource}`),
    (err: unknown) => log.error(`the authorization server ${oauth.issuer} cannot be used yet: ${(err as Error).message}`),
  );
  const metadataUrl = ResourceServer.metadataUrl(oauth.resource);
  const exchangeFor = (rs: ResourceServer, identity: Identity): Exchange => async (scopes) => {
    if (!oauth.client) throw new Error('token exchange needs this server’s own client at the issuer: set MCP_OAUTH_CLIENT_ID and MCP_OAUTH_CLIENT_SECRET');
    const target = { ...(oauth.upstreamResource ? { resource: oauth.upstreamResource } : {}), ...(oauth.upstreamAudience ? { audience: oauth.upstreamAudience } : {}) };
    return (await rs.exchange(identity, { ...target, scope: scopes }, oauth.client)).accessToken;
  };
  return {
    metadata: {
      resource: oauth.resource,
      authorization_servers: [oauth.issuer],
      ...(about.scopes.length > 0 ? { scopes_supported: about.scopes } : {}),
      bearer_methods_supported: ['header'],
      resource_name: about.name,
    },
    async authenticate(authorization) {
      const token = bearerToken(authorization);
      const rs = await server();
      let identity: Identity;
      try {
        identity = await rs.verify(token);
      } catch (err) {
        if (err instanceof TokenError) throw new GateRefusal(err.status, err.code, err.message, err.scope);
        throw err;
      }
      const caller: Caller = { id: identity.subject, ...(identity.clientId !== undefined ? { clientId: identity.clientId } : {}), scopes: identity.scopes, via: 'oauth' };
      return { caller, token, ...(identity.expiresAt !== undefined ? { expiresAt: identity.expiresAt } : {}), exchange: exchangeFor(rs, identity) };
    },
    challenge(refusal) {
      const err = refusal?.code ? new TokenError(refusal.status, refusal.code, refusal.message, refusal.scope) : undefined;
      return ResourceServer.challenge(err, metadataUrl, refusal?.scope);
    },
  };
}
