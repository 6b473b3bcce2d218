/**
 * The OAuth 2.0 resource server of the HTTP mode (MCP authorization specification): this server
 * validates access tokens, it never issues them. JWT access tokens (RFC 9068) are checked against
 * the issuer's published keys; opaque tokens by introspection (RFC 7662) when a client for it is
 * configured. A token must name this server as its audience (RFC 8707), so a token minted for
 * another service is refused even when it is otherwise valid. The caller's token is never sent
 * upstream: {@link ResourceServer.exchange} trades it for a token for the API (RFC 8693).
 *
 * Two kinds of failure, on purpose: a {@link TokenError} is the caller's (401/403, with what to
 * fix), an {@link AuthorizationServerError} is ours (the issuer cannot be reached or answers
 * nonsense: 503, retry later). Messages never contain a token or a secret.
 */
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';

/** Who called, from a validated access token. */
export interface Identity {
  subject: string;
  clientId?: string;
  scopes: string[];
  /** Expiry, milliseconds since the epoch. */
  expiresAt?: number;
  issuer: string;
  /** The raw token, kept only in memory for RFC 8693 token exchange; never logged (not enumerable, so JSON and inspect skip it). */
  token: string;
}

/** The caller's token is missing something: 401 (invalid_token) or 403 (insufficient_scope, with the scope to ask for). */
export class TokenError extends Error {
  override name = 'TokenError';
  constructor(
    readonly status: 401 | 403,
    readonly code: 'invalid_token' | 'insufficient_scope' | 'invalid_request',
    message: string,
    readonly scope?: string,
  ) {
    super(message);
  }
}

/** The authorization server could not be asked (unreachable, timed out, unusable answer): not the caller's fault, so 503 rather than 401. */
export class AuthorizationServerError extends Error {
  override name = 'AuthorizationServerError';
}

export interface ResourceServerOptions {
  /** The issuer identifier, exactly as the authorization server's metadata spells it. */
  issuer: string;
  /** This server's canonical URL (e.g. https://mcp.example.com/mcp): the audience tokens must name. */
  resource: string;
  /** Accepted JWS algorithms; default: the asymmetric ones. `none` and HS* are refused. */
  algorithms?: string[];
  /** Leeway for exp and nbf, seconds (default 30). */
  clockToleranceSec?: number;
  /** A client of the issuer allowed to introspect opaque tokens; without it only JWTs are accepted. */
  introspection?: { clientId: string; clientSecret: string };
  /** Timeout of every request to the authorization server (default 5000). */
  fetchTimeoutMs?: number;
  /** Minimum time between two JWKS fetches triggered by unknown key ids (default 30000, jose's), so forged kids cannot make us hammer the issuer. */
  jwksCooldownMs?: number;
}

/** RFC 9728 protected resource metadata. */
export interface ProtectedResourceMetadata {
  resource: string;
  authorization_servers: string[];
  scopes_supported?: string[];
  bearer_methods_supported: string[];
  resource_name?: string;
}

interface ServerMetadata {
  issuer: string;
  jwks_uri?: string;
  token_endpoint?: string;
  introspection_endpoint?: string;
}

export const DEFAULT_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
/** Introspection answers are trusted this long at most, so a revocation takes effect within a minute. */
const INTROSPECTION_CACHE_MS = 60_000;
/** An exchanged token is not used in its last 30 s: it must not expire while the API call is under way. */
const EXCHANGE_MARGIN_MS = 30_000;
const MAX_CACHE_ENTRIES = 10_000;

const invalid = (reason: string): TokenError => new TokenError(401, 'invalid_token', reason);

