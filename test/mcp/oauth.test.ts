/**
 * The generated server's OAuth 2.0 resource server (templates/mcp-server/src/oauth.ts) against a
 * real authorization server (oidc-provider, see oauth-provider.ts): real signed tokens, real
 * discovery, JWKS, introspection, revocation and token exchange. Nothing of the authorization
 * server is mocked; tokens it will not mint are signed with the key it publishes.
 */
import { createPublicKey } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthorizationServerError, type Identity, metadataUrls, ResourceServer, TokenError } from '../../templates/mcp-server/src/oauth.js';
import { CLIENTS, newSigningKey, RESOURCES, start, type TestIssuer } from './oauth-provider.js';

const now = (): number => Math.floor(Date.now() / 1000);
const b64 = (o: unknown): string => Buffer.from(JSON.stringify(o)).toString('base64url');

/** The TokenError a token is refused with (401 invalid_token, never quoting the token). */
async function refusal(rs: ResourceServer, token: string): Promise<TokenError> {
  const err: unknown = await rs.verify(token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TokenError);
  const t = err as TokenError;
  expect([t.status, t.code]).toEqual([401, 'invalid_token']);
  expect(t.message).not.toContain(token);
  return t;
}

const reason = async (rs: ResourceServer, token: string): Promise<string> => (await refusal(rs, token)).message;

/** A small http server that only counts requests and answers 404 (or never, when `hang`). */
async function bystander(hang = false): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits++;
    if (!hang) res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

let as: TestIssuer;
/** Another issuer with the same signing keys: only `iss` tells its tokens apart. */
let twin: TestIssuer;
let rs: ResourceServer;
const jwksFetches = (i: TestIssuer): number => i.requests.filter((p) => p === '/jwks').length;

beforeAll(async () => {
  as = await start({ keys: [await newSigningKey('RS256'), await newSigningKey('ES256')] });
  twin = await start({ keys: as.keys });
  rs = await ResourceServer.discover({ issuer: as.issuer, resource: RESOURCES.mcp });
});

afterAll(async () => {
  await as?.close();
  await twin?.close();
});

