/**
 * Who may use the HTTP endpoint, and as whom. Three kinds of callers:
 * - OAuth 2.0 access tokens from the configured issuer, for this server's resource URL (the MCP
 *   authorization profile; production with an identity provider);
 * - server tokens issued by `node dist/index.js tokens create` (`mcpt_…`; deployments without an
 *   identity provider), accepted beside OAuth ones, limited to their scopes, toolsets and data
 *   classifications;
 * - anonymous, only when asked for (MCP_ALLOW_ANONYMOUS=1, loopback only), with a warning at start.
 * Every request is checked again: a revoked or expired token fails on its next request.
 */
import type { Logger } from './log.js';
import type { Caller, Exchange } from './model.js';
import { AuthorizationServerError, type Identity, ResourceServer, TokenError } from './oauth.js';
import type { Secrets } from './redact.js';
import { type Gate, GateRefusal } from './serve-http.js';
import type { HttpSettings } from './settings.js';
import { looksLikeServerToken, type TokenRecord, type TokenStore } from './tokens.js';

type Authenticated = Awaited<ReturnType<Gate['authenticate']>>;

/** The bearer token of an Authorization header (RFC 6750 §2.1; never from the URL). */
export function bearerToken(authorization: string | undefined): string {
  if (authorization === undefined || authorization.trim() === '') throw new GateRefusal(401, undefined, 'Authentication required: send an access token as Authorization: Bearer');
  const m = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(authorization);
  if (!m) throw new GateRefusal(401, 'invalid_request', 'The Authorization header must be "Bearer <access token>"');
  return m[1]!;
}

/** The caller a server token stands for: its name, limited by its scopes and toolsets. */
export function serverTokenCaller(record: TokenRecord): Caller {
  return {
    id: record.name,
    via: 'token',
    ...(record.scopes ? { scopes: record.scopes } : {}),
    ...(record.toolsets ? { toolsets: record.toolsets } : {}),
    ...(record.classifications ? { classifications: record.classifications } : {}),
    ...(record.quota ? { quota: record.quota } : {}),
  };
}

/** Checks a server token; a refusal says why (unknown, revoked, expired). */
export function verifyServerToken(tokens: TokenStore, token: string): Caller {
  const v = tokens.verify(token);
  if (!v.ok) throw new GateRefusal(401, 'invalid_token', `The server token is ${v.reason}`);
  return serverTokenCaller(v.record);
}

/** OAuth 2.0 access tokens. The issuer's metadata is discovered on first use and again after a failure: an identity provider that is briefly down gives 503s, not a server that cannot start. */
function oauthVerifier(oauth: NonNullable<HttpSettings['oauth']>, about: { scopes: string[]; name: string }, secrets: Secrets, log: Logger) {
  secrets.add(oauth.introspection?.clientSecret);
  secrets.add(oauth.client?.clientSecret);
  let discovered: Promise<ResourceServer> | undefined;
  const server = (): Promise<ResourceServer> => {
    discovered ??= ResourceServer.discover({
      issuer: oauth.issuer,
      resource: oauth.resource,
      jwksCooldownMs: oauth.jwksCooldownMs,
      ...(oauth.introspection ? { introspection: oauth.introspection } : {}),
    }).catch((err: unknown) => {
      discovered = undefined;
      throw err instanceof AuthorizationServerError ? err : new AuthorizationServerError((err as Error).message);
    });
    return discovered;
  };
  void server().then(
    () => log.info(`accepting access tokens from ${oauth.issuer} for ${oauth.resource}`),
    (err: unknown) => log.error(`the authorization server ${oauth.issuer} cannot be used yet: ${(err as Error).message}`),
  );
  const exchangeFor =
    (rs: ResourceServer, identity: Identity): Exchange =>
    async (scopes) => {
      if (!oauth.client) throw new Error('token exchange needs this server’s own client at the issuer: set MCP_OAUTH_CLIENT_ID and MCP_OAUTH_CLIENT_SECRET');
      const target = { ...(oauth.upstreamResource ? { resource: oauth.upstreamResource } : {}), ...(oauth.upstreamAudience ? { audience: oauth.upstreamAudience } : {}) };
      return (await rs.exchange(identity, { ...target, scope: scopes }, oauth.client)).accessToken;
    };
  return {
    metadataUrl: ResourceServer.metadataUrl(oauth.resource),
    metadata: {
      resource: oauth.resource,
      authorization_servers: [oauth.issuer],
      ...(about.scopes.length > 0 ? { scopes_supported: about.scopes } : {}),
      bearer_methods_supported: ['header'],
      resource_name: about.name,
    },
    async authenticate(token: string): Promise<Authenticated> {
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
  };
}

export function createGate(settings: HttpSettings, about: { scopes: string[]; name: string }, secrets: Secrets, log: Logger, tokens?: TokenStore): Gate {
  const oauth = settings.oauth ? oauthVerifier(settings.oauth, about, secrets, log) : undefined;
  if (settings.anonymous) log.info('WARNING: serving without authentication (MCP_ALLOW_ANONYMOUS=1): test and demo only, never in production');
  const anonymous: Authenticated = { caller: { id: 'anonymous', via: 'anonymous' }, token: '' };
  return {
    ...(oauth ? { metadata: oauth.metadata } : {}),
    async authenticate(authorization) {
      if (settings.anonymous && !authorization) return anonymous;
      const token = bearerToken(authorization);
      if (tokens && looksLikeServerToken(token)) return { caller: verifyServerToken(tokens, token), token };
      if (oauth) return oauth.authenticate(token);
      if (settings.anonymous) return anonymous;
      throw new GateRefusal(401, 'invalid_token', 'This server accepts its own server tokens only (they start with mcpt_)');
    },
    challenge(refusal) {
      if (settings.anonymous && !oauth) return undefined;
      const err = refusal?.code ? new TokenError(refusal.status, refusal.code, refusal.message, refusal.scope) : undefined;
      if (oauth) return ResourceServer.challenge(err, oauth.metadataUrl, refusal?.scope);
      return err ? `Bearer error="${err.code}", error_description="${err.message.replace(/["\\]/g, '')}"` : 'Bearer';
    },
  };
}
