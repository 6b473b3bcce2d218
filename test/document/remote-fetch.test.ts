/**
 * Remote fetching end to end: a local https server with a certificate made for the test, reached
 * through the loader exactly as a user's `--allow-remote` run would, except for name resolution:
 * the test's resolver sends its made-up host names to 127.0.0.1 (the real resolver's refusal of
 * loopback addresses is tested in remote.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, LookupFunction } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/document/load.js';
import { InputError } from '../../src/errors.js';

function makeCert(): { key: string; cert: string } | undefined {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'apictl-cert-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'k.pem', '-out', 'c.pem', '-days', '1', '-subj', '/CN=specs.test', '-addext', 'subjectAltName=DNS:specs.test,DNS:other.test'],
      { cwd: dir, stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'k.pem'), 'utf8'), cert: readFileSync(path.join(dir, 'c.pem'), 'utf8') };
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const tls = makeCert();
const requests: string[] = [];
let server: Server;
let port = 0;

const spec = `openapi: 3.0.3
info: {title: remote, version: '1'}
paths:
  /pets:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: 'schemas.yaml#/Pet'
`;
const schemas = 'Pet:\n  type: object\n  properties:\n    name: {type: string}\n';

const lookup: LookupFunction = (hostname, options, callback) => {
  if (hostname !== 'specs.test' && hostname !== 'other.test') return callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), '', 4);
  if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: unknown[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
  callback(null, '127.0.0.1', 4);
};

const policy = (over: Record<string, unknown> = {}) => ({ allowHosts: ['specs.test'], timeoutMs: 2000, maxRedirects: 2, transport: { lookup, ca: tls!.cert }, ...over });
const url = (p: string, host = 'specs.test') => `https://${host}:${port}${p}`;

async function loadError(source: string, remote: ReturnType<typeof policy>): Promise<string> {
  try {
    await loadDocument({ url: source }, { remote });
  } catch (e) {
    if (e instanceof InputError) return e.format();
    throw e;
  }
  throw new Error('expected an InputError');
}

describe.skipIf(!tls)('remote documents over https (needs openssl to make a test certificate)', () => {
  beforeAll(async () => {
    server = createServer({ key: tls!.key, cert: tls!.cert }, (req, res) => {
      requests.push(req.url ?? '');
      const u = req.url ?? '';
      if (u === '/api.yaml') return void res.end(spec);
      if (u === '/schemas.yaml') return void res.end(schemas);
      if (u === '/moved.yaml') return void res.writeHead(302, { location: url('/api.yaml') }).end();
      if (u === '/away.yaml') return void res.writeHead(301, { location: url('/api.yaml', 'other.test') }).end();
      if (u === '/plain.yaml') return void res.writeHead(302, { location: `http://specs.test:${port}/api.yaml` }).end();
      if (u === '/big.yaml') return void res.end('x: ' + 'a'.repeat(64 * 1024));
      if (u === '/slow.yaml') return; // never answers
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server?.closeAllConnections();
    server?.close();
  });

  it('loads an allowed https document and bundles its relative $ref from the same host', async () => {
    const doc = await loadDocument({ url: url('/api.yaml') }, { remote: policy() });
    expect(doc.spec.kind).toBe('openapi-3.0');
    const schema = (doc.value as any).paths['/pets'].get.responses['200'].content['application/json'].schema;
    expect(schema).toEqual({ type: 'object', properties: { name: { type: 'string' } } });
    expect(doc.files.size).toBe(2);
    const at = doc.locate(['paths', '/pets', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'properties', 'name']);
    expect(at.file).toBe(url('/schemas.yaml'));
    expect(at.range.start.line).toBe(4);
  });

  it('follows a redirect on an allowed host', async () => {
    const doc = await loadDocument({ url: url('/moved.yaml') }, { remote: policy() });
    expect((doc.value as any).info.title).toBe('remote');
  });

  it('refuses a redirect to a host that is not allowed, and to plain http', async () => {
    expect(await loadError(url('/away.yaml'), policy())).toBe(
      `${url('/away.yaml')}: refusing remote reference '${url('/api.yaml', 'other.test')}': host other.test is not in the allowed hosts (--allow-remote)`,
    );
    expect(await loadError(url('/plain.yaml'), policy())).toMatch(/refusing remote reference 'http:\/\/specs\.test:\d+\/api\.yaml': only https is allowed for remote references, not http$/);
  });

  it('stops at the size cap and at the timeout', async () => {
    expect(await loadError(url('/big.yaml'), policy({ maxBytes: 1024 }))).toMatch(/cannot fetch remote reference '.*\/big\.yaml': response larger than 1024 bytes$/);
    const started = Date.now();
    expect(await loadError(url('/slow.yaml'), policy({ timeoutMs: 300 }))).toMatch(/cannot fetch remote reference '.*\/slow\.yaml': timed out after 300 ms$/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses a certificate it does not trust', async () => {
    const untrusted = { ...policy(), transport: { lookup } }; // system trust store only
    expect(await loadError(url('/api.yaml'), untrusted)).toMatch(/cannot fetch remote reference '.*\/api\.yaml': .*(self[- ]signed|certificate)/i);
  });

  it('fetches nothing when the host is not allowed', async () => {
    const before = requests.length;
    expect(await loadError(url('/api.yaml'), policy({ allowHosts: ['elsewhere.test'] }))).toMatch(/host specs\.test is not in the allowed hosts/);
    expect(requests.length).toBe(before);
  });
});