describe('discovery', () => {
  it('tries RFC 8414 metadata first (oidc-provider serves it at the root)', () => {
    expect(as.requests.filter((p) => p.startsWith('/.well-known/'))).toEqual(['/.well-known/oauth-authorization-server']);
  });

  it('issuer with a path: inserted after the host (RFC 8414, OIDC), then appended (OIDC)', async () => {
    expect(metadataUrls('https://as.example/tenant-a/')).toEqual([
      'https://as.example/.well-known/oauth-authorization-server/tenant-a',
      'https://as.example/.well-known/openid-configuration/tenant-a',
      'https://as.example/tenant-a/.well-known/openid-configuration',
    ]);
    const tenant = await start({ path: '/tenant-a' });
    try {
      const trs = await ResourceServer.discover({ issuer: tenant.issuer, resource: RESOURCES.mcp });
      expect(tenant.requests).toEqual(['/.well-known/oauth-authorization-server/tenant-a', '/.well-known/openid-configuration/tenant-a', '/tenant-a/.well-known/openid-configuration']);
      const id = await trs.verify(await tenant.token({ ...CLIENTS.agent, resource: RESOURCES.mcp, scope: 'pets:read' }));
      expect([id.issuer, id.subject]).toEqual([tenant.issuer, 'agent']);
    } finally {
      await tenant.close();
    }
  });

  it('the metadata must name the configured issuer exactly', async () => {
    await expect(ResourceServer.discover({ issuer: `${as.issuer}/`, resource: RESOURCES.mcp })).rejects.toThrow(`names the issuer "${as.issuer}", not the configured "${as.issuer}/"`);
  });

  it('an unreachable issuer is an AuthorizationServerError', async () => {
    const gone = await bystander();
    await gone.close();
    const err: unknown = await ResourceServer.discover({ issuer: gone.url, resource: RESOURCES.mcp }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthorizationServerError);
    expect((err as Error).message).toMatch(/^authorization server unreachable: metadata at http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-authorization-server: ECONNREFUSED$/);
  });

  it('an issuer that does not answer times out', async () => {
    const mute = await bystander(true);
    try {
      const t0 = Date.now();
      await expect(ResourceServer.discover({ issuer: mute.url, resource: RESOURCES.mcp, fetchTimeoutMs: 200 })).rejects.toThrow(/unreachable: metadata at .*: no answer within 200 ms$/);
      expect(Date.now() - t0).toBeLessThan(2000);
    } finally {
      await mute.close();
    }
  });

  it('an issuer without metadata is an AuthorizationServerError listing what was tried', async () => {
    const empty = await bystander();
    try {
      const err: unknown = await ResourceServer.discover({ issuer: empty.url, resource: RESOURCES.mcp }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AuthorizationServerError);
      expect((err as Error).message).toBe(
        `no authorization server metadata for ${empty.url}: tried ${empty.url}/.well-known/oauth-authorization-server (HTTP 404), ${empty.url}/.well-known/openid-configuration (HTTP 404)`,
      );
    } finally {
      await empty.close();
    }
  });

  it('refuses plain http except on loopback, and symmetric or no signatures', async () => {
    await expect(ResourceServer.discover({ issuer: 'http://auth.example.test', resource: RESOURCES.mcp })).rejects.toThrow('the issuer must use https: http://auth.example.test');
    await expect(ResourceServer.discover({ issuer: as.issuer, resource: '/mcp' })).rejects.toThrow('the resource must be an absolute URL without fragment (RFC 8707): /mcp');
    await expect(ResourceServer.discover({ issuer: as.issuer, resource: RESOURCES.mcp, algorithms: ['RS256', 'HS256'] })).rejects.toThrow('refused token algorithms: HS256');
    await expect(ResourceServer.discover({ issuer: as.issuer, resource: RESOURCES.mcp, algorithms: ['none'] })).rejects.toThrow('refused token algorithms: none');
  });
});

