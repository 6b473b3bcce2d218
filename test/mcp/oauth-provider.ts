/**
 * A real OAuth 2.0 authorization server for tests: oidc-provider (a certified OpenID Connect
 * provider) in this process, on 127.0.0.1, plain http. It mints real signed JWT access tokens for
 * a requested resource (RFC 8707), opaque ones for one resource (checked by introspection,
 * RFC 7662), and serves token exchange (RFC 8693) through a grant registered here.
 *
 * Tokens with claims the provider will not mint (no aud, nbf in the future, cnf, …) are crafted
 * with {@link TestIssuer.sign}, which signs with the private key the provider itself publishes:
 * the verifier cannot tell them from the provider's own, which is the point.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import Provider, { errors } from 'oidc-provider';

export const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

/** Resource servers the provider knows (resource indicator → how its tokens are made). */
export const RESOURCES = {
  /** The MCP server under test: JWT access tokens. */
  mcp: 'https://mcp.example.test/mcp',
  /** Another service of the same issuer: its tokens must not open the MCP server. */
  other: 'https://billing.example.test/api',
  /** An MCP server whose issuer hands out opaque tokens. */
  opaque: 'https://opaque-mcp.example.test/mcp',
  /** JWT tokens that expire one second after issue. */
  shortLived: 'https://short-mcp.example.test/mcp',
  /** The upstream API, target of token exchange. */
  api: 'https://pets.example.test/',
  /** An upstream whose tokens live 20 s: too short to be worth caching. */
  apiBrief: 'https://brief.example.test/',
} as const;

interface ResourceInfo {
  scope: string;
  accessTokenFormat: 'jwt' | 'opaque';
  accessTokenTTL: number;
}

const RESOURCE_INFO: Record<string, ResourceInfo> = {
  [RESOURCES.mcp]: { scope: 'pets:read pets:write admin', accessTokenFormat: 'jwt', accessTokenTTL: 600 },
  [RESOURCES.other]: { scope: 'pets:read pets:write admin', accessTokenFormat: 'jwt', accessTokenTTL: 600 },
  [RESOURCES.opaque]: { scope: 'pets:read pets:write admin', accessTokenFormat: 'opaque', accessTokenTTL: 600 },
  [RESOURCES.shortLived]: { scope: 'pets:read', accessTokenFormat: 'jwt', accessTokenTTL: 1 },
  [RESOURCES.api]: { scope: 'pets:read pets:write', accessTokenFormat: 'jwt', accessTokenTTL: 600 },
  [RESOURCES.apiBrief]: { scope: 'pets:read', accessTokenFormat: 'jwt', accessTokenTTL: 20 },
};

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** Agents (client credentials) and the MCP server's own client (introspection and token exchange). */
export const CLIENTS = {
  agent: { clientId: 'agent', clientSecret: 'agent-secret' },
  agent2: { clientId: 'agent-2', clientSecret: 'agent-2-secret' },
  // Characters that RFC 6749 §2.3.1 form-urlencoding must handle (space, colon, plus, slash, percent).
  mcp: { clientId: 'mcp-server', clientSecret: 'mcp sec:ret+/%' },
} satisfies Record<string, ClientCredentials>;

/** Which MCP resource each exchanging client serves: it may exchange only tokens issued for it. */
const EXCHANGER_FOR: Record<string, string> = { [CLIENTS.mcp.clientId]: RESOURCES.mcp };

export interface TestIssuer {
  issuer: string;
  jwksUrl: string;
  /** Every request path the server received, in order (to count fetches). */
  requests: string[];
  /** Token-exchange grants served. */
  exchanges: number;
  /** The current signing keys (private JWKs, with kid). */
  keys: JWK[];
  /** A client-credentials access token, minted by the provider. */
  token(req: ClientCredentials & { resource?: string; scope?: string }): Promise<string>;
  /** The raw token endpoint answer for any form (status and JSON). */
  tokenEndpoint(form: Record<string, string>, client: ClientCredentials): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Revokes a token (RFC 7009), as the client it was issued to. */
  revoke(token: string, client: ClientCredentials): Promise<void>;
  /** Signs claims with the provider's current key (alg of that key, its kid), iss defaulting to the issuer. */
  sign(claims: JWTPayload, header?: { alg?: string; kid?: string; typ?: string }): Promise<string>;
  /** A new signing key replaces the current one (a new provider instance behind the same listener): the old kid disappears from the JWKS, the new one appears. Same URLs. */
  rotateKeys(): Promise<void>;
  close(): Promise<void>;
}

