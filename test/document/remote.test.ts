import { describe, expect, it } from 'vitest';
import { fetchRemote, isAllowedHost, isForbiddenAddress, refuseUrl } from '../../src/document/remote.js';
import { InputError } from '../../src/errors.js';

const policy = { allowHosts: ['specs.example.com', '*.example.org', 'localhost'], timeoutMs: 2000, maxBytes: 1024, maxRedirects: 2 };

describe('remote references', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:169.254.169.254', true],
    // the same loopback and metadata addresses in every other spelling that carries IPv4
    ['::7f00:1', true],
    ['::127.0.0.1', true],
    ['0:0:0:0:0:0:7f00:1', true],
    ['64:ff9b::7f00:1', true],
    ['64:ff9b::127.0.0.1', true],
    ['64:ff9b::a9fe:a9fe', true],
    ['::ffff:0:7f00:1', true],
    ['2002:7f00:1::1', true],
    ['2002:a9fe:a9fe::', true],
    ['0:0:0:0:0:ffff:a00:1', true],
    ['64:ff9b:1::5db8:d822', true],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', true],
    ['fec0::1', true],
    ['fe80::1%eth0', true],
    ['64:ff9b::5db8:d822', false],
    ['2002:5db8:d822::1', false],
    ['not-an-ip', true],
    ['93.184.216.34', false],
    ['172.32.0.1', false],
    ['100.128.0.1', false],
    ['2606:2800:220:1::1', false],
  ])('classifies %s as forbidden=%s', (address, forbidden) => {
    expect(isForbiddenAddress(address)).toBe(forbidden);
  });

  it('matches allowed hosts exactly or by a *. wildcard', () => {
    expect(isAllowedHost('SPECS.example.com', policy.allowHosts)).toBe(true);
    expect(isAllowedHost('a.b.example.org', policy.allowHosts)).toBe(true);
    expect(isAllowedHost('example.org', policy.allowHosts)).toBe(false);
    expect(isAllowedHost('specs.example.com.evil.net', policy.allowHosts)).toBe(false);
    // a fully qualified name with its trailing dot, on either side
    expect(isAllowedHost('specs.example.com.', policy.allowHosts)).toBe(true);
    expect(isAllowedHost('localhost', ['localhost.'])).toBe(true);
    expect(isAllowedHost('a.example.org.', ['*.example.org.'])).toBe(true);
  });

  it.each([
    ['https://specs.example.com/a.yaml', undefined, undefined],
    ['https://specs.example.com/a.yaml', { ...policy, allowHosts: [] }, 'remote references are off (allow a host with --allow-remote HOST)'],
    ['http://specs.example.com/a.yaml', policy, 'only https is allowed for remote references, not http'],
    ['https://evil.net/a.yaml', policy, 'host evil.net is not in the allowed hosts (--allow-remote)'],
    ['https://user:pw@specs.example.com/a.yaml', policy, 'credentials in URLs are not allowed'],
    ['https://127.0.0.1/a.yaml', { ...policy, allowHosts: ['127.0.0.1'] }, 'address 127.0.0.1 is loopback, private or link-local'],
    ['https://[::1]/a.yaml', { ...policy, allowHosts: ['::1'] }, 'address ::1 is loopback, private or link-local'],
  ])('refuses %s unless the policy allows it', (url, p, why) => {
    expect(refuseUrl(new URL(url), p === undefined ? policy : p)).toBe(why);
  });

  it('refuses an allowed host name that resolves to a loopback address, before connecting', async () => {
    const where = { file: 'api.yaml', line: 3, column: 5 };
    const err = await fetchRemote(new URL('https://localhost:9/spec.yaml'), policy, where).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).format()).toMatch(/^api\.yaml:3:5: cannot fetch remote reference 'https:\/\/localhost:9\/spec\.yaml': address (127\.0\.0\.1|::1) is loopback, private or link-local$/);
  });
});