describe('JWT access tokens', () => {
  it('a token minted for this resource gives the identity: subject, client, scopes, expiry', async () => {
    const token = await as.token({ ...CLIENTS.agent, resource: RESOURCES.mcp, scope: 'pets:read admin' });
    const id = await rs.verify(token);
    expect(id).toEqual({ subject: 'agent', clientId: 'agent', scopes: ['pets:read', 'admin'], expiresAt: decodeJwt(token).exp! * 1000, issuer: as.issuer });
    // The raw token stays available for token exchange, but out of JSON and logs.
    expect(id.token).toBe(token);
    expect(JSON.stringify(id)).not.toContain(token);
  });

  it('scopes from scp (array or string), client from azp; EC keys of the JWKS verify too', async () => {
    const claims = { sub: 'user-1', aud: RESOURCES.mcp, exp: now() + 60 };
    const a = await rs.verify(await as.sign({ ...claims, scp: ['pets:read', 'pets:write'], azp: 'app' }, { alg: 'ES256' }));
    expect([a.subject, a.clientId, a.scopes]).toEqual(['user-1', 'app', ['pets:read', 'pets:write']]);
    const b = await rs.verify(await as.sign({ ...claims, scp: 'admin pets:read' }));
    expect([b.clientId, b.scopes]).toEqual([undefined, ['admin', 'pets:read']]);
  });

  it('a validly signed token for another service is refused; the same token opens that service', async () => {
    const token = await as.token({ ...CLIENTS.agent, resource: RESOURCES.other, scope: 'pets:read' });
    expect(await reason(rs, token)).toBe('token audience is not this server');
    const billing = await ResourceServer.discover({ issuer: as.issuer, resource: RESOURCES.other });
    expect((await billing.verify(token)).subject).toBe('agent');
  });

  it('aud: an array must contain the resource exactly; no aud is refused', async () => {
    const claims = { sub: 'u', exp: now() + 60 };
    expect((await rs.verify(await as.sign({ ...claims, aud: [RESOURCES.other, RESOURCES.mcp] }))).subject).toBe('u');
    expect(await reason(rs, await as.sign({ ...claims, aud: [RESOURCES.other] }))).toBe('token audience is not this server');
    expect(await reason(rs, await as.sign({ ...claims, aud: `${RESOURCES.mcp}/` }))).toBe('token audience is not this server');
    expect(await reason(rs, await as.sign(claims))).toBe('token has no audience (it must name this server)');
  });

  it('expired: a real one-second token, and the 30 s default clock tolerance', async () => {
    const token = await as.token({ ...CLIENTS.agent, resource: RESOURCES.shortLived, scope: 'pets:read' });
    const exp = decodeJwt(token).exp!;
    expect(exp - decodeJwt(token).iat!).toBe(1);
    await new Promise((r) => setTimeout(r, Math.max(0, exp * 1000 - Date.now() + 50)));
    const strict = await ResourceServer.discover({ issuer: as.issuer, resource: RESOURCES.shortLived, clockToleranceSec: 0 });
    expect(await reason(strict, token)).toBe('token expired');
    const tolerant = await ResourceServer.discover({ issuer: as.issuer, resource: RESOURCES.shortLived });
    expect((await tolerant.verify(token)).subject).toBe('agent');

    const claims = { sub: 'u', aud: RESOURCES.mcp };
    expect(await reason(rs, await as.sign({ ...claims, exp: now() - 60 }))).toBe('token expired');
    expect((await rs.verify(await as.sign({ ...claims, exp: now() - 10 }))).subject).toBe('u');
  });

  it('exp and sub are required; nbf in the future is refused beyond the tolerance', async () => {
    expect(await reason(rs, await as.sign({ sub: 'u', aud: RESOURCES.mcp }))).toBe('token has no expiry');
    expect(await reason(rs, await as.sign({ aud: RESOURCES.mcp, exp: now() + 60 }))).toBe('token has no subject');
    const claims = { sub: 'u', aud: RESOURCES.mcp, exp: now() + 600 };
    expect(await reason(rs, await as.sign({ ...claims, nbf: now() + 120 }))).toBe('token is not valid yet');
    expect((await rs.verify(await as.sign({ ...claims, nbf: now() + 10 }))).subject).toBe('u');
  });

  it('another issuer is refused even with the same keys; its token verifies for its own issuer', async () => {
    const token = await twin.token({ ...CLIENTS.agent, resource: RESOURCES.mcp, scope: 'pets:read' });
    expect(await reason(rs, token)).toBe('token issuer is not the configured authorization server');
    const atTwin = await ResourceServer.discover({ issuer: twin.issuer, resource: RESOURCES.mcp });
    expect((await atTwin.verify(token)).issuer).toBe(twin.issuer);
    expect(await reason(rs, await as.sign({ iss: 'https://evil.example.test', sub: 'u', aud: RESOURCES.mcp, exp: now() + 60 }))).toBe('token issuer is not the configured authorization server');
  });

  it('a changed payload or signature does not verify', async () => {
    const token = await as.token({ ...CLIENTS.agent, resource: RESOURCES.mcp, scope: 'pets:read' });
    const [h, p, s] = token.split('.') as [string, string, string];
    const more = b64({ ...decodeJwt(token), scope: 'pets:read admin' });
    expect(await reason(rs, `${h}.${more}.${s}`)).toBe('signature does not verify');
    const i = Math.floor(s.length / 2);
    const flipped = `${s.slice(0, i)}${s[i] === 'A' ? 'B' : 'A'}${s.slice(i + 1)}`;
    expect(await reason(rs, `${h}.${p}.${flipped}`)).toBe('signature does not verify');
  });

  it('alg none and HS256 keyed with the public key are refused', async () => {
    const claims = { iss: as.issuer, sub: 'u', aud: RESOURCES.mcp, exp: now() + 60, scope: 'admin' };
    expect(await reason(rs, `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(claims)}.`)).toBe('token signing algorithm is not allowed');
    const rsa = as.keys[0]!;
    const pem = createPublicKey({ key: { kty: 'RSA', n: rsa.n!, e: rsa.e! }, format: 'jwk' }).export({ type: 'spki', format: 'pem' }) as string;
    const confused = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: rsa.kid! }).sign(new TextEncoder().encode(pem));
    expect(await reason(rs, confused)).toBe('token signing algorithm is not allowed');
  });

  it('unknown kid: refused, and within the cooldown the key set is not fetched again', async () => {
    const stranger = await newSigningKey();
    const forge = async (): Promise<string> =>
      new SignJWT({ iss: as.issuer, sub: 'u', aud: RESOURCES.mcp, exp: now() + 60 }).setProtectedHeader({ alg: 'RS256', kid: stranger.kid! }).sign(await importJWK(stranger, 'RS256'));
    const before = jwksFetches(as);
    expect(await reason(rs, await forge())).toBe('no key of the authorization server matches the token (unknown kid)');
    expect(await reason(rs, await forge())).toBe('no key of the authorization server matches the token (unknown kid)');
    expect(jwksFetches(as)).toBe(before);
  });

  it('keys are fetched only from the advertised jwks_uri, never from a URL in the token', async () => {
    const trap = await bystander();
    try {
      const stranger = await newSigningKey();
      const token = await new SignJWT({ iss: as.issuer, sub: 'u', aud: RESOURCES.mcp, exp: now() + 60 })
        .setProtectedHeader({ alg: 'RS256', kid: stranger.kid!, jku: `${trap.url}/jwks`, x5u: `${trap.url}/cert` })
        .sign(await importJWK(stranger, 'RS256'));
      await refusal(rs, token);
      expect(trap.hits()).toBe(0);
    } finally {
      await trap.close();
    }
  });

  it('malformed, sender-constrained (cnf) and opaque tokens are refused', async () => {
    expect(await reason(rs, 'a.b.c')).toBe('malformed token');
    expect(await reason(rs, await as.sign({ sub: 'u', aud: RESOURCES.mcp, exp: now() + 60, cnf: { jkt: 'abc' } }))).toBe(
      'token is sender-constrained (DPoP or mTLS), which this server does not support',
    );
    const opaque = await as.token({ ...CLIENTS.agent, resource: RESOURCES.opaque, scope: 'pets:read' });
    expect(opaque.split('.')).toHaveLength(1);
    expect(await reason(rs, opaque)).toBe('this server accepts JWT access tokens only');
  });
});

