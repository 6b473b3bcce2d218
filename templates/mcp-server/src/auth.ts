/**
 * Credentials for the upstream API, from environment variables named after the description's
 * security schemes. An operation lists alternatives (any one will do), each a combination of
 * schemes (all of them together); the first alternative whose variables are all set is used.
 * OAuth 2.0 client credentials tokens are fetched from the token URL and cached until shortly
 * before they expire. Over HTTP with OAuth, a scheme marked `token-exchange` gets a token traded
 * for the caller's instead (the caller's own token is never passed on). Every credential value is registered with the scrubber, so none can leak
 * into logs, audit entries or error messages.
 */
import type { Exchange, RequestPlan, SchemePlan, ServerData } from './model.js';
import type { Secrets } from './redact.js';
import { type DraftRequest, headerValue } from './request.js';

/**
 * Does a scheme get exchanged tokens from `issuer` (MCP_OAUTH_ISSUER)? When the description names
 * the API's authorization server and it is another one, a token from our issuer would mean nothing
 * to the API: the server's own credentials are used instead (mcp.yaml can still force the exchange).
 */
export function exchangesAt(s: SchemePlan, issuer: string | undefined): boolean {
  if (s.upstream !== 'token-exchange') return false;
  if (s.authorizationServer === undefined || issuer === undefined) return true;
  try {
    return new URL(issuer).origin === s.authorizationServer;
  } catch {
    return false;
  }
}

/** A missing or unusable credential (the message names variables, never values). */
export class CredentialError extends Error {
  override name = 'CredentialError';
}

interface CachedToken {
  token: string;
  refreshAt: number;
}

/** Applies the credentials an operation needs, from the environment (and the token endpoint). */
export class Auth {
  private readonly tokens = new Map<string, CachedToken>();
  private readonly pending = new Map<string, Promise<string>>();

  constructor(
    private readonly server: ServerData,
    private readonly env: NodeJS.ProcessEnv,
    private readonly secrets: Secrets,
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
    /** MCP_OAUTH_ISSUER, when the HTTP mode validates OAuth tokens. */
    private readonly issuer?: string,
  ) {
    for (const scheme of Object.values(server.securitySchemes)) {
      for (const [role, name] of Object.entries(scheme.env)) {
        if (role !== 'tokenUrl' && role !== 'username') secrets.add(this.read(name));
      }
      // What is sent is derived from several variables: the Basic value is a secret of its own
      // (an upstream that echoes the Authorization header would otherwise show it).
      if (scheme.type === 'http-basic') secrets.add(this.basicValue(scheme.env.username, scheme.env.password, false));
      if (scheme.type === 'oauth2-client-credentials') secrets.add(this.basicValue(scheme.env.clientId, scheme.env.clientSecret, true));
    }
  }

  /** base64(`user:password`) (RFC 7617; RFC 6749 §2.3.1 URL-encodes both for client credentials), or undefined. */
  private basicValue(userVar: string | undefined, passVar: string | undefined, formEncoded: boolean): string | undefined {
    const user = this.read(userVar);
    const pass = this.read(passVar);
    if (user === undefined || pass === undefined) return undefined;
    const e = formEncoded ? encodeURIComponent : (x: string): string => x;
    return Buffer.from(`${e(user)}:${e(pass)}`).toString('base64');
  }

  private read(name: string | undefined): string | undefined {
    if (name === undefined) return undefined;
    const v = this.env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  }

  /** Variables this scheme still needs (empty when it can be used). */
  private missing(s: SchemePlan): string[] {
    const need = (roles: string[]): string[] => roles.map((r) => s.env[r]!).filter((n) => this.read(n) === undefined);
    switch (s.type) {
      case 'apiKey':
        return need(['key']);
      case 'http-bearer':
      case 'oauth2-token':
      case 'openIdConnect-token':
        return need(['token']);
      case 'http-basic':
        return need(['username', 'password']);
      case 'oauth2-client-credentials':
        return this.read(s.env.token) !== undefined ? [] : need(['clientId', 'clientSecret']);
      default:
        return ['(unsupported scheme)'];
    }
  }

  /** Adds the credentials the operation needs to the request. Throws CredentialError when none of its alternatives can be met. */
  async apply(plan: RequestPlan, draft: DraftRequest, signal: AbortSignal, exchange?: Exchange): Promise<void> {
    const exchanges = (s: SchemePlan): boolean => exchange !== undefined && exchangesAt(s, this.issuer);
    const alternatives = plan.security ?? [];
    if (alternatives.length === 0) return;
    const problems: string[] = [];
    let anonymous = false;
    for (const alt of alternatives) {
      if (alt.length === 0) {
        anonymous = true;
        continue;
      }
      const missing: string[] = [];
      for (const { scheme } of alt) {
        const s = this.server.securitySchemes[scheme];
        if (!s) missing.push(`(undefined scheme ${scheme})`);
        else if (!exchanges(s)) missing.push(...this.missing(s));
      }
      if (missing.length > 0) {
        problems.push(`${missing.join(' and ')} (${alt.map((a) => a.scheme).join(' + ')})`);
        continue;
      }
      for (const { scheme, scopes } of alt) {
        const s = this.server.securitySchemes[scheme]!;
        if (exchanges(s)) await this.applyExchanged(scheme, exchange!, scopes, draft, signal);
        else await this.applyScheme(scheme, s, scopes, draft, signal);
      }
      return;
    }
    if (anonymous) return;
    throw new CredentialError(`missing credentials: set ${problems.join(', or ')}`);
  }

