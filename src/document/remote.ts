/**
 * Remote sources, only when the user allowed them: https only, hosts on an allow-list, every
 * resolved address checked (no loopback, private, link-local, CGNAT or other special ranges,
 * also after redirects), a timeout and a size cap.
 */
import { createRequire } from 'node:module';
import type { BlockList, LookupFunction } from 'node:net';
import { InputError, type SourcePosition } from '../errors.js';

// node:net and node:dns are loaded on first use: a lint of local files never needs them.
const requireBuiltin = createRequire(import.meta.url);
let net: typeof import('node:net') | undefined;
const netModule = (): typeof import('node:net') => (net ??= requireBuiltin('node:net') as typeof import('node:net'));
const isIP = (address: string): number => netModule().isIP(address);

export interface RemotePolicy {
  /** Hostnames that may be fetched (exact, case-insensitive; `*.example.com` matches subdomains). */
  allowHosts: string[];
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /**
   * How connections are made (default: the system resolver behind the address guard, the system
   * trust store). For embedding and tests only; the CLI never sets it.
   */
  transport?: RemoteTransport;
}

/** Name resolution and trust for remote fetches. */
export interface RemoteTransport {
  lookup: LookupFunction;
  /** Extra trusted certificate authorities (PEM). */
  ca?: string;
}

let blockedList: BlockList | undefined;
/**
 * The address ranges a remote $ref must never reach, built on first use (with node:net loaded
 * lazily: a lint of local files never needs the network modules, which would cost every run).
 */
function blocked(): BlockList {
  if (blockedList) return blockedList;
  const list = new (netModule().BlockList)();
  for (const [range, bits] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10], // CGNAT
    ['127.0.0.0', 8],
    ['169.254.0.0', 16], // link-local, cloud metadata
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const) {
    list.addSubnet(range, bits, 'ipv4');
  }
  for (const [range, bits] of [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7], // unique local
    ['fe80::', 10], // link-local
    ['ff00::', 8], // multicast
    ['2001:db8::', 32],
  ] as const) {
    list.addSubnet(range, bits, 'ipv6');
  }
  return (blockedList = list);
}

/** True when an IP address is one a remote $ref must never reach. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked().check(address, 'ipv4');
  if (family !== 6) return true;
  // Judge the address, not its spelling: every form that carries an IPv4 address (mapped,
  // compatible, translated, NAT64, 6to4) is judged by that address, however it is written.
  const g = ipv6Groups(address);
  if (!g) return true;
  const v4 = (hi: number, lo: number): string => [hi >>> 8, hi & 255, lo >>> 8, lo & 255].join('.');
  const zeros = (from: number, to: number): boolean => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (g[5] === 0 || g[5] === 0xffff)) return blocked().check(v4(g[6]!, g[7]!), 'ipv4'); // ::a.b.c.d, ::ffff:a.b.c.d
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return blocked().check(v4(g[6]!, g[7]!), 'ipv4'); // ::ffff:0:a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return blocked().check(v4(g[6]!, g[7]!), 'ipv4'); // NAT64 64:ff9b::/96
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return true; // local-use NAT64 (64:ff9b:1::/48)
  if (g[0] === 0x2002) return blocked().check(v4(g[1]!, g[2]!), 'ipv4'); // 6to4
  if (g[0] === 0x2001 && g[1] === 0) return true; // Teredo: its client address is hidden
  if ((g[0]! & 0xffc0) === 0xfec0) return true; // site-local (deprecated)
  return blocked().check(g.map((x) => x.toString(16)).join(':'), 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail read), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let a = address.toLowerCase();
  const zone = a.indexOf('%');
  if (zone !== -1) a = a.slice(0, zone);
  const lastColon = a.lastIndexOf(':');
  const tail = a.slice(lastColon + 1);
  if (tail.includes('.')) {
    const p = tail.split('.').map(Number);
    if (p.length !== 4 || p.some((x) => !Number.isInteger(x) || x < 0 || x > 255)) return undefined;
    a = `${a.slice(0, lastColon + 1)}${((p[0]! << 8) | p[1]!).toString(16)}:${((p[2]! << 8) | p[3]!).toString(16)}`;
  }
  const halves = a.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((h) => parseInt(h, 16)));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const fill = 8 - head.length - rest.length;
  if (halves.length === 1 ? fill !== 0 : fill < 0) return undefined;
  const groups = [...head, ...new Array<number>(halves.length === 2 ? fill : 0).fill(0), ...rest];
  return groups.every((x) => Number.isInteger(x) && x >= 0 && x <= 0xffff) ? groups : undefined;
}

/** True when the host is on the allow-list. */
export function isAllowedHost(host: string, allowHosts: string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return allowHosts.some((a) => {
    const pat = a.toLowerCase().replace(/\.$/, '');
    return pat.startsWith('*.') ? h.endsWith(pat.slice(1)) : h === pat;
  });
}