describe('key rotation', () => {
  it('a new kid makes the verifier refetch the key set, without a restart; old-key tokens then fail', async () => {
    const rot = await start();
    try {
      const rrs = await ResourceServer.discover({ issuer: rot.issuer, resource: RESOURCES.mcp, jwksCooldownMs: 0 });
      // Another verifier with jose's default 30 s cooldown, which has just fetched the keys.
      const patient = await ResourceServer.discover({ issuer: rot.issuer, resource: RESOURCES.mcp });
      const old = await rot.token({ ...CLIENTS.agent, resource: RESOURCES.mcp, scope: 'pets:read' });
      expect((await rrs.verify(old)).subject).toBe('agent');
      expect((await patient.verify(old)).subject).toBe('agent');
      expect(jwksFetches(rot)).toBe(2);

      await rot.rotateKeys();
      const fresh = await rot.token({ ...CLIENTS.agent, resource: RESOURCES.mcp, scope: 'pets:write' });
      expect(decodeProtectedHeader(fresh).kid).not.toBe(decodeProtectedHeader(old).kid);
      const id = await rrs.verify(fresh);
      expect([id.subject, id.scopes]).toEqual(['agent', ['pets:write']]);
      expect(jwksFetches(rot)).toBe(3);
      // The refetched key set no longer has the old kid.
      expect(await reason(rrs, old)).toBe('no key of the authorization server matches the token (unknown kid)');
      // Within the cooldown the patient verifier does not refetch: the new kid is unknown to it for now.
      const fetches = jwksFetches(rot);
      expect(await reason(patient, fresh)).toBe('no key of the authorization server matches the token (unknown kid)');
      expect(jwksFetches(rot)).toBe(fetches);
    } finally {
      await rot.close();
    }
  });

  it('an issuer that went away while a key set is needed is an AuthorizationServerError, not a refusal', async () => {
    const gone = await start();
    const grs = await ResourceServer.discover({ issuer: gone.issuer, resource: RESOURCES.mcp, jwksCooldownMs: 0 });
    await gone.close();
    const err: unknown = await grs.verify(await gone.sign({ sub: 'u', aud: RESOURCES.mcp, exp: now() + 60 })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthorizationServerError);
    expect((err as Error).message).toBe('authorization server unreachable: key set: ECONNREFUSED');
  });
});