  private async applyScheme(name: string, s: SchemePlan, scopes: string[], draft: DraftRequest, signal: AbortSignal): Promise<void> {
    switch (s.type) {
      case 'apiKey': {
        const key = this.read(s.env.key)!;
        if (s.in === 'header') draft.headers[s.name!] = headerValue(`credential ${s.env.key}`, key);
        else if (s.in === 'query') draft.query.push(`${encodeURIComponent(s.name!)}=${encodeURIComponent(key)}`);
        else draft.cookies.push(`${s.name}=${encodeURIComponent(key)}`);
        return;
      }
      case 'http-basic': {
        draft.headers.authorization = `Basic ${this.basicValue(s.env.username, s.env.password, false)!}`;
        return;
      }
      case 'oauth2-client-credentials': {
        const direct = this.read(s.env.token);
        const token = direct ?? (await this.clientCredentialsToken(name, s, scopes, signal));
        draft.headers.authorization = `Bearer ${headerValue(`token of ${name}`, token)}`;
        return;
      }
      default:
        draft.headers.authorization = `Bearer ${headerValue(`credential ${s.env.token}`, this.read(s.env.token)!)}`;
    }
  }

  /** The caller's identity, as a token for the API with the operation's scopes (RFC 8693 at the issuer). */
  private async applyExchanged(name: string, exchange: Exchange, scopes: string[], draft: DraftRequest, signal: AbortSignal): Promise<void> {
    let token: string;
    try {
      token = await exchange(scopes, signal);
    } catch (err) {
      throw new CredentialError(`scheme ${name}: the token exchange at the authorization server failed (${(err as Error).message})`);
    }
    this.secrets.add(token);
    draft.headers.authorization = `Bearer ${headerValue(`exchanged token of ${name}`, token)}`;
  }

  /** A cached token, or a new one from the token endpoint (one request at a time per scheme and scopes). */
  private async clientCredentialsToken(name: string, s: SchemePlan, scopes: string[], signal: AbortSignal): Promise<string> {
    const key = `${name} ${[...scopes].sort().join(' ')}`;
    const cached = this.tokens.get(key);
    if (cached && this.now() < cached.refreshAt) return cached.token;
    let p = this.pending.get(key);
    if (!p) {
      p = this.fetchToken(name, s, scopes, signal).finally(() => this.pending.delete(key));
      this.pending.set(key, p);
    }
    return p;
  }

  private async fetchToken(name: string, s: SchemePlan, scopes: string[], signal: AbortSignal): Promise<string> {
    const configured = this.read(s.env.tokenUrl) ?? s.tokenUrl ?? '';
    let url: URL;
    try {
      url = new URL(configured, this.baseUrl || undefined);
    } catch {
      throw new CredentialError(`scheme ${name}: the token URL is not valid (set ${s.env.tokenUrl})`);
    }
    const where = `${url.origin}${url.pathname}`;
    const body = new URLSearchParams({ grant_type: 'client_credentials' });
    if (scopes.length > 0) body.set('scope', scopes.join(' '));
    const basic = this.basicValue(s.env.clientId, s.env.clientSecret, true)!;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', authorization: `Basic ${basic}` },
        body: body.toString(),
        signal: AbortSignal.any([signal, AbortSignal.timeout(this.timeoutMs)]),
        redirect: 'error',
      });
    } catch (err) {
      throw new CredentialError(`scheme ${name}: could not reach the token endpoint ${where} (${(err as Error).name === 'TimeoutError' ? 'timed out' : (err as Error).message})`);
    }
    const text = await res.text();
    if (!res.ok) throw new CredentialError(`scheme ${name}: the token endpoint ${where} answered HTTP ${res.status}`);
    let data: { access_token?: unknown; expires_in?: unknown };
    try {
      data = JSON.parse(text) as typeof data;
    } catch {
      throw new CredentialError(`scheme ${name}: the token endpoint ${where} did not answer JSON`);
    }
    if (typeof data.access_token !== 'string' || data.access_token === '') throw new CredentialError(`scheme ${name}: the token endpoint ${where} returned no access_token`);
    this.secrets.add(data.access_token);
    const lifetimeMs = typeof data.expires_in === 'number' && data.expires_in > 0 ? data.expires_in * 1000 : 300_000;
    // Refresh a minute early (or at 90 % of short lifetimes) so a token never expires mid-call.
    const refreshAt = this.now() + Math.max(0, Math.min(lifetimeMs - 60_000, lifetimeMs * 0.9));
    this.tokens.set(`${name} ${[...scopes].sort().join(' ')}`, { token: data.access_token, refreshAt });
    return data.access_token;
  }
}