/** A fresh signing key as a private JWK (random kid, alg set). */
export async function newSigningKey(alg: 'RS256' | 'ES256' = 'RS256'): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: `${alg.toLowerCase()}-${Math.random().toString(36).slice(2, 10)}`, use: 'sig', alg };
}

const publicJwk = ({ d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub }: JWK): JWK => pub;

/** Starts the provider. `keys`: private JWKs to sign with (default: a new RSA key); `path`: an issuer path (e.g. /tenant-a). */
export async function start(opts: { keys?: JWK[]; path?: string } = {}): Promise<TestIssuer> {
  const mount = opts.path?.replace(/\/+$/, '') ?? '';
  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push((req.url ?? '').split('?')[0]!);
    if (mount) {
      // As Express does when mounting: oidc-provider derives its URLs from originalUrl.
      (req as http.IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
      if (req.url !== mount && !req.url?.startsWith(`${mount}/`)) return void res.writeHead(404).end();
      req.url = req.url.slice(mount.length) || '/';
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}${mount}`;

  const state = { keys: opts.keys ?? [await newSigningKey()], exchanges: 0 };

  const build = (keys: JWK[]): Provider => {
    const provider = new Provider(issuer, {
      jwks: { keys },
      clients: [
        {
          client_id: CLIENTS.agent.clientId,
          client_secret: CLIENTS.agent.clientSecret,
          grant_types: ['client_credentials'],
          redirect_uris: [],
          response_types: [],
          scope: 'pets:read pets:write admin',
        },
        { client_id: CLIENTS.agent2.clientId, client_secret: CLIENTS.agent2.clientSecret, grant_types: ['client_credentials'], redirect_uris: [], response_types: [], scope: 'pets:read' },
        { client_id: CLIENTS.mcp.clientId, client_secret: CLIENTS.mcp.clientSecret, grant_types: [TOKEN_EXCHANGE], redirect_uris: [], response_types: [] },
      ],
      // Static scopes are checked against each client's `scope` allow-list.
      scopes: ['openid', 'offline_access', 'pets:read', 'pets:write', 'admin'],
      features: {
        devInteractions: { enabled: false },
        clientCredentials: { enabled: true },
        introspection: { enabled: true },
        revocation: { enabled: true },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => undefined,
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx: unknown, resource: string) => {
            const info = RESOURCE_INFO[resource];
            if (!info) throw new errors.InvalidTarget(`unknown resource ${resource}`);
            return { ...info, ...(info.accessTokenFormat === 'jwt' ? { jwt: { sign: { alg: keys[0]!.alg } } } : {}) };
          },
        },
      },
      // RFC 8693 §4.1: an exchanged token names who acts for the subject.
      extraTokenClaims: (_ctx: unknown, token: { gty?: string; clientId?: string }) => (token.gty === 'token-exchange' ? { act: { sub: token.clientId } } : undefined),
      ttl: {
        AccessToken: (_ctx: unknown, token: { resourceServer?: { accessTokenTTL?: number } }) => token.resourceServer?.accessTokenTTL ?? 600,
        ClientCredentials: (_ctx: unknown, token: { resourceServer?: { accessTokenTTL?: number } }) => token.resourceServer?.accessTokenTTL ?? 600,
      },
    });

    // RFC 8693, kept small but real: the subject token must be a valid access token of this
    // issuer for the MCP resource the exchanging client serves; the new token keeps its `sub`,
    // names the exchanging client as actor, is for the requested target, with no scope the
    // subject token did not have. (CustomOIDCProviderError: InvalidGrant would hide the reason.)
    const ownKeys = createLocalJWKSet({ keys: keys.map(publicJwk) });
    provider.registerGrantType(
      TOKEN_EXCHANGE,
      async (ctx: { oidc: { params: Record<string, string | undefined>; client: { clientId: string } }; body: unknown }) => {
        const { params, client } = ctx.oidc;
        state.exchanges++;
        if (params.subject_token_type !== ACCESS_TOKEN_TYPE) throw new errors.InvalidRequest('subject_token_type must be an access token');
        if (params.requested_token_type && params.requested_token_type !== ACCESS_TOKEN_TYPE) throw new errors.InvalidRequest('only access tokens can be requested');
        if (!params.subject_token) throw new errors.InvalidRequest('missing subject_token');
        let subject: JWTPayload;
        try {
          ({ payload: subject } = await jwtVerify(params.subject_token, ownKeys, { issuer, algorithms: ['RS256', 'ES256'] }));
        } catch {
          throw new errors.CustomOIDCProviderError('invalid_grant', 'subject_token is not a valid access token of this issuer');
        }
        const served = EXCHANGER_FOR[client.clientId];
        const aud = Array.isArray(subject.aud) ? subject.aud : [subject.aud];
        if (!served || !aud.includes(served)) throw new errors.CustomOIDCProviderError('invalid_grant', 'subject_token was not issued to the exchanging client');
        const target: string | undefined = params.resource ?? params.audience;
        const info = target ? RESOURCE_INFO[target] : undefined;
        if (!target || !info || info.accessTokenFormat !== 'jwt') throw new errors.InvalidTarget('unknown audience/resource');
        const had = new Set(String(subject.scope ?? '').split(' '));
        const requested: string[] = params.scope ? String(params.scope).split(' ') : [];
        for (const s of requested) if (!had.has(s) || !info.scope.split(' ').includes(s)) throw new errors.InvalidScope('scope exceeds the subject token or the target', s);
        const token = new provider.AccessToken({
          accountId: subject.sub,
          client,
          scope: requested.join(' ') || undefined,
          resourceServer: new provider.ResourceServer(target, { ...info, jwt: { sign: { alg: keys[0]!.alg } } }),
          gty: 'token-exchange',
        });
        const value = await token.save();
        ctx.body = { access_token: value, issued_token_type: ACCESS_TOKEN_TYPE, token_type: 'Bearer', expires_in: token.expiration, ...(token.scope ? { scope: token.scope } : {}) };
      },
      ['subject_token', 'subject_token_type', 'requested_token_type', 'audience', 'resource', 'scope', 'actor_token', 'actor_token_type'],
    );
    return provider;
  };

  let provider = build(state.keys);
  handler = provider.callback();

  const basic = (c: ClientCredentials): string => {
    const form = (v: string): string => new URLSearchParams([['', v]]).toString().slice(1);
    return `Basic ${Buffer.from(`${form(c.clientId)}:${form(c.clientSecret)}`).toString('base64')}`;
  };
  const post = async (path: string, form: Record<string, string>, client: ClientCredentials): Promise<{ status: number; body: Record<string, unknown> }> => {
    const res = await fetch(`${issuer}${path}`, {
      method: 'POST',
      headers: { authorization: basic(client), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };

  const self: TestIssuer = {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    requests,
    get exchanges() {
      return state.exchanges;
    },
    get keys() {
      return state.keys;
    },
    tokenEndpoint: (form, client) => post('/token', form, client),
    async token({ resource, scope, ...client }) {
      const { status, body } = await post('/token', { grant_type: 'client_credentials', ...(resource ? { resource } : {}), ...(scope ? { scope } : {}) }, client);
      if (status !== 200 || typeof body.access_token !== 'string') throw new Error(`token request failed: HTTP ${status} ${JSON.stringify(body)}`);
      return body.access_token;
    },
    async revoke(token, client) {
      const { status } = await post('/token/revocation', { token }, client);
      if (status !== 200) throw new Error(`revocation failed: HTTP ${status}`);
    },
    async sign(claims, header = {}) {
      const key = state.keys.find((k) => (header.kid ? k.kid === header.kid : header.alg ? k.alg === header.alg : true)) ?? state.keys[0]!;
      const alg = header.alg ?? key.alg!;
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: issuer, iat: now, ...claims }).setProtectedHeader({ alg, kid: header.kid ?? key.kid!, typ: header.typ ?? 'at+jwt' }).sign(await importJWK({ ...key, alg }, alg));
    },
    async rotateKeys() {
      state.keys = [await newSigningKey(state.keys[0]!.alg as 'RS256' | 'ES256')];
      provider = build(state.keys);
      handler = provider.callback();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return self;
}