describe('opaque tokens (introspection)', () => {
  let ors: ResourceServer;
  const introspections = (): number => as.requests.filter((p) => p === '/token/introspection').length;
  beforeAll(async () => {
    ors = await ResourceServer.discover({ issuer: as.issuer, resource: RESOURCES.opaque, introspection: CLIENTS.mcp });
  });

  it('an active token gives the identity (client-credentials: the client is the subject); the answer is cached', async () => {
    const token = await as.token({ ...CLIENTS.agent, resource: RESOURCES.opaque, scope: 'pets:read pets:write' });
    const before = introspections();
    const id = await ors.verify(token);
    expect({ ...id, expiresAt: typeof id.expiresAt }).toEqual({ subject: 'agent', clientId: 'agent', scopes: ['pets:read', 'pets:write'], expiresAt: 'number', issuer: as.issuer });
    expect(id.expiresAt! - Date.now()).toBeGreaterThan(590_000);
    expect(id.token).toBe(token);
    expect(introspections()).toBe(before + 1);
    expect(await ors.verify(token)).toBe(id);
    expect(introspections()).toBe(before + 1);
  });

  it('a revoked token is inactive (a verifier that cached it keeps it for at most a minute)', async () => {
    const token = await as.token({ ...CLIENTS.agent, resource: RESOURCES.opaque, scope: 'pets:read' });
    expect((await ors.verify(token)).subject).toBe('agent');
    await as.revoke(token, CLIENTS.agent);
    const fresh = await ResourceServer.discover({ issuer: as.issuer, resource: RESOURCES.opaque, introspection: CLIENTS.mcp });
    expect(await reason(fresh, token)).toBe('token is not active (expired, revoked or unknown)');
    expect((await ors.verify(token)).subject).toBe('agent');
    expect(await reason(ors, 'never-issued-token')).toBe('token is not active (expired, revoked or unknown)');
  });

  it('the introspected audience must be this server; no audience is refused', async () => {
    const token = await as.token({ ...CLIENTS.agent, resource: RESOURCES.opaque, scope: 'pets:read' });
    const elsewhere = await ResourceServer.discover({ issuer: as.issuer, resource: RESOURCES.mcp, introspection: CLIENTS.mcp });
    expect(await reason(elsewhere, token)).toBe('token audience is not this server');
    const noAudience = await as.token({ ...CLIENTS.agent, scope: 'pets:read' });
    expect(noAudience.split('.')).toHaveLength(1);
    expect(await reason(ors, noAudience)).toBe('token has no audience (it must name this server)');
  });

  it('JWTs are still verified locally, without introspection', async () => {
    const both = await ResourceServer.discover({ issuer: as.issuer, resource: RESOURCES.mcp, introspection: CLIENTS.mcp });
    const before = introspections();
    expect((await both.verify(await as.token({ ...CLIENTS.agent, resource: RESOURCES.mcp, scope: 'pets:read' }))).subject).toBe('agent');
    expect(introspections()).toBe(before);
  });

  it('wrong introspection credentials are our problem (AuthorizationServerError), not the caller’s', async () => {
    const token = await as.token({ ...CLIENTS.agent, resource: RESOURCES.opaque, scope: 'pets:read' });
    const wrong = await ResourceServer.discover({ issuer: as.issuer, resource: RESOURCES.opaque, introspection: { clientId: CLIENTS.mcp.clientId, clientSecret: 'wrong' } });
    const err: unknown = await wrong.verify(token).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthorizationServerError);
    expect((err as Error).message).toBe('the introspection endpoint answered HTTP 401 (check the introspection client id and secret)');
  });
});

