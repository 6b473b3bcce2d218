/** The generated server's runtime modules (templates/mcp-server/src), one step of the call pipeline at a time. */
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Auth, CredentialError, exchangesAt } from '../../templates/mcp-server/src/auth.js';
import type { ParamPlan, RequestPlan, ServerData, Tool } from '../../templates/mcp-server/src/model.js';
import { callUpstream } from '../../templates/mcp-server/src/http.js';
import { Limits, rateLimitHeaders } from '../../templates/mcp-server/src/limits.js';
import { QuotaUnavailable, SqliteCounters } from '../../templates/mcp-server/src/quota.js';
import { isSecretName, redactValue, Secrets } from '../../templates/mcp-server/src/redact.js';
import { ArgumentError, buildRequest, type DraftRequest, finalUrl, headerValue } from '../../templates/mcp-server/src/request.js';
import { mapResponse, shrinkJson } from '../../templates/mcp-server/src/response.js';
import { readSettings } from '../../templates/mcp-server/src/settings.js';
import { Validators } from '../../templates/mcp-server/src/validate.js';

const BASE = 'https://api.example/v1';
const q = (name: string, style: string, explode: boolean, extra: Partial<ParamPlan> = {}): ParamPlan => ({ in: 'query', name, arg: name, required: false, style, explode, ...extra });
const p = (name: string, style: string, explode: boolean): ParamPlan => ({ in: 'path', name, arg: name, required: true, style, explode });

function url(plan: RequestPlan, args: Record<string, unknown>): string {
  return finalUrl(buildRequest(plan, args, BASE), BASE);
}

describe('form bodies and fixed queries', () => {
  const formPlan = (encoding?: Record<string, { style?: string; explode?: boolean }>): RequestPlan => ({
    method: 'POST',
    path: '/f',
    params: [],
    body: { mediaType: 'application/x-www-form-urlencoded', kind: 'form', required: true, mode: 'property', arg: 'body', ...(encoding ? { encoding } : {}) },
  });
  const body = (v: unknown, encoding?: Record<string, { style?: string; explode?: boolean }>): string => decodeURIComponent(buildRequest(formPlan(encoding), { body: v }, BASE).body as string);

  it.each<[string, unknown, Record<string, { style?: string; explode?: boolean }> | undefined, string]>([
    ['no encoding: array of scalars as key[]', { expand: ['a', 'b'] }, undefined, 'expand[]=a&expand[]=b'],
    ['no encoding: array of objects as key[i][field]', { items: [{ price: 'p1', quantity: 2 }, { price: 'p2' }] }, undefined, 'items[0][price]=p1&items[0][quantity]=2&items[1][price]=p2'],
    ['no encoding: nested object as key[a][b]', { metadata: { order: { id: 7 }, tags: ['x'] } }, undefined, 'metadata[order][id]=7&metadata[tags][]=x'],
    ['form, exploded (repeated)', { l: [1, 2] }, { l: { style: 'form', explode: true } }, 'l=1&l=2'],
    ['form, not exploded (joined)', { l: [1, 2] }, { l: { style: 'form', explode: false } }, 'l=1,2'],
    ['spaceDelimited', { l: [1, 2] }, { l: { style: 'spaceDelimited', explode: false } }, 'l=1 2'],
    ['pipeDelimited', { l: [1, 2] }, { l: { style: 'pipeDelimited', explode: false } }, 'l=1|2'],
    ['deepObject', { o: { a: 1, b: { c: 2 } } }, { o: { style: 'deepObject', explode: true } }, 'o[a]=1&o[b][c]=2'],
    ['form object, exploded', { o: { a: 1, b: 2 } }, { o: { style: 'form', explode: true } }, 'a=1&b=2'],
    ['form object, not exploded', { o: { a: 1, b: 2 } }, { o: { style: 'form', explode: false } }, 'o=a,1,b,2'],
  ])('%s', (_what, value, encoding, expected) => {
    expect(body(value, encoding)).toBe(expected);
  });

  it('merges a query written in the path key with the parameters: one ?', () => {
    const plan: RequestPlan = { method: 'GET', path: '/responses/{id}/input_items?beta=true', params: [p('id', 'simple', false), q('limit', 'form', true)] };
    expect(url(plan, { id: 'r 1', limit: 5 })).toBe(`${BASE}/responses/r%201/input_items?beta=true&limit=5`);
    expect(url(plan, { id: 'r1' })).toBe(`${BASE}/responses/r1/input_items?beta=true`);
  });
});