/** Plain http only for loopback (tests, local development); anything else must be https (RFC 8414 §2, RFC 9700). */
function checkedUrl(value: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${what} is not a URL: ${value}`);
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw new Error(`${what} must use https: ${value}`);
  if (url.hash || url.search) throw new Error(`${what} must have no query or fragment: ${value}`);
  return url;
}

/** Where the metadata may be: RFC 8414 §3.1 (path inserted after the host), then OpenID Connect discovery (inserted, then appended), as the MCP specification lists them. */
export function metadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/+$/, '');
  const at = (p: string): string => `${url.origin}${p}`;
  if (path === '') return [at('/.well-known/oauth-authorization-server'), at('/.well-known/openid-configuration')];
  return [at(`/.well-known/oauth-authorization-server${path}`), at(`/.well-known/openid-configuration${path}`), at(`${path}/.well-known/openid-configuration`)];
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before they become the Basic user and password. */
function basicAuth(clientId: string, clientSecret: string): string {
  const form = (v: string): string => new URLSearchParams([['', v]]).toString().slice(1);
  return `Basic ${Buffer.from(`${form(clientId)}:${form(clientSecret)}`).toString('base64')}`;
}

/** One request to the authorization server, with a timeout over the whole exchange (body included); no redirects. */
async function call(url: string, init: RequestInit, timeoutMs: number, what: string): Promise<{ status: number; json: unknown }> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    text = await res.text();
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const why = e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (e.cause?.code ?? e.cause?.message ?? e.message);
    throw new AuthorizationServerError(`authorization server unreachable: ${what} at ${url}: ${why}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Scopes from `scope` (RFC 9068: space-separated) or `scp` (an array for some issuers, a string for others). */
function scopesOf(claims: Record<string, unknown>): string[] {
  const raw = claims.scope ?? claims.scp;
  const list = Array.isArray(raw) ? raw.filter((s): s is string => typeof s === 'string') : typeof raw === 'string' ? raw.split(' ') : [];
  return [...new Set(list.filter((s) => s !== ''))];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function identity(fields: Omit<Identity, 'token'>, token: string): Identity {
  return Object.defineProperty({ ...fields }, 'token', { value: token, enumerable: false }) as Identity;
}

/** Adds to a bounded cache: expired entries go first, then the oldest. */
function remember<V extends { until: number }>(cache: Map<string, V>, key: string, value: V): void {
  if (cache.size >= MAX_CACHE_ENTRIES) {
    const now = Date.now();
    for (const [k, v] of cache) if (v.until <= now) cache.delete(k);
    for (const k of cache.keys()) {
      if (cache.size < MAX_CACHE_ENTRIES) break;
      cache.delete(k);
    }
  }
  cache.set(key, value);
}

/** What a jose verification failure means for the caller (short, never the token). */
function jwtFailure(err: unknown): Error {
  if (err instanceof errors.JWTExpired) return invalid('token expired');
  if (err instanceof errors.JWTClaimValidationFailed) {
    const missing = err.reason === 'missing';
    switch (err.claim) {
      case 'aud':
        return invalid(missing ? 'token has no audience (it must name this server)' : 'token audience is not this server');
      case 'iss':
        return invalid(missing ? 'token has no issuer' : 'token issuer is not the configured authorization server');
      case 'nbf':
        return invalid('token is not valid yet');
      case 'exp':
        return invalid(missing ? 'token has no expiry' : 'token expiry is invalid');
      case 'sub':
        return invalid('token has no subject');
      default:
        return invalid(`token claim ${err.claim} is invalid`);
    }
  }
  if (err instanceof errors.JOSEAlgNotAllowed) return invalid('token signing algorithm is not allowed');
  if (err instanceof errors.JWSSignatureVerificationFailed) return invalid('signature does not verify');
  if (err instanceof errors.JWKSNoMatchingKey) return invalid('no key of the authorization server matches the token (unknown kid)');
  if (err instanceof errors.JWKSMultipleMatchingKeys) return invalid('several keys of the authorization server match the token');
  if (err instanceof errors.JWSInvalid || err instanceof errors.JWTInvalid) return invalid('malformed token');
  if (err instanceof errors.JOSENotSupported) return invalid('token uses an unsupported algorithm or key');
  // The key set could not be fetched or parsed: the issuer's problem, not the caller's.
  if (err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid || (err instanceof errors.JOSEError && err.code === 'ERR_JOSE_GENERIC') || !(err instanceof errors.JOSEError)) {
    const e = err as Error & { cause?: { code?: string } };
    return new AuthorizationServerError(`authorization server unreachable: key set: ${e.cause?.code ?? e.message}`);
  }
  return invalid('token is invalid');
}

/** RFC 9700 §2.8 / RFC 8725: `none` and shared-secret (HS*) algorithms are never acceptable for tokens signed by someone else. */
function allowedAlgorithms(list: string[] = DEFAULT_ALGORITHMS): string[] {
  const weak = list.filter((a) => a.toLowerCase() === 'none' || /^HS/i.test(a));
  if (weak.length > 0 || list.length === 0) throw new Error(`refused token algorithms: ${weak.join(', ') || '(none listed)'}; access tokens must be signed with the issuer's private key`);
  return list;
}

/** Validates access tokens for one resource, from one issuer. Build it with {@link ResourceServer.discover}. */
export class ResourceServer {
  private readonly algorithms: string[];
  private readonly tolerance: number;
  private readonly timeoutMs: number;
  private readonly keys?: ReturnType<typeof createRemoteJWKSet>;
  private readonly introspected = new Map<string, { identity: Identity; until: number }>();
  private readonly exchanged = new Map<string, { accessToken: string; expiresAt: number; until: number }>();
  private readonly pending = new Map<string, Promise<{ accessToken: string; expiresAt: number }>>();

  private constructor(
    private readonly opts: ResourceServerOptions,
    private readonly metadata: ServerMetadata,
  ) {
    this.algorithms = allowedAlgorithms(opts.algorithms);
    this.tolerance = opts.clockToleranceSec ?? 30;
    this.timeoutMs = opts.fetchTimeoutMs ?? 5000;
    // jose caches the key set, refetches it when a token names an unknown kid (key rotation
    // without restart) and waits the cooldown between such refetches.
    if (metadata.jwks_uri)
      this.keys = createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: this.timeoutMs, ...(opts.jwksCooldownMs !== undefined ? { cooldownDuration: opts.jwksCooldownMs } : {}) });
  }

  get issuer(): string {
    return this.opts.issuer;
  }

  get resource(): string {
    return this.opts.resource;
  }

  /**
   * Reads the issuer's metadata (RFC 8414, then OpenID Connect discovery). Its `issuer` must be the
   * configured one exactly (RFC 8414 §3.3: otherwise another server could impersonate it). Only
   * the endpoints it advertises are ever called (never a URL taken from a token: no jku, no x5u).
   */
  static async discover(opts: ResourceServerOptions): Promise<ResourceServer> {
    checkedUrl(opts.issuer, 'the issuer');
    allowedAlgorithms(opts.algorithms);
    if (!URL.canParse(opts.resource) || new URL(opts.resource).hash) throw new Error(`the resource must be an absolute URL without fragment (RFC 8707): ${opts.resource}`);
    const timeoutMs = opts.fetchTimeoutMs ?? 5000;
    const tried: string[] = [];
    for (const url of metadataUrls(opts.issuer)) {
      const { status, json } = await call(url, { headers: { accept: 'application/json' } }, timeoutMs, 'metadata');
      tried.push(`${url} (HTTP ${status})`);
      if (status !== 200 || !isObject(json)) continue;
      if (json.issuer !== opts.issuer) throw new Error(`the metadata at ${url} names the issuer ${JSON.stringify(json.issuer)}, not the configured ${JSON.stringify(opts.issuer)}`);
      const metadata: ServerMetadata = { issuer: opts.issuer };
      for (const key of ['jwks_uri', 'token_endpoint', 'introspection_endpoint'] as const) {
        const v = json[key];
        if (typeof v === 'string') metadata[key] = checkedUrl(v, `the issuer's ${key}`).href;
      }
      if (!metadata.jwks_uri && !opts.introspection) throw new Error(`the issuer ${opts.issuer} publishes no jwks_uri: its JWT access tokens cannot be verified`);
      if (opts.introspection && !metadata.introspection_endpoint) throw new Error(`the issuer ${opts.issuer} advertises no introspection_endpoint, but an introspection client is configured`);
      return new ResourceServer(opts, metadata);
    }
    throw new AuthorizationServerError(`no authorization server metadata for ${opts.issuer}: tried ${tried.join(', ')}`);
  }

  /**
   * The identity behind a bearer token. Throws a {@link TokenError} (401) when the token is not
   * acceptable, an {@link AuthorizationServerError} (503) when the issuer cannot be asked.
   */
  async verify(token: string): Promise<Identity> {
    if (token.split('.').length === 3) return this.verifyJwt(token);
    if (this.opts.introspection) return this.introspect(token, this.opts.introspection);
    throw invalid('this server accepts JWT access tokens only');
  }

  private async verifyJwt(token: string): Promise<Identity> {
    if (!this.keys) throw invalid('this server accepts opaque access tokens only (the issuer publishes no keys)');
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, this.keys, {
        issuer: this.opts.issuer,
        audience: this.opts.resource,
        algorithms: this.algorithms,
        clockTolerance: this.tolerance,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (err) {
      throw jwtFailure(err);
    }
    // The typ header is not required to be at+jwt: major identity providers label access tokens
    // "JWT"; ID tokens are refused anyway since their audience is a client, not this server.
    this.refuseSenderConstrained(claims);
    const clientId = str(claims.client_id) ?? str(claims.azp);
    return identity({ subject: claims.sub!, ...(clientId ? { clientId } : {}), scopes: scopesOf(claims), expiresAt: claims.exp! * 1000, issuer: this.opts.issuer }, token);
  }

  /** A DPoP- or mTLS-bound token (cnf) sent as a plain bearer token would lose its binding (RFC 9449 §7.1): this server checks no proofs, so it refuses them. */
  private refuseSenderConstrained(claims: Record<string, unknown>): void {
    if (claims.cnf !== undefined) throw invalid('token is sender-constrained (DPoP or mTLS), which this server does not support');
  }

  /** RFC 7662. Positive answers are cached (keyed by the token's hash) for a minute at most. */
  private async introspect(token: string, client: { clientId: string; clientSecret: string }): Promise<Identity> {
    const key = createHash('sha256').update(token).digest('base64url');
    const cached = this.introspected.get(key);
    if (cached && Date.now() < cached.until) return cached.identity;
    const { status, json } = await call(
      this.metadata.introspection_endpoint!,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', authorization: basicAuth(client.clientId, client.clientSecret) },
        body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
      },
      this.timeoutMs,
      'introspection',
    );
    if (status !== 200 || !isObject(json))
      throw new AuthorizationServerError(`the introspection endpoint answered HTTP ${status}${status === 401 ? ' (check the introspection client id and secret)' : ''}`);
    if (json.active !== true) throw invalid('token is not active (expired, revoked or unknown)');
    if (json.iss !== undefined && json.iss !== this.opts.issuer) throw invalid('token issuer is not the configured authorization server');
    const aud = typeof json.aud === 'string' ? [json.aud] : Array.isArray(json.aud) ? json.aud : undefined;
    if (aud === undefined) throw invalid('token has no audience (it must name this server)');
    if (!aud.includes(this.opts.resource)) throw invalid('token audience is not this server');
    const now = Date.now();
    const exp = typeof json.exp === 'number' ? json.exp * 1000 : undefined;
    if (exp !== undefined && exp <= now - this.tolerance * 1000) throw invalid('token expired');
    if (typeof json.nbf === 'number' && json.nbf * 1000 > now + this.tolerance * 1000) throw invalid('token is not valid yet');
    this.refuseSenderConstrained(json);
    // Client-credentials tokens have no user: their subject is the client.
    const subject = str(json.sub) ?? str(json.client_id);
    if (subject === undefined) throw invalid('token has no subject');
    const clientId = str(json.client_id);
    const id = identity({ subject, ...(clientId ? { clientId } : {}), scopes: scopesOf(json), ...(exp !== undefined ? { expiresAt: exp } : {}), issuer: this.opts.issuer }, token);
    remember(this.introspected, key, { identity: id, until: Math.min(now + INTROSPECTION_CACHE_MS, exp ?? Infinity) });
    return id;
  }

  /**
   * Passes when the token holds every scope of at least one alternative (an empty alternative, or
   * no alternatives, needs none). Otherwise a 403 whose `scope` is the whole alternative closest
   * to what the token holds: a client that asked for the missing scopes only would lose the others.
   */
  requireScopes(id: Identity, alternatives: string[][]): void {
    if (alternatives.length === 0) return;
    const held = new Set(id.scopes);
    let best: { alt: string[]; missing: string[] } | undefined;
    for (const alt of alternatives) {
      const missing = alt.filter((s) => !held.has(s));
      if (missing.length === 0) return;
      if (!best || missing.length < best.missing.length || (missing.length === best.missing.length && alt.length < best.alt.length)) best = { alt, missing };
    }
    throw new TokenError(403, 'insufficient_scope', `token lacks the scope ${best!.missing.join(' and ')}`, best!.alt.join(' '));
  }

  /** RFC 9728 document for /.well-known/oauth-protected-resource. */
  protectedResourceMetadata(scopesSupported: string[], resourceName?: string): ProtectedResourceMetadata {
    const scopes = [...new Set(scopesSupported)].sort();
    return {
      resource: this.opts.resource,
      authorization_servers: [this.opts.issuer],
      ...(scopes.length > 0 ? { scopes_supported: scopes } : {}),
      bearer_methods_supported: ['header'],
      ...(resourceName ? { resource_name: resourceName } : {}),
    };
  }

  /** RFC 9728 §3.1: the metadata URL of a resource, `/.well-known/oauth-protected-resource` inserted before its path. */
  static metadataUrl(resource: string): string {
    const url = new URL(resource);
    const path = url.pathname.replace(/\/+$/, '');
    return `${url.origin}/.well-known/oauth-protected-resource${path}`;
  }

  /**
   * The WWW-Authenticate value (RFC 6750 §3, RFC 9728 §5.1). Without an error (no token was sent)
   * only the metadata URL and the scope, if any: RFC 6750 says no error code then.
   */
  static challenge(err: TokenError | undefined, metadataUrl: string, scope?: string): string {
    // Quoted-string: printable ASCII only (no header injection), backslash-escaped quotes.
    const q = (v: string): string => `"${v.replace(/[^\x20-\x7e]/g, '?').replace(/["\\]/g, '\\$&')}"`;
    const parts = [`resource_metadata=${q(metadataUrl)}`];
    if (err) parts.push(`error=${q(err.code)}`, `error_description=${q(err.message)}`);
    const s = err?.scope ?? scope;
    if (s) parts.push(`scope=${q(s)}`);
    return `Bearer ${parts.join(', ')}`;
  }

  /**
   * RFC 8693: trades the caller's token for one the upstream API accepts (no token passthrough),
   * keeping the caller's identity. Cached per subject (and its token's client and scopes),
   * requested scopes and target until 30 s before expiry; concurrent calls for the same key share
   * one request.
   */
  async exchange(
    id: Identity,
    request: { audience?: string; resource?: string; scope: string[] },
    client: { clientId: string; clientSecret: string },
  ): Promise<{ accessToken: string; expiresAt: number }> {
    const scope = [...new Set(request.scope)].sort();
    // Per subject, not per token, so a refreshed token reuses the exchanged one; the subject
    // token's client and scopes are part of the key, so a token with fewer rights never gets a
    // token that was exchanged for one with more.
    const key = JSON.stringify([client.clientId, id.subject, id.clientId ?? null, [...id.scopes].sort(), scope, request.audience ?? null, request.resource ?? null]);
    const cached = this.exchanged.get(key);
    if (cached && Date.now() < cached.until) return { accessToken: cached.accessToken, expiresAt: cached.expiresAt };
    let p = this.pending.get(key);
    if (!p) {
      p = this.requestExchange(id, { ...request, scope }, client).then((t) => {
        if (t.expiresAt - EXCHANGE_MARGIN_MS > Date.now()) remember(this.exchanged, key, { ...t, until: t.expiresAt - EXCHANGE_MARGIN_MS });
        return t;
      });
      p = p.finally(() => this.pending.delete(key));
      this.pending.set(key, p);
    }
    return p;
  }

  private async requestExchange(
    id: Identity,
    request: { audience?: string; resource?: string; scope: string[] },
    client: { clientId: string; clientSecret: string },
  ): Promise<{ accessToken: string; expiresAt: number }> {
    const endpoint = this.metadata.token_endpoint;
    if (!endpoint) throw new Error(`token exchange impossible: the issuer ${this.opts.issuer} advertises no token_endpoint`);
    const body = new URLSearchParams({ grant_type: TOKEN_EXCHANGE, subject_token: id.token, subject_token_type: ACCESS_TOKEN_TYPE, requested_token_type: ACCESS_TOKEN_TYPE });
    if (request.audience) body.set('audience', request.audience);
    if (request.resource) body.set('resource', request.resource);
    if (request.scope.length > 0) body.set('scope', request.scope.join(' '));
    const { status, json } = await call(
      endpoint,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', authorization: basicAuth(client.clientId, client.clientSecret) },
        body: body.toString(),
      },
      this.timeoutMs,
      'token exchange',
    );
    const target = request.audience ?? request.resource ?? '(default audience)';
    if (status !== 200 || !isObject(json)) {
      const o = isObject(json) ? json : {};
      const detail = [str(o.error), str(o.error_description)].filter(Boolean).join(': ') || 'no OAuth error in the answer';
      // The answer comes from outside: make sure it cannot carry the token or the secret into a log.
      const clean = detail.split(id.token).join('[token]').split(client.clientSecret).join('[secret]');
      throw new Error(`token exchange for ${target} refused by the authorization server (HTTP ${status}): ${clean}`);
    }
    const accessToken = str(json.access_token);
    if (!accessToken) throw new Error(`token exchange for ${target}: the authorization server returned no access_token`);
    if (json.issued_token_type !== undefined && json.issued_token_type !== ACCESS_TOKEN_TYPE)
      throw new Error(`token exchange for ${target}: the authorization server issued ${String(json.issued_token_type)}, not an access token`);
    if (typeof json.token_type !== 'string' || json.token_type.toLowerCase() !== 'bearer') throw new Error(`token exchange for ${target}: token_type ${String(json.token_type)} is not Bearer`);
    const expiresAt = typeof json.expires_in === 'number' && json.expires_in > 0 ? Date.now() + json.expires_in * 1000 : (id.expiresAt ?? Date.now() + 60_000);
    return { accessToken, expiresAt };
  }
}