describe('scopes', () => {
  const id = { subject: 'u', scopes: ['pets:read'], issuer: 'x', token: '' } satisfies Identity;
  const needs = (alternatives: string[][]): TokenError | undefined => {
    try {
      rs.requireScopes(id, alternatives);
      return undefined;
    } catch (e) {
      return e as TokenError;
    }
  };

  it('passes when one alternative is fully held, or none is needed', () => {
    expect(needs([['pets:read']])).toBeUndefined();
    expect(needs([])).toBeUndefined();
    expect(needs([[]])).toBeUndefined();
    expect(needs([['admin'], []])).toBeUndefined();
    expect(needs([['admin'], ['pets:read']])).toBeUndefined();
  });

  it('403 insufficient_scope names the whole alternative closest to what the token holds', () => {
    const one = needs([['pets:write']])!;
    expect([one.status, one.code, one.scope, one.message]).toEqual([403, 'insufficient_scope', 'pets:write', 'token lacks the scope pets:write']);
    // AND: both scopes of the alternative are asked for, though only one is missing.
    const and = needs([['pets:read', 'pets:write']])!;
    expect([and.scope, and.message]).toEqual(['pets:read pets:write', 'token lacks the scope pets:write']);
    // OR: the alternative with fewer missing scopes wins; on a tie, the shorter one.
    expect(
      needs([
        ['admin', 'pets:write', 'audit'],
        ['pets:read', 'pets:write'],
      ])!.scope,
    ).toBe('pets:read pets:write');
    expect(needs([['pets:read', 'admin'], ['audit']])!.scope).toBe('audit');
    expect(needs([['admin'], ['audit']])!.scope).toBe('admin');
  });

  it('with scopes of a real token; the provider grants an agent only the scopes it is allowed', async () => {
    const real = await rs.verify(await as.token({ ...CLIENTS.agent2, resource: RESOURCES.mcp, scope: 'pets:read' }));
    expect(() => rs.requireScopes(real, [['pets:read']])).not.toThrow();
    expect(() => rs.requireScopes(real, [['admin']])).toThrow('token lacks the scope admin');
    await expect(as.token({ ...CLIENTS.agent2, resource: RESOURCES.mcp, scope: 'admin' })).rejects.toThrow(/invalid_scope/);
  });
});