describe('request building', () => {
  it.each([
    ['simple primitive', p('id', 'simple', false), 'a b', '/x/a%20b'],
    ['simple array', p('id', 'simple', false), ['a', 'b'], '/x/a,b'],
    ['simple object', p('id', 'simple', false), { r: 1, g: 2 }, '/x/r,1,g,2'],
    ['simple object exploded', p('id', 'simple', true), { r: 1, g: 2 }, '/x/r=1,g=2'],
    ['label array', p('id', 'label', false), ['a', 'b'], '/x/.a,b'],
    ['label array exploded', p('id', 'label', true), ['a', 'b'], '/x/.a.b'],
    ['matrix primitive', p('id', 'matrix', false), 5, '/x/;id=5'],
    ['matrix array exploded', p('id', 'matrix', true), ['a', 'b'], '/x/;id=a;id=b'],
    ['slash and dots are encoded', p('id', 'simple', false), '../../etc/passwd', '/x/..%2F..%2Fetc%2Fpasswd'],
  ])('path %s', (_what, param, value, expected) => {
    expect(url({ method: 'GET', path: '/x/{id}', params: [param] }, { id: value })).toBe(BASE + expected);
  });

  it.each([
    ['form primitive', q('a', 'form', true), 1, 'a=1'],
    ['form array exploded', q('a', 'form', true), ['x', 'y'], 'a=x&a=y'],
    ['form array joined', q('a', 'form', false), ['x', 'y'], 'a=x,y'],
    ['form object exploded', q('a', 'form', true), { k: 'v', n: 2 }, 'k=v&n=2'],
    ['form object joined', q('a', 'form', false), { k: 'v' }, 'a=k,v'],
    ['spaceDelimited', q('a', 'spaceDelimited', false), ['x', 'y'], 'a=x%20y'],
    ['pipeDelimited', q('a', 'pipeDelimited', false), ['x', 'y'], 'a=x|y'],
    ['deepObject nested', q('a', 'deepObject', true), { k: { j: 1 }, l: [1, 2] }, 'a%5Bk%5D%5Bj%5D=1&a%5Bl%5D=1&a%5Bl%5D=2'],
    ['boolean', q('a', 'form', true), false, 'a=false'],
    ['reserved characters encoded', q('a', 'form', true), 'x&y=z#w', 'a=x%26y%3Dz%23w'],
    ['allowReserved keeps / and : but not &', q('a', 'form', true, { allowReserved: true }), 'http://h/p&x', 'a=http://h/p%26x'],
    ['content: JSON-serialised', q('a', 'form', true, { contentType: 'application/json' }), { k: [1] }, 'a=%7B%22k%22%3A%5B1%5D%7D'],
  ])('query %s', (_what, param, value, expected) => {
    expect(url({ method: 'GET', path: '/x', params: [param] }, { a: value })).toBe(`${BASE}/x?${expected}`);
  });

  it('sends pinned values and skips absent optional ones', () => {
    const plan: RequestPlan = { method: 'GET', path: '/x', params: [q('limit', 'form', true, { pinned: 5, arg: undefined }), q('page', 'form', true)] };
    expect(url(plan, {})).toBe(`${BASE}/x?limit=5`);
  });

  it('refuses dot segments, line breaks in headers and cookies, and leaving the base URL', () => {
    expect(() => buildRequest({ method: 'GET', path: '/x/{id}', params: [p('id', 'simple', false)] }, { id: '..' }, BASE)).toThrow(ArgumentError);
    expect(() => headerValue('h', 'a\nb')).toThrow(ArgumentError);
    expect(() => headerValue('h', 'a\u0000b')).toThrow(ArgumentError);
    const d: DraftRequest = { method: 'GET', url: 'https://api.example/other', query: [], headers: {}, cookies: [] };
    expect(() => finalUrl(d, BASE)).toThrow(/outside the configured base URL/);
    expect(() => buildRequest({ method: 'GET', path: '/x', params: [] }, {}, '')).toThrow(/no base URL/);
  });

  it('refuses header values beyond Latin-1, and a request fetch cannot build, as argument errors (not network errors)', async () => {
    expect(() => headerValue('header `X-Name`', 'Zoë')).not.toThrow();
    expect(() => headerValue('header `X-Name`', '名前')).toThrow(new ArgumentError('header `X-Name` must contain only Latin-1 characters (HTTP header values are bytes); encode other text first'));
    const draft: DraftRequest = { method: 'GET', url: `${BASE}/x`, query: [], headers: {}, cookies: [], body: '{}' };
    await expect(callUpstream(`${BASE}/x`, draft, 1000, new AbortController().signal, 1024)).rejects.toThrow(ArgumentError);
    await expect(callUpstream(`${BASE}/x`, draft, 1000, new AbortController().signal, 1024)).rejects.toThrow(/^the request cannot be sent as built \(/);
  });

  it('builds headers, cookies and bodies (JSON fields, form, binary, text)', () => {
    const plan: RequestPlan = {
      method: 'POST',
      path: '/x',
      params: [
        { in: 'header', name: 'X-Ids', arg: 'ids', required: false, style: 'simple', explode: false },
        { in: 'cookie', name: 'c', arg: 'c', required: false, style: 'form', explode: true },
      ],
      body: { mediaType: 'application/json', kind: 'json', required: true, mode: 'fields', fields: { name: 'name', body_id: 'id' } },
      accept: 'application/json',
    };
    const d = buildRequest(plan, { ids: [1, 2], c: 'v;x', name: 'n', body_id: 7 }, BASE);
    expect(d.headers).toMatchObject({ 'X-Ids': '1,2', accept: 'application/json', 'content-type': 'application/json' });
    expect(d.cookies).toEqual(['c=v%3Bx']);
    expect(JSON.parse(d.body as string)).toEqual({ name: 'n', id: 7 });

    const form = buildRequest(
      {
        method: 'POST',
        path: '/f',
        params: [],
        body: { mediaType: 'application/x-www-form-urlencoded', kind: 'form', required: true, mode: 'property', arg: 'body', encoding: { o: { style: 'deepObject' } } },
      },
      { body: { a: 'x y', l: [1, 2], o: { k: 'v' } } },
      BASE,
    );
    // l has no encoding in the description: the bracket convention form APIs expect
    expect(form.body).toBe('a=x%20y&l%5B%5D=1&l%5B%5D=2&o%5Bk%5D=v');

    const bin = buildRequest(
      { method: 'PUT', path: '/b', params: [], body: { mediaType: 'image/png', kind: 'binary', required: true, mode: 'property', arg: 'body' } },
      { body: Buffer.from('png!').toString('base64') },
      BASE,
    );
    expect(Buffer.from(bin.body as Uint8Array).toString()).toBe('png!');
    expect(bin.headers['content-type']).toBe('image/png');
    expect(() =>
      buildRequest({ method: 'PUT', path: '/b', params: [], body: { mediaType: 'image/png', kind: 'binary', required: true, mode: 'property', arg: 'body' } }, { body: 'not base64!' }, BASE),
    ).toThrow(/base64/);
  });
});

function makeTool(output: Tool['output'], outputSchema?: Record<string, unknown>): Tool {
  return {
    definition: { name: 't', description: 'd', inputSchema: { type: 'object' }, ...(outputSchema ? { outputSchema } : {}), annotations: {}, _meta: {} },
    request: { method: 'GET', path: '/t', params: [] },
    output,
  };
}

describe('response mapping', () => {
  const v = new Validators();
  const secrets = new Secrets();
  secrets.add('super-secret-token');
  const res = (status: number, body: string, contentType = 'application/json', truncated = false) => ({ status, statusText: '', contentType, bytes: Buffer.from(body), truncated });
  const obj = makeTool({ structured: true, wrap: false }, { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] });

  it('returns structuredContent and the same JSON as text', () => {
    const m = mapResponse(obj, res(200, '{"n":1}'), 'GET /t', 10_000, v, secrets);
    expect(m.result).toEqual({ content: [{ type: 'text', text: '{"n":1}' }], structuredContent: { n: 1 } });
  });

  it('wraps non-object results as { result }', () => {
    const m = mapResponse(makeTool({ structured: true, wrap: true }, { type: 'object', properties: { result: { type: 'array' } } }), res(200, '[1,2]'), 'GET /t', 10_000, v, secrets);
    expect(m.result.structuredContent).toEqual({ result: [1, 2] });
  });

  it.each([
    ['a body that breaks the schema', res(200, '{"n":"one"}'), /does not match the tool's output schema \(`n` must be integer\)/],
    ['no body where JSON was promised', res(200, ''), /no content/],
    ['text where JSON was promised', res(200, 'hello', 'text/plain'), /not with JSON/],
    ['a body cut at the hard cap', res(200, '{"n":', 'application/json', true), /only the start is shown/],
  ])('flags %s (isError, as text)', (_what, r, message) => {
    const m = mapResponse(obj, r, 'GET /t', 10_000, v, secrets);
    expect(m.outcome).toBe('schema_mismatch');
    expect(m.result.isError).toBe(true);
    expect(m.result.structuredContent).toBeUndefined();
    expect(m.result.content[0]).toMatchObject({ text: expect.stringMatching(message) });
  });

  it('reports API errors with status, hint and problem fields, scrubbing secrets', () => {
    const body = JSON.stringify({ type: 'about:blank', title: 'Forbidden', status: 403, detail: 'token super-secret-token lacks scope', errors: [{ field: 'x' }] });
    const m = mapResponse(obj, res(403, body, 'application/problem+json'), 'GET /t', 10_000, v, secrets);
    expect(m.outcome).toBe('api_error');
    const text = (m.result.content[0] as { text: string }).text;
    expect(text).toMatch(/HTTP 403/);
    expect(text).toMatch(/title: Forbidden/);
    expect(text).toMatch(/errors: \[\{"field":"x"\}\]/);
    expect(text).not.toContain('super-secret-token');
  });

  it('reads Retry-After and rate-limit headers from a real answer', async () => {
    const server = http.createServer((_req, r) => {
      r.writeHead(429, { 'retry-after': '30', 'x-ratelimit-remaining': '0', 'x-other': 'no' });
      r.end('{}');
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/t`;
      const got = await callUpstream(url, { method: 'GET', url, query: [], headers: {}, cookies: [] }, 2000, new AbortController().signal, 1024);
      expect(got).toMatchObject({ status: 429, limits: { 'retry-after': '30', 'x-ratelimit-remaining': '0' } });
      expect(Object.keys(got.limits!)).toEqual(['retry-after', 'x-ratelimit-remaining']);
    } finally {
      server.close();
    }
  });

  it('returns the start of a stream that does not end within the timeout, not "did not answer"', async () => {
    const server = http.createServer((_req, r) => {
      r.writeHead(200, { 'content-type': 'text/event-stream' });
      r.write('data: one\n\n');
      r.write('data: two\n\n');
      // never ends
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
      const got = await callUpstream(url, { method: 'GET', url, query: [], headers: {}, cookies: [] }, 300, new AbortController().signal, 1 << 20);
      expect(got).toMatchObject({ status: 200, truncated: true, cutBy: 'time' });
      expect(got.bytes.toString()).toBe('data: one\n\ndata: two\n\n');
      const m = mapResponse(makeTool({ structured: false, wrap: false }), got, 'GET /events', 10_000, v, secrets);
      expect(m.outcome).toBe('ok');
      expect((m.result.content[0] as { text: string }).text).toMatch(
        /^GET \/events answered HTTP 200 OK with a stream that did not end within the time limit; its first 22 bytes are shown\.\ndata: one/,
      );
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('passes on when the API says to call again (Retry-After, rate-limit headers) in an error result', () => {
    const m = mapResponse(obj, { ...res(429, '{}'), limits: { 'retry-after': '30', 'x-ratelimit-remaining': '0' } }, 'GET /t', 10_000, v, secrets);
    expect(m.outcome).toBe('api_error');
    expect((m.result.content[0] as { text: string }).text).toContain('The API says when to call again: retry-after: 30; x-ratelimit-remaining: 0.');
  });

  it('returns a redirect whose Location is the answer (a download link) as the result; never follows it', () => {
    const download = mapResponse(makeTool({ structured: false, wrap: false }), { ...res(302, ''), location: 'https://files.example/report.csv?sig=abc' }, 'GET /report', 10_000, v, secrets);
    expect(download).toEqual({ outcome: 'ok', result: { content: [{ type: 'text', text: 'GET /report answered HTTP 302; the result is at: https://files.example/report.csv?sig=abc' }] } });
  });

  it('does not follow redirects, and returns small images as images', () => {
    expect(mapResponse(obj, { ...res(302, ''), location: 'https://elsewhere/' }, 'GET /t', 10_000, v, secrets).outcome).toBe('redirect');
    const img = mapResponse(makeTool({ structured: false, wrap: false }), res(200, 'PNG', 'image/png'), 'GET /t', 10_000, v, secrets);
    expect(img.result.content[0]).toEqual({ type: 'image', data: Buffer.from('PNG').toString('base64'), mimeType: 'image/png' });
  });

  it('shrinks the largest lists first and says what was cut', () => {
    const value = { a: Array.from({ length: 300 }, (_, i) => i), b: Array.from({ length: 10 }, () => 'x'.repeat(20)), s: 'y'.repeat(50_000) };
    const { value: cut, cuts } = shrinkJson(value, 3000) as { value: typeof value; cuts: string[] };
    expect(Buffer.byteLength(JSON.stringify(cut))).toBeLessThanOrEqual(3000);
    expect(cut.a[0]).toBe(0);
    expect(cuts.join('; ')).toMatch(/long text in `s` was shortened/);
    expect(shrinkJson({ small: true }, 3000)).toEqual({ value: { small: true }, cuts: [] });
  });
});

describe('validation messages', () => {
  it('names each field and its problem', () => {
    const v = new Validators();
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        status: { enum: ['a', 'b'] },
        when: { type: 'string', format: 'date-time' },
        nested: { type: 'object', properties: { x: { type: 'string' } }, additionalProperties: false },
      },
      required: ['id'],
      additionalProperties: false,
    };
    const r = v.check(schema, { status: 'c', when: 'yesterday', nested: { y: 1 }, extra: 1 });
    expect(r.ok).toBe(false);
    const msg = (r as { message: string }).message;
    expect(msg).toMatch(/missing required argument `id`/);
    expect(msg).toMatch(/unknown argument `extra`/);
    expect(msg).toMatch(/`status` must be one of: "a", "b"/);
    expect(msg).toMatch(/`when` must be a valid date-time/);
    expect(msg).toMatch(/unknown argument `nested.y`/);
    expect(v.check({ type: 'object', properties: { a: { $ref: '#/nowhere' } } }, {})).toMatchObject({ ok: false, message: expect.stringMatching(/could not be compiled/) });
  });
});

describe('token exchange applies at the API’s own authorization server only', () => {
  it('exchanges when the description names no server or the issuer’s, not for another issuer, never for service schemes', () => {
    const scheme = (upstream: 'token-exchange' | 'service', authorizationServer?: string) =>
      ({ type: 'oauth2-token', env: {}, description: '', upstream, ...(authorizationServer ? { authorizationServer } : {}) }) as never;
    expect(exchangesAt(scheme('token-exchange', 'https://id.example.com'), 'https://id.example.com/realms/shop')).toBe(true);
    expect(exchangesAt(scheme('token-exchange', 'https://login.other.example'), 'https://id.example.com/realms/shop')).toBe(false);
    expect(exchangesAt(scheme('token-exchange'), 'https://id.example.com')).toBe(true);
    expect(exchangesAt(scheme('service', 'https://id.example.com'), 'https://id.example.com')).toBe(false);
  });
});

describe('limits and quotas of a call', () => {
  const tool = (name: string, toolset: string, readOnly = true) =>
    ({
      definition: { name, description: '', inputSchema: {}, annotations: { readOnlyHint: readOnly }, _meta: {} },
      request: { method: 'GET', path: '/x', params: [] },
      output: { structured: false, wrap: false },
      toolset,
    }) as never;
  const quotas = { perCaller: ['3/min', '1000/day'], tools: { listPets: ['1/min'] }, toolsets: { admin: ['2/hour'] } };

  it('charges the global limit and the caller’s quotas (a token’s own replace the defaults), per tool and per toolset', () => {
    const limits = new Limits(new SqliteCounters(path.join(mkdtempSync(path.join(os.tmpdir(), 'limits-')), 'q.db')), quotas, { perMinute: 60, failOpenReads: false });
    const keys = (b: Array<{ key: string; limit: { label: string } }>) => b.map((x) => `${x.key} ${x.limit.label}`);
    expect(keys(limits.buckets(tool('listPets', 'pets'), { id: 'local', via: 'environment' }))).toEqual([
      'global 60/min',
      'environment:local 3/min',
      'environment:local 1000/day',
      'environment:local|tool:listPets 1/min',
    ]);
    expect(keys(limits.buckets(tool('purge', 'admin'), { id: 'ci-bot', via: 'token', quota: ['10/hour'] }))).toEqual(['global 60/min', 'token:ci-bot 10/hour', 'token:ci-bot|toolset:admin 2/hour']);
  });

  it('refuses with the limit, whose it is and when it resets; refused calls are not counted', async () => {
    const limits = new Limits(new SqliteCounters(path.join(mkdtempSync(path.join(os.tmpdir(), 'limits-')), 'q.db')), quotas, { perMinute: 60, failOpenReads: false });
    const caller = { id: 'ci-bot', via: 'token' as const };
    expect((await limits.charge(tool('listPets', 'pets'), caller)).ok).toBe(true);
    const refused = await limits.charge(tool('listPets', 'pets'), caller);
    expect(refused).toMatchObject({ ok: false, outcome: 'rate_limited', limit: '1/min' });
    expect(refused.ok ? '' : refused.message).toMatch(/^Quota reached \(1\/min for listPets and this caller\)\. It resets at \d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z; retry in \d+ s\.$/);
    expect(rateLimitHeaders(refused as never)).toMatchObject({
      'ratelimit-policy': '"quota";q=1;w=60',
      ratelimit: expect.stringMatching(/^"quota";r=0;t=\d+$/),
      'retry-after': expect.stringMatching(/^\d+$/),
    });
    // the refusal took nothing: the caller's overall quota still has 2 of 3 left
    expect((await limits.charge(tool('getPet', 'pets'), caller)).ok).toBe(true);
    expect((await limits.charge(tool('getPet', 'pets'), caller)).ok).toBe(true);
    const overall = await limits.charge(tool('getPet', 'pets'), caller);
    expect(overall.ok ? '' : overall.message).toMatch(/^Quota reached \(3\/min for this caller\)/);
  });

  it('fails closed when the counters cannot be reached, open for read-only tools only if the operator said so', async () => {
    const down = { take: async () => Promise.reject(new QuotaUnavailable('Redis: connection refused')), usage: async () => [], close: async () => undefined };
    const closed = new Limits(down, undefined, { perMinute: 60, failOpenReads: false });
    const r = await closed.charge(tool('getPet', 'pets'), { id: 'x', via: 'token' });
    expect(r).toMatchObject({ ok: false, outcome: 'quota_unavailable', message: 'The call limits cannot be checked right now (Redis: connection refused), so getPet was not called. Retry shortly.' });
    const open = new Limits(down, undefined, { perMinute: 60, failOpenReads: true });
    expect((await open.charge(tool('getPet', 'pets'), { id: 'x', via: 'token' })).ok).toBe(true);
    expect((await open.charge(tool('deletePet', 'pets', false), { id: 'x', via: 'token' })).ok).toBe(false);
  });
});

describe('secrets', () => {
  it.each([
    ['apiKey', true],
    ['X-API-Key', true],
    ['client_secret', true],
    ['accessToken', true],
    ['Authorization', true],
    ['author', false],
    ['tokenizer', false],
    ['limit', false],
  ])('%s is a credential-like name: %s', (name, secret) => expect(isSecretName(name)).toBe(secret));

  it('scrubs values in plain, URL-encoded and base64 forms', () => {
    const s = new Secrets();
    s.add('p@ss word');
    expect(s.scrub(`a p@ss word b ${encodeURIComponent('p@ss word')} ${Buffer.from('p@ss word').toString('base64')}`)).toBe('a [REDACTED] b [REDACTED] [REDACTED]');
    expect(redactValue({ list: [{ password: 1 }] }, s)).toEqual({ list: [{ password: '[REDACTED]' }] });
  });
});

describe('settings', () => {
  const server = { baseUrl: 'https://api.example', baseUrlEnv: 'API_BASE_URL', defaults: { rateLimitPerMinute: 60, timeoutMs: 1000, maxResponseBytes: 100, pageSize: 10 } } as ServerData;
  it('takes defaults from server.json and overrides from the environment', () => {
    const s = readSettings(server, '/proj', { API_BASE_URL: 'http://127.0.0.1:1/x/', MCP_RATE_LIMIT_PER_MINUTE: '5', MCP_AUDIT_LOG: 'logs/a.jsonl' });
    expect(s).toMatchObject({ baseUrl: 'http://127.0.0.1:1/x', rateLimitPerMinute: 5, timeoutMs: 1000, auditLog: '/proj/logs/a.jsonl', callerId: 'local' });
  });
  it('keeps a description base path without host: an origin alone gets it, a full URL stays as given', () => {
    const docker = { ...server, baseUrl: '', basePath: '/v1.33' } as ServerData;
    expect(readSettings(docker, '/p', { API_BASE_URL: 'http://localhost:2375' }).baseUrl).toBe('http://localhost:2375/v1.33');
    expect(readSettings(docker, '/p', { API_BASE_URL: 'http://localhost:2375/' }).baseUrl).toBe('http://localhost:2375/v1.33');
    expect(readSettings(docker, '/p', { API_BASE_URL: 'http://localhost:2375/v1.40' }).baseUrl).toBe('http://localhost:2375/v1.40');
  });
  it('refuses malformed values', () => {
    expect(() => readSettings(server, '/p', { MCP_TIMEOUT_MS: 'soon' })).toThrow(/MCP_TIMEOUT_MS/);
    expect(() => readSettings(server, '/p', { API_BASE_URL: 'ftp://x' })).toThrow(/absolute http/);
  });
});

describe('credentials', () => {
  let tokenServer: http.Server;
  let tokenUrl: string;
  let issued = 0;
  beforeAll(async () => {
    tokenServer = http.createServer((_req, res) => {
      issued++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ access_token: `tok-${issued}`, expires_in: 120 }));
    });
    await new Promise<void>((r) => tokenServer.listen(0, '127.0.0.1', r));
    tokenUrl = `http://127.0.0.1:${(tokenServer.address() as AddressInfo).port}/token`;
  });
  afterAll(() => new Promise<void>((r) => tokenServer.close(() => r())));

  const server = (): ServerData =>
    ({
      securitySchemes: {
        key: { type: 'apiKey', in: 'query', name: 'api_key', env: { key: 'KEY' }, description: '' },
        bearer: { type: 'http-bearer', env: { token: 'BEARER_TOKEN' }, description: '' },
        basic: { type: 'http-basic', env: { username: 'U', password: 'P' }, description: '' },
        cc: { type: 'oauth2-client-credentials', tokenUrl, env: { clientId: 'CID', clientSecret: 'CSECRET', tokenUrl: 'CC_TOKEN_URL', token: 'CC_ACCESS_TOKEN' }, description: '' },
      },
    }) as unknown as ServerData;
  const draft = (): DraftRequest => ({ method: 'GET', url: BASE, query: [], headers: {}, cookies: [] });
  const signal = new AbortController().signal;

  it('uses the first alternative whose variables are set, combining schemes within one', async () => {
    const auth = new Auth(server(), { KEY: 'k-1234', U: 'u', P: 'p-9999' }, new Secrets(), BASE, 1000);
    const d = draft();
    await auth.apply(
      {
        method: 'GET',
        path: '/',
        params: [],
        security: [
          [{ scheme: 'bearer', scopes: [] }],
          [
            { scheme: 'key', scopes: [] },
            { scheme: 'basic', scopes: [] },
          ],
        ],
      },
      d,
      signal,
    );
    expect(d.query).toEqual(['api_key=k-1234']);
    expect(d.headers.authorization).toBe(`Basic ${Buffer.from('u:p-9999').toString('base64')}`);
  });

  it('registers the Basic values it sends as secrets: an upstream echoing Authorization leaks nothing', () => {
    const secrets = new Secrets();
    new Auth(server(), { U: 'alice', P: 'p-9999', CID: 'my id', CSECRET: 'client-secret-value' }, secrets, BASE, 1000);
    const basic = Buffer.from('alice:p-9999').toString('base64');
    const clientBasic = Buffer.from(`${encodeURIComponent('my id')}:${encodeURIComponent('client-secret-value')}`).toString('base64');
    const echoed = JSON.stringify({ headers: { authorization: `Basic ${basic}`, token_request: `Basic ${clientBasic}`, url: `https://x/?p=${Buffer.from('p-9999').toString('base64url')}` } });
    const scrubbed = secrets.scrub(echoed);
    expect(scrubbed).toBe(JSON.stringify({ headers: { authorization: 'Basic [REDACTED]', token_request: 'Basic [REDACTED]', url: 'https://x/?p=[REDACTED]' } }));
    expect(scrubbed).not.toContain('alice:');
  });

  it('names the variables to set when no alternative can be met, and allows anonymous alternatives', async () => {
    const auth = new Auth(server(), {}, new Secrets(), BASE, 1000);
    const plan: RequestPlan = { method: 'GET', path: '/', params: [], security: [[{ scheme: 'bearer', scopes: [] }], [{ scheme: 'basic', scopes: [] }]] };
    await expect(auth.apply(plan, draft(), signal)).rejects.toThrow(new CredentialError('missing credentials: set BEARER_TOKEN (bearer), or U and P (basic)'));
    await expect(auth.apply({ ...plan, security: [...plan.security!, []] }, draft(), signal)).resolves.toBeUndefined();
  });

  it('caches client-credentials tokens and refreshes them before they expire; registers every secret', async () => {
    let now = 0;
    const secrets = new Secrets();
    const auth = new Auth(server(), { CID: 'id', CSECRET: 'client-secret-value' }, secrets, BASE, 2000, () => now);
    const plan: RequestPlan = { method: 'GET', path: '/', params: [], security: [[{ scheme: 'cc', scopes: ['a'] }]] };
    const d1 = draft();
    const d2 = draft();
    await Promise.all([auth.apply(plan, d1, signal), auth.apply(plan, d2, signal)]);
    expect(issued).toBe(1);
    expect(d1.headers.authorization).toBe('Bearer tok-1');
    now += 59_000;
    await auth.apply(plan, draft(), signal);
    expect(issued).toBe(1);
    now += 2_000; // past expiry minus a minute
    const d3 = draft();
    await auth.apply(plan, d3, signal);
    expect(issued).toBe(2);
    expect(d3.headers.authorization).toBe('Bearer tok-2');
    expect(secrets.scrub('client-secret-value tok-2')).toBe('[REDACTED] [REDACTED]');
  });
});

describe('audit log', () => {
  it('records a long argument by its start, size and SHA-256, and rotates the file at its size limit', async () => {
    const { mkdtempSync, readFileSync, readdirSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { createHash } = await import('node:crypto');
    const { AuditLog } = await import('../../templates/mcp-server/src/audit.js');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'apictl-audit-'));
    try {
      const file = path.join(dir, 'audit.jsonl');
      const log = new AuditLog(file, 4096);
      const upload = 'x'.repeat(4 * 1024 * 1024);
      const entry = (args: unknown) => ({ time: 't', caller: 'c', tool: 'upload', toolVersion: '1', arguments: args, outcome: 'ok', durationMs: 1, responseBytes: 0 });
      log.write(entry({ name: 'a.bin', content: upload, tags: ['short'] }));
      const line = readFileSync(file, 'utf8');
      expect(line.length).toBeLessThan(1024);
      expect(JSON.parse(line).arguments).toEqual({
        name: 'a.bin',
        content: { truncated: true, bytes: 4 * 1024 * 1024, sha256: createHash('sha256').update(upload).digest('hex'), start: 'x'.repeat(256) },
        tags: ['short'],
      });
      for (let i = 0; i < 40; i++) log.write(entry({ i, pad: 'y'.repeat(500) }));
      const files = readdirSync(dir).sort();
      expect(files).toEqual(['audit.jsonl', 'audit.jsonl.1', 'audit.jsonl.2', 'audit.jsonl.3', 'audit.jsonl.4', 'audit.jsonl.5']);
      for (const f of files) expect(readFileSync(path.join(dir, f)).length).toBeLessThanOrEqual(4096);
      // the newest entry is in the current file, whole lines only
      const current = readFileSync(file, 'utf8')
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as { arguments: { i: number } });
      expect(current.at(-1)!.arguments.i).toBe(39);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