/** Why this URL may not be fetched, or undefined when it may (address checks happen at connect time). */
export function refuseUrl(url: URL, policy: RemotePolicy | undefined): string | undefined {
  if (!policy || policy.allowHosts.length === 0) return 'remote references are off (allow a host with --allow-remote HOST)';
  if (url.protocol !== 'https:') return `only https is allowed for remote references, not ${url.protocol.replace(':', '')}`;
  if (url.username || url.password) return 'credentials in URLs are not allowed';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isForbiddenAddress(host)) return `address ${host} is loopback, private or link-local`;
  if (!isAllowedHost(host, policy.allowHosts)) return `host ${host} is not in the allowed hosts (--allow-remote)`;
  return undefined;
}

/** A DNS lookup that fails when any resolved address is forbidden, so the socket never connects to one. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  (requireBuiltin('node:dns') as typeof import('node:dns')).lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as unknown as Array<{ address: string; family: number }>;
    const bad = list.find((a) => isForbiddenAddress(a.address));
    if (bad) return callback(Object.assign(new Error(`address ${bad.address} is loopback, private or link-local`), { code: 'EFORBIDDEN' }), '', 4);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 4);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    callback(null, first.address, first.family);
  });
};

/** Fetches a remote document under the policy. `where` is the position of the reference, for errors. */
export async function fetchRemote(url: URL, policy: RemotePolicy | undefined, where: SourcePosition): Promise<Uint8Array> {
  const https = await import('node:https');
  let current = url;
  for (let hop = 0; hop <= (policy?.maxRedirects ?? 0); hop++) {
    const why = refuseUrl(current, policy);
    if (why) throw new InputError(`refusing remote reference '${current.href}': ${why}`, where);
    const res = await new Promise<{ status: number; location?: string; body?: Uint8Array }>((resolve, reject) => {
      const transport = policy!.transport;
      const req = https.get(
        current,
        {
          lookup: transport?.lookup ?? guardedLookup,
          ...(transport?.ca ? { ca: transport.ca } : {}),
          timeout: policy!.timeoutMs,
          headers: { accept: 'application/json, application/yaml, text/yaml, */*' },
        },
        (r) => {
          const status = r.statusCode ?? 0;
          if (status >= 300 && status < 400 && r.headers.location) {
            r.resume();
            resolve({ status, location: r.headers.location });
            return;
          }
          if (status !== 200) {
            r.resume();
            reject(new Error(`HTTP ${status}`));
            return;
          }
          const chunks: Buffer[] = [];
          let total = 0;
          r.on('data', (c: Buffer) => {
            total += c.length;
            if (total > policy!.maxBytes) {
              req.destroy(new Error(`response larger than ${policy!.maxBytes} bytes`));
              return;
            }
            chunks.push(c);
          });
          r.on('end', () => resolve({ status, body: Buffer.concat(chunks) }));
          r.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`timed out after ${policy!.timeoutMs} ms`)));
      req.on('error', reject);
    }).catch((err: Error) => {
      throw new InputError(`cannot fetch remote reference '${current.href}': ${err.message}`, where);
    });
    if (res.body) return res.body;
    current = new URL(res.location!, current);
  }
  throw new InputError(`too many redirects fetching '${url.href}'`, where);
}