describe('protected resource metadata and WWW-Authenticate', () => {
  it('RFC 9728 metadata', () => {
    expect(rs.protectedResourceMetadata(['pets:write', 'pets:read', 'pets:write'], 'Pets API')).toEqual({
      resource: RESOURCES.mcp,
      authorization_servers: [as.issuer],
      scopes_supported: ['pets:read', 'pets:write'],
      bearer_methods_supported: ['header'],
      resource_name: 'Pets API',
    });
    expect(rs.protectedResourceMetadata([])).toEqual({ resource: RESOURCES.mcp, authorization_servers: [as.issuer], bearer_methods_supported: ['header'] });
    expect(ResourceServer.metadataUrl('https://mcp.example.test/mcp')).toBe('https://mcp.example.test/.well-known/oauth-protected-resource/mcp');
    expect(ResourceServer.metadataUrl('https://mcp.example.test/')).toBe('https://mcp.example.test/.well-known/oauth-protected-resource');
  });

  it('challenge values', async () => {
    const url = 'https://mcp.example.test/.well-known/oauth-protected-resource/mcp';
    expect(ResourceServer.challenge(undefined, url)).toBe(`Bearer resource_metadata="${url}"`);
    expect(ResourceServer.challenge(undefined, url, 'pets:read')).toBe(`Bearer resource_metadata="${url}", scope="pets:read"`);
    const expired = await refusal(rs, await as.sign({ sub: 'u', aud: RESOURCES.mcp, exp: now() - 120 }));
    expect(ResourceServer.challenge(expired, url)).toBe(`Bearer resource_metadata="${url}", error="invalid_token", error_description="token expired"`);
    let step: TokenError | undefined;
    try {
      rs.requireScopes({ subject: 'u', scopes: ['pets:read'], issuer: as.issuer, token: '' }, [['pets:read', 'pets:write']]);
    } catch (e) {
      step = e as TokenError;
    }
    expect(ResourceServer.challenge(step, url)).toBe(
      `Bearer resource_metadata="${url}", error="insufficient_scope", error_description="token lacks the scope pets:write", scope="pets:read pets:write"`,
    );
    const odd = new TokenError(401, 'invalid_token', 'a "quoted" \\ value\r\nInjected: yes');
    expect(ResourceServer.challenge(odd, url)).toBe(`Bearer resource_metadata="${url}", error="invalid_token", error_description="a \\"quoted\\" \\\\ value??Injected: yes"`);
  });
});

describe('token exchange (RFC 8693)', () => {
  let subject: Identity;
  let upstream: ResourceServer;
  beforeAll(async () => {
    subject = await rs.verify(await as.token({ ...CLIENTS.agent, resource: RESOURCES.mcp, scope: 'pets:read pets:write' }));
    // How the upstream API would check what it receives.
    upstream = await ResourceServer.discover({ issuer: as.issuer, resource: RESOURCES.api });
  });

  it('returns a token for the requested audience and scope, keeping the subject; the upstream accepts it', async () => {
    const before = as.exchanges;
    const t0 = Date.now();
    const { accessToken, expiresAt } = await rs.exchange(subject, { resource: RESOURCES.api, scope: ['pets:read'] }, CLIENTS.mcp);
    expect(as.exchanges).toBe(before + 1);
    expect(accessToken).not.toBe(subject.token);
    const claims = decodeJwt(accessToken);
    expect([claims.aud, claims.sub, claims.scope, claims.client_id, claims.act]).toEqual([RESOURCES.api, 'agent', 'pets:read', 'mcp-server', { sub: 'mcp-server' }]);
    expect(expiresAt).toBeGreaterThanOrEqual(t0 + 599_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 600_000);
    const seen = await upstream.verify(accessToken);
    expect([seen.subject, seen.scopes]).toEqual(['agent', ['pets:read']]);
    // The caller's own token is not valid at the upstream (no passthrough would work anyway).
    expect(await reason(upstream, subject.token)).toBe('token audience is not this server');
  });

  it('the same subject, scopes (in any order) and target are served from the cache; concurrent requests share one', async () => {
    const first = await rs.exchange(subject, { audience: RESOURCES.api, scope: ['pets:write', 'pets:read'] }, CLIENTS.mcp);
    const before = as.exchanges;
    const again = await rs.exchange(subject, { audience: RESOURCES.api, scope: ['pets:read', 'pets:write'] }, CLIENTS.mcp);
    expect(again).toEqual(first);
    expect(as.exchanges).toBe(before);
    expect(decodeJwt(first.accessToken).scope).toBe('pets:read pets:write');
    // Another scope set is another token.
    const [a, b] = await Promise.all([
      rs.exchange(subject, { audience: RESOURCES.api, scope: ['pets:write'] }, CLIENTS.mcp),
      rs.exchange(subject, { audience: RESOURCES.api, scope: ['pets:write'] }, CLIENTS.mcp),
    ]);
    expect(a.accessToken).toBe(b.accessToken);
    expect(a.accessToken).not.toBe(first.accessToken);
    expect(as.exchanges).toBe(before + 1);
  });

  it('the cache is per subject, not per token; a subject token with other scopes is not served from it', async () => {
    const first = await rs.exchange(subject, { resource: RESOURCES.api, scope: ['pets:read'] }, CLIENTS.mcp);
    const before = as.exchanges;
    const refreshed = await rs.verify(await as.token({ ...CLIENTS.agent, resource: RESOURCES.mcp, scope: 'pets:write pets:read' }));
    expect(refreshed.token).not.toBe(subject.token);
    expect((await rs.exchange(refreshed, { resource: RESOURCES.api, scope: ['pets:read'] }, CLIENTS.mcp)).accessToken).toBe(first.accessToken);
    expect(as.exchanges).toBe(before);
    const narrower = await rs.verify(await as.token({ ...CLIENTS.agent, resource: RESOURCES.mcp, scope: 'pets:read' }));
    const other = await rs.exchange(narrower, { resource: RESOURCES.api, scope: ['pets:read'] }, CLIENTS.mcp);
    expect(other.accessToken).not.toBe(first.accessToken);
    expect(as.exchanges).toBe(before + 1);
  });

  it('a token living less than the 30 s margin is not cached', async () => {
    const before = as.exchanges;
    const a = await rs.exchange(subject, { resource: RESOURCES.apiBrief, scope: ['pets:read'] }, CLIENTS.mcp);
    const b = await rs.exchange(subject, { resource: RESOURCES.apiBrief, scope: ['pets:read'] }, CLIENTS.mcp);
    expect(a.accessToken).not.toBe(b.accessToken);
    expect(as.exchanges).toBe(before + 2);
  });

  it('refusals are clear Errors without the token or the secret', async () => {
    const failure = async (p: Promise<unknown>): Promise<string> => {
      const err = (await p.then(
        () => undefined,
        (e: unknown) => e,
      )) as Error;
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(TokenError);
      expect(err.message).not.toContain(subject.token);
      expect(err.message).not.toContain(CLIENTS.mcp.clientSecret);
      return err.message;
    };
    expect(await failure(rs.exchange(subject, { resource: RESOURCES.api, scope: ['admin'] }, CLIENTS.mcp))).toBe(
      `token exchange for ${RESOURCES.api} refused by the authorization server (HTTP 400): invalid_scope: scope exceeds the subject token or the target`,
    );
    // A verifier without cached tokens (keys are client ids, not secrets; subjects, not tokens).
    const uncached = await ResourceServer.discover({ issuer: as.issuer, resource: RESOURCES.mcp });
    expect(await failure(uncached.exchange(subject, { resource: RESOURCES.api, scope: ['pets:read'] }, { clientId: CLIENTS.mcp.clientId, clientSecret: `${CLIENTS.mcp.clientSecret}x` }))).toMatch(
      /^token exchange for https:\/\/pets\.example\.test\/ refused by the authorization server \(HTTP 401\): invalid_client: /,
    );
    const billing = await ResourceServer.discover({ issuer: as.issuer, resource: RESOURCES.other });
    const foreign = await billing.verify(await as.token({ ...CLIENTS.agent, resource: RESOURCES.other, scope: 'pets:read' }));
    expect(await failure(uncached.exchange(foreign, { resource: RESOURCES.api, scope: ['pets:read'] }, CLIENTS.mcp))).toBe(
      `token exchange for ${RESOURCES.api} refused by the authorization server (HTTP 400): invalid_grant: subject_token was not issued to the exchanging client`,
    );
  });
});
